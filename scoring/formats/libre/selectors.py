"""Reads of score sheets for pages, services and documents, in a constant number of queries.

A stored version reads back as the ``CheckedDeal`` values the sheet check produced, so the page,
the history's comparison and the audit entries all speak the same shape. Must not write.
"""

from dataclasses import dataclass, field

from django.db.models import Prefetch, Q, Sum

from scoring.engine import Ruleset
from scoring.engine.entry import SheetEntry, entry_of_deals
from scoring.engine.sheet import CheckedDeal, TableSetup
from scoring.models import BidBan, Deal, Mark, Penalty, ScoreSheet
from tournaments.models import Round, Seat, Table, Tournament
from tournaments.selectors_seating import round_tables

Status = ScoreSheet.Status


def ruleset_of(tournament: Tournament) -> Ruleset:
    return Ruleset(
        poignee_simple=tournament.poignee_simple,
        poignee_double=tournament.poignee_double,
        poignee_triple=tournament.poignee_triple,
    )


def deals_for(tournament: Tournament, size: int) -> int:
    return {3: tournament.deals_table_3, 4: tournament.deals_table_4, 5: tournament.deals_table_5}[
        size
    ]


def table_setup(*, table: Table, seats=None) -> TableSetup:
    """The table as the sheet check sees it: 2 queries (seats, bans) unless seats are given."""
    tournament = table.round.tournament
    if seats is None:
        seats = list(table.seats.order_by("number"))
    registrations = tuple(seat.registration_id for seat in seats)
    setup = TableSetup(
        registrations=registrations,
        deals=deals_for(tournament, len(registrations)),
        called_king=len(registrations) == 5
        and tournament.table5_mode == tournament.Table5Mode.CALLED_KING,
        ruleset=ruleset_of(tournament),
    )
    bans = BidBan.objects.filter(
        Q(registration_id__in=registrations)
        | Q(registration__isnull=True, table_number=table.number),
        tournament_id=tournament.pk,
        position=table.round.number,
        cancelled_at__isnull=True,
    ).values_list("registration_id", "deal_number", "reason")
    for reg, deal, reason in bans:
        if reg is None:  # whoever deals that deal (a misdeal)
            setup.dealer_bans[deal] = reason
        else:  # deal None: the first deal the player plays, once the sheet says who deals
            setup.bans[reg, deal] = reason
    return setup


def current_sheet(*, table: Table) -> ScoreSheet | None:
    return (
        ScoreSheet.objects.filter(table=table)
        .exclude(status=Status.SUPERSEDED)
        .select_related("entered_by", "confirmed_by", "round__tournament")
        .first()
    )


def _with_deals():
    return Prefetch(
        "deals",
        queryset=Deal.objects.order_by("number").prefetch_related(
            Prefetch("marks", queryset=Mark.objects.order_by("seat"))
        ),
    )


def sheet_deals(sheet: ScoreSheet) -> list[CheckedDeal]:
    """The deals of a stored version, as the check produced them (uses prefetched rows)."""
    result = []
    for deal in sheet.deals.all():
        marks = list(deal.marks.all())
        seat_of = {mark.registration_id: mark.seat for mark in marks}
        result.append(
            CheckedDeal(
                number=deal.number,
                mode=deal.mode,
                contract=deal.contract,
                taker=seat_of.get(deal.taker_id),
                partner=seat_of.get(deal.partner_id),
                sitting_out=seat_of.get(deal.sitting_out_id),
                marks=tuple(mark.value for mark in marks),
                amount=deal.amount,
                bouts=deal.bouts,
                points=deal.points,
                petit_au_bout=deal.petit_au_bout,
                poignees=tuple((seat_of[reg], level) for reg, level in deal.poignees),
                chelem_announced=deal.chelem_announced,
                chelem=deal.chelem,
                dealer=seat_of.get(deal.dealer_id),
                dealt_again=deal.dealt_again,
            )
        )
    return result


def load_sheet(sheet_id: int) -> ScoreSheet:
    return (
        ScoreSheet.objects.select_related("entered_by", "confirmed_by", "table")
        .prefetch_related(_with_deals())
        .get(pk=sheet_id)
    )


def _summary_deal(deal: CheckedDeal) -> dict:
    return {
        "number": deal.number,
        "mode": deal.mode,
        "contract": deal.contract,
        "taker": deal.taker,
        "partner": deal.partner,
        "marks": list(deal.marks),
        "bouts": deal.bouts,
        "points": None if deal.points is None else str(deal.points),
        "petit_au_bout": deal.petit_au_bout,
        "poignees": [list(p) for p in deal.poignees],
        "chelem_announced": deal.chelem_announced,
        "chelem": deal.chelem,
        "dealer": deal.dealer,
        "dealt_again": deal.dealt_again,
    }


def sheet_summary(*, sheet: ScoreSheet) -> dict:
    """A version as plain data (seats, not ids): what audit entries keep as before/after."""
    sheet = load_sheet(sheet.pk)
    return {
        "version": sheet.version,
        "visas": sheet.visas,
        "short_reason": sheet.short_reason,
        "deals": [_summary_deal(d) for d in sheet_deals(sheet)],
    }


def sheet_entry(*, sheet: ScoreSheet) -> SheetEntry:
    """A stored version as a sheet typed again: where an edit or an arbitre's decision starts."""
    sheet = load_sheet(sheet.pk)
    return entry_of_deals(
        sheet_deals(sheet),
        sheet.table.size,
        visas=sheet.visas,
        short_reason=sheet.short_reason,
    )


