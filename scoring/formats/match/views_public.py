"""The public pages of a team match (fft-duplicate.md §5): the standings (the competition table
over the finished matches and each match's closed quarters), the "where do I sit?" page (each
match's quarter in play and who plays in which room) and a player's page (their quarters, role
and room, and the PM of each closed quarter). A quarter in play shows no score: its PM appear
once the arbitre closes it, as a séance's do."""

from django.db.models import Q

from scoring.formats.match import ranking
from scoring.formats.match.results import match_results, matches_in_play, with_quarters
from scoring.models.match import MatchQuarter, TeamMatch
from scoring.public_live import live_results_page
from scoring.shown import pm_shown


def match_standings(request, tournament):
    def make():
        matches = with_quarters(
            TeamMatch.objects.filter(tournament=tournament).select_related("team_a", "team_b")
        )
        return {
            "rows": [match_results(match) for match in matches],
            # The competition table: the official ranking's rows (finished matches only).
            "table": ranking.official_ranking(tournament, True, None).rows,
        }

    return live_results_page(
        request,
        tournament,
        "public/match_standings.html",
        "public/_match_standings.html",
        {},
        make,
    )


def match_seating(request, tournament):
    """The team match's public seating page (``Match.public_seating``)."""

    def make():
        return {"plays": matches_in_play(tournament)}

    return live_results_page(
        request, tournament, "public/match_seating.html", "public/_match_seating.html", {}, make
    )


def _player_quarters(tournament, registration) -> list[dict]:
    """Each match of the player's team: its quarters with the player's role and room, the
    team's PM once the quarter is closed, and the result once the match is finished."""
    team = registration.team_id
    matches = TeamMatch.objects.filter(tournament=tournament).filter(
        Q(team_a_id=team) | Q(team_b_id=team)
    )
    rows = []
    for match in with_quarters(matches.select_related("team_a", "team_b")):
        results = match_results(match)
        side = "A" if match.team_a_id == team else "B"
        quarters = []
        for q in results.quarters:
            players = q.players[side]
            role = "attack" if players["attack"] == registration else None
            if role is None and registration in players["defence"]:
                role = "defence"
            attack_room = q.quarter.a_room if side == "A" else _other_room(q.quarter.a_room)
            room = attack_room if role == "attack" else _other_room(attack_room)
            quarters.append(
                {
                    "quarter": q.quarter,
                    "role": role,
                    "room": MatchQuarter.Room(room).label if role else None,
                    "pm": pm_shown(q.pm_a if side == "A" else q.pm_b)
                    if q.quarter.is_closed
                    else None,
                }
            )
        rows.append({"results": results, "side": side, "quarters": quarters})
    return rows


def _other_room(room: str) -> str:
    open_, closed = MatchQuarter.Room.OPEN, MatchQuarter.Room.CLOSED
    return closed if room == open_ else open_


def match_player(request, tournament, registration):
    def make():
        return {"matches": _player_quarters(tournament, registration)}

    return live_results_page(
        request,
        tournament,
        "public/match_player.html",
        "public/_match_player.html",
        {"registration": registration},
        make,
        registration.pk,
    )
