"""Donnes libres: the total of marks, penalties taken off (``standings``).

``official=True`` counts what an arbitre signs; ``official=False`` is the staff's provisional
view. Must not write."""

from scoring.formats.libre.standings import standings
from scoring.ranking import Kind, OfficialRanking, RankingRow
from tournaments.models import Tournament


def official_ranking(tournament: Tournament, official: bool, up_to: int | None) -> OfficialRanking:
    ranking = standings(tournament=tournament, up_to=up_to, official=official)
    rows = [
        RankingRow(
            r.rank, r.tied, r.number, r.name, r.total, Kind.POINTS, (r.registration_id,), r.club
        )
        for r in ranking.rows
    ]
    return OfficialRanking(Kind.POINTS, False, False, rows)
