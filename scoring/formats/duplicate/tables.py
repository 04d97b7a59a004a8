"""Reads of a séance table by table (fft-duplicate.md §2 "Entry": "the same data can be viewed
table by table"): at each position, the série the table plays, its four players, and each étui's
score as the staff know it: the line of the étui's current travelling sheet (confirmed or not),
else the score the table reported (``TableReport``), else nothing yet.

Staff only: it reads unconfirmed sheets and reports whatever the séance's state, so no public
page may call it. Reads only; the reports are written by ``services_duplicate_reports``.
"""

from collections import defaultdict
from dataclasses import dataclass

from scoring.formats.duplicate.reads import Play, board_plays
from scoring.models.duplicate import Board, TravellingLine, TravellingSheet
from scoring.models.duplicate_reports import TableReport
from tournaments.models import Registration, Session

CONFIRMED, ENTERED, REPORTED, MISSING = "confirmed", "entered", "reported", "missing"


@dataclass(frozen=True)
class BoardScore:
    """One étui a table played at one position, and what is known of its score there."""

    board: Board
    source: str  # CONFIRMED or ENTERED (a travelling-sheet line), REPORTED, MISSING
    score: int | None  # the sheet's line, else the report's
    cancelled: bool  # the arbitre cancelled the deal at that table (sheet line)
    reported: int | None  # the table's own report, shown in its form


@dataclass(frozen=True)
class TablePosition:
    play: Play
    board_set: int
    players: dict  # orientation -> Registration
    boards: tuple[BoardScore, ...]

    @property
    def has_report(self) -> bool:
        return any(b.reported is not None for b in self.boards)


@dataclass(frozen=True)
class TableProgress:
    """A table's row in the séance's index of tables."""

    table: int
    sets: tuple[tuple[int, int], ...]  # (position, série) in the order of positions
    recorded: int  # étuis with a travelling-sheet line for this table
    reported: int  # étuis known only from the table's report
    expected: int


def _known(session: Session, table: int | None):
    """((board id, position, table) -> (score, cancelled, sheet status), same key -> reported
    score): two queries, one table's rows or the whole séance's."""
    lines = TravellingLine.objects.filter(sheet__board__session=session).exclude(
        sheet__status=TravellingSheet.Status.SUPERSEDED
    )
    reports = TableReport.objects.filter(board__session=session)
    if table is not None:
        lines, reports = lines.filter(table_number=table), reports.filter(table_number=table)
    on_sheets = {
        (board, position, number): (score, cancelled, status)
        for board, position, number, score, cancelled, status in lines.values_list(
            "sheet__board_id",
            "round__number",
            "table_number",
            "score",
            "cancelled",
            "sheet__status",
        )  # fmt: skip
    }
    reported = {
        (board, position, number): score
        for board, position, number, score in reports.values_list(
            "board_id", "round__number", "table_number", "score"
        )
    }
    return on_sheets, reported


def _score(board: Board, play: Play, on_sheets, reported) -> BoardScore:
    key = (board.pk, play.position, play.table)
    report = reported.get(key)
    if key in on_sheets:
        score, cancelled, status = on_sheets[key]
        source = CONFIRMED if status == TravellingSheet.Status.CONFIRMED else ENTERED
        return BoardScore(board, source, score, cancelled, report)
    if report is not None:
        return BoardScore(board, REPORTED, report, False, report)
    return BoardScore(board, MISSING, None, False, None)


def _boards_by_set(session: Session) -> dict[int, list[Board]]:
    boards = defaultdict(list)
    for board in Board.objects.filter(session=session).order_by("number"):
        boards[board.board_set].append(board)
    return boards


def table_positions(session: Session, table: int) -> list[TablePosition]:
    """Table ``table``'s positions in order, each with its série, players and étuis' scores."""
    plays = [
        (série, play)
        for série, série_plays in board_plays(session).items()
        for play in série_plays
        if play.table == table
    ]
    plays.sort(key=lambda item: item[1].position)
    players = Registration.objects.in_bulk(
        {pk for _série, play in plays for pk in play.players.values()}
    )
    boards = _boards_by_set(session)
    on_sheets, reported = _known(session, table)
    return [
        TablePosition(
            play,
            série,
            {o: players.get(pk) for o, pk in play.players.items()},
            tuple(_score(board, play, on_sheets, reported) for board in boards.get(série, ())),
        )
        for série, play in plays
    ]


def tables_progress(session: Session) -> list[TableProgress]:
    """Every table of the séance: the séries it plays, how many of its scores are in."""
    boards = _boards_by_set(session)
    on_sheets, reported = _known(session, None)
    by_table = defaultdict(list)
    for série, série_plays in board_plays(session).items():
        for play in série_plays:
            by_table[play.table].append((série, play))
    rows = []
    for table in sorted(by_table):
        plays = sorted(by_table[table], key=lambda item: item[1].position)
        scores = [
            _score(board, play, on_sheets, reported)
            for série, play in plays
            for board in boards.get(série, ())
        ]
        rows.append(
            TableProgress(
                table,
                tuple((play.position, série) for série, play in plays),
                sum(1 for s in scores if s.source in (CONFIRMED, ENTERED)),
                sum(1 for s in scores if s.source == REPORTED),
                len(scores),
            )
        )
    return rows
