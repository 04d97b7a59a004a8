"""Donnes libres. What the tournament's format answers (``scoring.formats.base``)."""

from scoring.formats.base import TournamentFormat
from scoring.formats.libre import ranking
from scoring.formats.libre.standings import standings_refresh
from tournaments.models import Tournament


class Libre(TournamentFormat):
    key = Tournament.Format.LIBRE

    def official_ranking(self, tournament, *, official=True, up_to=None):
        return ranking.official_ranking(tournament, official, up_to)

    def refresh_rankings(self, tournament):
        """The standings the public pages show (``standings.standings_refresh``)."""
        standings_refresh(tournament_id=tournament.pk)
