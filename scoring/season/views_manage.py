"""Staff pages of challenges (/manage/challenges/): the list of those an account manages, a new
one, its rule, its tournaments with their coefficients, and the live standings with the history
of its changes. Thin: forms read the posts, ``services`` write, ``selectors_staff`` read.
The public page, documents, prizes and fees are elsewhere.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import add_service_error
from scoring.models import ChallengeTournament
from scoring.season import services
from scoring.season.forms_manage import ChallengeForm, CoefficientForm, TournamentAddForm
from scoring.season.permissions import can_create_challenges, challenge_required
from scoring.season.selectors_staff import (
    addable_tournaments,
    challenge_history,
    managed_challenges,
    staff_rows,
)
from scoring.season.standings import challenge_standings


@login_required
def challenge_list(request):
    context = {
        "challenges": managed_challenges(user=request.user),
        "can_create": can_create_challenges(request.user),
    }
    return render(request, "season/challenges.html", context)


@login_required
def challenge_create(request):
    if not can_create_challenges(request.user):
        raise PermissionDenied
    form = ChallengeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            challenge = services.challenge_create(user=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("Challenge created. Now add its tournaments."))
            return redirect("challenges:challenge", challenge=challenge.slug)
    return render(request, "season/challenge_form.html", {"form": form, "creating": True})


@challenge_required
def challenge_edit(request, challenge):
    form = ChallengeForm(request.POST or None, instance=challenge)
    if request.method == "POST" and form.is_valid():
        challenge.refresh_from_db()  # the form wrote its values on the instance
        try:
            services.challenge_update(user=request.user, challenge=challenge, **form.cleaned_data)
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("Rule saved."))
            return redirect("challenges:challenge", challenge=form.cleaned_data["slug"])
    challenge.refresh_from_db()  # the page's links use the saved short address
    return render(request, "season/challenge_form.html", {"form": form, "challenge": challenge})


def _coefficient_form(entry, data=None, initial=None) -> CoefficientForm:
    """One row's form: its fields named after the row, each unique on the page."""
    return CoefficientForm(data, prefix=f"e{entry.pk}", initial={"coefficient": initial})


def _page(request, challenge, *, add_form=None, row_forms=None, status=200):
    entries = list(challenge.entries.select_related("tournament"))
    row_forms = row_forms or {}
    rows = [
        (entry, row_forms.get(entry.pk) or _coefficient_form(entry, initial=entry.coefficient))
        for entry in entries
    ]
    tournaments = addable_tournaments(user=request.user, challenge=challenge)
    context = {
        "challenge": challenge,
        "rows": rows,
        "add_form": add_form or TournamentAddForm(tournaments=tournaments),
        "history": challenge_history(challenge=challenge),
    }
    return render(request, "season/challenge.html", context, status=status)


@challenge_required
def challenge_page(request, challenge):
    """Its tournaments and coefficients; a POST adds one."""
    if request.method != "POST":
        return _page(request, challenge)
    tournaments = addable_tournaments(user=request.user, challenge=challenge)
    form = TournamentAddForm(request.POST, tournaments=tournaments)
    if form.is_valid():
        try:
            entry = services.challenge_tournament_add(
                user=request.user, challenge=challenge, **form.cleaned_data
            )
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(
                request, _("%(tournament)s added.") % {"tournament": entry.tournament.name}
            )
            return redirect("challenges:challenge", challenge=challenge.slug)
    return _page(request, challenge, add_form=form, status=400)


def _entry(challenge, pk) -> ChallengeTournament:
    return get_object_or_404(
        ChallengeTournament.objects.select_related("tournament", "challenge"),
        challenge=challenge,
        pk=pk,
    )


@require_POST
@challenge_required
def entry_update(request, challenge, pk):
    entry = _entry(challenge, pk)
    form = _coefficient_form(entry, request.POST)
    if form.is_valid():
        try:
            services.challenge_tournament_update(
                user=request.user, entry=entry, **form.cleaned_data
            )
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(
                request,
                _("Coefficient of %(tournament)s saved.") % {"tournament": entry.tournament.name},
            )
            return redirect("challenges:challenge", challenge=challenge.slug)
    return _page(request, challenge, row_forms={entry.pk: form}, status=400)


@require_POST
@challenge_required
def entry_remove(request, challenge, pk):
    entry = _entry(challenge, pk)
    name = entry.tournament.name
    services.challenge_tournament_remove(user=request.user, entry=entry)
    messages.success(request, _("%(tournament)s no longer counts.") % {"tournament": name})
    return redirect("challenges:challenge", challenge=challenge.slug)


@challenge_required
def challenge_standings_page(request, challenge):
    standings = challenge_standings(challenge=challenge)
    context = {
        "challenge": challenge,
        "entries": standings.entries,
        "final": standings.final,
        "rows": staff_rows(standings),
        "history": challenge_history(challenge=challenge),
    }
    return render(request, "season/standings.html", context)
