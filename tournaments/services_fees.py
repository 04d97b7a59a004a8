"""Writes for a tournament's entry fees: the amount of each category (organiser) and what a
player paid at check-in, taken back if it was a mistake (arbitre, as the check-in itself).

Amounts are whole cents. A registration is settled once it has a fee category: ``payment`` says
how (cash, cheque, transfer) and ``paid_cents`` what the category cost at that moment; a free
entry is settled with no payment and 0. Each service checks the role, runs in one transaction
and writes its audit entry on the tournament. Reads are ``selectors_fees``'.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from common.errors import field_error

from .actions import Action
from .models import EntryFee, FeeCategory, Payment, Registration, Tournament
from .permissions import Role, require_role
from .services_common import audit_log, hold_tournament

# The most an entry fee may be: a typing slip (1250 for 12,50) is refused, not recorded.
MAX_FEE_CENTS = 100_000


@transaction.atomic
def fees_set(*, user, tournament: Tournament, amounts: dict[str, int]) -> dict[str, int]:
    """Set the fee of each category of ``amounts`` (category value -> cents); a category left
    out or ``None`` has no fee (removed). "free" is always 0. Returns the fees now set."""
    tournament = hold_tournament(tournament)
    require_role(user, tournament, Role.ORGANISER)
    wanted = {}
    for category, cents in amounts.items():
        if category not in FeeCategory.values:
            raise ValueError(f"{category!r} is no fee category")
        if cents is None:
            continue
        if category == FeeCategory.FREE:
            cents = 0
        if not 0 <= cents <= MAX_FEE_CENTS:
            raise field_error(
                category, _("An entry fee is between 0 and 1000 euros."), "fee_out_of_range"
            )
        wanted[category] = int(cents)
    before = dict(tournament.fees.values_list("category", "amount_cents"))
    if wanted == before:
        return before
    tournament.fees.exclude(category__in=wanted).delete()
    for category, cents in wanted.items():
        EntryFee.objects.update_or_create(
            tournament=tournament, category=category, defaults={"amount_cents": cents}
        )
    audit_log(
        action=Action.FEES_SET,
        user=user,
        tournament=tournament,
        data={"before": before, "after": wanted},
    )
    return wanted


@transaction.atomic
def registration_pay(
    *, user, registration: Registration, category: str, payment: str
) -> Registration:
    """Record that the player paid the fee of ``category`` by ``payment`` (its amount now is
    what they paid). A free entry needs no payment: it is settled at 0 whatever ``payment``."""
    tournament = hold_tournament(registration.tournament)
    require_role(user, tournament, Role.ARBITRE)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    fees = dict(tournament.fees.values_list("category", "amount_cents"))
    if category not in fees:
        raise field_error(
            "category", _("This tournament has no fee for this category."), "no_such_fee"
        )
    if category == FeeCategory.FREE:
        payment = ""
    elif payment not in Payment.values:
        raise field_error("payment", _("Say how the player paid."), "no_payment")
    if registration.fee_category:
        raise ValidationError(
            _("%(player)s has already paid: take the payment back first.")
            % {"player": registration.name},
            code="already_paid",
        )
    registration.fee_category = category
    registration.payment = payment
    registration.paid_cents = fees[category]
    registration.save(update_fields=["fee_category", "payment", "paid_cents"])
    audit_log(
        action=Action.REGISTRATION_PAID,
        user=user,
        tournament=tournament,
        data={
            "registration": registration.pk,
            "number": registration.number,
            "category": category,
            "payment": payment,
            "cents": registration.paid_cents,
        },
    )
    return registration


@transaction.atomic
def registration_unpay(*, user, registration: Registration) -> Registration:
    """Take back a payment recorded by mistake: the player owes their fee again."""
    tournament = hold_tournament(registration.tournament)
    require_role(user, tournament, Role.ARBITRE)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if not registration.fee_category:
        raise ValidationError(
            _("%(player)s has not paid.") % {"player": registration.name}, code="not_paid"
        )
    data = {
        "registration": registration.pk,
        "number": registration.number,
        "category": registration.fee_category,
        "payment": registration.payment,
        "cents": registration.paid_cents,
    }
    registration.fee_category = ""
    registration.payment = ""
    registration.paid_cents = 0
    registration.save(update_fields=["fee_category", "payment", "paid_cents"])
    audit_log(action=Action.REGISTRATION_UNPAID, user=user, tournament=tournament, data=data)
    return registration
