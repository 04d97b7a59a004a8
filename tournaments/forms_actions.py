"""The buttons of the staff pages of a tournament that post no form of their own: present or
not at check-in, undo the audit entry shown, seat a position afresh, which of the staff page's
two forms was sent, "save and add another".

They read the page's names the way the views always did and never refuse: an odd value
becomes one the service answers clearly (entry 0 is no entry, a swap 0 no swap).
"""

from common.forms import Flag, OptionalInt, PostedForm, PostedText, Pressed


class CheckInForm(PostedForm):
    """A player's check-in button: ``present`` is "1" to check in, anything else to undo."""

    present = Flag(equals="1")


class _Undo(PostedForm):
    """An undo button naming the audit entry to undo (digits only; 0 when missing)."""

    def clean(self):
        data = super().clean()
        return {name: value or 0 for name, value in data.items()}


class CheckInAllUndoForm(_Undo):
    entry = OptionalInt(digits_only=True)


class SwapUndoForm(_Undo):
    swap = OptionalInt(digits_only=True)


class SeatForm(PostedForm):
    """Seat a position: ``fresh`` "1" draws it again from scratch."""

    fresh = Flag(equals="1")


class StaffPageForm(PostedForm):
    """Which of the staff page's forms was sent (``form``: "grant" or "create")."""

    form = PostedText(missing=None)


class AddAnotherForm(PostedForm):
    """The player form's "save and add another" button."""

    another = Pressed()
