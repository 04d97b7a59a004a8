"""Staff pages for tournaments themselves: list, create, overview, settings, roles."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import services
from ..forms import StaffRoleForm, TournamentForm
from ..models import StaffRole
from ..permissions import Role, role_required
from ..selectors import presence_summary, staff_tournaments
from .helpers import add_service_error


@login_required
def home(request):
    return render(
        request, "manage/home.html", {"tournaments": staff_tournaments(user=request.user)}
    )


@login_required
def tournament_create(request):
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(user=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("Tournament created. Now register the players."))
            return redirect("manage:tournament", slug=tournament.slug)
    return render(request, "manage/tournament_form.html", {"form": form, "creating": True})


@role_required(Role.SCORER)
def tournament_overview(request, tournament):
    return render(
        request,
        "manage/tournament.html",
        {
            "tournament": tournament,
            "summary": presence_summary(tournament=tournament),
            "team_count": tournament.teams.count(),
            "audit": tournament.audit_entries.select_related("user")[:15],
        },
    )


@role_required(Role.ORGANISER)
def tournament_edit(request, tournament):
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            # The form already wrote the values on the instance: hand the service fresh data.
            tournament.refresh_from_db()
            services.tournament_update(
                tournament=tournament, user=request.user, **form.cleaned_data
            )
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("Settings saved."))
            return redirect("manage:tournament", slug=tournament.slug)
    # The form may hold an unsaved short address: the page's links use the saved one.
    saved = type(tournament).objects.get(pk=tournament.pk)
    return render(request, "manage/tournament_form.html", {"form": form, "tournament": saved})


@role_required(Role.ORGANISER)
def staff_list(request, tournament):
    form = StaffRoleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.staff_role_grant(tournament=tournament, user=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("Role granted."))
            return redirect("manage:staff", slug=tournament.slug)
    staff = tournament.staff.select_related("user").order_by("user__username")
    return render(
        request,
        "manage/staff.html",
        {"tournament": tournament, "form": form, "staff": staff},
    )


@require_POST
@role_required(Role.ORGANISER)
def staff_revoke(request, tournament, pk):
    staff = get_object_or_404(StaffRole, pk=pk, tournament=tournament)
    try:
        services.staff_role_revoke(staff=staff, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Role removed."))
    return redirect("manage:staff", slug=tournament.slug)
