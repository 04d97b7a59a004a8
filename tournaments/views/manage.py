"""Staff pages for tournaments themselves: list, create, overview, settings, roles."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import add_service_error

from .. import services
from ..accounts import may_get_a_link, welcome_path
from ..extensions import home_links, settings_notes
from ..forms import StaffAccountForm, StaffRoleForm, TournamentForm
from ..forms_actions import StaffPageForm
from ..models import StaffRole
from ..permissions import Role, can_create_tournaments, can_edit_directory, role_required
from ..selectors import staff_tournaments
from ..selectors_presence import presence_summary


@login_required
def home(request):
    context = {
        "tournaments": staff_tournaments(user=request.user),
        "can_create": can_create_tournaments(request.user),
        "can_edit_directory": can_edit_directory(request.user),
        "links": home_links(request.user),  # the apps' above: a club's challenges
    }
    return render(request, "manage/home.html", context)


@login_required
def tournament_create(request):
    if not can_create_tournaments(request.user):
        raise PermissionDenied
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
            settings = {k: v for k, v in form.cleaned_data.items() if k != "confirm_address"}
            services.tournament_update(tournament=tournament, user=request.user, **settings)
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("Settings saved."))
            return redirect("manage:tournament", slug=tournament.slug)
    # The form may hold an unsaved short address: the page's links use the saved one.
    saved = type(tournament).objects.get(pk=tournament.pk)
    notes = settings_notes(saved) if saved.pk else []  # what the apps above ask to fill
    context = {"form": form, "tournament": saved, "notes": notes}
    return render(request, "manage/tournament_form.html", context)


@role_required(Role.ORGANISER)
def staff_list(request, tournament):
    """The staff: give a role to an account one works with, or create an account for the day
    and show its one-time link (on this response only: it is not stored anywhere)."""
    kind = StaffPageForm.read(request.POST)["form"] if request.method == "POST" else None
    grant_form = StaffRoleForm(request.POST if kind == "grant" else None, prefix="grant")
    account_form = StaffAccountForm(request.POST if kind == "create" else None, prefix="create")
    link = None
    if kind == "grant" and grant_form.is_valid():
        try:
            granted = services.staff_role_grant(
                tournament=tournament, user=request.user, **grant_form.cleaned_data
            )
        except ValidationError as exc:
            add_service_error(grant_form, exc)
        else:
            staff = granted.staff
            if granted.previous and granted.previous != staff.role:
                message = _("%(account)s was %(previous)s; now %(role)s.") % {
                    "account": staff.user.username,
                    "previous": StaffRole.Role(granted.previous).label,
                    "role": staff.get_role_display(),
                }
            else:
                message = _("%(account)s is %(role)s.") % {
                    "account": staff.user.username,
                    "role": staff.get_role_display(),
                }
            messages.success(request, message)
            return redirect("manage:staff", slug=tournament.slug)
    elif kind == "create" and account_form.is_valid():
        try:
            staff = services.staff_account_create(
                tournament=tournament, user=request.user, **account_form.cleaned_data
            )
        except ValidationError as exc:
            add_service_error(account_form, exc)
        else:
            link = {
                "account": staff.user,
                "url": request.build_absolute_uri(welcome_path(staff.user)),
            }
            account_form = StaffAccountForm(prefix="create")
    status = 400 if kind and link is None else 200
    return _staff_page(request, tournament, grant_form, account_form, link, status)


def _staff_page(request, tournament, grant_form, account_form, link=None, status=200):
    staff = tournament.staff.select_related("user").order_by("user__username")
    rows = [(s, may_get_a_link(s)) for s in staff]
    context = {
        "tournament": tournament,
        "grant_form": grant_form,
        "account_form": account_form,
        "rows": rows,
        "link": link,
    }
    response = render(request, "manage/staff.html", context, status=status)
    if link is not None:
        response["Cache-Control"] = "no-store"
    return response


@require_POST
@role_required(Role.ORGANISER)
def staff_link(request, tournament, pk):
    """A new one-time link for an account created here that has not chosen its password."""
    staff = get_object_or_404(
        StaffRole.objects.select_related("user"), pk=pk, tournament=tournament
    )
    try:
        services.staff_account_link(staff=staff, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("manage:staff", slug=tournament.slug)
    link = {"account": staff.user, "url": request.build_absolute_uri(welcome_path(staff.user))}
    return _staff_page(
        request, tournament, StaffRoleForm(prefix="grant"), StaffAccountForm(prefix="create"), link
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
