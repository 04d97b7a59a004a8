"""Reads of the quadrettes (fft-duplicate.md §4): who plays each étui where, and the match
points.

Each étui of an opposition A–B is played at two tables at the same position: at B's home table
A's attacker (South) against B's defence, at A's home table B's attacker against A's defence.
Its travelling sheet thus has two lines, and the étui gives A ``match_points(a − b)`` (a and b
the two attackers' scores) and B the opposite, 3 decimals, summed over the étuis. A quadrette's
result is its PM won minus PM lost, less its penalties (an arbitre's penalty to a member counts
in PM); quadrettes are ranked by result, equal results sharing the place. An étui with a line
missing gives nobody anything yet; one whose line the arbitre cancelled gives both quadrettes
0 PM, or the PM the arbitre assigned them (fft-duplicate.md §1.6).
Several séances: Σ coefficient × séance result. For the papers (``documents_quadrettes``,
the feuilles de route, the workbook): each étui with its two lines (``quadrette_boards``), each
line's écart and PM (``line_points``) and each quadrette's étuis (``quadrette_roadmaps``), with
the same PM as the ranking.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from tournaments.models import SessionAttacker, Table, Team, Tournament

from .duplicate import current_sheet_ids, sheet_lines, team_penalties
from .duplicate_values import ASSIGNED_PM
from .engine.duplicate import match_points, pm_round
from .engine.duplicate_teams import quadrette_ranking, quadrette_result
from .models_duplicate import Board

ZERO = Decimal("0.000")


@dataclass(frozen=True)
class QuadrettePlay:
    position: int  # Round.number
    table: int  # the home quadrette's table
    home: int  # Team id: the defence (N, E, W)
    visitor: int  # Team id: the attacker (S)


def quadrette_plays(session) -> dict[int, list[QuadrettePlay]]:
    """série -> the two tables of its opposition, in the order of their numbers."""
    plays = defaultdict(list)
    for board_set, position, number, home, visitor in (
        Table.objects.filter(round__session=session, board_set__isnull=False)
        .order_by("round__number", "number")
        .values_list("board_set", "round__number", "number", "ns_team_id", "ew_team_id")
    ):
        plays[board_set].append(QuadrettePlay(position, number, home, visitor))
    return dict(plays)


def session_attackers(session) -> dict[int, int]:
    """Team id -> the registration id of its attacker for the séance."""
    return dict(
        SessionAttacker.objects.filter(session=session).values_list("team_id", "registration_id")
    )


@dataclass
class QuadretteResult:
    team: Team
    pm: Decimal = ZERO  # PM won − PM lost, penalties taken off
    penalty: Decimal = ZERO
    boards: int = 0  # étuis that gave match points
    place: int | None = None
    per_board: dict = field(default_factory=dict)  # étui number -> the team's PM


@dataclass(frozen=True)
class QuadretteSession:
    session: object
    teams: list  # ranked
    missing: int


def quadrette_session_results(session, *, official: bool) -> QuadretteSession:
    """The séance's match points and ranking (see the module)."""
    plays = quadrette_plays(session)
    teams = Team.objects.in_bulk({p.home for série in plays.values() for p in série})
    results = {pk: QuadretteResult(team) for pk, team in teams.items()}
    sheets = current_sheet_ids(session, official)
    lines = sheet_lines(sheets.values())
    missing = 0
    for board_id, number, board_set in (
        Board.objects.filter(session=session)
        .order_by("number")
        .values_list("pk", "number", "board_set")
    ):
        tables = plays.get(board_set, [])
        by_place = {
            (ln.round.number, ln.table_number): ln for ln in lines.get(sheets.get(board_id), [])
        }
        missing += len(tables) - len(by_place)
        ruled = ruled_points([(p, by_place.get((p.position, p.table))) for p in tables])
        if ruled:
            for team, value in ruled.items():
                results[team].per_board[number] = value
                results[team].boards += 1
            continue
        scores = {}
        for play in tables:
            line = by_place.get((play.position, play.table))
            if line is not None and not line.cancelled and line.score is not None:
                scores[play.visitor] = line.score
        if len(tables) != 2 or len(scores) != 2:
            continue
        (a, score_a), (b, score_b) = sorted(scores.items())
        points = match_points(score_a - score_b)
        for team, value in ((a, points), (b, -points)):
            results[team].per_board[number] = value
            results[team].boards += 1
    positions = {p.position for série in plays.values() for p in série}
    for team, points in team_penalties(session, positions).items():
        if team in results:
            results[team].penalty += points
    for result in results.values():
        result.pm = quadrette_result(result.per_board.values(), result.penalty)
    ordered = sorted(results.values(), key=lambda r: (-r.pm, r.team.number))
    for place, key in quadrette_ranking([(i, r.pm) for i, r in enumerate(ordered)]):
        ordered[key].place = place
    return QuadretteSession(session, ordered, max(missing, 0))


