"""Printed documents of a position: table plan, alphabetical list, score sheets, table cards
(A4 PDFs).

Each function returns ``(filename, content_type, bytes)``; ``common.views.download`` turns that
into a response. The PDFs come from templates under ``templates/print/`` through WeasyPrint,
with no outside resource: the only URLs a document may load are its own ``resource:`` images
(fonts are the system's). What goes on a wall (plan, list) prints the public seating page's
address and its QR code, drawn in the document as SVG; the caller gives the address, as the
players reach the server. When the tables enter their deals at the table, each table card and
score sheet carries that table's QR code and short code (``extensions.table_codes``, from the
server's address ``site`` as the players reach it). Names too long for a fixed box shrink, then
take two lines (``print_fit``); ``tests/tournaments/test_print_layout.py`` checks that no word
overlaps another.
"""

from django.utils.formats import date_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from common.rendering import PDF, render_pdf

from .extensions import score_sheet_notes, table_codes
from .models import Round
from .print_fit import fit_lines
from .score_sheet_layout import WIDTH, png, score_sheet_grid, svg
from .selectors_seating import round_seats_by_name, round_tables

# Room (mm) for a player's name in a table of the plan: the card's width less its padding,
# borders and the seat column (templates/print/table_plan.html), less a little for rounding.
PLAN_NAME_ROOM = 88 - 2 * 4 - 1 - 24 - 1
# On a table card's face: its width less the padding, and the room left beside "Position 12".
CARD_NAME_ROOM = 297 - 2 * 12 - 8 - 50


def _name(round_: Round, kind: str) -> str:
    return f"{round_.tournament.slug}-position-{round_.number}-{kind}.pdf"


def _player(seat) -> str:
    return f"{seat.registration.last_name.upper()} {seat.registration.first_name}"


def _plan_tables(round_: Round) -> list[dict]:
    """The tables with each seat's name fitted to its line of the card: a long name shrinks,
    then takes two lines (a card holds five players at most, whatever their names)."""
    return [
        {
            "number": table.number,
            "seats": [
                {
                    "seat": seat.seat_name,
                    "name": fit_lines(_player(seat), PLAN_NAME_ROOM, size=11, smallest=7.5),
                    "registration": seat.registration,
                }
                for seat in table.seats.all()
            ],
        }
        for table in round_tables(round=round_)
    ]


def table_plan_pdf(*, round: Round, seating_url: str, progress=None) -> tuple[str, str, bytes]:
    """Every table with its players, for the arbitres and the wall; ``seating_url``, the public
    seating page's absolute address, is printed with its QR code on every page."""
    context = {
        "tournament": round.tournament,
        "round": round,
        "tables": _plan_tables(round),
        "seating_url": seating_url,
    }
    return (
        _name(round, "tables"),
        PDF,
        render_pdf("print/table_plan.html", context, progress=progress),
    )


def alphabetical_list_pdf(
    *, round: Round, seating_url: str, progress=None
) -> tuple[str, str, bytes]:
    """Every player by name with their table and seat, for the entrance: ``seating_url`` as in
    ``table_plan_pdf``."""
    context = {
        "tournament": round.tournament,
        "round": round,
        "seats": round_seats_by_name(round=round),
        "seating_url": seating_url,
    }
    return (
        _name(round, "list"),
        PDF,
        render_pdf("print/alphabetical_list.html", context, progress=progress),
    )


def table_cards_pdf(*, round: Round, site: str = "", progress=None) -> tuple[str, str, bytes]:
    """One tent card per table: an A4 landscape sheet folded in two, each half the table's
    number, the position and the tournament, the top half upside down so that both faces read
    from either side of the table; each face the table's code, if it enters at the table."""
    tournament = round.tournament
    codes = table_codes(round, site) if site else {}
    numbers = round.tables.order_by("number").values_list("number", flat=True)
    context = {
        "tournament": tournament,
        "round": round,
        "tables": [{"number": n, "code": codes.get(n)} for n in numbers],
        "title": fit_lines(tournament.name, CARD_NAME_ROOM, size=20, smallest=14, weight="bold"),
    }
    return (
        _name(round, "cards"),
        PDF,
        render_pdf("print/table_cards.html", context, progress=progress),
    )


def score_sheets_pdf(
    *, round: Round, numbers: list[int] | None = None, site: str = "", progress=None
) -> tuple[str, str, bytes]:
    """One pre-filled sheet per table, or only for the tables ``numbers`` (a sheet torn or
    stained, the tables still missing); with its code, if the table enters at the table."""
    tournament = round.tournament
    deals = {3: tournament.deals_table_3, 4: tournament.deals_table_4, 5: tournament.deals_table_5}
    labels = _sheet_labels()
    title = _("Score sheet — %(tournament)s") % {"tournament": tournament.name}
    subtitle = " · ".join(
        filter(
            None,
            [
                date_format(tournament.date, "DATE_FORMAT"),
                tournament.venue,
                _("Position %(k)s") % {"k": round.number},
            ],
        )
    )
    # What the apps built on tournaments want each table to know (scoring: the bid bans).
    notes = score_sheet_notes(round)
    codes = table_codes(round, site) if site else {}
    tables = round_tables(round=round)
    if numbers is not None:
        tables = tables.filter(number__in=numbers)
    sheets, backgrounds, resources = [], {}, {}
    for table in tables:
        seats = list(table.seats.all())
        players = [
            {
                "seat": seat.seat_name,
                "name": _player(seat),
                "number": " · ".join(
                    filter(
                        None,
                        [
                            _("No. %(n)s") % {"n": seat.registration.number},
                            seat.registration.fft_number,
                        ],
                    )
                ),
            }
            for seat in seats
        ]
        code = codes.get(table.number)
        grid = score_sheet_grid(
            players=players,
            deals=deals[table.size],
            labels=labels,
            title=title,
            subtitle=subtitle,
            table=_("Table %(t)s") % {"t": table.number},
            notes=notes.get(table.number, []),
            code=(code.code, code.code_address) if code else None,
        )
        key = grid.static_key()
        if key not in backgrounds:
            # One image per kind of sheet: the PDF holds the grid and headings once.
            backgrounds[key] = f"grid-{len(backgrounds)}"
            resources[backgrounds[key]] = png(WIDTH, grid.height, grid.lines, grid.texts)
        sheets.append(
            {
                "table": table,
                "background": backgrounds[key],
                "height": grid.height,
                "names": mark_safe(svg(WIDTH, grid.height, texts=grid.names)),
                "code": code,
                "code_at": grid.code_at,
            }
        )
    context = {"tournament": tournament, "round": round, "sheets": sheets, "width": WIDTH}
    return (
        _name(round, _sheets_part(numbers)),
        PDF,
        render_pdf("print/score_sheets.html", context, resources, progress=progress),
    )


def _sheet_labels() -> dict[str, str]:
    return {
        "deal": _("Deal"),
        "dealer": _("Dealer"),
        "contract": _("Contract"),
        "taker": _("Taker"),
        "totals": _("Totals"),
        "bilan": _("Bilan"),
        "visa": _("Visa"),
        # Beside the table's QR code: "… or type / K7MNP4 / at / http://…/t/open/table/".
        "scan": _("Enter the deals at the table: scan the code, or type"),
        "type": pgettext("the address a table code is typed at", "at"),
    }


def _sheets_part(numbers: list[int] | None) -> str:
    if numbers is None:
        return "sheets"
    if len(numbers) <= 6:
        return "sheets-table-" + "-".join(str(n) for n in sorted(numbers))
    return f"sheets-{len(numbers)}-tables"
