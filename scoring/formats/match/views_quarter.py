"""Staff page of a team match's quarter (fft-duplicate.md §5), under
/manage/t/<slug>/matches/<n>/quarters/<k>/: its players, room and série, the two rooms' four
sheets (each saved as a version, a conflict shown beside the typing when someone saved since),
their differences, the other side's visa and an arbitre's confirmation (four-eyes, and why the
button is missing), the close. Writes are ``services_match``'s; reads ``match_results``'."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import add_service_error
from common.forms import BaseVersionForm, ReopenForm
from scoring.formats.match import services as services_match
from scoring.formats.match.forms import (
    CancelBoardForm,
    QuarterForm,
    RoomSheetConfirmForm,
    SheetForm,
)
from scoring.formats.match.history import sheet_versions
from scoring.formats.match.results import match_results, quarter_boards, quarter_sheets, room_state
from scoring.formats.match.views import errors_told, match_only, match_or_404, staff_roles
from scoring.models import ContractChoice
from scoring.models.match import QUARTERS, MatchLine, MatchQuarter
from scoring.sheet_lifecycle import Conflict as StaleSheet
from scoring.sheet_lifecycle import kept_by_four_eyes, may_confirm
from tournaments.permissions import Role, role_required


def _written(line) -> str:
    """What a sheet holds for an étui, as the page says it ("Garde sans +56")."""
    if line is None:
        return _("nothing")
    contract, score = line
    return f"{ContractChoice(contract).label} {score:+d}"


def _quarter_context(
    request, tournament, match, number, *, quarter_form=None, bound=None, conflict=None,
    cancel_form=None,
):  # fmt: skip
    quarter = match.quarters.filter(number=number).first()
    context = {
        "tournament": tournament,
        "match": match,
        "number": number,
        "quarter": quarter,
        "chooser": match.team_a if number % 2 else match.team_b,
        **staff_roles(request, tournament),
    }
    earlier = list(match.quarters.filter(number__lt=number))
    context["waits_for"] = next(
        (k for k in range(1, number) if k not in {q.number for q in earlier if q.is_closed}), None
    )
    if quarter is None or quarter_form is not None:
        played = {q.board_set for q in earlier}
        initial = {
            "a_room": MatchQuarter.Room.OPEN,
            "board_set": min(set(range(1, QUARTERS + 1)) - played, default=1),
        }
        context["quarter_form"] = quarter_form or QuarterForm(match=match, initial=initial)
    if quarter is None:
        return context
    sheets = quarter_sheets(quarter)
    read = {
        "sheets": sheets,
        "versions": sheet_versions(quarter),
        "stored": {(s.room, s.keeper): s for s in quarter.sheets.select_related("entered_by")},
        "is_arbitre": context["is_arbitre"],
    }
    rooms = []
    for room in MatchQuarter.Room.values:
        state = room_state(quarter, sheets, room)
        forms = []
        for keeper in MatchLine.Keeper.values:
            box = _sheet_box(request, tournament, quarter, read, room, keeper)
            if bound is not None and bound.prefix == box["form"].prefix:
                _typed_box(request, box, bound, conflict, sheets, quarter)
            forms.append(box)
        rooms.append(
            {
                "room": room,
                "label": MatchQuarter.Room(room).label,
                "state": state,
                "forms": forms,
                "differences": [
                    (b, _written(state.attack.get(b)), _written(state.defence.get(b)))
                    for b in state.differences
                ],
            }
        )
    results = match_results(match, official=False)
    context.update(
        rooms=rooms,
        players=next(q.players for q in results.quarters if q.quarter.pk == quarter.pk),
        pm=next(q for q in results.quarters if q.quarter.pk == quarter.pk),
        agreed=all(room["state"].agreed for room in rooms),
        confirmed=all(
            box["sheet"] and box["sheet"].is_confirmed for r in rooms for box in r["forms"]
        ),
        cancelled=list(quarter.cancelled.select_related("created_by")),
        cancel_form=cancel_form or CancelBoardForm(boards=quarter_boards(quarter)),
    )
    return context


def _typed_box(request, box, bound, conflict, sheets, quarter) -> None:
    """The sheet as the reader typed it, refused: the version the typing was based on, or
    after a conflict the other's, shown beside it (saving again is then a choice)."""
    box["form"] = bound
    base = BaseVersionForm.read(request.POST)["base_version"]
    if base >= 0:  # a post that named no version: the page is based on what it shows now
        box["base_version"] = base
    if conflict is not None:
        box["base_version"] = conflict.version
        box["conflict"] = conflict
        box["theirs"] = [
            (board, _written(sheets[(conflict.room, conflict.keeper)].get(board)))
            for board in quarter_boards(quarter)
        ]


