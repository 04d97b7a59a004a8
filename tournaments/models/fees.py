"""A tournament's entry fees: one amount per category (``FeeCategory``), in cents. What each
player paid is on the registration (``fee_category``, ``payment``, ``paid_cents``). Money is
counted in whole cents, never in floats.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from common.money import format_cents

from .core import FeeCategory, Tournament


class EntryFee(models.Model):
    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="fees"
    )
    category = models.CharField(_("category"), max_length=12, choices=FeeCategory)
    amount_cents = models.PositiveIntegerField(_("amount (cents)"))

    class Meta:
        ordering = ["tournament", "category"]
        verbose_name = _("entry fee")
        verbose_name_plural = _("entry fees")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "category"], name="entry_fee_unique")
        ]

    def __str__(self):
        return f"{self.get_category_display()}: {format_cents(self.amount_cents)}"
