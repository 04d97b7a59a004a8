"""The results as files: rankings, marks per position, deals, penalties, the federation's file.

Row generators yield a header row then data rows of plain values (numbers stay numbers, a tie is
a column of its own), built on ``standings`` — the selector of the results pages — or on one
query of the ledger each; ``tournaments.exports`` writes them as an Excel workbook or as CSV,
and templates under ``templates/print/`` make the PDFs. Every document function returns
``(filename, content_type, bytes)`` for ``tournaments.views.helpers.download``; ``document``
finds one by kind and format. Must not write, and no query count here grows with the field.
"""

from collections.abc import Callable, Iterator

from django.db.models import Count, Q, Sum
from django.utils.translation import gettext as _

from tournaments.documents import PDF, render_pdf
from tournaments.exports import CSV, XLSX, csv_bytes, local_naive, xlsx_bytes
from tournaments.models import Registration, Seat, Table, Tournament
from tournaments.models.core import seat_name
from tournaments.selectors_seating import last_published_position

from .models import ContractChoice, Deal, Mark, Penalty, ScoreSheet
from .standings import Standings, counted_statuses, standings

Status = ScoreSheet.Status


def _yes(flag: bool) -> str:
    return _("yes") if flag else ""


def _position_labels(ranking: Standings) -> list[str]:
    return [_("Position %(k)s") % {"k": k} for k in range(1, ranking.up_to + 1)]


def _bilans(bilans: dict[int, int], up_to: int) -> list[int | None]:
    """One cell per position: empty where nothing was counted (not seated, no sheet yet)."""
    return [bilans.get(k) for k in range(1, up_to + 1)]


def individual_rows(ranking: Standings) -> Iterator[list]:
    """The individual ranking: rank, tie, numbers, names, totals, one bilan per position."""
    yield [
        _("Rank"), _("Tied"), _("No."), _("FFT number"), _("Name"), _("Club"), _("Team"),
        _("Marks"), _("Penalties"), _("Total"), _("Excluded"), *_position_labels(ranking),
    ]  # fmt: skip
    for row in ranking.rows:
        yield [
            row.rank, _yes(row.tied), row.number, row.fft_number, row.name, row.club, row.team,
            row.marks, row.penalties, row.total, _yes(row.excluded),
            *_bilans(row.bilans, ranking.up_to),
        ]  # fmt: skip


def _member(row) -> str:
    return f"{row.number} {row.name}"


def team_rows(ranking: Standings) -> Iterator[list]:
    """The team ranking: rank, tie, team, members, total, the team's bilan per position."""
    yield [
        _("Rank"), _("Tied"), _("No."), _("Team"), _("Members"), _("Total"),
        *_position_labels(ranking),
    ]  # fmt: skip
    for team in ranking.teams():
        members = ", ".join(_member(m) for m in sorted(team.members, key=lambda m: m.number))
        yield [
            team.rank, _yes(team.tied), team.number, team.name, members, team.total,
            *_bilans(team.bilans, ranking.up_to),
        ]  # fmt: skip


def _seats_by_player(ranking: Standings) -> dict[tuple[int, int], tuple[int, int]]:
    """{(registration id, position): (table number, seat)}: one query."""
    seats = Seat.objects.filter(
        round__tournament_id=ranking.tournament_id, round__number__lte=ranking.up_to
    ).values_list("registration_id", "round__number", "table__number", "position")
    return {(reg, k): (table, seat) for reg, k, table, seat in seats}


def position_rows(ranking: Standings) -> Iterator[list]:
    """Marks per position, player by player (by number): the table and the bilan of each."""
    header = [_("No."), _("Name"), _("Club")]
    for k in range(1, ranking.up_to + 1):
        header += [_("Table %(k)s") % {"k": k}, _("Bilan %(k)s") % {"k": k}]
    yield header + [_("Marks"), _("Penalties"), _("Total"), _("Rank")]
    seats = _seats_by_player(ranking)
    for row in sorted(ranking.rows, key=lambda r: r.number):
        cells = [row.number, row.name, row.club]
        for k in range(1, ranking.up_to + 1):
            table = seats.get((row.registration_id, k))
            cells += [table[0] if table else None, row.bilans.get(k)]
        yield cells + [row.marks, row.penalties, row.total, row.rank]


