"""The audit log: who did what, when, with which values; one entry per service call."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ..extensions import audit_action_label
from .core import Tournament


class AuditEntry(models.Model):
    """Who did what, when, and with which values: written by services in their transaction."""

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="audit_entries",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("account"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    action = models.CharField(_("action"), max_length=80)
    data = models.JSONField(_("data"), default=dict, blank=True)
    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")

    def __str__(self):
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action}"

    @property
    def label(self) -> str:
        """What was done, in words (the action declared by the app that wrote it)."""
        return audit_action_label(self.action)