def _sheet_box(request, tournament, quarter, read, room, keeper) -> dict:
    """One sheet of a room on the page: its form as stored, its versions, and whether the
    reader may confirm it (or why not: four-eyes)."""
    sheet = read["stored"].get((room, keeper))
    initial = {"signed": bool(sheet and sheet.signed)}
    for board, (contract, score) in read["sheets"][(room, keeper)].items():
        initial[f"contract_{board}"] = contract
        initial[f"score_{board}"] = f"{score:+d}"
    form = SheetForm(
        boards=quarter_boards(quarter), prefix=f"{room}-{keeper}", keeper=keeper, initial=initial
    )
    history = [
        {
            "version": version,
            "changes": [
                (board, _written(before), _written(after))
                for board, (before, after) in version.changes.items()
            ],
        }
        for version in read["versions"].get((room, keeper), [])
    ]
    return {
        "keeper": keeper,
        "label": MatchLine.Keeper(keeper).label,
        "form": form,
        "history": history,
        "sheet": sheet,
        "base_version": sheet.version if sheet else 0,
        "can_confirm": may_confirm(request.user, sheet, is_arbitre=read["is_arbitre"]),
        "entered_by_me": kept_by_four_eyes(request.user, sheet, is_arbitre=read["is_arbitre"]),
        "correcting": bool(sheet and sheet.is_confirmed),
    }


@role_required(Role.SCORER)
@match_only
def quarter_page(request, tournament, match, quarter):
    match = match_or_404(tournament, match)
    if not 1 <= quarter <= QUARTERS:
        return redirect("scoring:match", slug=tournament.slug, match=match.number)
    context = _quarter_context(request, tournament, match, quarter)
    return render(request, "scoring/match_quarter.html", context)


@require_POST
@role_required(Role.ARBITRE)
@match_only
def quarter_players(request, tournament, match, quarter):
    match = match_or_404(tournament, match)
    form = QuarterForm(request.POST, match=match)
    if form.is_valid():
        data = form.cleaned_data
        try:
            services_match.quarter_name(
                match=match,
                number=quarter,
                user=request.user,
                attacker_a=data["attacker_a"],
                defenders_a=list(data["defenders_a"]),
                attacker_b=data["attacker_b"],
                defenders_b=list(data["defenders_b"]),
                a_room=data["a_room"],
                board_set=data["board_set"],
            )
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("Quarter %(k)s named.") % {"k": quarter})
            return redirect("scoring:match_quarter", tournament.slug, match.number, quarter)
    context = _quarter_context(request, tournament, match, quarter, quarter_form=form)
    return render(request, "scoring/match_quarter.html", context, status=400)


@require_POST
@role_required(Role.SCORER)
@match_only
def quarter_sheet(request, tournament, match, quarter, room, keeper):
    match = match_or_404(tournament, match)
    found = get_object_or_404(MatchQuarter, match=match, number=quarter)
    if room not in MatchQuarter.Room.values or keeper not in MatchLine.Keeper.values:
        return redirect("scoring:match_quarter", tournament.slug, match.number, quarter)
    form = SheetForm(
        request.POST, boards=quarter_boards(found), prefix=f"{room}-{keeper}", keeper=keeper
    )
    status = 400
    if form.is_valid():
        base = BaseVersionForm.read(request.POST)["base_version"]
        try:
            saved = services_match.sheet_save(
                quarter=found,
                room=room,
                keeper=keeper,
                rows=form.rows(),
                user=request.user,
                signed=form.cleaned_data["signed"],
                base_version=base,
                reason=form.cleaned_data["reason"],
            )
        except StaleSheet as exc:
            if exc.current is None:
                form.add_error(None, exc)
            context = _quarter_context(
                request, tournament, match, quarter, bound=form, conflict=exc.current
            )
            return render(request, "scoring/match_quarter.html", context, status=409)
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            if saved.version == base:
                messages.info(request, _("Nothing changed, no new version."))
            else:
                messages.success(request, _("Sheet saved."))
            return redirect("scoring:match_quarter", tournament.slug, match.number, quarter)
    context = _quarter_context(request, tournament, match, quarter, bound=form)
    return render(request, "scoring/match_quarter.html", context, status=status)


@require_POST
@role_required(Role.ARBITRE)
@match_only
def quarter_sheet_confirm(request, tournament, match, quarter, room, keeper):
    match = match_or_404(tournament, match)
    found = get_object_or_404(MatchQuarter, match=match, number=quarter)
    if room in MatchQuarter.Room.values and keeper in MatchLine.Keeper.values:
        asked = RoomSheetConfirmForm.read(request.POST)
        try:
            services_match.sheet_confirm(
                quarter=found,
                room=room,
                keeper=keeper,
                user=request.user,
                version=asked["version"],
                signed=asked["signed"],
            )
        except ValidationError as exc:
            errors_told(request, exc)
        else:
            messages.success(request, _("Sheet confirmed."))
    return redirect("scoring:match_quarter", tournament.slug, match.number, quarter)


@require_POST
@role_required(Role.ARBITRE)
@match_only
def quarter_end(request, tournament, match, quarter):
    match = match_or_404(tournament, match)
    found = get_object_or_404(MatchQuarter, match=match, number=quarter)
    asked = ReopenForm.read(request.POST)
    try:
        if asked["reopen"]:
            services_match.quarter_reopen(quarter=found, user=request.user, reason=asked["reason"])
            messages.success(request, _("Quarter %(k)s reopened.") % {"k": quarter})
        else:
            services_match.quarter_close(quarter=found, user=request.user)
            messages.success(request, _("Quarter %(k)s closed.") % {"k": quarter})
    except ValidationError as exc:
        errors_told(request, exc)
    return redirect("scoring:match_quarter", tournament.slug, match.number, quarter)
