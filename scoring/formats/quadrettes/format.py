"""Duplicate quadrettes. What the tournament's format answers (``scoring.formats.base``)."""

from django.shortcuts import get_object_or_404

from scoring.formats.duplicate.format import DuplicateFamily
from scoring.formats.quadrettes import ranking, screen, simulate, views_public
from tournaments.models import Team, Tournament
from tournaments.selectors_places import round_places_by_name


class Quadrettes(DuplicateFamily):
    key = Tournament.Format.QUADRETTES

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

    def public_team_page(self, request, tournament, number):
        """A quadrette's feuille de route."""
        team = get_object_or_404(Team, tournament=tournament, number=number)
        return views_public.quadrette_page(request, tournament, team)

    def simulate(self, **options):
        return simulate.simulate(**options)
