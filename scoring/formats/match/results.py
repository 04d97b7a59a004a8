"""Reads of the team match (fft-duplicate.md §5, ``models_match``): a quarter's étuis, its two
rooms' sheets and their differences, the PM of each quarter and of the match, and the table of
a competition. Only closed quarters count in ``official`` reads (the public's, the printed
result sheet's); the staff follow a quarter in play with ``official=False``.
"""

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Prefetch

from scoring.engine.duplicate import opposition_points
from scoring.engine.duplicate_teams import (
    ZERO_PM,
    MatchResult,
    competition_table,
    match_result,
    quarter_differences,
)
from scoring.models.match import QUARTERS, MatchLine, MatchQuarter, QuarterPlayer, TeamMatch


def quarter_boards(quarter: MatchQuarter) -> list[int]:
    """The étuis of the quarter's série: série s holds étuis (s − 1) × n + 1 to s × n."""
    n = quarter.match.boards_per_quarter
    return list(range((quarter.board_set - 1) * n + 1, quarter.board_set * n + 1))


def quarter_sheets(quarter: MatchQuarter) -> dict:
    """(room, keeper) -> {étui: (contract, score)} as entered."""
    sheets = {(r, k): {} for r in MatchQuarter.Room.values for k in MatchLine.Keeper.values}
    for line in quarter.lines.all():
        sheets[(line.room, line.keeper)][line.board] = (line.contract, line.score)
    return sheets


def attacking_side(quarter: MatchQuarter, room: str) -> str:
    """ "A" when A's attacker plays in ``room``, else "B"."""
    return "A" if quarter.a_room == room else "B"


@dataclass
class RoomState:
    room: str
    side: str  # whose attacker plays here
    attack: dict  # étui -> (contract, score) on the attacker's sheet
    defence: dict  # on the defenders' sheet
    differences: list  # étuis where the two sheets disagree or only one has the étui
    missing: list  # étuis on neither sheet

    @property
    def agreed(self) -> bool:
        return not self.differences and not self.missing


def cancelled_boards(quarter: MatchQuarter) -> dict:
    """étui -> the arbitre's ``CancelledBoard`` of the quarter (prefetched by ``with_quarters``)."""
    return {cancelled.board: cancelled for cancelled in quarter.cancelled.all()}


def unconfirmed_boards(quarter: MatchQuarter) -> list[int]:
    """The étuis of the quarter cancelled and still waiting for another arbitre's visa."""
    return sorted(board for board, c in cancelled_boards(quarter).items() if not c.is_confirmed)


def restores_waiting(quarter: MatchQuarter) -> list[int]:
    """The cancelled étuis of the quarter whose undoing waits for another arbitre's visa."""
    return sorted(board for board, c in cancelled_boards(quarter).items() if c.restore_waiting)


def room_state(quarter: MatchQuarter, sheets: dict, room: str) -> RoomState:
    """A room's two sheets; a cancelled étui is neither missing nor a difference."""
    cancelled = cancelled_boards(quarter)
    attack = sheets[(room, MatchLine.Keeper.ATTACK)]
    defence = sheets[(room, MatchLine.Keeper.DEFENCE)]
    missing = [
        b
        for b in quarter_boards(quarter)
        if b not in attack and b not in defence and b not in cancelled
    ]
    differences = [b for b in quarter_differences(attack, defence) if b not in cancelled]
    return RoomState(room, attacking_side(quarter, room), attack, defence, differences, missing)


def quarter_pairs(quarter: MatchQuarter, sheets: dict | None = None) -> list[tuple[int, int]]:
    """(A's attacker's score, B's attacker's score) per étui played in both rooms, from the
    attackers' sheets (equal to the defenders' once the quarter is closed); a cancelled étui is
    not compared."""
    sheets = quarter_sheets(quarter) if sheets is None else sheets
    cancelled = cancelled_boards(quarter)
    by_side = {
        attacking_side(quarter, room): sheets[(room, MatchLine.Keeper.ATTACK)]
        for room in MatchQuarter.Room.values
    }
    return [
        (by_side["A"][board][1], by_side["B"][board][1])
        for board in quarter_boards(quarter)
        if board in by_side["A"] and board in by_side["B"] and board not in cancelled
    ]


def quarter_points(quarter: MatchQuarter) -> tuple[Decimal, Decimal]:
    """(A's PM, B's PM) of the quarter: per étui compared only the team ahead scores; a
    cancelled étui gives each team the PM the arbitre assigned (0 by default)."""
    pm_a, pm_b = opposition_points(quarter_pairs(quarter), zero_sum=False)
    for cancelled in cancelled_boards(quarter).values():
        pm_a, pm_b = pm_a + cancelled.pm_a, pm_b + cancelled.pm_b
    return pm_a, pm_b


