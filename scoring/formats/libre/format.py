"""Donnes libres. What the tournament's format answers (``scoring.formats.base``)."""

from scoring.formats.base import TournamentFormat
from scoring.formats.libre import ranking
from tournaments.models import Tournament


class Libre(TournamentFormat):
    key = Tournament.Format.LIBRE

    def official_ranking(self, tournament, *, official=True, up_to=None):
        return ranking.official_ranking(tournament, official, up_to)
