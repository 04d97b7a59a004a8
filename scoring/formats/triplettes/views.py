"""What the duplicate's staff pages show of a triplettes séance (fft-duplicate.md §3): the
movements that can be drawn, the Mitchell or Howell by position (each table's North-South and
East-West triplettes and série; in a Howell each triplette's line at every position and its
byes), the lines of an étui with their attacking triplette and expected attacker, and the
rankings between triplettes. The tournament's format (``Triplettes``) hands these to the
duplicate's pages (``scoring.formats.duplicate.views``, ``views_board``).
"""

from scoring.formats.duplicate.forms import MovementDrawForm
from scoring.formats.triplettes.reads import expected_attackers_of, triplette_plays
from tournaments.models import Registration, Session, Table, Team
from tournaments.services_triplettes import (
    howell_compared_positions,
    howell_lone_series,
    present_teams,
    triplettes_movement_problem,
)


def movement_facts(tournament, session) -> dict:
    """The séance page's movement: teams present, the movements that can be drawn (the problem
    that stops any draw when none can), the tables, and for a Howell each triplette's line at
    every position ("" when it sits out)."""
    members = present_teams(tournament)
    problems = {
        movement: triplettes_movement_problem(movement, members, tournament.positions)
        for movement in Session.Movement.values
    }
    offered = [movement for movement, problem in problems.items() if problem is None]
    why = []
    for problem in problems.values():
        if not offered and problem.messages[0] not in why:
            why.append(problem.messages[0])
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
    lone = 0
    if Session.Movement.HOWELL in offered:
        lone = howell_lone_series(len(members), tournament.positions)
    return {
        "members": members,  # for the draw form: read once
        "teams": len(members),
        "players": sum(len(present) for present in members.values()),
        "problem": " ".join(why),
        "lone": lone,
        "compared": howell_compared_positions(len(members)) if lone else [],
        "offered": offered,
        "positions": positions,
        "lines": team_lines(positions) if session.movement == Session.Movement.HOWELL else [],
    }


def team_lines(positions: dict) -> list[dict]:
    """Each triplette of the séance, by number, with its line at every position ("NS", "EW",
    or "" when it sits out) and the positions it sits out."""
    teams = {}
    for tables in positions.values():
        for row in tables.values():
            teams[row["ns"].pk], teams[row["ew"].pk] = row["ns"], row["ew"]
    rows = []
    for team in sorted(teams.values(), key=lambda t: t.number):
        lines = {}
        for number, tables in positions.items():
            lines[number] = next(
                (
                    line
                    for row in tables.values()
                    for line, key in (("NS", "ns"), ("EW", "ew"))
                    if row[key].pk == team.pk
                ),
                "",
            )
        rows.append(
            {
                "team": team,
                "lines": list(lines.values()),
                "byes": [number for number, line in lines.items() if not line],
            }
        )
    return rows


def draw_form(tournament, session, facts, data=None) -> MovementDrawForm:
    """The choice of movement to draw: those that fit offered, the séance's own first."""
    members = facts["members"]
    return MovementDrawForm(
        data,
        initial={"movement": session.movement},
        offered=facts["offered"],
        problem=lambda movement: triplettes_movement_problem(
            movement, members, tournament.positions
        ),
    )


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