def deal_rows(*, tournament: Tournament, up_to: int | None = None, official=False) -> Iterator:
    """Every deal of every current sheet (confirmed ones only when ``official``), by position,
    table and deal: how it was entered, the contract, the taker, then each seat's player
    number and mark. Two queries."""
    up_to = up_to or tournament.positions
    counted = Q(
        sheet__round__tournament=tournament,
        sheet__round__number__lte=up_to,
        sheet__status__in=counted_statuses(official),
    )
    marks: dict[int, dict[int, tuple[int, int]]] = {}
    for deal_id, seat, number, value in Mark.objects.filter(counted).values_list(
        "deal_id", "seat", "registration__number", "value"
    ):
        marks.setdefault(deal_id, {})[seat] = (number, value)
    size = max((max(by_seat) + 1 for by_seat in marks.values()), default=4)
    header = [
        _("Position"), _("Table"), _("Sheet"), _("Version"), _("Deal"), _("Entered as"),
        _("Contract"), _("Taker"), _("Partner"), _("Sits out"), _("Dealer"), _("Dealt again"),
    ]  # fmt: skip
    for seat in range(size):
        header += [
            _("%(seat)s No.") % {"seat": seat_name(seat)},
            _("%(seat)s mark") % {"seat": seat_name(seat)},
        ]
    yield header
    modes, contracts = dict(Deal.Mode.choices), dict(ContractChoice.choices)
    statuses = dict(Status.choices)
    deals = (
        Deal.objects.filter(counted)
        .order_by("sheet__round__number", "sheet__table__number", "number")
        .values_list(
            "id", "sheet__round__number", "sheet__table__number", "sheet__status",
            "sheet__version", "number", "mode", "contract", "taker__number", "partner__number",
            "sitting_out__number", "dealer__number", "dealt_again",
        )
    )  # fmt: skip
    for deal_id, k, table, status, version, number, mode, contract, *players, again in deals:
        cells = [k, table, str(statuses[status]), version, number, str(modes[mode])]
        cells += [str(contracts[contract]) if contract else "", *players, _yes(again)]
        by_seat = marks.get(deal_id, {})
        for seat in range(size):
            cells += list(by_seat.get(seat, (None, None)))
        yield cells


def penalty_rows(*, tournament: Tournament, up_to: int | None = None) -> Iterator[list]:
    """Every penalty of the positions counted (and those of no position), cancelled ones
    included and said so: one query."""
    up_to = up_to or tournament.positions
    yield [
        _("Position"), _("No."), _("Player"), _("Points"), _("Reason"), _("Decided by"),
        _("By"), _("At"), _("Counted"), _("Cancelled at"), _("Why it was cancelled"),
    ]  # fmt: skip
    penalties = (
        Penalty.objects.filter(tournament=tournament)
        .filter(Q(position__lte=up_to) | Q(position__isnull=True))
        .select_related("registration__player", "created_by")
        .order_by("position", "created_at", "id")
    )
    for penalty in penalties:
        yield [
            penalty.position, penalty.registration.number, penalty.registration.name,
            penalty.points, penalty.reason, penalty.reference,
            str(penalty.created_by or ""), local_naive(penalty.created_at), _yes(penalty.is_active),
            local_naive(penalty.cancelled_at), penalty.cancel_reason,
        ]  # fmt: skip


def federation_rows(ranking: Standings) -> Iterator[list]:
    """The federation's results file: licence, name, club, rank, total and positions played
    (seated in), in ranking order; one query besides the ranking."""
    yield [
        _("Licence"), _("Last name"), _("First name"), _("Club"), _("Club number"), _("Rank"),
        _("Total"), _("Positions played"),
    ]  # fmt: skip
    people = {
        reg["pk"]: reg
        for reg in Registration.objects.filter(tournament_id=ranking.tournament_id)
        .annotate(played=Count("seats", filter=Q(seats__round__number__lte=ranking.up_to)))
        .values(
            "pk", "player__licence", "last_name", "first_name",
            "club__name", "club__federation_number", "played",
        )
    }  # fmt: skip
    for row in ranking.rows:
        reg = people[row.registration_id]
        yield [
            reg["player__licence"] or "", reg["last_name"].upper(),
            reg["first_name"], reg["club__name"] or "",
            reg["club__federation_number"] or "", row.rank, row.total, reg["played"],
        ]  # fmt: skip


# Documents ------------------------------------------------------------------------------------


def resolve_up_to(tournament: Tournament, up_to: int | None) -> int:
    """The last position counted: the latest published by default, else clamped to the
    tournament's."""
    if up_to is None:
        return last_published_position(tournament=tournament)
    return min(max(up_to, 1), tournament.positions)


def _filename(tournament: Tournament, kind: str, up_to: int, official: bool, ext: str) -> str:
    state = "official" if official else "provisional"
    return f"{tournament.slug}-{kind}-after-{up_to}-{state}.{ext}"


def _ranking(tournament: Tournament, up_to: int | None, official: bool) -> Standings:
    return standings(
        tournament=tournament, up_to=resolve_up_to(tournament, up_to), official=official
    )


# Sheets that apps built on scoring add to the results workbook, after scoring's own: each a
# function of the tournament giving (title, rows). ``arbitration`` registers the arbitre's
# report ("Arbitrage") from its AppConfig.ready, so that scoring never imports it.
WORKBOOK_SHEETS: list[Callable[[Tournament], tuple[str, Iterator[list]]]] = []


