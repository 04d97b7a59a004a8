"""Reads of the duplicate individuel (fft-duplicate.md §2): which tables play each étui, the
travelling sheets' lines, the topage into notes, percentages, and the général and alterné
rankings of each séance and of the tournament.

Everything here reads; the writes are ``services_duplicate``'s. The arithmetic is the pure
engine's (``engine.duplicate``): notes are exact fractions, rounded only where a page or a file
shows them. ``official=True`` reads only confirmed travelling sheets; ``official=False`` (the
staff's provisional view) reads the current version of each, confirmed or not. Whether anyone
but the staff may see a séance's scores is the callers' business: the public pages wait for
``Session.is_closed``.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.models import Registration, Seat, Session, Table, Tournament

from .engine.duplicate import alternate_ranking, general_ranking, percentages, top_notes
from .models import Penalty
from .models_duplicate import ORIENTATIONS, Board, TravellingLine, TravellingSheet

ATTACK_WEIGHT = Fraction(1, 4)  # individuel: global = ¼ attack + ¾ defence
DEFAULT_ASSIGNED = Fraction(50)


@dataclass(frozen=True)
class Play:
    """One table that plays a série at one position: who sits in each orientation."""

    position: int  # Round.number
    round_id: int
    table: int
    players: dict  # orientation -> registration id


def board_plays(session: Session) -> dict[int, list[Play]]:
    """série -> the tables that play it, in the order of positions (two queries)."""
    tables = (
        Table.objects.filter(round__session=session, board_set__isnull=False)
        .select_related("round")
        .order_by("round__number", "number")
    )
    seats = defaultdict(dict)
    for table_id, number, registration_id in Seat.objects.filter(
        round__session=session
    ).values_list("table_id", "number", "registration_id"):
        seats[table_id][ORIENTATIONS[number]] = registration_id
    plays = defaultdict(list)
    for table in tables:
        plays[table.board_set].append(
            Play(table.round.number, table.round_id, table.number, seats[table.pk])
        )
    return dict(plays)


def current_sheets(session: Session, official: bool) -> dict[int, TravellingSheet]:
    """board id -> its current version (its confirmed one when ``official``)."""
    sheets = TravellingSheet.objects.filter(board__session=session)
    if official:
        sheets = sheets.filter(status=TravellingSheet.Status.CONFIRMED)
    else:
        sheets = sheets.exclude(status=TravellingSheet.Status.SUPERSEDED)
    return {sheet.board_id: sheet for sheet in sheets}


# What the topage, the pages and the files read of a line (a whole séance's lines are loaded).
LINE_FIELDS = (
    "sheet_id", "table_number", "score", "rature", "adjusted", "cancelled",
    "adjust_reason", "assigned_notes", "deal_version", "round__number",
)  # fmt: skip


def sheet_lines(sheet_ids) -> dict[int, list[TravellingLine]]:
    lines = defaultdict(list)
    for line in (
        TravellingLine.objects.filter(sheet_id__in=list(sheet_ids))
        .select_related("round")
        .only(*LINE_FIELDS)
        .order_by("round__number", "table_number")
    ):
        lines[line.sheet_id].append(line)
    return lines


@dataclass(slots=True)
class BoardNote:
    """One player's result on one étui."""

    board: int  # its number in the séance
    position: int
    table: int
    orientation: str
    attack: bool
    score: int | None
    note: Fraction
    cancelled: bool = False


@dataclass
class PlayerResult:
    registration: Registration
    line: str
    notes: list[BoardNote] = field(default_factory=list)
    penalty: Fraction = Fraction(0)
    attack: Fraction | None = None
    defence: Fraction | None = None
    overall: Fraction | None = None  # penalties taken off
    general_place: int | None = None
    alternate_place: int | None = None

    @property
    def ranked(self) -> bool:
        return not self.registration.stand_in


@dataclass
class SessionResults:
    session: Session
    players: list[PlayerResult]  # général order, the unranked (stand-ins) last
    alternate: list[PlayerResult]
    boards: dict[int, list[tuple[TravellingLine, Fraction | None]]]  # board number -> topped
    missing: int  # lines expected and not yet on a travelling sheet


def top_board(lines: list[TravellingLine]) -> dict[int, Fraction]:
    """line id -> the taker's note; each version of the deal topped on its own scale, the
    cancelled lines left out."""
    by_version = defaultdict(list)
    for line in lines:
        if not line.cancelled:
            by_version[line.deal_version].append(line)
    notes = {}
    for version_lines in by_version.values():
        for line, note in zip(
            version_lines, top_notes([line.score for line in version_lines]), strict=True
        ):
            notes[line.pk] = note
    return notes


