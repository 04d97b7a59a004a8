"""A tournament's former short addresses: a page bookmarked before the address changed still
opens (``config.security.OldAddressMiddleware`` redirects to the new one)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from .core import Tournament


class TournamentAddress(models.Model):
    """An address the tournament had: ``/t/<slug>/…`` redirects to its address now.

    Not carried by a tournament export: addresses belong to the installation that served them.
    """

    slug = models.SlugField(_("former short address"), unique=True)
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="former_addresses",
    )
    created_at = models.DateTimeField(_("changed at"), auto_now_add=True)

    class Meta:
        verbose_name = _("former address")
        verbose_name_plural = _("former addresses")

    def __str__(self):
        return self.slug