@dataclass
class QuarterResult:
    quarter: MatchQuarter
    pm_a: Decimal
    pm_b: Decimal
    counted: bool  # closed (or shown to the staff while in play)
    players: dict = field(default_factory=dict)  # side -> {"attack": reg, "defence": [regs]}


@dataclass
class MatchResults:
    match: TeamMatch
    quarters: list
    total_a: Decimal
    total_b: Decimal
    finished: bool  # four quarters closed
    result: MatchResult | None  # None until finished


def with_quarters(matches):
    """``matches`` (a queryset) with their quarters, lines, cancelled étuis and players read in
    5 queries whatever their number, as ``match_results`` reads them."""
    return matches.prefetch_related(
        "quarters__lines",
        "quarters__cancelled",
        Prefetch(
            "quarters__players",
            queryset=QuarterPlayer.objects.select_related("registration__player"),
        ),
    )


def _players(quarter: MatchQuarter) -> dict:
    players = {"A": {"attack": None, "defence": []}, "B": {"attack": None, "defence": []}}
    for player in quarter.players.all():
        if player.role == QuarterPlayer.Role.ATTACK:
            players[player.side]["attack"] = player.registration
        else:
            players[player.side]["defence"].append(player.registration)
    return players


def match_results(match: TeamMatch, *, official: bool = True) -> MatchResults:
    """Each quarter's PM (only the team ahead on an étui scores), bonus and penalties, the
    totals and, once the four quarters are closed, who won."""
    quarters, total_a, total_b = [], ZERO_PM + match.bonus_a, ZERO_PM + match.bonus_b
    total_a, total_b = total_a - match.penalty_a, total_b - match.penalty_b
    closed = 0
    if "quarters" not in getattr(match, "_prefetched_objects_cache", {}):
        match = with_quarters(TeamMatch.objects.filter(pk=match.pk)).get()
    for quarter in match.quarters.all():
        counted = quarter.is_closed or not official
        pm_a, pm_b = quarter_points(quarter)
        if counted:
            total_a, total_b = total_a + pm_a, total_b + pm_b
        closed += quarter.is_closed
        quarters.append(QuarterResult(quarter, pm_a, pm_b, counted, _players(quarter)))
    finished = closed == QUARTERS
    result = match_result(total_a, total_b) if finished else None
    return MatchResults(match, quarters, total_a, total_b, finished, result)


def competition(tournament) -> list:
    """[(place, team, points, PM for, PM against), ...] over the finished matches."""
    played = []
    matches = TeamMatch.objects.filter(tournament=tournament).select_related("team_a", "team_b")
    for match in with_quarters(matches):
        results = match_results(match)
        if results.finished:
            played.append((match.team_a, match.team_b, results.total_a, results.total_b))
    return competition_table(played)


@dataclass
class RoomPlay:
    """Who plays in one room of a quarter: one side's attacker against the other's defence."""

    room: str  # its label
    attack_team: object
    attacker: object  # Registration, or None while not named
    defence_team: object
    defenders: list


@dataclass
class MatchPlay:
    """Where a match stands, for the public: the quarter in play (named, not closed) and its
    rooms, or the next quarter to name; the result once finished. Nothing of an open quarter's
    scores (``results`` is official: closed quarters only)."""

    results: MatchResults
    quarter: QuarterResult | None
    next_quarter: int | None
    rooms: list


def match_play(results: MatchResults) -> MatchPlay:
    in_play = next((q for q in results.quarters if not q.quarter.is_closed), None)
    rooms = []
    if in_play is not None:
        teams = {"A": results.match.team_a, "B": results.match.team_b}
        for room in MatchQuarter.Room:
            side = attacking_side(in_play.quarter, room.value)
            other = "B" if side == "A" else "A"
            rooms.append(
                RoomPlay(
                    room.label,
                    teams[side],
                    in_play.players[side]["attack"],
                    teams[other],
                    in_play.players[other]["defence"],
                )
            )
    waiting = in_play is None and not results.finished
    return MatchPlay(results, in_play, len(results.quarters) + 1 if waiting else None, rooms)


def matches_in_play(tournament) -> list[MatchPlay]:
    """The matches of the round being played (the first with a match not finished, else the
    last), each with ``match_play``: four queries whatever their number."""
    matches = TeamMatch.objects.filter(tournament=tournament).select_related("team_a", "team_b")
    rows = [match_results(m) for m in with_quarters(matches.order_by("round_number", "number"))]
    if not rows:
        return []
    rounds = [r.match.round_number for r in rows if not r.finished]
    shown = min(rounds) if rounds else rows[-1].match.round_number
    return [match_play(r) for r in rows if r.match.round_number == shown]
