"""Staff pages for teams (team events only): list, create, edit, delete."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import add_service_error

from .. import services
from ..forms import TeamForm
from ..models import Registration, Team
from ..permissions import Role, has_role, role_required


def _team_event(tournament):
    if not tournament.has_teams:
        raise Http404("not a team event")


@role_required(Role.SCORER)
def team_list(request, tournament):
    _team_event(tournament)
    teams = tournament.teams.prefetch_related(
        Prefetch(
            "members",
            queryset=Registration.objects.select_related("player", "club"),
        )
    )
    without_team = tournament.registrations.filter(team__isnull=True).select_related("player")
    return render(
        request,
        "manage/teams.html",
        {
            "tournament": tournament,
            "teams": teams,
            "without_team": without_team,
            "can_edit": has_role(request.user, tournament, Role.ORGANISER),
        },
    )


@role_required(Role.ORGANISER)
def team_form(request, tournament, number=None):
    _team_event(tournament)
    team = None if number is None else get_object_or_404(Team, tournament=tournament, number=number)
    initial = {}
    if team is not None:
        initial = {"name": team.name, "members": list(team.members.all())}
    form = TeamForm(request.POST or None, initial=initial, tournament=tournament, team=team)
    if request.method == "POST" and form.is_valid():
        try:
            if team is None:
                team = services.team_create(
                    tournament=tournament, user=request.user, **form.cleaned_data
                )
            else:
                services.team_update(team=team, user=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("Team %(team)s saved.") % {"team": team.name})
            return redirect("manage:teams", slug=tournament.slug)
    return render(
        request, "manage/team_form.html", {"tournament": tournament, "form": form, "team": team}
    )


@require_POST
@role_required(Role.ORGANISER)
def team_delete(request, tournament, number):
    team = get_object_or_404(Team, tournament=tournament, number=number)
    try:
        services.team_delete(team=team, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("manage:team_edit", slug=tournament.slug, number=number)
    messages.success(request, _("Team deleted."))
    return redirect("manage:teams", slug=tournament.slug)
