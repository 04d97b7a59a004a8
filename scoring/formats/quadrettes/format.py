"""Duplicate quadrettes. What the tournament's format answers (``scoring.formats.base``)."""

from scoring.formats.duplicate.format import DuplicateFamily
from scoring.formats.quadrettes import ranking
from tournaments.models import Tournament


class Quadrettes(DuplicateFamily):
    key = Tournament.Format.QUADRETTES

    def official_ranking(self, tournament, *, official=True, up_to=None):
        return ranking.official_ranking(tournament, official, up_to)