@dataclass
class DashboardRow:
    table: Table
    sheet: ScoreSheet | None
    bans: list = field(default_factory=list)  # the bid bans in force at the table

    @property
    def state(self) -> str:
        if self.sheet is None:
            return "missing"
        if self.sheet.is_confirmed:
            return "confirmed"
        return "flagged" if self.sheet.warnings else "entered"

    @property
    def visas_missing(self) -> list[int]:
        """The seats whose visa the current sheet lacks (it cannot be confirmed without)."""
        if self.sheet is None or self.sheet.is_confirmed:
            return []
        return [seat for seat in range(self.table.size) if seat not in self.sheet.visas]


@dataclass
class Dashboard:
    round: Round
    rows: list[DashboardRow]
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def blockers(self) -> list[DashboardRow]:
        return [row for row in self.rows if row.state != "confirmed"]


def round_dashboard(*, round: Round) -> Dashboard:
    """Every table of a position with its current sheet: 3 queries whatever the size."""
    tables = list(round_tables(round=round))
    sheets = {
        sheet.table_id: sheet
        for sheet in round.score_sheets.exclude(status=Status.SUPERSEDED).select_related(
            "entered_by", "confirmed_by"
        )
    }
    rows = [DashboardRow(table=t, sheet=sheets.get(t.pk)) for t in tables]
    counts = dict.fromkeys(("missing", "entered", "flagged", "confirmed"), 0)
    for row in rows:
        counts[row.state] += 1
    return Dashboard(round=round, rows=rows, counts=counts)


@dataclass
class Version:
    sheet: ScoreSheet
    deals: list[CheckedDeal]
    changes: dict[int, set[str]]  # deal number -> what changed since the version before
    visas_changed: bool = False


_COMPARED = (
    "mode",
    "contract",
    "taker",
    "partner",
    "bouts",
    "points",
    "petit_au_bout",
    "poignees",
    "chelem_announced",
    "chelem",
    "dealer",
    "dealt_again",
)


def _deal_changes(old: CheckedDeal | None, new: CheckedDeal | None, size: int) -> set[str]:
    if old is None or new is None:
        return {"added" if old is None else "removed"}
    changed = {name for name in _COMPARED if getattr(old, name) != getattr(new, name)}
    changed |= {f"mark{s}" for s in range(size) if old.marks[s] != new.marks[s]}
    return changed


def sheet_history(*, table: Table) -> list[Version]:
    """Every version of a table's sheet, newest first, each compared with the one before."""
    sheets = list(
        table.score_sheets.select_related("entered_by", "confirmed_by")
        .prefetch_related(_with_deals())
        .order_by("version")
    )
    size = table.size
    versions, previous = [], {}
    previous_visas = None
    for sheet in sheets:
        deals = sheet_deals(sheet)
        by_number = {d.number: d for d in deals}
        changes = {}
        if versions:
            for number in sorted(set(previous) | set(by_number)):
                found = _deal_changes(previous.get(number), by_number.get(number), size)
                if found:
                    changes[number] = found
        versions.append(
            Version(
                sheet=sheet,
                deals=deals,
                changes=changes,
                visas_changed=previous_visas is not None and previous_visas != sheet.visas,
            )
        )
        previous, previous_visas = by_number, sheet.visas
    return list(reversed(versions))


def table_seats(*, table: Table) -> list[Seat]:
    return list(table.seats.select_related("registration__player").order_by("number"))


@dataclass
class Reconciliation:
    """Marks must sum to zero; totals (marks and penalties) to minus the penalties."""

    marks: int
    penalties: int
    bad_tables: list[tuple[int, int, int]]  # (position, table, sum of its marks)

    @property
    def totals(self) -> int:
        return self.marks - self.penalties

    @property
    def ok(self) -> bool:
        return self.marks == 0 and not self.bad_tables


def reconciliation(*, tournament: Tournament, position: int | None = None) -> Reconciliation:
    """The ledger checked by the database, for a position or the whole tournament: 3 queries."""
    marks = Mark.objects.filter(sheet__round__tournament=tournament).exclude(
        sheet__status=Status.SUPERSEDED
    )
    penalties = Penalty.objects.filter(tournament=tournament, cancelled_at__isnull=True)
    if position is not None:
        marks = marks.filter(sheet__round__number=position)
        penalties = penalties.filter(position=position)
    bad = (
        marks.values("sheet__round__number", "sheet__table__number")
        .annotate(total=Sum("value"))
        .exclude(total=0)
        .order_by("sheet__round__number", "sheet__table__number")
    )
    return Reconciliation(
        marks=marks.aggregate(total=Sum("value"))["total"] or 0,
        penalties=penalties.aggregate(total=Sum("points"))["total"] or 0,
        bad_tables=[
            (row["sheet__round__number"], row["sheet__table__number"], row["total"]) for row in bad
        ],
    )


def penalties_by_position(penalties) -> dict[int | None, int]:
    """Points of the penalties in force, summed per position (None: the whole tournament)."""
    points: dict[int | None, int] = {}
    for penalty in penalties:
        if penalty.is_active:
            points[penalty.position] = points.get(penalty.position, 0) + penalty.points
    return points