def session_results(session: Session, *, official: bool) -> SessionResults:
    """The séance's topage, percentages and rankings, from its travelling sheets."""
    plays = board_plays(session)
    by_place = {(play.position, play.table): play for série in plays.values() for play in série}
    registrations = {
        r.pk: r for r in Registration.objects.filter(seats__round__session=session).distinct()
    }
    results = {}
    for play in by_place.values():
        for orientation, registration_id in play.players.items():
            if registration_id not in results:
                results[registration_id] = PlayerResult(registrations[registration_id], orientation)
    boards = list(Board.objects.filter(session=session).order_by("number"))
    sheets = current_sheets(session, official)
    lines = sheet_lines(sheet.pk for sheet in sheets.values())
    topped, missing = {}, 0
    for board in boards:
        sheet = sheets.get(board.pk)
        board_lines = lines.get(sheet.pk, []) if sheet else []
        missing += len(plays.get(board.board_set, ())) - len(board_lines)
        notes = top_board(board_lines)
        topped[board.number] = [(line, notes.get(line.pk)) for line in board_lines]
        for line in board_lines:
            play = by_place.get((line.round.number, line.table_number))
            if play is None:
                continue
            for orientation, registration_id in play.players.items():
                attack = orientation == board.taker
                if line.cancelled:
                    note = Fraction(line.assigned_notes.get(orientation, DEFAULT_ASSIGNED))
                else:
                    note = notes[line.pk] if attack else 100 - notes[line.pk]
                results[registration_id].notes.append(
                    BoardNote(
                        board.number,
                        play.position,
                        play.table,
                        orientation,
                        attack,
                        line.score,
                        note,
                        line.cancelled,
                    )
                )
    for penalty in Penalty.objects.filter(
        tournament_id=session.tournament_id,
        cancelled_at__isnull=True,
        position__in=[play.position for play in by_place.values()],
    ):
        if penalty.registration_id in results:
            results[penalty.registration_id].penalty += penalty.points
    for result in results.values():
        result.notes.sort(key=lambda n: (n.position, n.board))
        counted = percentages(
            attack=[n.note for n in result.notes if n.attack],
            defence=[n.note for n in result.notes if not n.attack],
            attack_weight=ATTACK_WEIGHT,
        )
        result.attack, result.defence = counted.attack, counted.defence
        if counted.overall is not None:
            result.overall = counted.overall - result.penalty
    ranked = rank_players(list(results.values()))
    return SessionResults(session, ranked[0], ranked[1], topped, max(missing, 0))


def _order(result: PlayerResult):
    """Best first: global, then defence, then attack, then the tournament number."""
    none = Fraction(-(10**9))
    return (
        -(result.overall if result.overall is not None else none),
        -(result.defence if result.defence is not None else none),
        -(result.attack if result.attack is not None else none),
        result.registration.number,
    )


def rank_players(results: list[PlayerResult]) -> tuple[list, list]:
    """(général order, alterné order); each result's places filled in. Stand-ins are not
    ranked; a player with no note yet is ranked last, unplaced."""
    ordered = sorted(results, key=_order)
    ranked = [r for r in ordered if r.ranked and r.overall is not None]
    for place, key in general_ranking([(i, r.overall) for i, r in enumerate(ranked)]):
        ranked[key].general_place = place
    for place, key in alternate_ranking([(i, r.line, r.overall) for i, r in enumerate(ranked)]):
        ranked[key].alternate_place = place
    alternate = sorted(ranked, key=lambda r: (r.alternate_place, _order(r)))
    return ranked + [r for r in ordered if r not in ranked], alternate


@dataclass
class TournamentRow:
    registration: Registration
    total: Fraction
    sessions: dict  # séance number -> PlayerResult or None
    place: int | None = None


def tournament_results(tournament: Tournament, *, official: bool) -> list[TournamentRow]:
    """The général over every séance: Σ coefficient × (séance global − penalties), a séance
    missed counting 0."""
    per_session = [
        (s, session_results(s, official=official)) for s in tournament.sessions.order_by("number")
    ]
    rows = {}
    for session, results in per_session:
        for result in results.players:
            if not result.ranked:
                continue
            row = rows.setdefault(
                result.registration.pk, TournamentRow(result.registration, Fraction(0), {})
            )
            row.sessions[session.number] = result
            if result.overall is not None:
                row.total += Fraction(session.coefficient) * result.overall
    ordered = sorted(rows.values(), key=lambda r: (-r.total, r.registration.number))
    for place, key in general_ranking([(i, r.total) for i, r in enumerate(ordered)]):
        ordered[key].place = place
    return ordered
