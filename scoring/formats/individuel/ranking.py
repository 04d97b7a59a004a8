"""Duplicate individuel: the général and, with fixed lines, the alterné on the global %
(one séance), or the total of the séances.

``official=True`` counts what an arbitre signs; ``official=False`` is the staff's provisional
view. Must not write."""

from scoring.formats.duplicate.reads import session_results, tournament_results
from scoring.ranking import PERCENTAGES, Kind, OfficialRanking, clubs_of, player_row, with_ties
from tournaments.models import Tournament


def official_ranking(tournament: Tournament, official: bool, _up_to) -> OfficialRanking:
    clubs = clubs_of(tournament)
    sessions = list(tournament.sessions.order_by("number"))
    if len(sessions) == 1:
        results = session_results(sessions[0], official=official)
        rows = [
            {
                **player_row(r.registration, clubs),
                "place": r.general_place,
                "figure": r.overall,
                "line": r.line,
                "alternate_place": r.alternate_place,
                "attack": r.attack,
                "defence": r.defence,
            }
            for r in results.players
            if r.ranked
        ]
        return OfficialRanking(
            Kind.PERCENT, False, True, with_ties(rows, Kind.PERCENT), PERCENTAGES
        )
    rows = [
        {**player_row(row.registration, clubs), "place": row.place, "figure": row.total}
        for row in tournament_results(tournament, official=official)
    ]
    return OfficialRanking(Kind.PERCENT, False, False, with_ties(rows, Kind.PERCENT))
