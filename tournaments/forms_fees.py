"""Forms of the entry fees: the organiser's amounts (euros typed as "12" or "12,50", turned
into cents by ``common.money.parse_cents``) and a player's payment at check-in. They hand
cents and choice values to ``services_fees``; they write nothing."""

from django import forms
from django.utils.translation import gettext_lazy as _

from common.money import format_cents, parse_cents

from .models import FeeCategory, Payment

PAID_CATEGORIES = (FeeCategory.LICENSED, FeeCategory.UNLICENSED, FeeCategory.YOUNG)


class FeesForm(forms.Form):
    """One amount per paying category (empty: not charged), and whether free entries exist."""

    free = forms.BooleanField(
        label=_("Free entries"),
        required=False,
        help_text=_("Some players enter free (guests, organisers): they count at 0 €."),
    )

    def __init__(self, *args, fees: dict[str, int], **kwargs):
        initial = {c: format_cents(fees[c], symbol=False) for c in PAID_CATEGORIES if c in fees}
        initial["free"] = FeeCategory.FREE in fees
        super().__init__(*args, initial=initial, **kwargs)
        for category in PAID_CATEGORIES:
            field = forms.CharField(
                label=FeeCategory(category).label,
                required=False,
                max_length=20,
                help_text=_("In euros, such as 12 or 12,50; empty if not charged."),
            )
            field.widget.attrs.update(inputmode="decimal", autocomplete="off", size=8)
            self.fields[category] = field
        self.order_fields([*PAID_CATEGORIES, "free"])

    def clean(self):
        data = super().clean()
        for category in PAID_CATEGORIES:
            text = (data.get(category) or "").strip()
            if not text:
                data[category] = None
                continue
            try:
                data[category] = parse_cents(text)
            except forms.ValidationError as exc:
                self.add_error(category, exc)
        return data

    def amounts(self) -> dict[str, int | None]:
        """What ``services_fees.fees_set`` takes: category -> cents, ``None`` not charged."""
        data = self.cleaned_data
        amounts = {category: data.get(category) for category in PAID_CATEGORIES}
        amounts[FeeCategory.FREE] = 0 if data.get("free") else None
        return amounts


class PaymentForm(forms.Form):
    """A player's payment at check-in: the category (those the tournament charges) and how
    (one of the buttons; a free entry needs none)."""

    category = forms.ChoiceField(label=_("Category"))
    payment = forms.ChoiceField(label=_("Paid by"), choices=Payment.choices, required=False)

    def __init__(self, *args, fees: dict[str, int], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["category"].choices = [
            (category, f"{FeeCategory(category).label} · {format_cents(cents)}")
            for category, cents in fees.items()
        ]
