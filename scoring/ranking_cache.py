"""A tournament's official ranking (``scoring.ranking``) kept in the cache under its change stamp,
whatever the format: computed there once a write commits (``TournamentFormat.refresh_rankings``,
asked by ``scoring.extension``), read by the pages that show it (``cached``).

The stamp moves with every write of the tournament (each leaves an audit entry), so a key is
never stale: a write makes a new key. As ``common.cache`` does, one caller computes a key at a
time while the others wait for its result. Must not write to the database.
"""

from collections.abc import Callable

from common.cache import compute_now, compute_once
from scoring.ranking import OfficialRanking
from tournaments.models import Tournament
from tournaments.selectors import change_stamp

RANKING_SECONDS = 600
# official -> the tournament's ranking, official (True) or provisional (False).
Rank = Callable[[bool], OfficialRanking]


def ranking_key(*, tournament_id: int, official: bool, stamp: int) -> str:
    return f"official_ranking:{tournament_id}:{int(official)}:{stamp}"


def refresh(tournament: Tournament, rank: Rank) -> None:
    """Compute the provisional and the official ranking into the cache under the current stamp,
    whatever it held (a viewer may have computed it before a slower write committed). The stamp
    is read before the data: what is stored is never older than its key."""
    stamp = change_stamp(tournament=tournament)
    keys = [
        ranking_key(tournament_id=tournament.pk, official=official, stamp=stamp)
        for official in (False, True)
    ]
    compute_now(keys, lambda: [rank(False), rank(True)], RANKING_SECONDS)


def cached(tournament: Tournament, rank: Rank, official: bool) -> OfficialRanking:
    """``rank(official)`` from the cache under the current stamp, computed on a miss."""
    stamp = change_stamp(tournament=tournament)
    key = ranking_key(tournament_id=tournament.pk, official=official, stamp=stamp)
    return compute_once(key, lambda: rank(official), RANKING_SECONDS)
