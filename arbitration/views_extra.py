"""Arbitration pages beside the incident log: a player's record, the penalty scale, the report.

Views stay thin: they read through ``selectors``, write through ``services`` and show a
service's refusal next to its field. The record is read in a constant number of queries,
however many incidents, penalties and bans the player has.
"""

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from common.errors import add_service_error
from scoring.formats.libre.selectors import penalties_by_position
from tournaments.models import Registration
from tournaments.permissions import Role, has_role, role_required
from tournaments.views.jobs import document_response

from . import selectors, services
from .models import PenaltyScale, incident_kinds

# More than any tarot deal is worth: a larger number is a typing slip, not a penalty.
MAX_SCALE_POINTS = 10_000


@role_required(Role.ARBITRE)
def player_record(request, tournament, number):
    registration = get_object_or_404(
        Registration.objects.select_related("player", "club"), tournament=tournament, number=number
    )
    record = selectors.player_record(registration=registration)
    by_position = penalties_by_position(record.penalties)
    positions = sorted(
        set(range(1, tournament.positions + 1)) | set(record.marks_by_position),
    )
    rows = [
        {
            "position": k,
            "marks": record.marks_by_position.get(k),
            "penalties": by_position.get(k, 0),
            "net": record.marks_by_position.get(k, 0) - by_position.get(k, 0),
        }
        for k in positions
    ]
    return render(
        request,
        "arbitration/record.html",
        {
            "tournament": tournament,
            "registration": registration,
            "record": record,
            "rows": rows,
            # Penalties taken outside any position (none is the usual case).
            "penalties_elsewhere": by_position.get(None, 0),
            "can_edit_scale": has_role(request.user, tournament, Role.ORGANISER),
            "bids": tournament.has_bidding,
        },
    )


class ScaleForm(forms.Form):
    """One optional number per type of incident: the points the scale proposes."""

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        for value, label in incident_kinds(tournament):
            self.fields[value] = forms.IntegerField(
                label=label,
                required=False,
                min_value=1,
                max_value=MAX_SCALE_POINTS,
                widget=forms.NumberInput(attrs={"min": 1, "max": MAX_SCALE_POINTS, "size": 6}),
            )

    def points(self) -> dict[str, int | None]:
        return {kind: self.cleaned_data.get(kind) for kind in self.fields}


@role_required(Role.ORGANISER)
def penalty_scale(request, tournament):
    if request.method == "POST":
        form = ScaleForm(request.POST, tournament=tournament)
        if form.is_valid():
            try:
                services.scale_set(tournament=tournament, user=request.user, points=form.points())
            except ValidationError as exc:
                add_service_error(form, exc)
            else:
                messages.success(request, _("Penalty scale saved."))
                return redirect("arbitration:scale", slug=tournament.slug)
        status = 400
    else:
        current = dict(
            PenaltyScale.objects.filter(tournament=tournament).values_list("kind", "points")
        )
        form = ScaleForm(initial=current, tournament=tournament)
        status = 200
    return render(
        request,
        "arbitration/scale.html",
        {"tournament": tournament, "form": form},
        status=status,
    )


@role_required(Role.ARBITRE)
def report(request, tournament, fmt):
    """The arbitre's report: served when ready, else made by a worker (tournaments.jobs)."""
    if fmt not in ("pdf", "xlsx"):
        raise Http404
    return document_response(request, tournament, "arbitration.report", {"fmt": fmt})
