"""Staff pages of the score sheets: a position's dashboard, a table's sheet, its history.

Views stay thin: they read through ``selectors``, check who may see the page, hand what was
typed to ``services`` and show its errors next to the fields. The live preview (htmx) runs the
same check as the save and answers only the parts of the page that change, out of band, so the
fields being typed in are never replaced.
"""

from functools import wraps

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.forms import ReasonForm
from scoring.engine.entry import DealEntry, SheetEntry
from scoring.formats.libre import services
from scoring.formats.libre.bans import round_bans, table_bans
from scoring.formats.libre.forms import SheetForm, posted
from scoring.formats.libre.forms_actions import SheetConfirmForm, SheetSaveForm
from scoring.formats.libre.selectors import (
    current_sheet,
    load_sheet,
    reconciliation,
    round_dashboard,
    sheet_deals,
    sheet_entry,
    sheet_history,
    table_seats,
    table_setup,
)
from scoring.formats.libre.sheet_summary import error_summary
from scoring.formats.registry import format_of
from scoring.sheet_lifecycle import may_confirm
from tournaments.models import Round, Table
from tournaments.models.core import seat_name
from tournaments.permissions import Role, has_role, role_required


def _round(tournament, number) -> Round:
    return get_object_or_404(Round, tournament=tournament, number=number)


def _table(tournament, number, table) -> Table:
    return get_object_or_404(
        Table.objects.select_related("round__tournament"),
        round__tournament=tournament,
        round__number=number,
        number=table,
    )


def sheets_of_positions(view):
    """For the views of a position's score sheets (after ``role_required``): a format without
    them has its own page (étuis, quarters), where they are sent; nothing here reads or writes
    its positions as the libre's."""

    @wraps(view)
    def wrapper(request, tournament, number, *args, **kwargs):
        elsewhere = format_of(tournament).position_scores_page(
            tournament, _round(tournament, number)
        )
        if elsewhere is not None:
            return redirect(elsewhere)
        return view(request, tournament, number, *args, **kwargs)

    return wrapper


@role_required(Role.SCORER)
@sheets_of_positions
def dashboard(request, tournament, number):
    round_ = _round(tournament, number)
    board = round_dashboard(round=round_)
    bans = round_bans(round=round_, tables=[row.table for row in board.rows])
    for row in board.rows:
        row.bans = bans.get(row.table.number, [])
    barred = services.barred_takers(round=round_, bans=bans) if bans else []
    position_check = reconciliation(tournament=tournament, position=round_.number)
    tournament_check = reconciliation(tournament=tournament)
    return render(
        request,
        "scoring/dashboard.html",
        {
            "tournament": tournament,
            "round": round_,
            "board": board,
            "barred": barred,
            "is_arbitre": has_role(request.user, tournament, Role.ARBITRE),
            "table_entry": tournament.table_entry,
            "reconciliations": [
                ("position", _("Position %(k)s") % {"k": round_.number}, position_check),
                ("tournament", _("Whole tournament"), tournament_check),
            ],
        },
    )


@role_required(Role.SCORER)
@sheets_of_positions
def open_table(request, tournament, number):
    """The dashboard's "sheet of table N" box: straight to that sheet."""
    round_ = _round(tournament, number)
    raw = request.GET.get("table", "").strip()
    # Three digits at most: a table's number; int() refuses a string of 4,300 digits or more.
    known = raw.isascii() and raw.isdigit() and len(raw) < 4
    if known and round_.tables.filter(number=int(raw)).exists():
        return redirect("scoring:sheet", slug=tournament.slug, number=number, table=int(raw))
    shown = raw[:12]  # the message echoes the box, not a page of digits
    messages.error(request, _("Position %(k)s has no table %(t)s.") % {"k": number, "t": shown})
    return redirect("scoring:dashboard", slug=tournament.slug, number=number)


def _render_sheet(
    request, tournament, table, form, sheet, *, base_version, conflict=None, status=200
):
    seats = form.seats
    is_arbitre = has_role(request.user, tournament, Role.ARBITRE)
    can_confirm = may_confirm(request.user, sheet, is_arbitre=is_arbitre)
    tables = list(table.round.tables.order_by("number").values_list("number", flat=True))
    index = tables.index(table.number)
    return render(
        request,
        "scoring/sheet.html",
        {
            "tournament": tournament,
            "round": table.round,
            "table": table,
            "seats": seats,
            "form": form,
            "sheet": sheet,
            "base_version": base_version,
            "is_arbitre": is_arbitre,
            "can_confirm": can_confirm,
            "can_save_and_confirm": is_arbitre
            and not tournament.four_eyes
            and not (sheet and sheet.is_confirmed),
            "correcting": sheet is not None and sheet.is_confirmed,
            "may_edit": not table.round.is_closed
            and (is_arbitre or sheet is None or not sheet.is_confirmed),
            "conflict": conflict,
            "error_summary": (
                error_summary(form.errors, table.size, form.setup.sitting_out)
                if status == 400
                else ()
            ),
            "conflict_deals": sheet_deals(load_sheet(conflict.pk)) if conflict else None,
            "bans": table_bans(table=table),
            "previous_table": tables[index - 1] if index > 0 else None,
            "next_table": tables[index + 1] if index + 1 < len(tables) else None,
        },
        status=status,
    )


