"""The arbitre's cancelled étuis of a team match's quarter (fft-duplicate.md §1.6), from its
page: cancel one (0 PM, or the PM assigned, with the reason), confirm it (four-eyes), undo it
with a reason (a confirmed one, under four-eyes, once another arbitre confirms the undoing).
Writes are ``services_match_rulings``'; a refusal is shown next to its field on the quarter's
page."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import add_service_error
from common.forms import ReasonForm
from scoring.formats.match import services_rulings as services_match_rulings
from scoring.formats.match.forms import CancelBoardForm, RestoreAnswerForm
from scoring.formats.match.results import quarter_boards
from scoring.formats.match.views import errors_told, match_only, match_or_404
from scoring.formats.match.views_quarter import _quarter_context
from scoring.models.match import CancelledBoard, MatchQuarter
from tournaments.permissions import Role, role_required


@require_POST
@role_required(Role.ARBITRE)
@match_only
def board_cancel(request, tournament, match, quarter):
    match = match_or_404(tournament, match)
    found = get_object_or_404(MatchQuarter, match=match, number=quarter)
    form = CancelBoardForm(request.POST, boards=quarter_boards(found))
    if form.is_valid():
        data = form.cleaned_data
        try:
            services_match_rulings.board_cancel(
                quarter=found,
                board=data["board"],
                room=data["room"],
                user=request.user,
                reason=data["reason"],
                pm_a=data["pm_a"],
                pm_b=data["pm_b"],
            )
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("Étui %(n)s cancelled.") % {"n": data["board"]})
            return redirect("scoring:match_quarter", tournament.slug, match.number, quarter)
    context = _quarter_context(request, tournament, match, quarter, cancel_form=form)
    return render(request, "scoring/match_quarter.html", context, status=400)


@require_POST
@role_required(Role.ARBITRE)
@match_only
def board_restore(request, tournament, match, quarter, board):
    match = match_or_404(tournament, match)
    cancelled = get_object_or_404(
        CancelledBoard, quarter__match=match, quarter__number=quarter, board=board
    )
    try:
        waiting = services_match_rulings.board_restore(
            cancelled=cancelled, user=request.user, reason=ReasonForm.read(request.POST)["reason"]
        )
    except ValidationError as exc:
        errors_told(request, exc)
    else:
        if waiting is None:
            messages.success(request, _("Étui %(n)s is compared again.") % {"n": board})
        else:
            messages.info(
                request,
                _(
                    "Étui %(n)s stays cancelled until another arbitre confirms its undoing "
                    "(four-eyes)."
                )
                % {"n": board},
            )
    return redirect("scoring:match_quarter", tournament.slug, match.number, quarter)


@require_POST
@role_required(Role.ARBITRE)
@match_only
def board_restore_confirm(request, tournament, match, quarter, board):
    """Another arbitre confirms the undoing asked (four-eyes), or drops it (``drop``)."""
    match = match_or_404(tournament, match)
    cancelled = get_object_or_404(
        CancelledBoard, quarter__match=match, quarter__number=quarter, board=board
    )
    try:
        if RestoreAnswerForm.read(request.POST)["drop"]:
            services_match_rulings.board_restore_drop(cancelled=cancelled, user=request.user)
            messages.success(request, _("Étui %(n)s stays cancelled.") % {"n": board})
        else:
            services_match_rulings.board_restore_confirm(cancelled=cancelled, user=request.user)
            messages.success(request, _("Étui %(n)s is compared again.") % {"n": board})
    except ValidationError as exc:
        errors_told(request, exc)
    return redirect("scoring:match_quarter", tournament.slug, match.number, quarter)


@require_POST
@role_required(Role.ARBITRE)
@match_only
def board_confirm(request, tournament, match, quarter, board):
    match = match_or_404(tournament, match)
    cancelled = get_object_or_404(
        CancelledBoard, quarter__match=match, quarter__number=quarter, board=board
    )
    try:
        services_match_rulings.board_cancel_confirm(cancelled=cancelled, user=request.user)
    except ValidationError as exc:
        errors_told(request, exc)
    else:
        messages.success(request, _("Cancellation of étui %(n)s confirmed.") % {"n": board})
    return redirect("scoring:match_quarter", tournament.slug, match.number, quarter)
