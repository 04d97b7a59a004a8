"""The decision form's fields for a duplicate tournament (fft-duplicate.md §1.6): the étui at
the incident's table, the assigned notes when its deal is cancelled (one per player in the
individuel, one per triplette of the line in the triplettes; presets 60, 50, 40 %; in the
quadrettes 0 PM to both, or the PM the arbitre assigns each), the
adjusted score with its sign, the version of the deal played."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.formats.duplicate.services_rulings import MAX_ADJUSTED, MAX_DEAL_VERSION, MAX_PM
from scoring.models.duplicate import ORIENTATIONS, Orientation
from tournaments.models.formats import CancelledLine

from .models import Decision, incident_kinds

Kind = Decision.Kind
NOTE_CHOICES = [
    ("50", gettext_lazy("50 % (no fault)")),
    ("60", gettext_lazy("60 % (not at fault)")),
    ("40", gettext_lazy("40 % (at fault)")),
]
SIDES = ("attack", "defence")  # a triplettes line: the attacking and the defending triplette
SIDE_LABELS = (
    gettext_lazy("Assigned note, attacking triplette"),
    gettext_lazy("Assigned note, defending triplette"),
)
PM_LABELS = (
    gettext_lazy("PM to the attacking quadrette (South)"),
    gettext_lazy("PM to the defending quadrette"),
)
MINUS_SIGNS = str.maketrans({"−": "-", "–": "-"})  # typed or pasted minus signs


class SignedScoreField(forms.IntegerField):
    """A score as the travelling sheet writes it: +56, −52 (any minus sign)."""

    def to_python(self, value):
        if isinstance(value, str):
            value = value.strip().translate(MINUS_SIGNS).replace(" ", "")
        return super().to_python(value)


class PMField(forms.DecimalField):
    """Match points as typed: 2,5 or −1.25 (a comma, any minus sign); empty is 0."""

    def __init__(self, **kwargs):
        attrs = {"inputmode": "decimal", "size": 7, "autocomplete": "off"}
        super().__init__(
            required=False, max_digits=5, decimal_places=3, min_value=-MAX_PM, max_value=MAX_PM,
            widget=forms.TextInput(attrs=attrs), **kwargs,
        )  # fmt: skip

    def to_python(self, value):
        if isinstance(value, str):
            value = value.strip().translate(MINUS_SIGNS).replace(" ", "").replace(",", ".")
        return super().to_python(value)


MAX_BOARD = 999  # étuis of a séance: tables × étuis per série


def incident_types(form) -> None:
    """The incident form of any game: the types of incident it has; without bidding, no camp
    for a renonce (it only says whether a bid ban follows); in a duplicate, an étui."""
    tournament = form.tournament
    form.fields["kind"].choices = [("", "---------"), *incident_kinds(tournament)]
    if not tournament.has_bidding:
        del form.fields["offender_defending"]
        form.fields["confirmed"].help_text = ""
    if tournament.plays_duplicate:
        incident_fields(form)


def incident_fields(form) -> None:
    """An incident of a duplicate is about an étui, not the n-th deal of a table."""
    form.fields["deal_number"] = forms.IntegerField(
        label=_("Étui"),
        required=False,
        min_value=1,
        max_value=MAX_BOARD,
        help_text=_("The étui's number in the séance, played at the incident's table."),
    )


def duplicate_fields(form) -> None:
    """Fit a ``DecisionForm`` to a duplicate incident (offering its kinds already): the étui
    and the figures."""
    tournament = form.incident.tournament
    incident_fields(form)
    assigned = tournament.cancelled_line
    pm = assigned == CancelledLine.MATCH_POINTS
    form.fields["points"] = forms.IntegerField(
        label=_("Match points (penalty)") if pm else _("Percentage points (penalty)"),
        required=False,
        min_value=1,
        max_value=100,
        help_text={
            CancelledLine.MATCH_POINTS: _("Taken off the quadrette's result of the séance, in PM."),
            CancelledLine.TEAM_NOTES: _(
                "Taken off the triplette's global percentage of the séance."
            ),
        }.get(assigned, _("Taken off the player's global percentage of the séance.")),
    )
    if assigned == CancelledLine.TEAM_NOTES:  # one note per triplette, never four seat notes
        for side, label in zip(SIDES, SIDE_LABELS, strict=True):
            form.fields[f"note_{side}"] = forms.ChoiceField(
                label=label, choices=NOTE_CHOICES, initial="50", required=False
            )
        form.note_names = [f"note_{side}" for side in SIDES]
    elif pm:  # 0 PM to both, or the PM the arbitre assigns
        for side, label in zip(SIDES, PM_LABELS, strict=True):
            form.fields[f"pm_{side}"] = PMField(label=label)
        form.note_names = [f"pm_{side}" for side in SIDES]
    else:
        for value, label in Orientation.choices:
            form.fields[f"note_{value}"] = forms.ChoiceField(
                label=_("Assigned note, %(o)s") % {"o": label},
                choices=NOTE_CHOICES,
                initial="50",
                required=False,
            )
        form.note_names = [f"note_{o}" for o in ORIENTATIONS]
    form.assigned_fields = [form[name] for name in form.note_names]  # the template's
    form.fields["score"] = SignedScoreField(
        label=_("Adjusted score"),
        required=False,
        min_value=-MAX_ADJUSTED,
        max_value=MAX_ADJUSTED,
        help_text=_("The taker's score with its sign, as on the travelling sheet (+56, −52)."),
        widget=forms.TextInput(attrs={"inputmode": "text", "size": 6, "autocomplete": "off"}),
    )
    form.fields["version"] = forms.IntegerField(
        label=_("Version of the deal played"),
        required=False,
        min_value=1,
        max_value=MAX_DEAL_VERSION,
        help_text=_("1 is the étui as made; 2 the deal as it was put back wrongly, and so on."),
    )


def duplicate_clean(form, data: dict) -> None:
    kind = data.get("kind")
    if kind == Kind.SCORE_ADJUSTED and data.get("score") is None and "score" not in form.errors:
        form.add_error("score", _("Type the score with its sign (+56, −52)."))
    if kind == Kind.DEAL_VERSION and data.get("version") is None and "version" not in form.errors:
        form.add_error("version", _("Which version of the deal was played?"))
    if kind in (Kind.LINE_CANCELLED, Kind.SCORE_ADJUSTED, Kind.DEAL_VERSION) and not data.get(
        "deal_number"
    ):
        form.add_error("deal_number", _("Which étui?"))


def duplicate_kwargs(form, kwargs: dict) -> dict:
    """The figures of a duplicate decision, as ``services.decision_add`` takes them."""
    data, kind = form.cleaned_data, form.cleaned_data["kind"]
    if kind not in (Kind.LINE_CANCELLED, Kind.SCORE_ADJUSTED, Kind.DEAL_VERSION):
        return kwargs
    kwargs = {**kwargs, "registration": None, "deal_number": data.get("deal_number")}
    if (
        kind == Kind.LINE_CANCELLED
        and form.incident.tournament.cancelled_line == CancelledLine.MATCH_POINTS
    ):
        # In thousandths of a PM (a decision's figures are integers); none: 0 PM to both.
        pm = [data.get(f"pm_{side}") or 0 for side in SIDES]
        kwargs["marks"] = [int(value * 1000) for value in pm] if any(pm) else []
    elif kind == Kind.LINE_CANCELLED:
        kwargs["marks"] = [int(data.get(name) or 50) for name in getattr(form, "note_names", [])]
    elif kind == Kind.SCORE_ADJUSTED:
        kwargs["marks"] = [data["score"]]
    else:
        kwargs["marks"] = [data["version"]]
    return kwargs
