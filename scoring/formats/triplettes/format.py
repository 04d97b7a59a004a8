"""Duplicate triplettes. What the tournament's format answers (``scoring.formats.base``)."""

from scoring.formats.duplicate.format import DuplicateFamily
from scoring.formats.triplettes import ranking
from tournaments.models import Tournament


class Triplettes(DuplicateFamily):
    key = Tournament.Format.TRIPLETTES

    def official_ranking(self, tournament, *, official=True, up_to=None):
        return ranking.official_ranking(tournament, official, up_to)
