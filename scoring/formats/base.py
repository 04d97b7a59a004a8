"""What every game a tournament can be played in answers: one interface, one object per format
(``scoring.formats.registry`` finds the tournament's).

Callers ask the tournament's format (``format_of(tournament).official_ranking(...)``) and never
test which format it is: a new format is a new package under ``scoring/formats/`` with a
``format.py`` that subclasses ``TournamentFormat`` and is registered at start-up
(``scoring.apps``). What every format shares (a versioned sheet with four-eyes, a unit that
closes and reopens, the official ranking's row) lives outside the packages, written once.
"""

from scoring import ranking_cache
from scoring.ranking import OfficialRanking
from tournaments.models import Tournament


class TournamentFormat:
    """One game (``Tournament.Format``); subclasses answer for it. A method that a format has
    nothing to say about keeps the default here."""

    key: str  # the ``Tournament.Format`` value it answers for

    def official_ranking(
        self, tournament: Tournament, *, official: bool = True, up_to: int | None = None
    ) -> OfficialRanking:
        """The tournament's ranking in the format's own terms (``scoring.ranking``)."""
        raise NotImplementedError

    # After a write (``scoring.extension``): what the format keeps ready in the cache.

    def refresh_rankings(self, tournament: Tournament) -> None:
        """Compute what the format precomputes for the pages into the cache under the
        tournament's current stamp, once a write has committed: by default its provisional and
        official rankings (``scoring.ranking_cache``)."""
        ranking_cache.refresh(
            tournament, lambda official: self.official_ranking(tournament, official=official)
        )
