"""Reads of the quadrettes (fft-duplicate.md §4): who plays each étui where, and the match
points.

The relay of the étuis among the tables, the copies to prepare and the tables each étui starts
at are those of the pure movement (``seating.duplicate_teams``) on the séance's oppositions as
drawn (``session_movement``): the pages and the papers read them there, never computed again.

Every étui is played at every home table of its position (all the quadrettes play the same
étuis): at B's home table by A's attacker (South) against B's defence exactly when B's
attacker plays it at A's home table against A's defence. Its travelling sheet thus has a line
per table, and each étui is compared inside each pair A–B of its position: it gives A
``match_points(a − b)`` (a and b the two attackers' scores) and B the opposite, 3 decimals,
summed over the étuis. A quadrette's result is its PM won minus PM lost, less its penalties (an
arbitre's penalty to a member counts in PM); quadrettes are ranked by result, equal results
sharing the place. A pair with a line missing gets nothing on that étui yet; one with a line
the arbitre cancelled gets 0 PM on it, or the PM the arbitre assigned (fft-duplicate.md §1.6):
either way the étui counts for both.
Several séances: Σ coefficient × séance result. For the papers (``documents_quadrettes``, the
feuilles de route, the workbook): each étui with its lines (``quadrette_boards``), each line's
écart and PM (``line_points``) and each quadrette's étuis (``quadrette_roadmaps``), with the
same PM as the ranking."""

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from scoring.engine.duplicate import match_points, pm_round
from scoring.engine.duplicate_teams import quadrette_ranking, quadrette_result
from scoring.formats.duplicate.reads import current_sheet_ids, sheet_lines, team_penalties
from scoring.formats.duplicate.values import ASSIGNED_PM
from scoring.models.duplicate import Board
from tournaments.models import SessionAttacker, SessionDefender, Table, Team, Tournament
from tournaments.seating.duplicate_teams import (
    copies_needed,
    opening_tables,
    schedule_movement,
)

ZERO = Decimal("0.000")


@dataclass(frozen=True)
class QuadrettePlay:
    position: int  # Round.number
    table: int  # the home quadrette's table
    home: int  # Team id: the defence (N, E, W)
    visitor: int  # Team id: the attacker (S)


def quadrette_plays(session) -> dict[int, list[QuadrettePlay]]:
    """série -> every table that plays it, by position then table number."""
    plays = defaultdict(list)
    for board_set, position, number, home, visitor in (
        Table.objects.filter(round__session=session, board_set__isnull=False)
        .order_by("round__number", "number")
        .values_list("board_set", "round__number", "number", "ns_team_id", "ew_team_id")
    ):
        plays[board_set].append(QuadrettePlay(position, number, home, visitor))
    return dict(plays)


@dataclass(frozen=True)
class QuadretteMovement:
    """A séance's drawn oppositions in the shapes of ``seating.duplicate_teams``, so that the
    relay, the copies and the opening tables are that pure module's (``schedule_movement``,
    ``copies_needed``, ``opening_tables``), never computed again here."""

    positions: tuple  # Round.number of each round of ``schedule``
    schedule: list  # per position: [{"A": team id, "B": team id, "set": série}, …]
    numbers: dict  # team id -> its home table's number
    per_set: int  # étuis a série

    def board(self, série: int, index: int) -> int:
        """The number of the série's étui ``index`` (from 0): étuis are numbered série by
        série."""
        return (série - 1) * self.per_set + index + 1


def session_movement(session, plays: dict | None = None) -> QuadretteMovement:
    """The séance's movement as drawn (``plays``: ``quadrette_plays(session)``, else read:
    one query)."""
    plays = quadrette_plays(session) if plays is None else plays
    by_position, numbers = {}, {}
    for série, found in plays.items():
        pairs = {tuple(sorted((p.home, p.visitor))) for p in found}
        by_position[found[0].position] = [{"A": a, "B": b, "set": série} for a, b in sorted(pairs)]
        numbers.update((p.home, p.table) for p in found)
    positions = tuple(sorted(by_position))
    return QuadretteMovement(
        positions,
        [by_position[k] for k in positions],
        numbers,
        session.tournament.boards_per_set,
    )


@dataclass(frozen=True)
class QuadretteRelay:
    """What a home table does at a position beyond its opposition (``board_relay``): the
    étuis of the série in the order it plays them, each with the table it goes to next (None
    when that copy has been round its group), and where its visiting attacker plays next."""

    group: int
    boards: tuple  # ((étui number, next table or None), …)
    attacker_next: int | None  # None after the last position or at the attacker's bye


def quadrette_relays(
    session, movement: QuadretteMovement | None = None
) -> dict[int, dict[int, QuadretteRelay]]:
    """Position -> home table -> its relay, as ``schedule_movement`` makes it."""
    movement = movement or session_movement(session)
    rounds = schedule_movement(movement.schedule, movement.per_set, movement.numbers)
    return {
        position: {
            table: QuadretteRelay(
                found["group"],
                tuple(
                    (movement.board(found["set"], board), following)
                    for board, following in zip(found["boards"], found["next"], strict=True)
                ),
                found["attacker_next"],
            )
            for table, found in tables.items()
        }
        for position, tables in zip(movement.positions, rounds, strict=True)
    }


