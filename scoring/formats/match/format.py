"""The team match. What the tournament's format answers (``scoring.formats.base``)."""

from django.urls import reverse

from scoring.formats.base import TournamentFormat
from scoring.formats.match import ranking, results_menu, views_public
from scoring.formats.match.results import matches_in_play
from scoring.models import MatchQuarter
from tournaments.models import Tournament


class Match(TournamentFormat):
    key = Tournament.Format.MATCH

    def official_ranking(self, tournament, *, official=True, up_to=None):
        return ranking.official_ranking(tournament, official, up_to)

    def play_units(self, tournament):
        return MatchQuarter.objects.filter(match__tournament=tournament)  # its matches' quarters

    # Its public pages: the competition table and the matches' quarters, which are also its
    # teams' standings; no position seated, its own seating page (quarters and rooms).
    def public_standings(self, request, tournament):
        return views_public.match_standings(request, tournament)

    def public_team_standings(self, request, tournament):
        return views_public.match_standings(request, tournament)

    def public_player(self, request, tournament, registration):
        return views_public.match_player(request, tournament, registration)

    seats_positions = False

    def public_seating(self, request, tournament):
        return views_public.match_seating(request, tournament)

    # The projector: each match's quarter in play and its rooms, then the competition table
    # of the finished matches, read through the official ranking.
    def screen_panels(self, tournament):
        return ("seating", "matches")

    def screen_seating(self, tournament):
        return {"round": None, "seats": [], "plays": matches_in_play(tournament)}

    def screen_results(self, tournament, names, stamp):
        if "matches" not in names:
            return {}
        table = self.official_ranking(tournament, official=True)
        return {"matches": results_menu.table_panel(table)}

    # The staff's pages: the matches, their quarters and rooms; no score sheet of a position.
    has_matches = True

    def position_scores_page(self, tournament, round_):
        return reverse("scoring:matches", args=[tournament.slug])

    # The results menu: the official ranking's, counted in quarters; its penalties are its
    # matches' own (``TeamMatch.penalty_a``), not the ledger's.
    ledger_penalties = False

    def ranking_progress(self, tournament):
        return results_menu.quarters_progress(tournament)

    def federation_played(self, tournament, official):
        return results_menu.quarters_played(tournament, official)
