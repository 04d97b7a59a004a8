"""Staff pages of the team match (fft-duplicate.md §5), under /manage/t/<slug>/matches/: the
competition (draw the round-robin, its table), a match (bonus, penalty, its quarters, the
result sheet to sign) and a quarter (its players, room and série, the two rooms' four sheets
and their differences, close). Writes are ``services_match``'s; reads ``match_results``'."""

from functools import wraps

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import add_service_error
from common.rendering import render_pdf
from tournaments.permissions import Role, has_role, role_required

from . import services_match
from .forms_match import BonusForm, CancelBoardForm, PenaltyForm, QuarterForm, SheetForm
from .match_history import sheet_versions
from .match_results import (
    competition,
    match_results,
    quarter_boards,
    quarter_sheets,
    room_state,
    with_quarters,
)
from .models import ContractChoice
from .models_match import QUARTERS, MatchLine, MatchQuarter, TeamMatch


def match_only(view):
    @wraps(view)
    def wrapper(request, tournament, *args, **kwargs):
        if not tournament.is_team_match:
            messages.info(request, _("This tournament is not a team match."))
            return redirect("manage:tournament", slug=tournament.slug)
        return view(request, tournament, *args, **kwargs)

    return wrapper


def _match(tournament, number) -> TeamMatch:
    return get_object_or_404(
        TeamMatch.objects.select_related("team_a", "team_b"), tournament=tournament, number=number
    )


def _roles(request, tournament) -> dict:
    return {
        "is_arbitre": has_role(request.user, tournament, Role.ARBITRE),
        "is_organiser": has_role(request.user, tournament, Role.ORGANISER),
    }


def _errors(request, exc: ValidationError) -> None:
    for message in exc.messages:
        messages.error(request, message)


@role_required(Role.SCORER)
@match_only
def matches_page(request, tournament):
    matches = list(
        with_quarters(
            TeamMatch.objects.filter(tournament=tournament).select_related("team_a", "team_b")
        )
    )
    rows = [match_results(match, official=False) for match in matches]
    started = any(row.quarters for row in rows)
    return render(
        request,
        "scoring/match_list.html",
        {
            "tournament": tournament,
            "rows": rows,
            "table": competition(tournament),
            "started": started,
            "teams": tournament.teams.order_by("number"),
            **_roles(request, tournament),
        },
    )


@require_POST
@role_required(Role.ORGANISER)
@match_only
def matches_draw(request, tournament):
    try:
        drawn = services_match.matches_draw(tournament=tournament, user=request.user)
    except ValidationError as exc:
        _errors(request, exc)
    else:
        messages.success(request, _("%(n)s matches drawn.") % {"n": len(drawn)})
    return redirect("scoring:matches", slug=tournament.slug)


def _match_context(request, tournament, match, **forms) -> dict:
    results = match_results(match, official=False)
    named = {q.quarter.number for q in results.quarters}
    next_quarter = next((k for k in range(1, QUARTERS + 1) if k not in named), None)
    return {
        "tournament": tournament,
        "match": match,
        "results": results,
        "next_quarter": next_quarter,
        "bonus_form": forms.get("bonus_form")
        or BonusForm(initial={"bonus_a": match.bonus_a, "bonus_b": match.bonus_b}),
        "penalty_form": forms.get("penalty_form")
        or PenaltyForm(
            initial={
                "penalty_a": match.penalty_a,
                "penalty_b": match.penalty_b,
                "reason": match.penalty_reason,
            }
        ),
        "members_a": match.team_a.members.filter(excluded=False).order_by("number"),
        "members_b": match.team_b.members.filter(excluded=False).order_by("number"),
        **_roles(request, tournament),
    }


@role_required(Role.SCORER)
@match_only
def match_page(request, tournament, match):
    match = _match(tournament, match)
    return render(request, "scoring/match.html", _match_context(request, tournament, match))


@require_POST
@role_required(Role.ARBITRE)
@match_only
def match_bonus(request, tournament, match):
    match = _match(tournament, match)
    form = BonusForm(request.POST)
    if form.is_valid():
        try:
            services_match.bonus_set(match=match, user=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("Bonus fixed."))
            return redirect("scoring:match", slug=tournament.slug, match=match.number)
    context = _match_context(request, tournament, match, bonus_form=form)
    return render(request, "scoring/match.html", context, status=400)


