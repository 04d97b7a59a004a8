"""The arbitre's live board of entry at the table (staff): one page per libre position and per
duplicate séance listing every table with its codes and state, the alerts on top, refreshed by
htmx; and one page per table with every entry it made, who entered and approved it, and the
arbitre's actions (correct it on the staff's sheet, put the table on paper, bring it back).

Scorers see both pages; an arbitre acts. What a unit is (a position, a séance) is said once per
format by ``Unit``; the rest is the same for every format. Reads come from
``scoring.at_table.reads``, writes go through the services.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoring.at_table import board_services, services
from scoring.at_table.forms_board import PaperForm, SeenForm
from scoring.at_table.reads import State, table_record, tables_board
from scoring.formats.duplicate.services import close_refusal as seance_refusal
from scoring.formats.duplicate.views import duplicate_only
from scoring.formats.libre.services_rounds import close_refusal as position_refusal
from scoring.formats.libre.views import sheets_of_positions
from scoring.formats.registry import format_of
from tournaments.models import Round, Session, Table
from tournaments.permissions import Role, has_role, role_required

REFRESH = 5  # seconds between two refreshes of the board


@dataclass(frozen=True)
class Unit:
    """What the board shows: a libre position or a duplicate séance."""

    tournament: object
    title: str
    tables: QuerySet
    is_closed: bool
    positions: bool  # several positions: a table is named with its position
    board_url: str
    back_url: str
    back_label: str
    refusal: Callable[[], str]  # what stops the unit closing, in words
    table_url: Callable[[Table], str]
    correct_url: Callable[[Table, int | None], str]  # the staff's sheet of an entry


def _position(tournament, number) -> Unit:
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    args = (tournament.slug, number)
    return Unit(
        tournament=tournament,
        title=_("Position %(k)s: the tables") % {"k": number},
        tables=Table.objects.filter(round=round_),
        is_closed=round_.is_closed,
        positions=False,
        board_url=reverse("scoring:tables_board", args=args),
        back_url=reverse("scoring:dashboard", args=args),
        back_label=_("Score sheets"),
        refusal=lambda: position_refusal(round_),
        table_url=lambda t: reverse("scoring:tables_table", args=(*args, t.number)),
        correct_url=lambda t, _n: reverse("scoring:sheet", args=(*args, t.number)),
    )


def _seance(tournament, number) -> Unit:
    session = get_object_or_404(Session, tournament=tournament, number=number)
    args = (tournament.slug, number)
    return Unit(
        tournament=tournament,
        title=_("Séance %(k)s: the tables") % {"k": number},
        tables=Table.objects.filter(round__session=session),
        is_closed=session.is_closed,
        positions=True,
        board_url=reverse("scoring:duplicate_live", args=args),
        back_url=reverse("scoring:duplicate", args=args),
        back_label=_("Séance"),
        refusal=lambda: seance_refusal(session),
        table_url=lambda t: reverse(
            "scoring:duplicate_live_table", args=(*args, t.round.number, t.number)
        ),
        correct_url=lambda _t, n: reverse("scoring:duplicate_board", args=(*args, n)) if n else "",
    )


def _paper_only(request, unit: Unit):
    """Back to the unit's page when its tables do not enter their scores (the switch is off,
    or the format plays on paper only)."""
    tournament = unit.tournament
    if tournament.table_entry and format_of(tournament).table_game() is not None:
        return None
    messages.info(request, _("Entry at the tables is off for this tournament (its settings)."))
    return redirect(unit.back_url)


def _may_act(request, tournament) -> bool:
    return has_role(request.user, tournament, Role.ARBITRE)


def _board(request, unit: Unit):
    elsewhere = _paper_only(request, unit)
    if elsewhere is not None:
        return elsewhere
    if request.method == "POST":
        return _seen(request, unit)
    board = tables_board(tables=unit.tables)
    for row in board.rows:
        row.url = unit.table_url(row.table)
    context = {
        "unit": unit,
        "tournament": unit.tournament,
        "board": board,
        "refusal": unit.refusal(),
        "may_act": _may_act(request, unit.tournament),
        "refresh": REFRESH,
        "states": State,
        "alerts": [(alert, unit.table_url(alert.table)) for alert in board.alerts],
        "refused_alerts": sum(1 for alert in board.alerts if alert.refusal),
    }
    live = request.headers.get("HX-Request") == "true"
    template = "scoring/_tables_board_live.html" if live else "scoring/tables_board.html"
    return render(request, template, context)


def _seen(request, unit: Unit):
    if not _may_act(request, unit.tournament):
        raise PermissionDenied
    form = SeenForm(request.POST)
    refusal = form.cleaned_data["refusal"] if form.is_valid() else None
    board_services.refusals_seen(
        user=request.user, tournament=unit.tournament, tables=unit.tables, refusal=refusal
    )
    return redirect(unit.board_url)


def _table(request, unit: Unit, table: Table):
    elsewhere = _paper_only(request, unit)
    if elsewhere is not None:
        return elsewhere
    form, status = PaperForm(), 200
    if request.method == "POST":
        if not _may_act(request, unit.tournament):
            raise PermissionDenied
        form = PaperForm(request.POST)
        if _paper(request, form, table):
            return redirect(unit.table_url(table))
        status = 400
    record = table_record(table=table)
    context = {
        "unit": unit,
        "tournament": unit.tournament,
        "table": table,
        "record": record,
        "form": form,
        "may_act": _may_act(request, unit.tournament),
        "entries": [(view, unit.correct_url(table, view.entry.number)) for view in record.entries],
        "sheet_url": unit.correct_url(table, None),
    }
    return render(request, "scoring/tables_table.html", context, status=status)


def _paper(request, form: PaperForm, table: Table) -> bool:
    """Put the table on paper or bring it back, as the form asks; False with the form's errors
    when refused."""
    if not form.is_valid():
        return False
    access = services.access_of(table)
    try:
        if form.cleaned_data["act"] == PaperForm.PAPER:
            services.put_on_paper(
                access=access, user=request.user, reason=form.cleaned_data["reason"]
            )
            messages.success(request, _("Table %(t)s is on paper.") % {"t": table.number})
        else:
            services.back_to_table(access=access, user=request.user)
            messages.success(
                request, _("Table %(t)s enters at the table again.") % {"t": table.number}
            )
    except ValidationError as refused:
        if not hasattr(refused, "error_dict"):
            form.add_error(None, refused.messages)
            return False
        for field, errors in refused.message_dict.items():
            form.add_error(field if field in form.fields else None, errors)
        return False
    return True


@require_http_methods(["GET", "POST"])
@role_required(Role.SCORER)
@sheets_of_positions
def position_board(request, tournament, number):
    return _board(request, _position(tournament, number))


@require_http_methods(["GET", "POST"])
@role_required(Role.SCORER)
@sheets_of_positions
def position_table(request, tournament, number, table):
    unit = _position(tournament, number)
    return _table(request, unit, get_object_or_404(unit.tables, number=table))


@require_http_methods(["GET", "POST"])
@role_required(Role.SCORER)
@duplicate_only
def seance_board(request, tournament, session):
    return _board(request, _seance(tournament, session))


@require_http_methods(["GET", "POST"])
@role_required(Role.SCORER)
@duplicate_only
def seance_table(request, tournament, session, position, table):
    unit = _seance(tournament, session)
    found = get_object_or_404(
        unit.tables.select_related("round"), round__number=position, number=table
    )
    return _table(request, unit, found)
