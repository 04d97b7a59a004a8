"""The results as files: the workbook, CSV files, the rankings and the players' result sheets
as PDF, the federation's file.

The rows come from ``exports_rows`` (a header row then data rows of plain values, built on
``standings``, the selector of the results pages); ``common.rendering`` writes them as an
Excel workbook or as CSV, and templates under ``templates/print/`` make the PDFs. Every
document function returns ``(filename, content_type, bytes)`` for
``common.views.download``; ``document`` finds one by kind and format. The row
generators are importable from here too. Must not write, and no query count here grows with
the field.
"""

from collections.abc import Callable, Iterator

from django.db.models import Count, Q, Sum
from django.utils.translation import gettext as _

from common.rendering import CSV, PDF, XLSX, csv_bytes, render_pdf, xlsx_bytes
from common.text import name_sort_key
from scoring.exports_ranking import WORKBOOK_SHEETS, register_workbook_sheet
from scoring.formats.libre.exports_rows import (
    bilan_cells,
    deal_rows,
    federation_rows,
    individual_rows,
    penalty_rows,
    position_rows,
    seats_by_player,
    team_rows,
)
from scoring.formats.libre.standings import Standings, standings
from scoring.models import Penalty, ScoreSheet
from tournaments.models import Table, Tournament
from tournaments.models.core import seat_name
from tournaments.selectors_seating import last_published_position

__all__ = [
    "CSV_ROWS",
    "WORKBOOK_SHEETS",
    "deal_rows",
    "document",
    "federation_rows",
    "individual_rows",
    "penalty_rows",
    "player_pages",
    "player_sheets_pdf",
    "position_rows",
    "rankings_pdf",
    "register_workbook_sheet",
    "resolve_up_to",
    "results_csv",
    "results_xlsx",
    "sheet_counts",
    "team_rows",
]

Status = ScoreSheet.Status


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
    *, tournament: Tournament, up_to=None, official=False, teams=False, progress=None
) -> tuple[str, str, bytes]:
    """The individual ranking (or the team ranking) on A4, ties shown as "3=", with every
    position's bilan; landscape when there are more than five positions."""
    ranking = _ranking(tournament, up_to, official)
    entries = ranking.teams() if teams else ranking.rows
    cells = [bilan_cells(entry.bilans, ranking.up_to) for entry in entries]
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
    pdf = render_pdf("print/rankings.html", context, progress=progress)
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
    seats = seats_by_player(ranking)
    penalties = _penalties_by_position(tournament, ranking.up_to)
    pages = []
    for row in sorted(ranking.rows, key=lambda r: (name_sort_key(r.name, ""), r.number)):
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


def player_sheets_pdf(*, tournament: Tournament, up_to=None, official=False, progress=None):
    """Every player's result sheet, one A4 page each, to hand out; their positions print as
    one monospaced block (a table per page would take WeasyPrint four times as long)."""
    ranking = _ranking(tournament, up_to, official)
    pages = player_pages(tournament=tournament, ranking=ranking)
    for page in pages:
        page["head"], page["body"] = _page_text(page["lines"])
    context = {**_print_context(tournament, ranking), "pages": pages}
    pdf = render_pdf("print/player_results.html", context, progress=progress, chunked="pages")
    return _filename(tournament, "players", ranking.up_to, official, "pdf"), PDF, pdf


def document(
    *, tournament: Tournament, kind: str, fmt: str, up_to=None, official=False, progress=None
) -> tuple[str, str, bytes] | None:
    """The document ``<kind>.<fmt>``, or None when there is none (an unknown kind or format, a
    team ranking in an individual tournament); a PDF tells ``progress`` how far it is."""
    if kind == "teams" and not tournament.has_teams:
        return None
    options = {"tournament": tournament, "up_to": up_to, "official": official}
    if fmt == "csv" and kind in CSV_ROWS:
        return results_csv(kind=kind, **options)
    if (kind, fmt) == ("results", "xlsx"):
        return results_xlsx(**options)
    makers = {
        ("individual", "pdf"): rankings_pdf,
        ("teams", "pdf"): lambda **o: rankings_pdf(teams=True, **o),
        ("players", "pdf"): player_sheets_pdf,
    }
    maker = makers.get((kind, fmt))
    return maker(progress=progress, **options) if maker else None


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