def quadrette_copies(movement: QuadretteMovement) -> dict[int, int]:
    """Série -> how many copies of each of its étuis to prepare (``copies_needed``)."""
    return copies_needed(movement.schedule, movement.per_set)


def quadrette_openings(movement: QuadretteMovement) -> dict[int, dict[int, list[int]]]:
    """Série -> étui number -> the tables where its copies start (``opening_tables``)."""
    return {
        série: {movement.board(série, index): tables for index, tables in enumerate(found)}
        for série, found in opening_tables(
            movement.schedule, movement.per_set, movement.numbers
        ).items()
    }


def session_attackers(session) -> dict[int, int]:
    """Team id -> the registration id of its attacker for the séance."""
    return dict(
        SessionAttacker.objects.filter(session=session).values_list("team_id", "registration_id")
    )


DEFENCE_SEATS = ("N", "E", "W")  # the attacker plays South


def session_defenders(session) -> dict[int, dict[str, int]]:
    """Team id -> {orientation: registration id} of its three defenders for the séance, North,
    East and West, as stored when its movement was drawn or its attacker named: each keeps that
    orientation the whole séance, as the rulebook asks, and the table card prints them. One
    query."""
    seats: dict[int, dict[str, int]] = defaultdict(dict)
    for team, orientation, registration in SessionDefender.objects.filter(
        session=session
    ).values_list("team_id", "orientation", "registration_id"):
        seats[team][orientation] = registration
    return {
        team: {o: found[o] for o in DEFENCE_SEATS if o in found} for team, found in seats.items()
    }


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
        found = [(play, by_place.get((play.position, play.table))) for play in tables]
        for play, (_ecart, points) in line_points(found).items():
            results[play.visitor].per_board[number] = points
            results[play.visitor].boards += 1
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


def quadrette_ranked(tournament: Tournament, *, official: bool) -> list[tuple]:
    """The quadrettes in order as (place, team, PM): one séance's PM, or over several séances
    their total with the coefficients."""
    sessions = list(tournament.sessions.order_by("number"))
    if len(sessions) == 1:
        results = quadrette_session_results(sessions[0], official=official).teams
        return [(r.place, r.team, r.pm) for r in results]
    results = quadrette_tournament_results(tournament, official=official)
    return [(r.place, r.team, r.total) for r in results]


@dataclass(frozen=True)
class QuadretteBoard:
    """An étui and its travelling sheet's lines, one per table that plays it (None where the
    sheet has none yet), in the order of the plays."""

    board: Board
    lines: list  # [(QuadrettePlay, Line | None)]


def quadrette_boards(session, *, official: bool) -> list[QuadretteBoard]:
    """Every étui of the séance, in order, with its lines (one per table that plays it)."""
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


def _cancelled(line) -> bool:
    return line is not None and line.cancelled


def assigned_pm(line) -> tuple[Decimal, Decimal] | None:
    """(the attacking quadrette's PM, the defending one's) the arbitre assigned to a cancelled
    line, or None: a line cancelled without gives both quadrettes of its pair 0 PM
    (``line_points``)."""
    notes = line.assigned_notes if line is not None and line.cancelled else {}
    if ASSIGNED_PM[0] not in notes:
        return None
    return tuple(Decimal(notes.get(key, "0")) for key in ASSIGNED_PM)


def ruled_points(lines: list) -> dict[int, Decimal]:
    """Team id -> the PM the arbitre assigned on a pair's cancelled lines [(play, line)], each
    quadrette as attacker or defence of the line (empty when none has any; a play may be None:
    no line there)."""
    points = {}
    for play, line in lines:
        pm = assigned_pm(line) if play is not None else None
        if pm is not None:
            for team, value in zip((play.visitor, play.home), pm, strict=True):
                points[team] = points.get(team, ZERO) + value
    return points


def line_points(lines: list) -> dict:
    """QuadrettePlay -> (écart, PM) of its attacking quadrette, for each line whose pair's two
    lines are scored: the écart is this line's score less that of the line where the home
    quadrette's attacker plays against the visitor's defence. A pair with a line the arbitre
    cancelled: (None, the PM the arbitre assigned this line's quadrette, else 0)."""
    by_teams = {(play.home, play.visitor): (play, line) for play, line in lines}
    points = {}
    for play, line in lines:
        other, theirs = by_teams.get((play.visitor, play.home), (None, None))
        ruled = ruled_points([(play, line), (other, theirs)])
        if ruled:
            points[play] = (None, ruled.get(play.visitor, ZERO))
        elif _cancelled(line) or _cancelled(theirs):
            points[play] = (None, ZERO)  # §1.6: both quadrettes 0 PM on the étui
        elif _scored(line) and _scored(theirs):
            ecart = line.score - theirs.score
            points[play] = (ecart, match_points(ecart))
    return points


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