def register_workbook_sheet(sheet: Callable[[Tournament], tuple[str, Iterator[list]]]) -> None:
    if sheet not in WORKBOOK_SHEETS:
        WORKBOOK_SHEETS.append(sheet)


def results_xlsx(*, tournament: Tournament, up_to=None, official=False) -> tuple[str, str, bytes]:
    """One workbook: individual ranking, team ranking (in a team tournament), marks per
    position, deals, penalties, then the sheets other apps registered (``WORKBOOK_SHEETS``:
    the arbitre's report)."""
    ranking = _ranking(tournament, up_to, official)
    sheets = [(_("Individual ranking"), individual_rows(ranking))]
    if tournament.has_teams:
        sheets.append((_("Team ranking"), team_rows(ranking)))
    sheets += [
        (_("Marks per position"), position_rows(ranking)),
        (_("Deals"), deal_rows(tournament=tournament, up_to=ranking.up_to, official=official)),
        (_("Penalties"), penalty_rows(tournament=tournament, up_to=ranking.up_to)),
    ]
    sheets += [sheet(tournament) for sheet in WORKBOOK_SHEETS]
    content = xlsx_bytes(sheets)
    return _filename(tournament, "results", ranking.up_to, official, "xlsx"), XLSX, content


def _on_ranking(rows: Callable[[Standings], Iterator[list]]):
    return lambda tournament, up_to, official: rows(_ranking(tournament, up_to, official))


# kind -> rows(tournament, up_to, official): one CSV file each.
CSV_ROWS = {
    "individual": _on_ranking(individual_rows),
    "teams": _on_ranking(team_rows),
    "positions": _on_ranking(position_rows),
    "deals": lambda tournament, up_to, official: deal_rows(
        tournament=tournament, up_to=up_to, official=official
    ),
    "penalties": lambda tournament, up_to, official: penalty_rows(
        tournament=tournament, up_to=up_to
    ),
    "federation": _on_ranking(federation_rows),
}


def results_csv(
    *, tournament: Tournament, kind: str, up_to=None, official=False
) -> tuple[str, str, bytes]:
    """One of ``CSV_ROWS`` as CSV for French Excel (UTF-8 with BOM, ``;`` between fields)."""
    up_to = resolve_up_to(tournament, up_to)
    content = csv_bytes(CSV_ROWS[kind](tournament, up_to, official))
    return _filename(tournament, kind, up_to, official, "csv"), CSV, content


def _print_context(tournament: Tournament, ranking: Standings) -> dict:
    return {
        "tournament": tournament,
        "ranking": ranking,
        "positions": range(1, ranking.up_to + 1),
        "players": len(ranking.rows),
    }


# WeasyPrint's time goes per box: figures print as monospaced text, one box for many numbers.
BILANS_PER_LINE = 10


def _columns(cells: list, width: int) -> str:
    """Cells right-aligned in columns of ``width`` characters, a new line every ten."""
    text = [f"{'' if cell is None else cell:>{width}}" for cell in cells]
    lines = ["".join(text[i : i + BILANS_PER_LINE]) for i in range(0, len(text), BILANS_PER_LINE)]
    return "\n".join(lines)


def rankings_pdf(
    *, tournament: Tournament, up_to=None, official=False, teams=False
) -> tuple[str, str, bytes]:
    """The individual ranking (or the team ranking) on A4, ties shown as "3=", with every
    position's bilan; landscape when there are more than five positions."""
    ranking = _ranking(tournament, up_to, official)
    entries = ranking.teams() if teams else ranking.rows
    cells = [_bilans(entry.bilans, ranking.up_to) for entry in entries]
    width = 1 + max((len(str(c)) for line in cells for c in line if c is not None), default=4)
    lines = [
        {"row": entry, "bilans": _columns(line, width)}
        for entry, line in zip(entries, cells, strict=True)
    ]
    context = {
        **_print_context(tournament, ranking),
        "rows": None if teams else lines,
        "teams": lines if teams else None,
        "bilans_head": _columns(list(range(1, ranking.up_to + 1)), width),
        "landscape": ranking.up_to > 5,
    }
    kind = "teams" if teams else "individual"
    pdf = render_pdf("print/rankings.html", context)
    return _filename(tournament, kind, ranking.up_to, official, "pdf"), PDF, pdf


def _penalties_by_position(tournament: Tournament, up_to: int) -> dict[tuple, int]:
    """{(registration id, position or None): points in force}: one query."""
    penalties = (
        Penalty.objects.filter(tournament=tournament, cancelled_at__isnull=True)
        .filter(Q(position__lte=up_to) | Q(position__isnull=True))
        .order_by()
        .values("registration_id", "position")
        .annotate(points=Sum("points"))
        .values_list("registration_id", "position", "points")
    )
    return {(reg, k): points for reg, k, points in penalties}


