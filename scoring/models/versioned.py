"""What every versioned sheet is, written once: the libre score sheet, the travelling sheet and a
team match's room sheet are each saved as versions that an arbitre confirms.

``VersionedSheet`` is the part all three share: the reason typed for a correction, and the
questions the lifecycle (``scoring.sheet_lifecycle``) and the pages ask of any sheet: its
version, whether it is confirmed, current, waiting for a confirmation, and which closable unit
(position, séance, quarter) and tournament it belongs to.

``SheetVersion`` is the sheet kept as one row per version (libre and travelling sheets): every
save writes a new row and marks the one before superseded, so its status, version and who
entered and confirmed it are columns of the row. A team match's sheet is one row changed in
place (its version a counter), so it takes only ``VersionedSheet`` and keeps its own columns.

Abstract models only: no table, no migration. Reads nothing from the database.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class VersionedSheet(models.Model):
    """A sheet kept as versions: the columns every kind has, and what the lifecycle asks."""

    reason = models.CharField(_("reason for the correction"), max_length=300, blank=True)

    class Meta:
        abstract = True

    # Each concrete sheet has ``version``, ``entered_by`` and ``confirmed_at`` columns, and says
    # what unit closes it and which tournament it belongs to.
    @property
    def closable(self):
        """The unit whose closing freezes this sheet (a position, a séance, a quarter)."""
        raise NotImplementedError

    @property
    def tournament(self):
        raise NotImplementedError

    @property
    def is_confirmed(self) -> bool:
        return self.confirmed_at is not None

    @property
    def is_current(self) -> bool:
        """No later version replaced it."""
        return True

    @property
    def is_waiting(self) -> bool:
        """Entered, current and not confirmed: an arbitre may confirm it."""
        return bool(self.version) and self.is_current and not self.is_confirmed


class SheetVersion(VersionedSheet):
    """One version of a sheet kept as a row per version; at most one current per sheet."""

    class Status(models.TextChoices):
        ENTERED = "entered", _("Entered")
        CONFIRMED = "confirmed", _("Confirmed")
        SUPERSEDED = "superseded", _("Replaced by a later version")

    version = models.PositiveIntegerField(_("version"))
    status = models.CharField(_("status"), max_length=12, choices=Status, default=Status.ENTERED)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("entered by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    entered_at = models.DateTimeField(_("entered at"), auto_now_add=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("confirmed by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)

    class Meta:
        abstract = True

    @property
    def is_confirmed(self) -> bool:
        return self.status == self.Status.CONFIRMED

    @property
    def is_current(self) -> bool:
        return self.status != self.Status.SUPERSEDED
