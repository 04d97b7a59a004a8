"""Arbitration pages: the incident log, logging an incident, one incident with its decisions.

Views stay thin: they read through ``selectors``, check the form (whose choices are limited to
this tournament), hand clean values to ``services`` and show their errors next to the fields or
as a message. They apply no rule: the automatic bans, the second warning's count and the scale
are the services'. A second warning is never turned into a penalty here: the page only offers
the arbitre a penalty form filled with what the scale proposes.
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import add_service_error
from common.forms import ReasonForm
from common.views import paginate_table
from scoring.formats.libre.selectors import current_sheet, table_seats
from tournaments.models.core import seat_name
from tournaments.permissions import Role, role_required
from tournaments.selectors_seating import current_round

from . import decisions, decisions_duplicate, forms_duplicate, selectors, services
from .actions import Action
from .consequences import camp_on_sheet
from .decisions import describe
from .forms import MAX_DEAL, DecisionForm, IncidentFilterForm, IncidentForm, StatusForm, small_int
from .models import Decision, Incident, IncidentKind, incident_kinds
from .tables import IncidentTable

Kind = Decision.Kind


def _label(choices, value) -> str:
    return str(dict(choices.choices).get(value, value or ""))


def _history_detail(entry) -> str:
    """What an audit entry changed, in words (the entry keeps plain values)."""
    data = entry.data
    if entry.action == Action.INCIDENT_LOGGED:
        return _label(IncidentKind, data.get("kind"))
    if entry.action == Action.INCIDENT_STATUS:
        before, after = (_label(Incident.Status, data.get(k)) for k in ("before", "after"))
        return f"{before} → {after}"
    if entry.action in (Action.DECISION_ADDED, Action.DECISION_UNDONE):
        why = data.get("reason") or data.get("note") or ""
        return ": ".join(filter(None, [_label(Kind, data.get("kind")), why]))
    return ""


def _incident(tournament, pk):
    """The incident with its people and decisions, of this tournament."""
    incident = get_object_or_404(selectors.incident_detail(tournament=tournament), pk=pk)
    incident.tournament = tournament
    return incident


def _incident_url(tournament, incident) -> str:
    return reverse("arbitration:incident", kwargs={"slug": tournament.slug, "pk": incident.pk})


@role_required(Role.ARBITRE)
def incident_log(request, tournament):
    filters = IncidentFilterForm(request.GET, tournament=tournament)
    chosen = filters.filters()
    table = IncidentTable(
        selectors.incidents(tournament=tournament, **chosen),
        slug=tournament.slug,
        etuis=tournament.plays_duplicate,
    )
    if chosen:
        table.empty_text = _("No incident matches these filters.")
    paginate_table(table, request)
    return render(
        request,
        "arbitration/log.html",
        {"tournament": tournament, "table": table, "filters": filters, "filtered": bool(chosen)},
    )


def _deal_limit(tournament) -> int:
    """A deal of a table's sheet, or an étui of a duplicate séance."""
    return forms_duplicate.MAX_BOARD if tournament.plays_duplicate else MAX_DEAL


def _new_initial(request, tournament) -> dict:
    """What the address says (a sheet's or dashboard's link): position, table, deal, type."""
    position = small_int(request.GET.get("position"))
    if position is None or not tournament.rounds.filter(number=position).exists():
        latest = current_round(tournament=tournament)
        position = latest.number if latest else None
    kind = request.GET.get("kind", "")
    deal = small_int(request.GET.get("deal"))
    return {
        "round": position,
        "table": small_int(request.GET.get("table")),
        "deal_number": deal if deal and deal <= _deal_limit(tournament) else None,
        "kind": kind if kind in dict(incident_kinds(tournament)) else "",
        "contests": small_int(request.GET.get("contests")),
        "called_at": timezone.localtime().replace(second=0, microsecond=0),
    }


@role_required(Role.ARBITRE)
def incident_new(request, tournament):
    if request.method != "POST":
        form = IncidentForm(initial=_new_initial(request, tournament), tournament=tournament)
        return render(request, "arbitration/incident_form.html", _form_context(tournament, form))
    form = IncidentForm(request.POST, tournament=tournament)
    if form.is_valid():
        try:
            incident = services.incident_log(
                tournament=tournament, user=request.user, **form.service_kwargs()
            )
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(
                request,
                _("Incident %(n)s logged: %(kind)s.")
                % {"n": incident.pk, "kind": incident.get_kind_display()},
            )
            for decision in incident.decisions.select_related("registration", "incident"):
                messages.warning(request, describe(decision))
            for note in _consequence_notes(incident):
                messages.info(request, note)
            return redirect(_incident_url(tournament, incident))
    context = _form_context(tournament, form)
    return render(request, "arbitration/incident_form.html", context, status=400)


def _consequence_notes(incident: Incident) -> list[str]:
    """Why a fault just logged got no automatic consequence, when the rules say so."""
    if incident.refused_late:
        return [_("A late protest is recorded and refused under the rules: it gets no decision.")]
    renonce = incident.kind == IncidentKind.RENONCE and incident.offender is not None
    renonce = renonce and incident.tournament.has_bidding
    if renonce and incident.confirmed and not incident.offender_defending:
        return [
            _(
                "No automatic bid ban: %(player)s was in the taker's camp, and the rules bar "
                "only a defender who revoked from the next deal. Decide a penalty if needed."
            )
            % {"player": incident.offender.name}
        ]
    return []


