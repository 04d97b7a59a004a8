"""Staff pages for the field: registrations, adding and editing players (restoring a withdrawn
one), check-in (with each player's entry fee when the tournament charges fees: ``fees``)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import ProtectedError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from common.errors import add_service_error
from common.views import is_htmx, paginate_table

from .. import selectors, services, services_undo
from ..forms import PlayerForm
from ..forms_actions import AddAnotherForm, CheckInAllUndoForm, CheckInForm
from ..models import Registration, Round
from ..permissions import Role, has_role, role_required
from ..selectors_fees import fee_amounts
from ..selectors_presence import presence_summary
from ..selectors_seating import restore_position
from ..tables import RegistrationTable
from .fees import with_fee_states


@role_required(Role.SCORER)
def registration_list(request, tournament):
    search = request.GET.get("q", "").strip()[:100]
    rows = selectors.registrations(tournament=tournament, search=search)
    can_edit = has_role(request.user, tournament, Role.ORGANISER)
    table = RegistrationTable(
        rows, show_team=tournament.has_teams, slug=tournament.slug, can_edit=can_edit
    )
    paginate_table(table, request)
    context = {
        "tournament": tournament,
        "table": table,
        "search": search,
        "can_edit": can_edit,
        "summary": presence_summary(tournament=tournament),
        "oob": is_htmx(request),  # the count of players found, in its live region
    }
    template = (
        "manage/_registration_table.html" if is_htmx(request) else "manage/registrations.html"
    )
    return render(request, template, context)


@role_required(Role.ORGANISER)
def registration_add(request, tournament):
    form = PlayerForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            reg = services.player_register(tournament=tournament, user=request.user, **data)
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(
                request,
                _("%(player)s registered as number %(number)s.")
                % {"player": reg.name, "number": reg.number},
            )
            if AddAnotherForm.read(request.POST)["another"]:
                return redirect("manage:registration_add", slug=tournament.slug)
            return redirect("manage:registrations", slug=tournament.slug)
    return render(request, "manage/player_form.html", {"tournament": tournament, "form": form})


@role_required(Role.ORGANISER)
def registration_edit(request, tournament, number):
    reg = get_object_or_404(
        Registration.objects.select_related("player", "club"),
        tournament=tournament,
        number=number,
    )
    # A withdrawal the organiser may take back, from this position on (read before the form
    # changes ``reg``).
    restore_from = None if reg.excluded else restore_position(registration=reg)
    initial = {
        "licence": reg.player.licence or "",
        "last_name": reg.last_name,
        "first_name": reg.first_name,
        "club": reg.club,
        "email": reg.email,
        "joins_at_position": reg.joins_at_position,
        "withdrawn_after_position": reg.withdrawn_after_position,
        "stand_in": reg.stand_in,
    }
    form = PlayerForm(
        request.POST or None, initial=initial, tournament=tournament, registration=reg
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.registration_update(registration=reg, user=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("%(player)s saved.") % {"player": reg.name})
            return redirect("manage:registrations", slug=tournament.slug)
    return render(
        request,
        "manage/player_form.html",
        {
            "tournament": tournament,
            "form": form,
            "registration": reg,
            "restore_from": restore_from,
        },
    )


@require_POST
@role_required(Role.ORGANISER)
def registration_restore(request, tournament, number):
    reg = get_object_or_404(Registration, tournament=tournament, number=number)
    try:
        position = services_undo.registration_restore(registration=reg, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("manage:registration_edit", slug=tournament.slug, number=number)
    message = _("%(player)s plays again from position %(k)s.") % {"player": reg.name, "k": position}
    if tournament.rounds.filter(number=position, status=Round.Status.DRAFT).exists():
        message += " " + _("Position %(k)s is a draft: draw it again to seat them.") % {
            "k": position
        }
    if not reg.checked_in:
        message += " " + _("Check them in so that they are seated.")
    messages.success(request, message)
    return redirect("manage:registrations", slug=tournament.slug)


@require_POST
@role_required(Role.ORGANISER)
def registration_delete(request, tournament, number):
    reg = get_object_or_404(Registration, tournament=tournament, number=number)
    try:
        services.registration_delete(registration=reg, user=request.user)
    except ProtectedError:
        messages.error(request, _("This player has been seated: withdraw them instead."))
        return redirect("manage:registration_edit", slug=tournament.slug, number=number)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("manage:registration_edit", slug=tournament.slug, number=number)
    messages.success(request, _("Registration removed."))
    return redirect("manage:registrations", slug=tournament.slug)


@role_required(Role.ARBITRE)
def checkin(request, tournament):
    search = request.GET.get("q", "").strip()[:100]
    rows = selectors.registrations(tournament=tournament, search=search).order_by(
        "sort_name", "number"
    )
    fees = fee_amounts(tournament=tournament)
    context = {
        "tournament": tournament,
        "rows": with_fee_states(rows, fees),
        "fees": fees,
        "search": search,
        "summary": presence_summary(tournament=tournament),
        "last_check_in_all": selectors.last_check_in_all(tournament=tournament),
        "oob": is_htmx(request),  # the count of players found, in its live region
    }
    template = "manage/_checkin_list.html" if is_htmx(request) else "manage/checkin.html"
    return render(request, template, context)


@require_POST
@role_required(Role.ARBITRE)
def checkin_toggle(request, tournament, number):
    reg = get_object_or_404(
        Registration.objects.select_related("player", "club", "team"),
        tournament=tournament,
        number=number,
    )
    present = CheckInForm.read(request.POST)["present"]
    services.registration_check_in(registration=reg, user=request.user, present=present)
    if is_htmx(request):
        fees = fee_amounts(tournament=tournament)
        return render(
            request,
            "manage/_checkin_toggle.html",
            {
                "tournament": tournament,
                "row": with_fee_states([reg], fees)[0],
                "fees": fees,
                "summary": presence_summary(tournament=tournament),
                "last_check_in_all": selectors.last_check_in_all(tournament=tournament),
                "oob_presence": True,
            },
        )
    return redirect(reverse("manage:checkin", kwargs={"slug": tournament.slug}))


@require_POST
@role_required(Role.ARBITRE)
def checkin_all(request, tournament):
    try:
        count = services.registrations_check_in_all(tournament=tournament, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(
            request,
            ngettext("%(n)s player checked in.", "%(n)s players checked in.", count) % {"n": count},
        )
    return redirect("manage:checkin", slug=tournament.slug)


@require_POST
@role_required(Role.ARBITRE)
def checkin_all_undo(request, tournament):
    entry = CheckInAllUndoForm.read(request.POST)["entry"]
    try:
        count = services_undo.check_in_all_undo(
            tournament=tournament, user=request.user, entry=entry
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(
            request,
            ngettext("Check-in of %(n)s player undone.", "Check-in of %(n)s players undone.", count)
            % {"n": count},
        )
    return redirect("manage:checkin", slug=tournament.slug)
