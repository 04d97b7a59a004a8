"""Printed documents of a position: table plan, alphabetical list, score sheets (A4 PDFs).

Each function returns ``(filename, content_type, bytes)``; ``common.views.download`` turns that
into a response. The PDFs come from templates under ``templates/print/`` through WeasyPrint,
with no outside resource: the only URLs a document may load are its own ``resource:`` images
(fonts are the system's).
"""

from django.utils.formats import date_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from common.rendering import PDF, render_pdf

from .models import Round
from .score_sheet_layout import WIDTH, png, score_sheet_grid, svg
from .selectors_seating import round_seats_by_name, round_tables
from .signals import score_sheet_notes


def _name(round_: Round, kind: str) -> str:
    return f"{round_.tournament.slug}-position-{round_.number}-{kind}.pdf"


def table_plan_pdf(*, round: Round) -> tuple[str, str, bytes]:
    context = {"tournament": round.tournament, "round": round, "tables": round_tables(round=round)}
    return _name(round, "tables"), PDF, render_pdf("print/table_plan.html", context)


def alphabetical_list_pdf(*, round: Round) -> tuple[str, str, bytes]:
    context = {
        "tournament": round.tournament,
        "round": round,
        "seats": round_seats_by_name(round=round),
    }
    return _name(round, "list"), PDF, render_pdf("print/alphabetical_list.html", context)


def score_sheets_pdf(*, round: Round) -> tuple[str, str, bytes]:
    tournament = round.tournament
    deals = {3: tournament.deals_table_3, 4: tournament.deals_table_4, 5: tournament.deals_table_5}
    labels = {
        "deal": _("Deal"),
        "dealer": _("Dealer"),
        "contract": _("Contract"),
        "taker": _("Taker"),
        "totals": _("Totals"),
        "bilan": _("Bilan"),
        "visa": _("Visa"),
    }
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
    notes: dict[int, list[str]] = {}
    for _receiver, answer in score_sheet_notes.send(sender=Round, round=round):
        for number, texts in (answer or {}).items():
            notes.setdefault(number, []).extend(texts)
    sheets, backgrounds, resources = [], {}, {}
    for table in round_tables(round=round):
        seats = list(table.seats.all())
        players = [
            {
                "seat": seat.seat_name,
                "name": f"{seat.registration.last_name.upper()} {seat.registration.first_name}",
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
        grid = score_sheet_grid(
            players=players,
            deals=deals[table.size],
            labels=labels,
            title=title,
            subtitle=subtitle,
            table=_("Table %(t)s") % {"t": table.number},
            notes=notes.get(table.number, []),
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
            }
        )
    context = {"tournament": tournament, "round": round, "sheets": sheets, "width": WIDTH}
    return _name(round, "sheets"), PDF, render_pdf("print/score_sheets.html", context, resources)
