"""What a team match's printed result sheet shows (fft-duplicate.md §5): the rulebook's result
sheet carries the players' names and the scores. So: each team's members with what each played,
quarter by quarter (attack or defence, and in which room), and for each closed quarter its
players in each room and, étui by étui, the two attackers' contracts and scores and the PM they
give. Read from ``match_results`` (closed quarters only, as the totals); writes nothing.
"""

from dataclasses import dataclass
from decimal import Decimal

from scoring.engine.duplicate import opposition_points
from scoring.formats.match.results import (
    MatchResults,
    QuarterResult,
    attacking_side,
    quarter_boards,
)
from scoring.models import ContractChoice
from scoring.models.match import QUARTERS, MatchLine, MatchQuarter, TeamMatch


@dataclass(frozen=True)
class BoardLine:
    board: int
    contract_a: str  # A's attacker's contract, as people read it ("" when not entered)
    score_a: str  # signed, as on the sheet: "+56", "−52"
    contract_b: str
    score_b: str
    pm_a: Decimal | None  # None when a room has no score for the étui
    pm_b: Decimal | None


@dataclass(frozen=True)
class QuarterSheet:
    result: QuarterResult
    rooms: dict  # side -> the label of the room its attacker played in
    lines: list[BoardLine]


@dataclass(frozen=True)
class MemberLine:
    registration: object
    roles: list[str]  # per quarter 1 to 4: "attack", "defence" or "" (did not play)


def _signed(score: int | None) -> str:
    if score is None:
        return ""
    return f"+{score}" if score >= 0 else f"−{-score}"


def _lines(quarter: MatchQuarter) -> list[BoardLine]:
    attack = MatchLine.Keeper.ATTACK
    by_side = {"A": {}, "B": {}}
    for line in quarter.lines.all():
        if line.keeper == attack:
            by_side[attacking_side(quarter, line.room)][line.board] = (line.contract, line.score)
    lines = []
    for board in quarter_boards(quarter):
        (contract_a, a), (contract_b, b) = (by_side[s].get(board, ("", None)) for s in "AB")
        pm_a = pm_b = None
        if a is not None and b is not None:  # the team match's rule: only the side ahead scores
            pm_a, pm_b = opposition_points([(a, b)], zero_sum=False)
        lines.append(
            BoardLine(
                board,
                ContractChoice(contract_a).label if contract_a else "",
                _signed(a),
                ContractChoice(contract_b).label if contract_b else "",
                _signed(b),
                pm_a,
                pm_b,
            )
        )
    return lines


def _rooms(quarter: MatchQuarter) -> dict:
    other = next(r for r in MatchQuarter.Room if r != quarter.a_room)
    return {"A": MatchQuarter.Room(quarter.a_room).label, "B": other.label}


def _members(team, side: str, quarters: list[QuarterResult]) -> list[MemberLine]:
    roles = {}
    for result in quarters:
        players = result.players[side]
        if players["attack"] is not None:
            roles[(players["attack"].pk, result.quarter.number)] = "attack"
        for registration in players["defence"]:
            roles[(registration.pk, result.quarter.number)] = "defence"
    return [
        MemberLine(
            member, [roles.get((member.pk, number), "") for number in range(1, QUARTERS + 1)]
        )
        for member in team.members.filter(excluded=False).order_by("number")
    ]


def result_sheet(match: TeamMatch, results: MatchResults) -> dict:
    """The result sheet's players and scores, beside ``results`` (the totals it prints)."""
    closed = [q for q in results.quarters if q.quarter.is_closed]
    return {
        "sides": [
            ("A", match.team_a, _members(match.team_a, "A", results.quarters)),
            ("B", match.team_b, _members(match.team_b, "B", results.quarters)),
        ],
        "quarters": [QuarterSheet(q, _rooms(q.quarter), _lines(q.quarter)) for q in closed],
        "numbers": range(1, QUARTERS + 1),
    }
