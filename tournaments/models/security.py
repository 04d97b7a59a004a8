"""Failed logins, one row each, counted by ``config.security`` to throttle the login form.

Kept in the database so that every worker process sees the same counts. Rows older than the
throttling window are deleted as new failures come; nothing else reads or writes them.

A successful login takes its account's failures out of the username's count (``cleared``) but
leaves them in the address's: a success, whoever's, never lets an address guess more.
"""

from django.db import models
from django.utils import timezone


class LoginFailure(models.Model):
    # NFKC-normalised and case-folded: "Anne" and "anne" count together
    username = models.CharField(max_length=150)
    address = models.GenericIPAddressField(null=True, blank=True)
    at = models.DateTimeField(default=timezone.now)
    # Set when the account logged in since: no longer counted for the username, still for the
    # address.
    cleared = models.BooleanField(default=False)

    class Meta:
        indexes = [
            models.Index(fields=["username", "at"]),
            models.Index(fields=["address", "at"]),
            models.Index(fields=["at"]),
        ]

    def __str__(self):
        return f"{self.username} {self.address} {self.at:%Y-%m-%d %H:%M:%S}"
