"""Staff pages of the entry fees: the organiser sets the amounts and reads the treasurer's sheet
(page, PDF, workbook); at check-in, an arbitre records how a player paid, or takes it back.
The check-in buttons work as plain forms and, with htmx, answer the player's row alone."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import add_service_error
from common.views import download, is_htmx

from .. import services_fees
from ..documents_fees import treasurer_pdf, treasurer_xlsx
from ..forms_fees import FeesForm, PaymentForm
from ..models import Registration
from ..permissions import Role, role_required
from ..selectors_fees import fee_amounts, fee_state, treasurer_sheet


def with_fee_states(rows, fees: dict[str, int]) -> list:
    """The check-in rows, each with its ``fee`` (``selectors_fees.FeeState``) when the
    tournament charges fees."""
    rows = list(rows)
    if fees:
        for row in rows:
            row.fee = fee_state(row, fees)
    return rows


@role_required(Role.ORGANISER)
def fees_edit(request, tournament):
    fees = fee_amounts(tournament=tournament)
    form = FeesForm(request.POST or None, fees=fees)
    if request.method == "POST" and form.is_valid():
        try:
            services_fees.fees_set(user=request.user, tournament=tournament, amounts=form.amounts())
        except ValidationError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _("Entry fees saved."))
            return redirect("manage:fees", slug=tournament.slug)
    return render(request, "manage/fees.html", {"tournament": tournament, "form": form})


@role_required(Role.ORGANISER)
def treasurer(request, tournament):
    sheet = treasurer_sheet(tournament=tournament)
    return render(request, "manage/treasurer.html", {"tournament": tournament, "sheet": sheet})


@role_required(Role.ORGANISER)
def treasurer_pdf_view(request, tournament):
    return download(treasurer_pdf(tournament=tournament))


@role_required(Role.ORGANISER)
def treasurer_xlsx_view(request, tournament):
    return download(treasurer_xlsx(tournament=tournament))


def _row_answer(request, tournament, reg, error=""):
    """The player's check-in row again (htmx), or the check-in page with a message."""
    if is_htmx(request):
        reg = Registration.objects.select_related("player", "club", "team").get(pk=reg.pk)
        fees = fee_amounts(tournament=tournament)
        (row,) = with_fee_states([reg], fees)
        context = {
            "tournament": tournament,
            "row": row,
            "fees": fees,
            "fee_error": error,
        }
        return render(request, "manage/_checkin_toggle.html", context)
    if error:
        messages.error(request, error)
    return redirect("manage:checkin", slug=tournament.slug)


@require_POST
@role_required(Role.ARBITRE)
def checkin_pay(request, tournament, number):
    reg = get_object_or_404(Registration, tournament=tournament, number=number)
    form = PaymentForm(request.POST, fees=fee_amounts(tournament=tournament))
    if not form.is_valid():
        return _row_answer(request, tournament, reg, _("Choose the player's category."))
    try:
        services_fees.registration_pay(
            user=request.user,
            registration=reg,
            category=form.cleaned_data["category"],
            payment=form.cleaned_data["payment"],
        )
    except ValidationError as exc:
        return _row_answer(request, tournament, reg, " ".join(exc.messages))
    return _row_answer(request, tournament, reg)


@require_POST
@role_required(Role.ARBITRE)
def checkin_unpay(request, tournament, number):
    reg = get_object_or_404(Registration, tournament=tournament, number=number)
    try:
        services_fees.registration_unpay(user=request.user, registration=reg)
    except ValidationError as exc:
        return _row_answer(request, tournament, reg, " ".join(exc.messages))
    return _row_answer(request, tournament, reg)
