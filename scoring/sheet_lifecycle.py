"""One lifecycle for every versioned sheet (``scoring.models.versioned``): the libre score sheet,
the travelling sheet and a team match's room sheet are saved and confirmed through these steps.

Saving: the caller locks what the sheet belongs to (its own lock: a table, an étui, a quarter),
then

- ``resubmitted`` / ``refuse_conflict``: a save made against a version someone saved since is
  refused with a ``Conflict`` carrying that version, and nothing is written; the sheet sent
  again as it is stored (a double submit) makes no new version;
- ``refuse_correction``: once confirmed, only an arbitre changes a sheet;
- ``write_next`` (a sheet kept as a row per version: the current one superseded, the next one
  written) or ``renew`` (a sheet changed in place: its counter moves on, its confirmation goes).

Confirming: ``confirm_gate`` (a version replaced or changed since it was read is refused, a
second click does nothing, four-eyes through ``scoring.four_eyes``), the format's own checks,
then ``stamp_confirmed``. ``may_confirm`` is what pages ask to show the Confirm button.

The format's services keep their names, their own checks, their messages and their audit
entries; what is written here knows no format and renders no page.
"""

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.four_eyes import forbids, require_another
from scoring.models.versioned import SheetVersion, VersionedSheet
from tournaments.permissions import Role, has_role


class Conflict(ValidationError):
    """Someone saved this sheet since the form was opened; ``current`` is what they saved."""

    def __init__(self, current: VersionedSheet | None):
        self.current = current
        if current is None:
            super().__init__(
                _("This sheet changed since you opened it: open it again."), code="stale"
            )
            return
        super().__init__(
            _(
                "%(user)s saved this sheet (version %(version)s) while you were typing. Your "
                "entry is kept below: compare it with theirs, then save again."
            ),
            code="stale",
            params={"user": current.entered_by, "version": current.version},
        )


def version_of(sheet: VersionedSheet | None) -> int:
    """The sheet's version; 0 when nothing is entered yet."""
    return sheet.version if sheet is not None else 0


def refuse_conflict(current: VersionedSheet | None, base_version: int | None) -> None:
    """Refuse a save made on version ``base_version`` (None: not checked) when the current
    version is another one."""
    if base_version is not None and base_version != version_of(current):
        raise Conflict(current if version_of(current) else None)


def resubmitted(
    current: VersionedSheet | None, base_version: int | None = None, *, same: bool
) -> bool:
    """Whether the save is the stored version sent again (``same``: nothing typed differs), so
    no new version is made; otherwise refused if someone saved since ``base_version`` (not
    checked when it is not given: the caller checks it after its own refusals)."""
    if version_of(current) and same:
        return True
    refuse_conflict(current, base_version)
    return False


def refuse_correction(user, tournament, current: VersionedSheet | None, *, error=None) -> None:
    """A confirmed sheet is changed by an arbitre only (``error``: what to raise instead of
    the usual message)."""
    if current is None or not current.is_confirmed:
        return
    if not has_role(user, tournament, Role.ARBITRE):
        raise error or ValidationError(
            _("This sheet is confirmed: only an arbitre can correct it."), code="confirmed_sheet"
        )


def supersede(current: SheetVersion | None) -> int:
    """Mark the current version replaced; the number the next version takes."""
    if current is None:
        return 1
    current.status = SheetVersion.Status.SUPERSEDED
    current.save(update_fields=["status"])
    return current.version + 1


def write_next(model, current: SheetVersion | None, *, user, confirmed=False, **columns):
    """The sheet's next version (a new row of ``model`` with ``columns``), entered by ``user``,
    the current one superseded; ``confirmed``: confirmed at once by its author."""
    version = supersede(current)
    now = timezone.now() if confirmed else None
    return model.objects.create(
        version=version,
        status=SheetVersion.Status.CONFIRMED if confirmed else SheetVersion.Status.ENTERED,
        entered_by=user,
        confirmed_by=user if confirmed else None,
        confirmed_at=now,
        **columns,
    )


def renew(sheet: VersionedSheet, *, user) -> VersionedSheet:
    """A sheet changed in place takes its next version, entered by ``user``, to be confirmed
    again; the caller sets its own columns and saves it."""
    sheet.version += 1
    sheet.entered_by, sheet.entered_at = user, timezone.now()
    sheet.confirmed_by, sheet.confirmed_at = None, None
    return sheet


def confirm_gate(sheet: VersionedSheet, *, user, tournament, stale, version=None) -> bool:
    """Whether ``user`` goes on confirming ``sheet`` (False: it is confirmed already, a second
    click). Refused with ``stale()`` when a later version replaced it or when ``version``, the
    one the arbitre read (None: not checked), is not it; refused under four-eyes when ``user``
    entered it."""
    if not sheet.is_current:
        raise stale()
    if version is not None and version != sheet.version:
        raise stale()
    if sheet.is_confirmed:
        return False
    require_another(tournament, sheet, user)
    return True


def stamp_confirmed(sheet: VersionedSheet, *, user, also=()) -> VersionedSheet:
    """Record ``user``'s confirmation of ``sheet`` (and the columns ``also`` the caller set)."""
    fields = ["confirmed_by", "confirmed_at", *also]
    if isinstance(sheet, SheetVersion):
        sheet.status = SheetVersion.Status.CONFIRMED
        fields.insert(0, "status")
    sheet.confirmed_by, sheet.confirmed_at = user, timezone.now()
    sheet.save(update_fields=fields)
    return sheet


def _open_to_arbitre(user, sheet, is_arbitre) -> bool:
    """``sheet`` waits for a confirmation, its unit is open and ``user`` is an arbitre."""
    if sheet is None or not sheet.is_waiting or is_arbitre is False:
        return False
    if sheet.closable.is_closed:
        return False
    return is_arbitre or has_role(user, sheet.tournament, Role.ARBITRE)


def may_confirm(user, sheet: VersionedSheet | None, *, is_arbitre: bool | None = None) -> bool:
    """Whether ``user`` may confirm ``sheet`` now: it waits for a confirmation, its unit is
    open, ``user`` is an arbitre (``is_arbitre`` when the page knows it already) and four-eyes
    allows it. The pages show the Confirm button from this, and nothing else."""
    return _open_to_arbitre(user, sheet, is_arbitre) and not forbids(sheet.tournament, sheet, user)


def kept_by_four_eyes(user, sheet: VersionedSheet | None, *, is_arbitre: bool | None = None):
    """Whether only four-eyes keeps ``user`` from confirming ``sheet``: the pages say so where
    the Confirm button would be."""
    return _open_to_arbitre(user, sheet, is_arbitre) and forbids(sheet.tournament, sheet, user)