@require_POST
@role_required(Role.ARBITRE)
@match_only
def match_penalty(request, tournament, match):
    match = _match(tournament, match)
    form = PenaltyForm(request.POST)
    if form.is_valid():
        try:
            services_match.penalty_set(match=match, user=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("Penalty recorded."))
            return redirect("scoring:match", slug=tournament.slug, match=match.number)
    context = _match_context(request, tournament, match, penalty_form=form)
    return render(request, "scoring/match.html", context, status=400)


def _written(line) -> str:
    """What a sheet holds for an étui, as the page says it ("Garde sans +56")."""
    if line is None:
        return _("nothing")
    contract, score = line
    return f"{ContractChoice(contract).label} {score:+d}"


def _quarter_context(
    request, tournament, match, number, *, quarter_form=None, bound=None, cancel_form=None
):
    quarter = match.quarters.filter(number=number).first()
    context = {
        "tournament": tournament,
        "match": match,
        "number": number,
        "quarter": quarter,
        "chooser": match.team_a if number % 2 else match.team_b,
        **_roles(request, tournament),
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
    boards = quarter_boards(quarter)
    versions = sheet_versions(quarter)
    rooms = []
    for room in MatchQuarter.Room.values:
        state = room_state(quarter, sheets, room)
        forms = []
        for keeper in MatchLine.Keeper.values:
            prefix = f"{room}-{keeper}"
            if bound is not None and bound.prefix == prefix:
                form = bound
            else:
                initial = {}
                for board, (contract, score) in sheets[(room, keeper)].items():
                    initial[f"contract_{board}"] = contract
                    initial[f"score_{board}"] = f"{score:+d}"
                form = SheetForm(boards=boards, prefix=prefix, initial=initial)
            history = [
                {
                    "version": version,
                    "changes": [
                        (board, _written(before), _written(after))
                        for board, (before, after) in version.changes.items()
                    ],
                }
                for version in versions.get((room, keeper), [])
            ]
            forms.append((keeper, MatchLine.Keeper(keeper).label, form, history))
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
        cancelled=list(quarter.cancelled.select_related("created_by")),
        cancel_form=cancel_form or CancelBoardForm(boards=boards),
    )
    return context


@role_required(Role.SCORER)
@match_only
def quarter_page(request, tournament, match, quarter):
    match = _match(tournament, match)
    if not 1 <= quarter <= QUARTERS:
        return redirect("scoring:match", slug=tournament.slug, match=match.number)
    context = _quarter_context(request, tournament, match, quarter)
    return render(request, "scoring/match_quarter.html", context)


@require_POST
@role_required(Role.ARBITRE)
@match_only
def quarter_players(request, tournament, match, quarter):
    match = _match(tournament, match)
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
    match = _match(tournament, match)
    found = get_object_or_404(MatchQuarter, match=match, number=quarter)
    if room not in MatchQuarter.Room.values or keeper not in MatchLine.Keeper.values:
        return redirect("scoring:match_quarter", tournament.slug, match.number, quarter)
    form = SheetForm(request.POST, boards=quarter_boards(found), prefix=f"{room}-{keeper}")
    if form.is_valid():
        try:
            services_match.sheet_save(
                quarter=found, room=room, keeper=keeper, rows=form.rows(), user=request.user
            )
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("Sheet saved."))
            return redirect("scoring:match_quarter", tournament.slug, match.number, quarter)
    context = _quarter_context(request, tournament, match, quarter, bound=form)
    return render(request, "scoring/match_quarter.html", context, status=400)


@require_POST
@role_required(Role.ARBITRE)
@match_only
def quarter_end(request, tournament, match, quarter):
    match = _match(tournament, match)
    found = get_object_or_404(MatchQuarter, match=match, number=quarter)
    try:
        if request.POST.get("reopen"):
            services_match.quarter_reopen(
                quarter=found, user=request.user, reason=request.POST.get("reason", "")
            )
            messages.success(request, _("Quarter %(k)s reopened.") % {"k": quarter})
        else:
            services_match.quarter_close(quarter=found, user=request.user)
            messages.success(request, _("Quarter %(k)s closed.") % {"k": quarter})
    except ValidationError as exc:
        _errors(request, exc)
    return redirect("scoring:match_quarter", tournament.slug, match.number, quarter)


@role_required(Role.SCORER)
@match_only
def match_sheet_pdf(request, tournament, match):
    """The result sheet for both captains and the arbitre to sign: closed quarters only."""
    match = _match(tournament, match)
    pdf = render_pdf(
        "print/match_result.html",
        {"tournament": tournament, "match": match, "results": match_results(match)},
    )
    response = HttpResponse(pdf, content_type="application/pdf")
    name = f"{tournament.slug}-match-{match.number}.pdf"
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response
