"""The four-eyes rule, written once: when the tournament asks it, the one who entered a version
of a sheet (libre score sheet, travelling sheet, a team match's room sheet) may not confirm it.
The sheet lifecycle (``scoring.sheet_lifecycle``) refuses through ``require_another`` and asks
``forbids`` for the pages (``may_confirm``, and why there is no Confirm button). Reads nothing
from the database."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


def forbids(tournament, sheet, user) -> bool:
    """Whether the rule keeps ``user`` from confirming ``sheet`` (it has ``entered_by_id``)."""
    return bool(tournament.four_eyes) and sheet.entered_by_id == user.pk


def require_another(tournament, sheet, user) -> None:
    """Refuse ``user``'s confirmation of the version they entered, under the rule."""
    if forbids(tournament, sheet, user):
        raise ValidationError(
            _("You entered this version: another arbitre must confirm it (four-eyes)."),
            code="four_eyes",
        )