@role_required(Role.SCORER)
@sheets_of_positions
def sheet(request, tournament, number, table):
    table_ = _table(tournament, number, table)
    seats = table_seats(table=table_)
    setup = table_setup(table=table_, seats=seats)
    current = current_sheet(table=table_)
    arbitre = has_role(request.user, tournament, Role.ARBITRE)
    if request.method != "POST":
        if current is not None:
            entry = sheet_entry(sheet=current)
        else:  # a misdeal already known: its line was dealt again
            entry = SheetEntry(tuple(DealEntry(n, dealt_again=True) for n in setup.dealer_bans))
        form = SheetForm.of_entry(entry, setup=setup, seats=seats, arbitre=arbitre)
        base = current.version if current else 0
        return _render_sheet(request, tournament, table_, form, current, base_version=base)
    form = SheetForm(setup=setup, seats=seats, data=posted(request.POST), arbitre=arbitre)
    save = SheetSaveForm.read(request.POST)
    base = save["base_version"]
    try:
        saved = services.scoresheet_save(
            table=table_,
            user=request.user,
            entry=form.entry,
            base_version=base,
            token=save["token"],
            confirm=save["confirm"],
        )
    except services.StaleSheet as exc:
        latest = exc.current
        if latest is None:
            form.add_errors({"": exc.messages})
        # Saving again from here is a deliberate choice over the other version.
        return _render_sheet(
            request,
            tournament,
            table_,
            form,
            latest,
            base_version=latest.version if latest else 0,
            conflict=latest,
            status=409,
        )
    except services.SheetRefused as exc:
        form.refused(exc.problems)
        return _render_sheet(
            request, tournament, table_, form, current, base_version=base, status=400
        )
    except ValidationError as exc:
        form.add_errors(exc.message_dict if hasattr(exc, "error_dict") else {"": exc.messages})
        return _render_sheet(
            request, tournament, table_, form, current, base_version=base, status=400
        )
    missing = [seat_name(s) for s in range(table_.size) if s not in saved.visas]
    if missing and not saved.is_confirmed:
        messages.warning(
            request,
            _(
                "Visas missing: %(seats)s. The sheet is saved; it is confirmed once these "
                "players have initialled the paper."
            )
            % {"seats": ", ".join(missing)},
        )
    if saved.version == base:
        messages.info(request, _("Table %(t)s: nothing changed, no new version.") % {"t": table})
    elif saved.is_confirmed:
        messages.success(request, _("Table %(t)s: sheet saved and confirmed.") % {"t": table})
    elif saved.reason:
        messages.success(
            request,
            _("Table %(t)s: correction saved; another arbitre must confirm it (four-eyes).")
            % {"t": table},
        )
    else:
        messages.success(request, _("Table %(t)s: sheet saved.") % {"t": table})
    return redirect("scoring:sheet", slug=tournament.slug, number=number, table=table)


@require_POST
@role_required(Role.SCORER)
@sheets_of_positions
def preview(request, tournament, number, table):
    """The live check while typing: marks, totals and messages, out of band."""
    table_ = _table(tournament, number, table)
    seats = table_seats(table=table_)
    form = SheetForm(
        setup=table_setup(table=table_, seats=seats), seats=seats, data=posted(request.POST)
    )
    return render(request, "scoring/preview.html", {"form": form})


@require_POST
@role_required(Role.ARBITRE)
@sheets_of_positions
def confirm(request, tournament, number, table):
    table_ = _table(tournament, number, table)
    current = current_sheet(table=table_)
    url = reverse("scoring:sheet", args=[tournament.slug, number, table])
    asked = SheetConfirmForm.read(request.POST)
    if current is None or str(current.version) != asked["version"]:
        messages.error(request, _("The sheet changed since you opened it: check it again."))
        return redirect(url)
    try:
        services.scoresheet_confirm(sheet=current, user=request.user, visas=asked["visas"])
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect(url)
    messages.success(request, _("Table %(t)s: sheet confirmed.") % {"t": table})
    dashboard_url = reverse("scoring:dashboard", args=[tournament.slug, number])
    return redirect(dashboard_url if asked["to_dashboard"] else url)


@role_required(Role.SCORER)
@sheets_of_positions
def history(request, tournament, number, table):
    table_ = _table(tournament, number, table)
    seats = table_seats(table=table_)
    return render(
        request,
        "scoring/history.html",
        {
            "tournament": tournament,
            "round": table_.round,
            "table": table_,
            "seats": seats,
            "versions": sheet_history(table=table_),
        },
    )


@require_POST
@role_required(Role.ARBITRE)
@sheets_of_positions
def close(request, tournament, number):
    round_ = _round(tournament, number)
    try:
        services.round_close(round=round_, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Position %(k)s closed.") % {"k": number})
    return redirect("scoring:dashboard", slug=tournament.slug, number=number)


@require_POST
@role_required(Role.ARBITRE)
@sheets_of_positions
def reopen(request, tournament, number):
    round_ = _round(tournament, number)
    try:
        services.round_reopen(
            round=round_,
            user=request.user,
            reason=ReasonForm.read(request.POST)["reason"],
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Position %(k)s reopened.") % {"k": number})
    return redirect("scoring:dashboard", slug=tournament.slug, number=number)
