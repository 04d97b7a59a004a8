"""The duplicate individuel. What the tournament's format answers (``scoring.formats.base``):
every answer of ``DuplicateFamily`` is the individuel's, so only its ranking is said here."""

from scoring.formats.duplicate.format import DuplicateFamily
from scoring.formats.individuel import ranking
from tournaments.models import Tournament


class Individuel(DuplicateFamily):
    key = Tournament.Format.DUPLICATE

    def official_ranking(self, tournament, *, official=True, up_to=None):
        return ranking.official_ranking(tournament, official, up_to)
