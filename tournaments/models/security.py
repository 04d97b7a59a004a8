"""Failed logins, one row each, counted by ``config.security`` to throttle the login form; and
the documents being rendered, which it limits per account.

Kept in the database so that every worker process sees the same counts. Rows older than the
throttling window are deleted as new failures come; nothing else reads or writes them.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone


class LoginFailure(models.Model):
    username = models.CharField(max_length=150)  # case-folded: "Anne" and "anne" count together
    address = models.GenericIPAddressField(null=True, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [
            models.Index(fields=["username", "at"]),
            models.Index(fields=["address", "at"]),
            models.Index(fields=["at"]),
        ]

    def __str__(self):
        return f"{self.username} {self.address} {self.at:%Y-%m-%d %H:%M:%S}"


class DocumentRun(models.Model):
    """A document (PDF, workbook, export) being rendered for an account, one row each, counted
    by ``config.security.heavy_document``: one at a time per account, and a few a minute.

    A row is written before the rendering starts and marked finished when it ends; rows older
    than an hour are deleted as new ones come. A row left unfinished by a killed worker stops
    counting as running after ``config.security.DOCUMENT_STALE``.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=40)
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["user", "started_at"])]

    def __str__(self):
        return f"{self.user_id} {self.kind} {self.started_at:%Y-%m-%d %H:%M:%S}"
