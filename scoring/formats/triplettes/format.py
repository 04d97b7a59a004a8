"""Duplicate triplettes. What the tournament's format answers (``scoring.formats.base``)."""

from scoring.formats.duplicate.format import DuplicateFamily
from scoring.formats.triplettes import ranking, screen, simulate
from tournaments.models import Tournament
from tournaments.selectors_places import round_places_by_name


class Triplettes(DuplicateFamily):
    key = Tournament.Format.TRIPLETTES

    def official_ranking(self, tournament, *, official=True, up_to=None):
        return ranking.official_ranking(tournament, official, up_to)

    # --- What the public pages, the projector and the results menu ask. ---

    def screen_seats(self, round_):
        """Places, not seats: each member at the team's table."""
        return round_places_by_name(round=round_)

    def screen_session_rows(self, session):
        return screen.session_rows(session)

    def screen_total_rows(self, tournament):
        return screen.total_rows(tournament)

    def simulate(self, **options):
        return simulate.simulate(**options)
