"""Fields and small forms every app's pages post: the version a page was opened on, a reason
typed in a box, a button pressed, a box ticked, a number that may be missing; and the forms of
the buttons that post only those (confirm a version, close or reopen with a reason).

They read what a page sent the way the views always did, and never refuse: a missing or odd
value becomes the value a service answers clearly (a version that matches none, an empty
reason). So a page's field names live in a form, and views take values, not names. No model,
no domain word here.

One field does refuse: ``NameField``, every name typed on a page (a player's, a club's, a
team's, a tournament's and its venue, an account's), whose characters must read as typed
(``common.text.hidden_characters``); ``HIDDEN_IN_NAME`` is its message, which the file imports
give too.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from common.text import hidden_characters, trim_name
from common.views import form_version

HIDDEN_IN_NAME = _("This name contains an invisible or direction-changing character: remove it.")


class NameField(forms.CharField):
    """A name: its ends trimmed of spaces and of what shows nothing (a zero-width space, a byte
    order mark), and refused when an invisible or direction-changing character is left in it
    (a right-to-left override would show "Durand" as "dnaruD"). The check comes before the
    field's validators, so that its message is the only one."""

    def to_python(self, value):
        value = super().to_python(value)
        return trim_name(value) or self.empty_value if value else value

    def validate(self, value):
        super().validate(value)
        if hidden_characters(value):
            raise forms.ValidationError(HIDDEN_IN_NAME, code="hidden_character")


class PresenceInput(forms.Widget):
    """A submit button: pressed when its name was sent, whatever its value."""

    def value_from_datadict(self, data, files, name):
        return name in data

    def value_omitted_from_data(self, data, files, name):
        return False


class PostedText(forms.Field):
    """Text as the page sent it: not stripped, not refused (the service cleans and judges it);
    ``missing`` when the page did not send the field."""

    def __init__(self, *, missing="", **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.missing = missing

    def to_python(self, value):
        return self.missing if value is None else str(value)


class Flag(forms.Field):
    """A box ticked or a button's value: True when the page sent a non-empty value, or, with
    ``equals``, exactly that value."""

    def __init__(self, *, equals: str | None = None, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.equals = equals

    def to_python(self, value) -> bool:
        return bool(value) if self.equals is None else value == self.equals


class Pressed(forms.Field):
    """A submit button: True when the page sent its name (even empty)."""

    widget = PresenceInput

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def to_python(self, value) -> bool:
        return bool(value)


class VersionField(forms.Field):
    """The version a page was opened on: ``missing`` (None: not checked) when the page does not
    say; a value that is no number matches no version (-1), so the save answers with a
    conflict (``form_version``)."""

    def __init__(self, *, missing: int | None = None, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.missing = missing

    def to_python(self, value) -> int | None:
        return self.missing if value is None else form_version(value)

    def validate(self, value):
        """Never refused: every value has a meaning."""


class OptionalInt(forms.Field):
    """A number chosen in a list, as ``int()`` reads it; None when missing or no number (the
    service or the view says what is wrong with it)."""

    def __init__(self, *, digits_only: bool = False, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.digits_only = digits_only

    def to_python(self, value) -> int | None:
        if self.digits_only:
            text = value if isinstance(value, str) else ""
            return int(text) if text.isascii() and text.isdigit() else None
        try:
            return int(value)
        except (TypeError, ValueError):
            return None


class PostedForm(forms.Form):
    """A form whose fields never refuse: ``read`` gives the values the page sent."""

    @classmethod
    def read(cls, data, **kwargs) -> dict:
        form = cls(data, **kwargs)
        if not form.is_valid():  # a programming error: these fields never refuse
            raise ValueError(form.errors)
        return form.cleaned_data


class ReasonForm(PostedForm):
    """A button with a reason box (reopen, undo, restore)."""

    reason = PostedText()


class ReopenForm(ReasonForm):
    """The close-or-reopen button of a unit: ``reopen`` pressed, with its reason."""

    reopen = Flag()


class ConfirmForm(PostedForm):
    """A Confirm button: pressed or not, and the version the page showed (-1, no version,
    when the post names none: what is confirmed is the version read, never one unseen)."""

    confirm = Flag()
    version = VersionField(missing=-1)


class BaseVersionForm(PostedForm):
    """The version a sheet's form was opened on (a conflict is told when it moved since). A
    post that does not say is told a conflict too (-1 matches no version): it cannot prove it
    saw the newest, so it never replaces a correction made meanwhile."""

    base_version = VersionField(missing=-1)
