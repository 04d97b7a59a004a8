"""The team match's forms (fft-duplicate.md §5): the bonus and the penalty in PM, a quarter's
players, room and série, one room's sheet (a contract and the attacker's score per étui), and
the buttons that confirm a sheet or answer an undoing asked. The services check what needs the
database; a refusal goes back next to its field."""

from django import forms
from django.utils.translation import gettext_lazy as _

from common.forms import Flag, PostedForm, VersionField
from scoring.formats.match.services import DEFENDERS
from scoring.models import ContractChoice
from scoring.models.match import QUARTERS, MatchLine, MatchQuarter
from tournaments.models import Registration

CONTRACTS = [("", "—")] + [
    (c.value, c.label) for c in ContractChoice if c.value != ContractChoice.PRISE
]


class BonusForm(forms.Form):
    bonus_a = forms.CharField(label=_("Bonus of team A (PM)"), max_length=12, required=False)
    bonus_b = forms.CharField(label=_("Bonus of team B (PM)"), max_length=12, required=False)


class PenaltyForm(forms.Form):
    penalty_a = forms.CharField(label=_("Penalty of team A (PM)"), max_length=12, required=False)
    penalty_b = forms.CharField(label=_("Penalty of team B (PM)"), max_length=12, required=False)
    reason = forms.CharField(label=_("Why"), max_length=300, required=False)


class _Member(forms.ModelChoiceField):
    def label_from_instance(self, obj):
        return f"{obj.number} · {obj.name}"


class _Members(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj):
        return f"{obj.number} · {obj.name}"


class QuarterForm(forms.Form):
    """Who plays the quarter for each side; the choosing side is said by the page."""

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        for side, team in (("a", match.team_a), ("b", match.team_b)):
            members = Registration.objects.filter(team=team, excluded=False).order_by("number")
            self.fields[f"attacker_{side}"] = _Member(
                queryset=members, label=_("Attacker of %(team)s") % {"team": team.name}
            )
            self.fields[f"defenders_{side}"] = _Members(
                queryset=members,
                widget=forms.CheckboxSelectMultiple,
                label=_("The three defenders of %(team)s") % {"team": team.name},
                help_text=_("Exactly %(n)s, other than the attacker.") % {"n": DEFENDERS},
            )
        self.fields["a_room"] = forms.ChoiceField(
            choices=MatchQuarter.Room.choices,
            label=_("Room of %(team)s's attacker") % {"team": match.team_a.name},
        )
        self.fields["board_set"] = forms.TypedChoiceField(
            choices=[(k, k) for k in range(1, QUARTERS + 1)], coerce=int, label=_("Série")
        )


class SheetForm(forms.Form):
    """One room's sheet: per étui of the quarter, the contract and the attacker's score; the
    other side's visa; the reason when a confirmed sheet is corrected."""

    signed = forms.BooleanField(required=False)
    reason = forms.CharField(label=_("Reason for the correction"), max_length=300, required=False)

    def __init__(self, *args, boards, prefix, keeper, **kwargs):
        super().__init__(*args, prefix=prefix, **kwargs)
        self.boards = boards
        self.fields["signed"].label = (
            _("Visa: the defenders signed this sheet")
            if keeper == MatchLine.Keeper.ATTACK
            else _("Visa: the attacker signed this sheet")
        )
        for board in boards:
            self.fields[f"contract_{board}"] = forms.ChoiceField(
                choices=CONTRACTS,
                required=False,
                label=_("Étui %(n)s: contract") % {"n": board},
            )
            self.fields[f"score_{board}"] = forms.CharField(
                max_length=8,
                required=False,
                label=_("Étui %(n)s: attacker's score") % {"n": board},
                widget=forms.TextInput(attrs={"inputmode": "numeric", "size": 5}),
            )

    def rows(self) -> dict:
        data = self.cleaned_data
        return {b: (data.get(f"contract_{b}", ""), data.get(f"score_{b}", "")) for b in self.boards}

    def line_fields(self):
        """(étui, contract field, score field) for the template."""
        return [(b, self[f"contract_{b}"], self[f"score_{b}"]) for b in self.boards]


class CancelBoardForm(forms.Form):
    """An étui of the quarter cancelled by the arbitre: where, the PM each team gets (empty:
    0), why."""

    board = forms.TypedChoiceField(label=_("Étui"), coerce=int)
    room = forms.ChoiceField(label=_("Room where the deal went wrong"), choices=MatchQuarter.Room)
    pm_a = forms.CharField(label=_("PM to team A"), max_length=12, required=False)
    pm_b = forms.CharField(label=_("PM to team B"), max_length=12, required=False)
    reason = forms.CharField(label=_("Why"), max_length=300, required=False)

    def __init__(self, *args, boards, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["board"].choices = [(b, b) for b in boards]
        for name in ("pm_a", "pm_b"):
            self.fields[name].widget.attrs.update(inputmode="decimal", size=7)
        self.fields["pm_a"].help_text = _("Empty: 0 PM to both teams on this étui.")


class RoomSheetConfirmForm(PostedForm):
    """Confirm a room's sheet: the version shown, and the other side's visa (``signed``)."""

    version = VersionField()
    signed = Flag()


class RestoreAnswerForm(PostedForm):
    """Another arbitre's answer to an undoing asked: confirm it, or ``drop`` it."""

    drop = Flag()
