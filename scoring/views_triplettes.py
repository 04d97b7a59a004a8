"""What the duplicate's staff pages show of a triplettes séance (fft-duplicate.md §3): the
Mitchell by position (each table's North-South and East-West triplettes and série), the lines of
an étui with their attacking triplette and expected attacker, and the rankings between
triplettes. ``views_duplicate`` and ``views_duplicate_board`` call these for a triplettes
tournament; the pages are the same.
"""

from tournaments.models import Registration, Table, Team
from tournaments.services_triplettes import present_teams, triplettes_problem

from .duplicate_triplettes import expected_attackers_of, triplette_plays


def movement_facts(tournament, session) -> dict:
    """The séance page's movement: teams present, the problem that stops a draw, the tables."""
    members = present_teams(tournament)
    problem = triplettes_problem(members, tournament.positions)
    positions = {}
    if session.pk:
        for table in (
            Table.objects.filter(round__session=session)
            .select_related("round", "ns_team", "ew_team")
            .order_by("round__number", "number")
        ):
            positions.setdefault(table.round.number, {})[table.number] = {
                "set": table.board_set,
                "ns": table.ns_team,
                "ew": table.ew_team,
            }
    return {
        "teams": len(members),
        "players": sum(len(present) for present in members.values()),
        "problem": problem.messages[0] if problem else "",
        "positions": positions,
    }


def board_lines(board) -> list[dict]:
    """An étui's tables in playing order, each with its attacking and defending triplettes,
    the attacking triplette's members and the one the attack order expects."""
    session = board.session
    plays = triplette_plays(session).get(board.board_set, [])
    teams = Team.objects.in_bulk({t for p in plays for t in (p.ns_team, p.ew_team)})
    members = {}
    for team in teams.values():
        members[team.pk] = list(team.members.order_by("last_name", "first_name", "number"))
    expected = expected_attackers_of(session.tournament)
    rows = []
    for play in plays:
        attack = play.attack_team(board.taker)
        want = expected.get(((session.number, board.number), attack))
        rows.append(
            {
                "attack": teams[attack],
                "defence": teams[play.defence_team(board.taker)],
                "members": members[attack],
                "expected": next((m for m in members[attack] if m.pk == want), None),
            }
        )
    return rows


def flag_rows(results) -> list[dict]:
    """The lines attacked by another member than the attack order's, for the arbitre."""
    flags = [(result.team, flag) for result in results for flag in result.flags]
    names = Registration.objects.in_bulk({pk for _team, flag in flags for pk in flag[3:]})
    return [
        {
            "board": board,
            "position": position,
            "table": table,
            "team": team.name,
            "expected": names[expected].name,
            "played": names[played].name,
        }
        for team, (board, position, table, expected, played) in sorted(
            flags, key=lambda item: item[1][:3]
        )
    ]
