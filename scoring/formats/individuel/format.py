"""The duplicate individuel. What the tournament's format answers (``scoring.formats.base``):
every answer of ``DuplicateFamily`` is the individuel's, so only its ranking is said here."""

from scoring.formats.duplicate import screen
from scoring.formats.duplicate.format import DuplicateFamily
from scoring.formats.individuel import ranking, simulate
from tournaments.models import Tournament


class Individuel(DuplicateFamily):
    key = Tournament.Format.DUPLICATE

    def official_ranking(self, tournament, *, official=True, up_to=None):
        return ranking.official_ranking(tournament, official, up_to)

    # --- What the public pages, the projector and the results menu ask. ---

    def screen_session_rows(self, session):
        return screen.player_session_rows(session)

    def screen_total_rows(self, tournament):
        return screen.player_total_rows(tournament)

    def simulate(self, **options):
        return simulate.simulate(**options)
