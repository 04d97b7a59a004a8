"""Staff roles: an account's role in one tournament (organiser, arbitre, scorer)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .core import Tournament


class StaffRole(models.Model):
    """An account's role in one tournament. Roles are ordered: organiser > arbitre > scorer."""

    class Role(models.TextChoices):
        SCORER = "scorer", _("Scorer")
        ARBITRE = "arbitre", _("Arbitre")
        ORGANISER = "organiser", _("Organiser")

    RANK = {Role.SCORER: 1, Role.ARBITRE: 2, Role.ORGANISER: 3}

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="staff"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("account"),
        on_delete=models.CASCADE,
        related_name="tournament_roles",
    )
    role = models.CharField(_("role"), max_length=10, choices=Role)

    class Meta:
        ordering = ["tournament", "user__username"]
        verbose_name = _("staff role")
        verbose_name_plural = _("staff roles")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="staff_role_unique"),
        ]

    def __str__(self):
        return f"{self.user} — {self.get_role_display()} ({self.tournament})"
