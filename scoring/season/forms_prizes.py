"""The form of a prize rule: what the page posts turned into ``PrizeRuleValues`` (amounts typed
in euros become cents), with a clear message next to the field that is wrong. Knows no
database."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.money import parse_cents
from scoring.models import PrizeRule
from scoring.season.services_prizes import (
    MOST_CENTS,
    MOST_WEIGHT,
    PrizeRuleValues,
    amount_too_big,
    weight_too_big,
)

MAX_PLACES = 500


class PrizeRuleForm(forms.Form):
    kind = forms.ChoiceField(label=gettext_lazy("Kind"), choices=PrizeRule.Kind.choices)
    share_percent = forms.IntegerField(
        label=gettext_lazy("Share of the fees (%)"), min_value=1, max_value=100, required=False
    )
    places = forms.IntegerField(
        label=gettext_lazy("Places"), min_value=1, max_value=MAX_PLACES, required=False
    )
    scale = forms.CharField(
        label=gettext_lazy("Scale"),
        required=False,
        max_length=2000,
        help_text=gettext_lazy(
            "One weight per place, decreasing, such as 5 4 3 2 1. Empty: "
            "places, places - 1, ..., 1."
        ),
    )
    amounts = forms.CharField(
        label=gettext_lazy("Fixed amounts (€)"),
        required=False,
        max_length=2000,
        help_text=gettext_lazy("The amount of the 1st, 2nd, ... place, such as 100 60 40."),
    )
    bonus = forms.CharField(label=gettext_lazy("Bonus (€)"), required=False, max_length=20)
    min_tournaments = forms.IntegerField(
        label=gettext_lazy("Tournaments played, at least"),
        min_value=1,
        max_value=200,
        required=False,
    )

    def __init__(self, *args, of_tournament: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.of_tournament = of_tournament
        if of_tournament:
            self.fields["kind"].choices = [
                (value, label)
                for value, label in PrizeRule.Kind.choices
                if value != PrizeRule.Kind.BONUS
            ]
            for name in ("bonus", "min_tournaments"):
                del self.fields[name]

    def clean_scale(self) -> tuple[int, ...]:
        parts = (self.cleaned_data.get("scale") or "").replace(";", " ").split()
        # ASCII digits only: "²" and "٣" are digits to ``isdigit`` but "²" is no number to ``int``.
        if not all(part.isascii() and part.isdigit() and len(part) <= 6 for part in parts):
            raise ValidationError(_("Enter whole numbers separated by spaces, such as 5 4 3 2 1."))
        if len(parts) > MAX_PLACES:
            raise ValidationError(_("Too many places."))
        weights = tuple(int(part) for part in parts)
        if any(weight > MOST_WEIGHT for weight in weights):
            raise weight_too_big()
        if weights and (weights[0] <= 0 or list(weights) != sorted(weights, reverse=True)):
            raise ValidationError(_("The scale must decrease from the first place."))
        return weights

    def clean_amounts(self) -> tuple[int, ...]:
        parts = (self.cleaned_data.get("amounts") or "").replace(";", " ").split()
        if len(parts) > MAX_PLACES:
            raise ValidationError(_("Too many places."))
        amounts = tuple(parse_cents(part) for part in parts)
        if any(cents > MOST_CENTS for cents in amounts):
            raise amount_too_big()
        return amounts

    def clean_bonus(self) -> int:
        text = (self.cleaned_data.get("bonus") or "").strip()
        cents = parse_cents(text) if text else 0
        if cents > MOST_CENTS:
            raise amount_too_big()
        return cents

    def values(self) -> PrizeRuleValues:
        data = self.cleaned_data
        return PrizeRuleValues(
            kind=data["kind"],
            share_percent=data.get("share_percent") or 0,
            # A scale alone says how many places it covers.
            places=data.get("places") or len(data.get("scale") or ()),
            scale=data.get("scale") or (),
            amounts_cents=data.get("amounts") or (),
            min_tournaments=data.get("min_tournaments") or 0,
            bonus_cents=data.get("bonus") or 0,
        )
