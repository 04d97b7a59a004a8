"""Forms of the arbitre's live board: an alert marked seen, a table put on paper or back."""

from django import forms
from django.utils.translation import gettext_lazy as _


class SeenForm(forms.Form):
    """Mark one refused entry's alert seen, or (no ``refusal``) every one shown."""

    refusal = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)


class PaperForm(forms.Form):
    PAPER, BACK = "paper", "back"

    act = forms.ChoiceField(choices=[(PAPER, _("Put on paper")), (BACK, _("Back to the table"))])
    reason = forms.CharField(
        label=_("Why on paper"),
        max_length=300,
        required=False,
        help_text=_("Kept in the audit log; the table's page shows that it is on paper."),
    )
