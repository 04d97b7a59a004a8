"""Staff pages of the team match (fft-duplicate.md §5), under /manage/t/<slug>/matches/: the
competition (draw the round-robin, its table), a match (bonus, penalty, its quarters, the
result sheet to sign); a quarter's page is ``views_match_quarter``'s. Writes are
``services_match``'s; reads ``match_results``'."""

from functools import wraps

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import add_service_error
from common.rendering import render_pdf
from common.views import download
from scoring.formats.match import services as services_match
from scoring.formats.match.forms import BonusForm, PenaltyForm
from scoring.formats.match.results import (
    competition,
    match_results,
    with_quarters,
)
from scoring.formats.match.sheet import result_sheet
from scoring.formats.registry import format_of
from scoring.models.match import QUARTERS, TeamMatch
from tournaments.permissions import Role, has_role, role_required


def match_only(view):
    @wraps(view)
    def wrapper(request, tournament, *args, **kwargs):
        if not format_of(tournament).has_matches:
            messages.info(request, _("This tournament is not a team match."))
            return redirect("manage:tournament", slug=tournament.slug)
        return view(request, tournament, *args, **kwargs)

    return wrapper


def match_or_404(tournament, number) -> TeamMatch:
    return get_object_or_404(
        TeamMatch.objects.select_related("team_a", "team_b"), tournament=tournament, number=number
    )


def staff_roles(request, tournament) -> dict:
    return {
        "is_arbitre": has_role(request.user, tournament, Role.ARBITRE),
        "is_organiser": has_role(request.user, tournament, Role.ORGANISER),
    }


def errors_told(request, exc: ValidationError) -> None:
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
            **staff_roles(request, tournament),
        },
    )


@require_POST
@role_required(Role.ORGANISER)
@match_only
def matches_draw(request, tournament):
    try:
        drawn = services_match.matches_draw(tournament=tournament, user=request.user)
    except ValidationError as exc:
        errors_told(request, exc)
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
        **staff_roles(request, tournament),
    }


@role_required(Role.SCORER)
@match_only
def match_page(request, tournament, match):
    match = match_or_404(tournament, match)
    return render(request, "scoring/match.html", _match_context(request, tournament, match))


@require_POST
@role_required(Role.ARBITRE)
@match_only
def match_bonus(request, tournament, match):
    match = match_or_404(tournament, match)
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
    match = match_or_404(tournament, match)
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


@role_required(Role.SCORER)
@match_only
def match_sheet_pdf(request, tournament, match):
    """The result sheet for both captains and the arbitre to sign: closed quarters only."""
    match = match_or_404(tournament, match)
    results = match_results(match)
    pdf = render_pdf(
        "print/match_result.html",
        {
            "tournament": tournament,
            "match": match,
            "results": results,
            "sheet": result_sheet(match, results),
        },
    )
    return download((f"{tournament.slug}-match-{match.number}.pdf", "application/pdf", pdf))