def player_pages(*, tournament: Tournament, ranking: Standings) -> list[dict]:
    """One page per player (alphabetical): each position they sat with table, seat, bilan,
    penalties, and the total and rank after it. The standings after each position (4 queries
    each, the same selector as the results pages) and 2 more queries."""
    after = {
        k: standings(tournament=tournament, up_to=k, official=ranking.official)
        for k in range(1, ranking.up_to)
    }
    after[ranking.up_to] = ranking
    rows_after = {k: {row.registration_id: row for row in r.rows} for k, r in after.items()}
    seats = _seats_by_player(ranking)
    penalties = _penalties_by_position(tournament, ranking.up_to)
    pages = []
    for row in sorted(ranking.rows, key=lambda r: (r.name, r.number)):
        lines = []
        for k in range(1, ranking.up_to + 1):
            seat = seats.get((row.registration_id, k))
            then = rows_after[k].get(row.registration_id)
            if seat is None or then is None:
                continue
            lines.append(
                {
                    "position": k,
                    "table": seat[0],
                    "seat": seat_name(seat[1]),
                    "bilan": row.bilans.get(k),
                    "penalties": penalties.get((row.registration_id, k), 0),
                    "total": then.total,
                    "rank": then.rank,
                    "tied": then.tied,
                }
            )
        other = penalties.get((row.registration_id, None), 0)
        pages.append({"row": row, "lines": lines, "other_penalties": other})
    return pages


def _text_table(header: list[str], rows: list[list], left: set[int]) -> tuple[str, str]:
    """A header line and the body lines, in columns as wide as their widest cell: the columns
    in ``left`` aligned left (words), the others right (figures)."""
    cells = [header] + [["" if c is None else str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]

    def line(row):
        return "  ".join(
            c.ljust(w) if i in left else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()

    return line(cells[0]), "\n".join(line(row) for row in cells[1:])


def _page_text(lines: list[dict]) -> tuple[str, str]:
    header = [_("Position"), _("Table"), _("Seat"), _("Bilan"), _("Penalties"), _("Total")]
    rows = [
        [
            line["position"], line["table"], line["seat"], line["bilan"],
            f"−{line['penalties']}" if line["penalties"] else "", line["total"],
            # A space where a tie has its "=": the digits of every rank stay aligned.
            f"{line['rank']}{'=' if line['tied'] else ' '}",
        ]
        for line in lines
    ]  # fmt: skip
    return _text_table(header + [_("Rank")], rows, left={0, 2})


def player_sheets_pdf(*, tournament: Tournament, up_to=None, official=False):
    """Every player's result sheet, one A4 page each, to hand out; their positions print as
    one monospaced block (a table per page would take WeasyPrint four times as long)."""
    ranking = _ranking(tournament, up_to, official)
    pages = player_pages(tournament=tournament, ranking=ranking)
    for page in pages:
        page["head"], page["body"] = _page_text(page["lines"])
    context = {**_print_context(tournament, ranking), "pages": pages}
    pdf = render_pdf("print/player_results.html", context)
    return _filename(tournament, "players", ranking.up_to, official, "pdf"), PDF, pdf


def document(
    *, tournament: Tournament, kind: str, fmt: str, up_to=None, official=False
) -> tuple[str, str, bytes] | None:
    """The document ``<kind>.<fmt>``, or None when there is none (an unknown kind or format, a
    team ranking in an individual tournament)."""
    if kind == "teams" and not tournament.has_teams:
        return None
    options = {"tournament": tournament, "up_to": up_to, "official": official}
    if fmt == "csv" and kind in CSV_ROWS:
        return results_csv(kind=kind, **options)
    makers = {
        ("results", "xlsx"): results_xlsx,
        ("individual", "pdf"): rankings_pdf,
        ("teams", "pdf"): lambda **o: rankings_pdf(teams=True, **o),
        ("players", "pdf"): player_sheets_pdf,
    }
    maker = makers.get((kind, fmt))
    return maker(**options) if maker else None


def sheet_counts(*, tournament: Tournament, up_to: int) -> dict[str, int]:
    """How many tables the positions up to ``up_to`` seat, and how many of their current sheets
    are entered and confirmed: 2 queries, for the downloads page."""
    sheets = ScoreSheet.objects.filter(
        round__tournament=tournament, round__number__lte=up_to
    ).aggregate(
        entered=Count("id", filter=Q(status=Status.ENTERED)),
        confirmed=Count("id", filter=Q(status=Status.CONFIRMED)),
    )
    tables = Table.objects.filter(round__tournament=tournament, round__number__lte=up_to).count()
    return {"tables": tables, **sheets}
