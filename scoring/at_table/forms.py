"""What a table's phone sends, read: which seat is speaking, which deal or étui, the sending's own
key; the code form of the tournament's table page. The game's own fields (a deal's contract, an
étui's score) are read by the format's ``TableGame.read`` from the whole POST: these forms only
read what every format shares. They never write: the views hand their values to
``scoring.at_table.services``."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.at_table.services import KEY_LENGTH

NUMBER_MAX = 999


class SeatField(forms.IntegerField):
    def __init__(self, **kwargs):
        kwargs.setdefault("min_value", 0)
        kwargs.setdefault("max_value", 4)
        kwargs.setdefault("error_messages", {"required": _("Say at which seat you sit.")})
        super().__init__(**kwargs)


class SeatChoiceForm(forms.Form):
    """``?me=<seat>&number=<n>&replaces=<entry>``: who holds the phone, what the form shows."""

    me = forms.IntegerField(required=False, min_value=0, max_value=4)
    number = forms.IntegerField(required=False, min_value=1, max_value=NUMBER_MAX)
    replaces = forms.IntegerField(required=False, min_value=1)

    def value(self, name):
        return self.cleaned_data.get(name) if self.is_valid() else None


class EntryForm(forms.Form):
    number = forms.IntegerField(min_value=1, max_value=NUMBER_MAX)
    seat = SeatField()
    client_key = forms.CharField(max_length=KEY_LENGTH)
    device = forms.CharField(max_length=64, required=False)
    replaces = forms.IntegerField(required=False, min_value=1)
    # Another deal or étui than the one proposed next: the player says so.
    other = forms.BooleanField(required=False)

    def __init__(self, *args, proposed=None, entered=frozenset(), **kwargs):
        self.proposed = proposed
        self.entered = entered  # already entered: the service answers (a retry, a correction)
        super().__init__(*args, **kwargs)

    def clean(self):
        cleaned = super().clean()
        number = cleaned.get("number")
        if (
            number is not None
            and self.proposed is not None
            and number != self.proposed
            and number not in self.entered
            and not cleaned.get("other")
        ):
            self.add_error(
                "other", _("This is not the one proposed next: tick the box to confirm.")
            )
        return cleaned


class ApproveForm(forms.Form):
    entry = forms.IntegerField(min_value=1)
    seat = SeatField()
    device = forms.CharField(max_length=64, required=False)


class DisputeForm(forms.Form):
    entry = forms.IntegerField(min_value=1)
    seat = SeatField()
    note = forms.CharField(label=_("What is wrong?"), max_length=300, required=False)


class CodeForm(forms.Form):
    table = forms.IntegerField(
        label=_("Table number"),
        min_value=1,
        max_value=NUMBER_MAX,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    code = forms.CharField(
        label=_("Table code"),
        max_length=12,
        help_text=_("The six letters and digits printed on the table card."),
        widget=forms.TextInput(
            attrs={"autocapitalize": "characters", "autocomplete": "off", "spellcheck": "false"}
        ),
    )
