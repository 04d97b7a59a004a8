"""Donnes libres. What the tournament's format answers (``scoring.formats.base``)."""

from scoring.formats.base import TournamentFormat
from scoring.formats.libre import exports, job_kinds, ranking, simulate, views_public, views_results
from scoring.formats.libre.standings import standings_refresh
from tournaments.models import Tournament


class Libre(TournamentFormat):
    key = Tournament.Format.LIBRE

    def official_ranking(self, tournament, *, official=True, up_to=None):
        return ranking.official_ranking(tournament, official, up_to)

    def table_game(self):
        from scoring.formats.libre.at_table import LibreTableGame

        return LibreTableGame()

    def refresh_rankings(self, tournament):
        """The standings the public pages show (``standings.standings_refresh``)."""
        standings_refresh(tournament_id=tournament.pk)

    # Its public pages: the standings after any position, the team standings in a team
    # tournament, a player's page; its game named by its kind (individual, teams of 2 or 4).
    links_team_standings = True
    named_by_kind = True

    def public_standings(self, request, tournament):
        return views_public.standings_page(request, tournament)

    def public_team_standings(self, request, tournament):
        return views_public.team_standings_page(request, tournament)

    def public_player(self, request, tournament, registration):
        return views_public.player_page(request, tournament, registration)

    # The projector: the seating, the standings and, in a team tournament, the team standings.
    def screen_panels(self, tournament):
        names = ("seating", "standings")
        return (*names, "teams") if tournament.has_teams else names

    def screen_results(self, tournament, names, stamp):
        return views_public.screen_standings(tournament, names, stamp)

    # The results menu: its own, the rankings with a bilan per position after a chosen one.
    def results_position(self, tournament, raw):
        return views_results.position_asked(tournament, raw)

    def results_page(self, request, tournament):
        return views_results.results_page(request, tournament)

    def results_kinds(self, tournament):
        return job_kinds.libre_kinds(tournament)

    def results_document(self, *, tournament, kind, fmt, up_to=None, official=False, progress=None):
        return exports.document(
            tournament=tournament,
            kind=kind,
            fmt=fmt,
            up_to=up_to,
            official=official,
            progress=progress,
        )

    def simulate(self, **options):
        return simulate.simulate(**options)
