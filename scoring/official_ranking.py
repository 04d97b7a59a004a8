"""A tournament's official ranking whatever its format (``scoring.ranking``'s rows), from the
tournament's format: the results menu's page, its ranking PDF and CSV, the workbook and the
federation's file read it. ``official=True`` counts what an arbitre signs (confirmed sheets,
closed quarters); ``official=False`` is the staff's provisional view. ``cached_official_ranking``
reads the whole tournament's from the cache, where each write's commit leaves it
(``scoring.ranking_cache``). Must not write.
"""

from scoring import ranking_cache
from scoring.formats.registry import format_of
from scoring.ranking import Kind, OfficialRanking, RankingRow
from tournaments.models import Tournament

__all__ = ["Kind", "OfficialRanking", "RankingRow", "cached_official_ranking", "official_ranking"]


def official_ranking(
    *, tournament: Tournament, official: bool = True, up_to: int | None = None
) -> OfficialRanking:
    """The tournament's ranking in its format's own terms; ``up_to`` (the last position
    counted) means something in donnes libres only."""
    return format_of(tournament).official_ranking(tournament, official=official, up_to=up_to)


def cached_official_ranking(*, tournament: Tournament, official: bool = True) -> OfficialRanking:
    """``official_ranking`` of the whole tournament, from the cache under its change stamp."""
    game = format_of(tournament)
    return ranking_cache.cached(
        tournament, lambda counted: game.official_ranking(tournament, official=counted), official
    )
