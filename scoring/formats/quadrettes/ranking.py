"""Quadrettes: the teams by result in match points.

``official=True`` counts what an arbitre signs; ``official=False`` is the staff's provisional
view. Must not write."""

from scoring.formats.quadrettes.reads import quadrette_ranked
from scoring.ranking import Kind, OfficialRanking, team_members, team_row, with_ties
from tournaments.models import Tournament


def official_ranking(tournament: Tournament, official: bool, _up_to) -> OfficialRanking:
    members = team_members(tournament)
    ranked = quadrette_ranked(tournament, official=official)
    rows = [{**team_row(team, members), "place": place, "figure": pm} for place, team, pm in ranked]
    return OfficialRanking(Kind.PM, True, False, with_ties(rows, Kind.PM))
