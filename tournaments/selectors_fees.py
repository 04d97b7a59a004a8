"""Reads of a tournament's entry fees: the amount of each category, what each player owes at
check-in, and the treasurer's sheet (what was collected, by category and by payment method, and
who has not paid). Plain dataclasses in whole cents; two queries whatever the field's size.

``treasurer_sheet(tournament=...)`` is what other apps read (the prizes, a challenge's sheet):
``collected_cents`` is the money taken at the door. Nothing here writes (``services_fees`` does).
"""

from dataclasses import dataclass

from .models import FeeCategory, Payment, Registration, Tournament


def fee_amounts(*, tournament: Tournament) -> dict[str, int]:
    """The fee of each category the tournament charges (category value -> cents), in the
    order of ``FeeCategory``; empty when it charges none."""
    found = dict(tournament.fees.values_list("category", "amount_cents"))
    return {category: found[category] for category in FeeCategory.values if category in found}


def default_category(registration: Registration, fees: dict[str, int]) -> str:
    """The category a player pays in unless told otherwise: licensed with a licence in the
    directory, else not licensed; the first the tournament charges when it lacks that one."""
    wanted = FeeCategory.LICENSED if registration.player.licence else FeeCategory.UNLICENSED
    if wanted in fees or not fees:
        return wanted
    return next(iter(fees))


@dataclass(frozen=True)
class FeeState:
    """A player's fee at check-in: settled or not, in which category, for how much."""

    paid: bool
    category: str  # the category paid in, else the one proposed
    payment: str  # "" when not paid, or free
    cents: int  # what was paid, else what is due

    @property
    def category_label(self) -> str:
        return FeeCategory(self.category).label if self.category else ""

    @property
    def payment_label(self) -> str:
        return Payment(self.payment).label if self.payment else ""


def fee_state(registration: Registration, fees: dict[str, int]) -> FeeState:
    if registration.fee_category:
        return FeeState(
            True, registration.fee_category, registration.payment, registration.paid_cents
        )
    category = default_category(registration, fees)
    return FeeState(False, category, "", fees.get(category, 0))


@dataclass(frozen=True)
class Line:
    """One line of a total: a category or a payment method, how many players, how much."""

    key: str  # a FeeCategory or Payment value
    label: str
    count: int
    cents: int
    fee_cents: int | None = None  # a category's fee now (None: a payment, or not charged now)


@dataclass(frozen=True)
class Unpaid:
    """A player who has not paid yet, with what they owe in the category proposed."""

    number: int
    name: str
    club: str
    checked_in: bool
    category: str
    due_cents: int


@dataclass(frozen=True)
class TreasurerSheet:
    """What a tournament's entry fees brought in.

    ``fees``: the amount of each category charged (cents); ``by_category``: every category
    charged, with the players settled in it (a free entry counts, at 0) and what they paid;
    ``by_payment``: every payment method with the players who paid by it and the sum (free
    entries are in none); ``collected_cents``: the sum of what was paid (= the sum of either
    list); ``unpaid``: the players not settled yet, by number, leaving out those who owe nothing
    because they never played for themselves (withdrawn before the first position, stand-ins who
    only complete the tables); ``due_cents``: what they owe.
    """

    fees: dict[str, int]
    by_category: list[Line]
    by_payment: list[Line]
    collected_cents: int
    paid_count: int
    unpaid: list[Unpaid]
    due_cents: int


def treasurer_sheet(*, tournament: Tournament) -> TreasurerSheet:
    """The treasurer's sheet of ``tournament`` (see ``TreasurerSheet``); two queries."""
    fees = fee_amounts(tournament=tournament)
    rows = Registration.objects.filter(tournament=tournament).select_related("player", "club")
    categories = {category: [0, 0] for category in fees}
    payments = {payment: [0, 0] for payment in Payment.values}
    unpaid = []
    for reg in rows.order_by("number"):
        if reg.fee_category:
            categories.setdefault(reg.fee_category, [0, 0])  # a category removed since
            categories[reg.fee_category][0] += 1
            categories[reg.fee_category][1] += reg.paid_cents
            if reg.payment:
                payments[reg.payment][0] += 1
                payments[reg.payment][1] += reg.paid_cents
            continue
        if reg.stand_in or reg.withdrawn_after_position == 0:
            continue  # never played for themselves (withdrawn before the first, or a stand-in)
        state = fee_state(reg, fees)
        club = reg.club.name if reg.club else ""
        unpaid.append(
            Unpaid(reg.number, reg.name, club, reg.checked_in, state.category, state.cents)
        )
    by_category = [
        Line(key, str(FeeCategory(key).label), count, cents, fees.get(key))
        for key in FeeCategory.values
        if key in categories
        for count, cents in [categories[key]]
    ]
    by_payment = [
        Line(key, str(Payment(key).label), count, cents) for key, (count, cents) in payments.items()
    ]
    return TreasurerSheet(
        fees=fees,
        by_category=by_category,
        by_payment=by_payment,
        collected_cents=sum(line.cents for line in by_category),
        paid_count=sum(line.count for line in by_category),
        unpaid=unpaid,
        due_cents=sum(row.due_cents for row in unpaid),
    )
