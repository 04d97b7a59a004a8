"""The scores a table reports position by position (fft-duplicate.md §2 "Entry"): a slip
handed in after each position, or later a device at the table.

A ``TableReport`` is one table's score on one étui at one position, as the table reported it.
It feeds only the staff's provisional ranking, while the étui's travelling sheet has no line
for that table; the travelling sheet, once typed, always wins, and the official results never
read a report (``scoring.formats.duplicate.reads``). A later report of the same table replaces the
earlier one (``services_duplicate_reports``).

Depends on ``tournaments`` and on the étuis of ``models_duplicate``; nothing public reads it.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models import Round

from .duplicate import Board


class TableReport(models.Model):
    """One table's reported score on one étui at one position."""

    board = models.ForeignKey(
        Board, verbose_name=_("étui"), on_delete=models.CASCADE, related_name="table_reports"
    )
    round = models.ForeignKey(
        Round, verbose_name=_("position"), on_delete=models.CASCADE, related_name="+"
    )
    table_number = models.PositiveSmallIntegerField(_("table"))
    # As on a travelling sheet: the per-defender value with the taker's sign (§1.2).
    score = models.IntegerField(_("score"))
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("reported by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    reported_at = models.DateTimeField(_("reported at"), default=timezone.now)

    class Meta:
        ordering = ["board", "round__number", "table_number"]
        verbose_name = _("table report")
        verbose_name_plural = _("table reports")
        constraints = [
            models.UniqueConstraint(
                fields=["board", "round", "table_number"], name="table_report_once"
            ),
        ]

    def __str__(self):
        return f"{self.board}: {self.round.number}/{self.table_number} {self.score:+d}"
