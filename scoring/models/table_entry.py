"""Entry at the table (issue 37): the players' phones enter each deal (libre) or each étui's line
(duplicate) as it is played, and a player of the other side approves it.

``TableAccess`` is one table's way in at one position: the secret of its QR code, the short code
typed instead, and whether an arbitre put it back on paper. ``TableEntry`` is one deal or one
line as the table entered it: what was typed (the format's own values, ``data``), from which
seat and device, who approved it and when. An approved entry is written to the ledger (the score
sheet or the travelling sheet, as a version entered by the tables' account) by
``scoring.at_table.services``; the entries stay as the record of who entered and approved what.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Table


class TableAccess(models.Model):
    """How the players of one table at one position reach its page."""

    table = models.OneToOneField(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="access"
    )
    # In the QR code's address: cannot be guessed (secrets.token_urlsafe).
    secret = models.CharField(max_length=43, unique=True, editable=False)
    # Typed on the tournament's table page instead of scanning; throttled per table.
    short_code = models.CharField(_("table code"), max_length=8, editable=False)
    on_paper = models.BooleanField(_("on paper"), default=False)
    on_paper_reason = models.CharField(_("why on paper"), max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("table access")
        verbose_name_plural = _("table accesses")

    def __str__(self):
        return f"{self.table} ({self.short_code})"


class TableEntry(models.Model):
    """One deal or étui line as a table entered it."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for approval")
        APPROVED = "approved", _("Approved")
        DISPUTED = "disputed", _("Disputed")
        REPLACED = "replaced", _("Replaced")

    LIVE = (Status.WAITING, Status.APPROVED, Status.DISPUTED)

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="entries"
    )
    # The deal's number (libre) or the étui's (duplicate).
    number = models.PositiveSmallIntegerField(_("deal or étui"))
    data = models.JSONField(_("as entered"), default=dict)
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.WAITING)
    # The phone's own key of this sending: sent again (a lost answer, a retry) it finds this row.
    client_key = models.CharField(max_length=64)
    seat = models.PositiveSmallIntegerField(_("entered from seat"))
    device = models.CharField(_("device"), max_length=64, blank=True)
    entered_at = models.DateTimeField(_("entered at"), auto_now_add=True)
    approved_seat = models.PositiveSmallIntegerField(_("approved from seat"), null=True, blank=True)
    approved_device = models.CharField(max_length=64, blank=True)
    approved_at = models.DateTimeField(_("approved at"), null=True, blank=True)
    dispute = models.CharField(_("why disputed"), max_length=300, blank=True)
    # An arbitre's entry or correction (the table's own entries have none).
    by_arbitre = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("arbitre"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    # When the table corrected it (status replaced) with a newer entry.
    replaced_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table_id", "number", "-id"]
        verbose_name = _("table entry")
        verbose_name_plural = _("table entries")
        constraints = [
            # Two phones cannot both record the same deal.
            models.UniqueConstraint(
                fields=["table", "number"],
                condition=~Q(status="replaced"),
                name="table_entry_one_live",
            ),
            models.UniqueConstraint(fields=["table", "client_key"], name="table_entry_sent_once"),
        ]

    def __str__(self):
        return f"{self.table} #{self.number} {self.status}"

    @property
    def is_approved(self) -> bool:
        return self.status == self.Status.APPROVED


class TableRefusal(models.Model):
    """An entry the checks refused, or a wrong short code: the arbitre's board raises an alert
    on them, and the short code's throttle counts the wrong codes."""

    class Kind(models.TextChoices):
        REFUSED = "refused", _("Entry refused")
        WRONG_CODE = "wrong_code", _("Wrong table code")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=12, choices=Kind)
    number = models.PositiveSmallIntegerField(null=True, blank=True)
    message = models.CharField(max_length=300, blank=True)
    at = models.DateTimeField(auto_now_add=True)
    seen = models.BooleanField(default=False)

    class Meta:
        indexes = [models.Index(fields=["table", "kind", "at"])]

    def __str__(self):
        return f"{self.table} {self.kind} {self.at:%H:%M:%S}"
