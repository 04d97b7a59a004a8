"""Triplettes: the teams on the global % (général and alterné of one séance), or the total.

``official=True`` counts what an arbitre signs; ``official=False`` is the staff's provisional
view. Must not write."""

from scoring.formats.triplettes.reads import (
    fixed_lines,
    triplette_session_results,
    triplette_tournament_results,
)
from scoring.ranking import PERCENTAGES, Kind, OfficialRanking, team_members, team_row, with_ties
from tournaments.models import Tournament


def official_ranking(tournament: Tournament, official: bool, _up_to) -> OfficialRanking:
    members = team_members(tournament)
    sessions = list(tournament.sessions.order_by("number"))
    if len(sessions) == 1:
        alternate = fixed_lines(sessions[0])
        rows = [
            {
                **team_row(r.team, members),
                "place": r.general_place,
                "figure": r.overall,
                "line": r.line,
                "alternate_place": r.alternate_place if alternate else None,
                "attack": r.attack,
                "defence": r.defence,
            }
            for r in triplette_session_results(sessions[0], official=official).teams
        ]
        return OfficialRanking(
            Kind.PERCENT, True, alternate, with_ties(rows, Kind.PERCENT), PERCENTAGES
        )
    rows = [
        {**team_row(row.team, members), "place": row.place, "figure": row.total}
        for row in triplette_tournament_results(tournament, official=official)
    ]
    return OfficialRanking(Kind.PERCENT, True, False, with_ties(rows, Kind.PERCENT))
