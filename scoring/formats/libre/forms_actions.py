"""The score sheet's buttons besides its grid: what Save posts with the sheet (the version the
page was opened on, the page's token against a double submit, "and confirm"), and what Confirm
posts (the version shown, the visas the arbitre sees, where to go next).

The grid's own fields are ``forms.SheetForm``'s; these only read the page's other names.
"""

from common.forms import PostedForm, PostedText, VersionField
from scoring.formats.libre.forms import posted, read_entry

TOKEN_LENGTH = 64


class SheetSaveForm(PostedForm):
    """Save's companions: ``base_version`` (-1, no version, when missing: a conflict is told),
    ``token`` (None when empty) and ``confirm`` ("1": save and confirm at once)."""

    base_version = VersionField(missing=-1)
    token = PostedText()
    confirm = PostedText()

    def clean_token(self) -> str | None:
        return self.cleaned_data["token"][:TOKEN_LENGTH] or None

    def clean_confirm(self) -> bool:
        return self.cleaned_data["confirm"] == "1"


class SheetConfirmForm(PostedForm):
    """Confirm: the ``version`` shown (compared as sent), the visas ticked and ``next``
    ("dashboard": back to the position's dashboard)."""

    version = PostedText(missing=None)
    next = PostedText()

    def clean(self):
        data = super().clean()
        data["visas"] = read_entry(posted(self.data)).visas  # initials seen on the paper
        data["to_dashboard"] = data.get("next") == "dashboard"
        return data
