"""The staff's forms of a challenge: its rule (the scale typed as "25, 20, 16" or "25 20 16"),
a tournament to add with its coefficient, a coefficient to change. They read what a page posted
and hand typed values to ``services``; must not write.
"""

import re

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from scoring.models import Challenge
from scoring.season.services import scale_check

SEPARATORS = re.compile(r"[\s,;]+")
MOST_TOURNAMENTS = 200  # as ``Challenge.min_participations``


class ScaleField(forms.CharField):
    """Whole points, 0 or more, decreasing or equal, separated by commas or spaces."""

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 2000)
        kwargs.setdefault(
            "help_text",
            _("The points of the 1st, 2nd, 3rd… place, e.g. “25, 20, 16, 13”; none beyond."),
        )
        super().__init__(**kwargs)

    def prepare_value(self, value):
        if isinstance(value, list):
            return ", ".join(str(p) for p in value)
        return value

    def to_python(self, value):
        text = super().to_python(value).strip()
        words = [w for w in SEPARATORS.split(text) if w]
        bad = [w for w in words if not w.isascii() or not w.isdigit()]
        if bad:
            raise ValidationError(
                _("“%(word)s” is not a whole number of points (0 or more)."),
                code="scale_points",
                params={"word": bad[0][:20]},
            )
        if len(words) > 500:
            raise ValidationError(_("At most 500 places."), code="scale_long")
        points = [int(w) for w in words]
        try:
            scale_check(points)
        except ValidationError as exc:
            raise ValidationError(exc.message_dict["scale"]) from exc
        return points


class ChallengeForm(forms.ModelForm):
    scale = ScaleField(label=_("Scale"))

    class Meta:
        model = Challenge
        fields = [
            "name",
            "slug",
            "organiser_club",
            "points_rule",
            "scale",
            "best_of",
            "min_participations",
            "is_public",
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The column has no bound of its own below the database's: as many as a season holds.
        best_of = self.fields["best_of"]
        best_of.max_value = MOST_TOURNAMENTS
        best_of.validators.append(MaxValueValidator(MOST_TOURNAMENTS))
        best_of.widget.attrs["max"] = MOST_TOURNAMENTS

    def clean(self):
        data = super().clean()
        if data.get("points_rule") == Challenge.PointsRule.SCALE and data.get("scale") == []:
            self.add_error("scale", _("Give the points of the first places."))
        return data


class CoefficientForm(forms.Form):
    coefficient = forms.DecimalField(
        label=_("Coefficient"),
        max_digits=4,
        decimal_places=2,
        min_value=0,
        max_value=10,
        initial=1,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "size": 6}),
        help_text=_("Its points are multiplied by it (from 0 to 10)."),
    )


class TournamentChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj):
        return f"{obj.name} · {date_format(obj.date, 'SHORT_DATE_FORMAT')}"


class TournamentAddForm(CoefficientForm):
    tournament = TournamentChoice(label=_("Tournament"), queryset=None)
    field_order = ["tournament", "coefficient"]

    def __init__(self, *args, tournaments, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tournament"].queryset = tournaments
        self.fields["tournament"].empty_label = _("Choose one of your tournaments")
