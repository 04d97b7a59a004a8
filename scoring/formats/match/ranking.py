"""Team match: the competition table by points, then PM.

``official=True`` counts what an arbitre signs; ``official=False`` is the staff's provisional
view. Must not write."""

from scoring.engine.duplicate_teams import competition_table
from scoring.formats.match.results import match_results, with_quarters
from scoring.models.match import TeamMatch
from scoring.ranking import POINTS, Kind, OfficialRanking, team_members, team_row, with_ties
from tournaments.models import Tournament


def official_ranking(tournament: Tournament, official: bool, _up_to) -> OfficialRanking:
    """The competition's table (a single match: its result) from the finished matches, or,
    provisionally, from every quarter entered so far."""
    members = team_members(tournament)
    played = []
    matches = TeamMatch.objects.filter(tournament=tournament).select_related("team_a", "team_b")
    for match in with_quarters(matches):
        results = match_results(match, official=official)
        if results.finished or (not official and results.quarters):
            played.append((match.team_a, match.team_b, results.total_a, results.total_b))
    rows = [
        {
            **team_row(team, members),
            "place": place,
            "figure": pm_for - pm_against,
            "points": points,
            "pm_for": pm_for,
            "pm_against": pm_against,
        }
        for place, team, points, pm_for, pm_against in competition_table(played)
    ]
    return OfficialRanking(Kind.PM, True, False, with_ties(rows, Kind.PM), POINTS)