def _camp_contradicted(incident: Incident) -> bool:
    """A renonce logged before the sheet had its deal, whose sheet now says otherwise."""
    if incident.kind != IncidentKind.RENONCE or not incident.tournament.has_bidding:
        return False
    camp = camp_on_sheet(incident)
    return camp is not None and camp != incident.offender_defending


def _form_context(tournament, form) -> dict:
    return {"tournament": tournament, "form": form, "has_rounds": tournament.rounds.exists()}


def _second_warning(request, tournament, incident, seats):
    """The prompt after a second warning: recomputed from the warning named in the address,
    so an old link says what is true now. Never applies anything."""
    pk = small_int(request.GET.get("second_warning"))
    warning = next(
        (
            d
            for d in incident.decisions.all()
            if d.pk == pk and d.kind == Kind.WARNING and d.is_active and d.registration is not None
        ),
        None,
    )
    if warning is None:
        return None
    count = selectors.active_warnings(tournament=tournament, registration=warning.registration)
    if count < 2:
        return None
    suggested = decisions.scale_points(tournament=tournament, kind=incident.kind)
    return {
        "player": warning.registration,
        "count": count,
        "suggested": suggested,
        "form": DecisionForm(
            incident=incident,
            seats=seats,
            auto_id="sw-%s",
            initial={
                "kind": Kind.PENALTY,
                "player": warning.registration.pk,
                "points": suggested,
                "note": _("Second warning in this tournament"),
            },
        ),
    }


def _render_incident(request, tournament, incident, decision_form=None, status=200):
    seats = table_seats(table=incident.table) if incident.table_id else []
    taken = list(incident.decisions.all())
    for decision in taken:
        decision.mark_rows = (
            decisions_duplicate.mark_rows(decision)
            if decision.kind in decisions_duplicate.DUPLICATE_KINDS
            else [(seat_name(i), mark) for i, mark in enumerate(decision.marks)]
        )
    if decision_form is None:
        decision_form = DecisionForm(
            incident=incident,
            seats=seats,
            initial={
                "kind": Kind.WARNING,
                "points": decisions.scale_points(tournament=tournament, kind=incident.kind),
                "deal_number": incident.deal_number,
            },
        )
    history = list(selectors.incident_history(incident=incident))
    for entry in history:
        entry.detail = _history_detail(entry)
    context = {
        "tournament": tournament,
        "bids": tournament.has_bidding,
        "incident": incident,
        "decisions": taken,
        "decision_form": decision_form,
        "scale_amount": decisions.scale_points(tournament=tournament, kind=incident.kind),
        "status_form": StatusForm(initial={"status": incident.status}),
        "second_warning": _second_warning(request, tournament, incident, seats),
        "protests": incident.protests.select_related("round", "table").order_by("called_at"),
        "sheet": current_sheet(table=incident.table) if incident.table_id else None,
        "camp_contradicted": _camp_contradicted(incident),
        "history": history,
        "seats": seats,
    }
    return render(request, "arbitration/incident.html", context, status=status)


@role_required(Role.ARBITRE)
def incident_detail(request, tournament, pk):
    return _render_incident(request, tournament, _incident(tournament, pk))


@require_POST
@role_required(Role.ARBITRE)
def incident_confirm(request, tournament, pk):
    incident = _incident(tournament, pk)
    if incident.confirmed:
        messages.info(request, _("This fault was already confirmed."))
        return redirect(_incident_url(tournament, incident))
    try:
        created = services.incident_confirm(incident=incident, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Fault confirmed."))
        for decision in created:
            messages.warning(request, describe(decision))
    return redirect(_incident_url(tournament, incident))


@require_POST
@role_required(Role.ARBITRE)
def decision_add(request, tournament, pk):
    incident = _incident(tournament, pk)
    seats = table_seats(table=incident.table) if incident.table_id else []
    form = DecisionForm(request.POST, incident=incident, seats=seats)
    if incident.refused_late:  # the rules bar it: there is no form to show the refusal next to
        messages.error(
            request, _("A late protest is refused under the rules: it gets no decision.")
        )
        return redirect(_incident_url(tournament, incident))
    if form.is_valid():
        try:
            outcome = services.decision_add(
                incident=incident, user=request.user, **form.service_kwargs()
            )
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, describe(outcome.decision))
            url = _incident_url(tournament, incident)
            if outcome.warnings >= 2:
                url += f"?second_warning={outcome.decision.pk}#second-warning"
            return redirect(url)
    return _render_incident(request, tournament, incident, decision_form=form, status=400)


@require_POST
@role_required(Role.ARBITRE)
def decision_undo(request, tournament, pk, decision):
    incident = _incident(tournament, pk)
    chosen = next((d for d in incident.decisions.all() if d.pk == decision), None)
    if chosen is None:
        raise Http404
    if not chosen.is_active:
        messages.info(request, _("This decision was already undone."))
        return redirect(_incident_url(tournament, incident))
    chosen.incident = incident
    try:
        services.decision_undo(
            decision=chosen, user=request.user, reason=ReasonForm.read(request.POST)["reason"]
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Decision undone: %(what)s") % {"what": describe(chosen)})
    return redirect(_incident_url(tournament, incident))


@require_POST
@role_required(Role.ARBITRE)
def incident_status(request, tournament, pk):
    incident = _incident(tournament, pk)
    form = StatusForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a status."))
        return redirect(_incident_url(tournament, incident))
    try:
        services.incident_set_status(
            incident=incident, user=request.user, status=form.cleaned_data["status"]
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(
            request, _("Status: %(status)s.") % {"status": incident.get_status_display()}
        )
    return redirect(_incident_url(tournament, incident))