@dataclass
class QuadretteRow:
    team: Team
    total: Decimal
    sessions: dict
    place: int | None = None


def quadrette_tournament_results(tournament: Tournament, *, official: bool) -> list:
    rows = {}
    for session in tournament.sessions.order_by("number"):
        for result in quadrette_session_results(session, official=official).teams:
            row = rows.setdefault(result.team.pk, QuadretteRow(result.team, ZERO, {}))
            row.sessions[session.number] = result
            row.total += pm_round(session.coefficient * result.pm)
    ordered = sorted(rows.values(), key=lambda r: (-r.total, r.team.number))
    for place, key in quadrette_ranking([(i, r.total) for i, r in enumerate(ordered)]):
        ordered[key].place = place
    return ordered


@dataclass(frozen=True)
class QuadretteBoard:
    """An étui and its travelling sheet's lines, one per table that plays it (None where the
    sheet has none yet), in the order of the plays."""

    board: Board
    lines: list  # [(QuadrettePlay, Line | None)]


def quadrette_boards(session, *, official: bool) -> list[QuadretteBoard]:
    """Every étui of the séance, in order, with its two lines."""
    plays = quadrette_plays(session)
    sheets = current_sheet_ids(session, official)
    lines = sheet_lines(sheets.values())
    found = []
    for board in Board.objects.filter(session=session).order_by("number"):
        at = {(ln.round.number, ln.table_number): ln for ln in lines.get(sheets.get(board.pk), [])}
        found.append(
            QuadretteBoard(
                board, [(p, at.get((p.position, p.table))) for p in plays.get(board.board_set, [])]
            )
        )
    return found


def _scored(line) -> bool:
    return line is not None and not line.cancelled and line.score is not None


def assigned_pm(line) -> tuple[Decimal, Decimal] | None:
    """(the attacking quadrette's PM, the defending one's) the arbitre assigned to a cancelled
    line, or None: a line cancelled without gives nobody any PM."""
    notes = line.assigned_notes if line is not None and line.cancelled else {}
    if ASSIGNED_PM[0] not in notes:
        return None
    return tuple(Decimal(notes.get(key, "0")) for key in ASSIGNED_PM)


def ruled_points(lines: list) -> dict[int, Decimal]:
    """Team id -> the PM the arbitre assigned on an étui's cancelled lines [(play, line)], each
    quadrette as attacker or defence of the line (empty when none has any)."""
    points = {}
    for play, line in lines:
        pm = assigned_pm(line)
        if pm is not None:
            for team, value in zip((play.visitor, play.home), pm, strict=True):
                points[team] = points.get(team, ZERO) + value
    return points


def line_points(lines: list) -> dict:
    """QuadrettePlay -> (écart, PM) of its attacking quadrette, when both lines of the
    opposition are scored: the écart is this line's score less the other's. A line cancelled
    with PM assigned: (None, the PM its quadrette got)."""
    ruled = ruled_points(lines)
    if ruled:
        return {play: (None, ruled.get(play.visitor, ZERO)) for play, _line in lines}
    if len(lines) != 2 or not all(_scored(line) for _play, line in lines):
        return {}
    (first, mine), (second, theirs) = lines
    ecart = mine.score - theirs.score
    return {
        first: (ecart, match_points(ecart)),
        second: (-ecart, match_points(-ecart)),
    }


@dataclass(frozen=True)
class RoadmapLine:
    """One étui of a quadrette's feuille de route."""

    board: int
    position: int
    opponent: int  # Team id
    attack: object  # Line of our attacker, at the opponent's table (or None)
    defence: object  # Line of the opponent's attacker against our defence (or None)
    ecart: int | None
    pm: Decimal | None


def quadrette_roadmaps(session, *, official: bool) -> dict[int, list[RoadmapLine]]:
    """Team id -> its étuis, in order: each opposition's two scores, the écart and the PM (the
    same PM as ``quadrette_session_results``)."""
    roadmaps = defaultdict(list)
    for found in quadrette_boards(session, official=official):
        points = line_points(found.lines)
        by_visitor = {play.visitor: (play, line) for play, line in found.lines}
        for play, line in found.lines:
            team = play.visitor
            _other, defence = by_visitor.get(play.home, (None, None))
            ecart, pm = points.get(play, (None, None))
            roadmaps[team].append(
                RoadmapLine(found.board.number, play.position, play.home, line, defence, ecart, pm)
            )
    return dict(roadmaps)
