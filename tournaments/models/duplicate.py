"""The séances of a duplicate tournament (fft-duplicate.md §2).

A séance (``Session``) is one sitting: its positions (``Round.session``) follow one movement
of players and séries; its étuis and their scores are ``scoring``'s. While a séance is open its
scores are the staff's only; the arbitre closes it and its results become public.
"""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from .core import Registration, Team, Tournament


class Session(models.Model):
    class Movement(models.TextChoices):
        MITCHELL = "mitchell", _("Mitchell")
        HOWELL = "howell", _("Howell")

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="sessions",
    )
    number = models.PositiveSmallIntegerField(_("séance"), validators=[MinValueValidator(1)])
    coefficient = models.DecimalField(
        _("coefficient"),
        max_digits=4,
        decimal_places=2,
        default=Decimal(1),
        validators=[MinValueValidator(Decimal("0.01"))],
        help_text=_("The weight of this séance's global percentage in the tournament's total."),
    )
    # The draw of the lines and start tables, kept so the movement can be shown as it was made.
    seed = models.PositiveIntegerField(_("seed"), default=0)
    tables = models.PositiveSmallIntegerField(_("tables"), default=0)
    # How the triplettes move (fft-duplicate.md §3): the Mitchell keeps each triplette on one
    # line; in a Howell its line changes by position, so it has no alterné ranking.
    movement = models.CharField(
        _("movement"), max_length=8, choices=Movement.choices, default=Movement.MITCHELL
    )
    # The position the arbitre announced as being played (his signal to move), so the public
    # seating page and the projector follow the room even when no score is typed before the end
    # of the séance (selectors_seating.round_played); a position number, None until announced.
    playing = models.PositiveSmallIntegerField(_("position announced"), null=True, blank=True)
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("closed by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("séance")
        verbose_name_plural = _("séances")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="session_number_unique"),
            models.CheckConstraint(
                condition=models.Q(coefficient__gt=0), name="session_coefficient_positive"
            ),
        ]

    def __str__(self):
        return f"{self.tournament} — séance {self.number}"

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None


class SessionAttacker(models.Model):
    """Quadrettes (fft-duplicate.md §4): the member a quadrette's captain names to attack every
    étui of a séance; the three others defend. Another member may attack the next séance."""

    session = models.ForeignKey(
        Session, verbose_name=_("séance"), on_delete=models.CASCADE, related_name="attackers"
    )
    team = models.ForeignKey(
        Team, verbose_name=_("team"), on_delete=models.CASCADE, related_name="+"
    )
    registration = models.ForeignKey(
        Registration, verbose_name=_("attacker"), on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = _("attacker of the séance")
        verbose_name_plural = _("attackers of the séance")
        constraints = [
            models.UniqueConstraint(fields=["session", "team"], name="session_attacker_once"),
        ]

    def __str__(self):
        return f"{self.session}: {self.team} — {self.registration}"


class SessionDefender(models.Model):
    """Quadrettes (fft-duplicate.md §4): where a quadrette's defender sits all séance at its
    home table, North, East or West, stored when the séance's movement is drawn or its
    attacker named, so that what a séance printed and exported does not change when a
    member is withdrawn later."""

    class Orientation(models.TextChoices):
        NORTH = "N", _("North")
        EAST = "E", _("East")
        WEST = "W", _("West")

    session = models.ForeignKey(
        Session, verbose_name=_("séance"), on_delete=models.CASCADE, related_name="defenders"
    )
    team = models.ForeignKey(
        Team, verbose_name=_("team"), on_delete=models.CASCADE, related_name="+"
    )
    registration = models.ForeignKey(
        Registration, verbose_name=_("defender"), on_delete=models.PROTECT, related_name="+"
    )
    orientation = models.CharField(_("orientation"), max_length=1, choices=Orientation.choices)

    class Meta:
        verbose_name = _("defender of the séance")
        verbose_name_plural = _("defenders of the séance")
        constraints = [
            models.UniqueConstraint(
                fields=["session", "team", "orientation"], name="session_defender_seat_once"
            ),
            models.UniqueConstraint(
                fields=["session", "registration"], name="session_defender_once"
            ),
        ]

    def __str__(self):
        return f"{self.session}: {self.team} {self.orientation} — {self.registration}"
