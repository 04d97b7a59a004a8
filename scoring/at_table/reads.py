"""Reads of the arbitre's live board of entry at the table: every table of a position (libre) or
of a séance (duplicate) with its codes and the state of its entries, the alerts (an entry
disputed, an entry the checks refused and no arbitre has seen), and one table's record (every
entry with who entered and approved it, from which seat and device, and what the ledger holds).

The board is polled every few seconds: it reads a fixed number of queries whatever the number of
tables (the codes, one count of the entries by table and status, the alerts), never a format's
``items`` or ``ledger`` per table. Writes nothing but the codes a table has not had yet
(``services.accesses_of``).
"""

import statistics
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Count, Max, QuerySet

from scoring.at_table import services
from scoring.at_table.unsettled import unsettled_tables
from scoring.models import TableAccess, TableEntry, TableRefusal
from tournaments.models import Table

Status = TableEntry.Status
LATE_BY = 2  # approved entries behind the median of the other tables of the position
ALERTS_SHOWN = 50


class State:
    """A table's state on the board, the most pressing first."""

    PAPER = "paper"  # an arbitre put it on paper
    DISPUTED = "disputed"  # an entry disputed: the arbitre decides or the table corrects
    WAITING = "waiting"  # an entry waits for the other side's approval
    PLAYING = "playing"  # every entry so far is approved
    NOT_STARTED = "not_started"  # nothing entered yet


@dataclass
class TableRow:
    table: Table
    access: TableAccess
    approved: int = 0
    waiting: int = 0
    disputed: int = 0
    last: datetime | None = None  # the last entry's time
    late: bool = False
    url: str = ""  # its page, as the view names it

    @property
    def entered(self) -> int:
        return self.approved + self.waiting + self.disputed

    @property
    def state(self) -> str:
        if self.access.on_paper:
            return State.PAPER
        if self.disputed:
            return State.DISPUTED
        if self.waiting:
            return State.WAITING
        return State.PLAYING if self.approved else State.NOT_STARTED


@dataclass(frozen=True)
class Alert:
    kind: str  # "disputed" or "refused"
    table: Table
    number: int | None
    message: str
    at: datetime
    refusal: int | None = None  # the refusal's id, to mark it seen


@dataclass
class Position:
    number: int
    rows: list[TableRow] = field(default_factory=list)


@dataclass
class TablesBoard:
    positions: list[Position]
    alerts: list[Alert]
    unsettled: list[Table]  # tables whose entries hold the closing back

    @property
    def rows(self) -> list[TableRow]:
        return [row for position in self.positions for row in position.rows]


def _counts(tables: QuerySet) -> dict[int, dict]:
    found: dict[int, dict] = {}
    rows = (
        TableEntry.objects.filter(table__in=tables)
        .exclude(status=Status.REPLACED)
        .values("table_id", "status")
        .annotate(n=Count("pk"), last=Max("entered_at"))
        .order_by()
    )
    for row in rows:
        counts = found.setdefault(row["table_id"], {"last": None})
        counts[row["status"]] = row["n"]
        if counts["last"] is None or row["last"] > counts["last"]:
            counts["last"] = row["last"]
    return found


def _mark_late(rows: list[TableRow]) -> None:
    """A table is late when it has ``LATE_BY`` approved entries fewer than the median table of
    its position (tables on paper count for nothing: their deals are on paper)."""
    playing = [row for row in rows if not row.access.on_paper]
    if len(playing) < 2:
        return
    median = statistics.median(row.approved for row in playing)
    for row in playing:
        row.late = median - row.approved >= LATE_BY


def alerts_of(tables: QuerySet) -> list[Alert]:
    """The entries disputed (live ones) and the refused entries no arbitre has seen, newest
    first."""
    disputed = (
        TableEntry.objects.filter(table__in=tables, status=Status.DISPUTED)
        .select_related("table__round")
        .order_by("-entered_at")[:ALERTS_SHOWN]
    )
    refused = (
        TableRefusal.objects.filter(table__in=tables, kind=TableRefusal.Kind.REFUSED, seen=False)
        .select_related("table__round")
        .order_by("-at")[:ALERTS_SHOWN]
    )
    alerts = [Alert("disputed", e.table, e.number, e.dispute, e.entered_at) for e in disputed]
    alerts += [Alert("refused", r.table, r.number, r.message, r.at, r.pk) for r in refused]
    return sorted(alerts, key=lambda alert: alert.at, reverse=True)


def tables_board(*, tables: QuerySet) -> TablesBoard:
    """The board of ``tables`` (a position's, or a séance's over its positions)."""
    tables = tables.select_related("round").order_by("round__number", "number")
    listed = list(tables)
    accesses: dict[int, TableAccess] = {}
    for round_ in {table.round_id: table.round for table in listed}.values():
        accesses.update({a.table_id: a for a in services.accesses_of(round_).values()})
    counts = _counts(tables)
    positions: dict[int, Position] = {}
    for table in listed:
        found = counts.get(table.pk, {})
        row = TableRow(
            table=table,
            access=accesses[table.pk],
            approved=found.get(Status.APPROVED, 0),
            waiting=found.get(Status.WAITING, 0),
            disputed=found.get(Status.DISPUTED, 0),
            last=found.get("last"),
        )
        number = table.round.number
        positions.setdefault(number, Position(number)).rows.append(row)
    for position in positions.values():
        _mark_late(position.rows)
    return TablesBoard(
        positions=list(positions.values()),
        alerts=alerts_of(tables),
        unsettled=unsettled_tables(tables),
    )


@dataclass(frozen=True)
class EntryView:
    entry: TableEntry
    summary: str
    seat: str  # who entered it: the seat's label and player
    approved_by: str  # who approved it, if anyone


@dataclass
class TableRecord:
    table: Table
    access: TableAccess
    entries: list[EntryView]  # every entry, the replaced ones too, by number then newest first
    ledger: list[tuple[int, str]]  # what the score sheet or travelling sheets hold, in words
    refusals: list[TableRefusal]


def _seat_label(seats: dict, seat) -> str:
    view = seats.get(seat)
    return f"{view.label} · {view.name}" if view is not None else ""


def table_record(*, table: Table) -> TableRecord:
    """Everything the table entered and what the ledger holds of it."""
    game = services.game_of(table)
    seats = {view.seat: view for view in game.seats(table)}
    entries = [
        EntryView(
            entry=entry,
            summary=game.summary(table, entry.number, entry.data) if entry.data else "",
            seat=_seat_label(seats, entry.seat),
            approved_by=_seat_label(seats, entry.approved_seat),
        )
        for entry in table.entries.select_related("by_arbitre").order_by("number", "-id")
    ]
    ledger = sorted(game.ledger(table).items())
    refusals = list(
        TableRefusal.objects.filter(table=table, kind=TableRefusal.Kind.REFUSED).order_by("-at")
    )
    return TableRecord(
        table=table,
        # Read again: the table's cached access may predate the arbitre's last change.
        access=TableAccess.objects.filter(table=table).first() or services.access_of(table),
        entries=entries,
        ledger=[(number, game.summary(table, number, data)) for number, data in ledger],
        refusals=refusals,
    )
