"""Documents rendered off the request (``tournaments.jobs``): what was asked, by whom, how far
the rendering is, and the file once made, kept in the database so that every application
server can serve it."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .core import Tournament


class DocumentJob(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", _("Waiting")
        RUNNING = "running", _("Being made")
        DONE = "done", _("Ready")
        FAILED = "failed", _("Failed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="jobs")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    kind = models.CharField(max_length=40)  # a registered document kind (tournaments.jobs)
    params = models.JSONField(default=dict)  # what the kind reads, as the request gave it
    stamp = models.BigIntegerField()  # the tournament's change stamp the document shows
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)  # steps done (pages, players, tables)
    total = models.PositiveIntegerField(default=0)  # steps in all, once known
    message = models.CharField(max_length=300, blank=True)  # why it failed
    filename = models.CharField(max_length=200, blank=True)
    content_type = models.CharField(max_length=120, blank=True)
    content = models.BinaryField(null=True, blank=True, editable=False)
    size = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["tournament", "kind", "stamp"]),
            models.Index(fields=["requested_by", "kind", "status"]),
        ]

    def __str__(self):
        return f"{self.kind} {self.params} @{self.stamp} {self.status}"

    @property
    def is_finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)

    @property
    def percent(self) -> int:
        if self.status == self.Status.DONE:
            return 100
        return min(99, self.done * 100 // self.total) if self.total else 0
