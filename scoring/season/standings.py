"""A challenge's standings, read from each of its tournaments' official ranking (what an arbitre
signed, whatever the format: ``scoring.official_ranking``) once its results are final (every
unit of play closed: ``TournamentFormat.results_final``), counted by the challenge's rule
(``rules``) and kept in the cache under the challenge's version and its tournaments' change
stamps. A team's row gives its place to each of its members. Must not write the database.
"""

from dataclasses import dataclass
from fractions import Fraction

from common.cache import compute_once
from common.text import name_sort_key
from scoring.formats.registry import format_of
from scoring.models import Challenge, ChallengeTournament
from scoring.official_ranking import Kind, cached_official_ranking
from scoring.season import rules
from tournaments.models import AuditEntry, Player, Registration
from tournaments.selectors import change_stamps

STANDINGS_SECONDS = 600


@dataclass(frozen=True)
class ChallengeRow:
    place: int | None  # None: fewer tournaments than the minimum
    tied: bool
    player_id: int
    name: str
    club: str
    total: Fraction
    best: Fraction
    participations: int
    results: dict[int, rules.Result]  # by tournament id
    counted: frozenset[int]  # the tournament ids whose result counts
    decided_by: str | None  # rules.BY_BEST, BY_PARTICIPATIONS, SHARED or None

    @property
    def qualified(self) -> bool:
        return self.place is not None


@dataclass(frozen=True)
class ChallengeStandings:
    challenge: Challenge
    entries: list[ChallengeTournament]  # its tournaments, by date
    rows: list[ChallengeRow]
    # The tournaments whose results are final (every unit closed): only they count; the others
    # are in progress, or not played yet.
    final: frozenset[int] = frozenset()

    def row_of(self, player_id: int) -> ChallengeRow | None:
        return next((row for row in self.rows if row.player_id == player_id), None)


def _results(challenge: Challenge, entries: list[ChallengeTournament]) -> dict[int, list]:
    """Each player's results (directory id -> rules.Result), from the official rankings of the
    tournaments in ``entries`` (the final ones)."""
    rankings = {
        entry.tournament_id: cached_official_ranking(tournament=entry.tournament, official=True)
        for entry in entries
    }
    player_of = dict(
        Registration.objects.filter(tournament_id__in=rankings).values_list("id", "player_id")
    )
    results: dict[int, list] = {}
    for entry in entries:
        ranking = rankings[entry.tournament_id]
        placed = [row for row in ranking.rows if row.place is not None]
        for row in placed:
            figure = row.figure if ranking.kind == Kind.PERCENT else None
            points = rules.points_for(
                challenge.points_rule,
                place=row.place,
                field_size=len(placed),
                figure=figure,
                scale=challenge.scale,
            )
            coefficient = Fraction(entry.coefficient)
            result = rules.Result(
                entry.tournament_id,
                row.place,
                row.tied,
                len(placed),
                row.figure,
                coefficient,
                points * coefficient,
            )
            for registration_id in row.members:
                player = player_of.get(registration_id)
                if player is not None:
                    results.setdefault(player, []).append(result)
    return results


def compute_standings(challenge: Challenge) -> ChallengeStandings:
    entries = list(
        ChallengeTournament.objects.filter(challenge=challenge)
        .select_related("tournament")
        .order_by("tournament__date", "tournament__name", "tournament_id")
    )
    final = frozenset(
        e.tournament_id for e in entries if format_of(e.tournament).results_final(e.tournament)
    )
    results = _results(challenge, [e for e in entries if e.tournament_id in final])
    players = {
        p.pk: p
        for p in Player.objects.filter(pk__in=results)
        .select_related("club")
        .only("pk", "last_name", "first_name", "club__name")
    }
    names = {pk: str(player) for pk, player in players.items()}
    sort_names = {pk: name_sort_key(p.last_name, p.first_name) for pk, p in players.items()}
    found = rules.standings(
        results,
        best_of=challenge.best_of,
        min_participations=challenge.min_participations,
        name_key=lambda pk: sort_names.get(pk, ""),
    )
    rows = [
        ChallengeRow(
            place=s.place,
            tied=s.tied,
            player_id=s.key,
            name=names.get(s.key, ""),
            club=players[s.key].club.name if players[s.key].club_id else "",
            total=s.total,
            best=s.best,
            participations=s.participations,
            results={r.tournament_id: r for r in s.results},
            counted=s.counted,
            decided_by=s.decided_by,
        )
        for s in found
    ]
    return ChallengeStandings(challenge=challenge, entries=entries, rows=rows, final=final)


def standings_key(challenge: Challenge) -> str:
    """The challenge's version, each tournament's change stamp and the directory's (a player
    renamed or merged: the standings show the directory's names and clubs): a write anywhere
    in it makes a new key (three queries, however many tournaments)."""
    ids = sorted(
        ChallengeTournament.objects.filter(challenge=challenge).values_list(
            "tournament_id", flat=True
        )
    )
    found = change_stamps(tournament_ids=ids)
    stamps = ".".join(f"{pk}-{found[pk]}" for pk in ids)
    directory = AuditEntry.objects.filter(
        tournament__isnull=True, action__startswith="player."
    ).count()
    return f"challenge_standings:{challenge.pk}:{challenge.version}:{directory}:{stamps}"


def challenge_standings(*, challenge: Challenge) -> ChallengeStandings:
    """The standings, from the cache under ``standings_key``."""
    return compute_once(
        standings_key(challenge), lambda: compute_standings(challenge), STANDINGS_SECONDS
    )
