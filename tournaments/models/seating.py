"""Positions (``Round``), their tables and seats.

A round is generated as a draft, may be regenerated or have players swapped, then is published
for the players. The seating engine (``tournaments.seating``) never sees these models: the
services turn them into plain ids and back.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from ..extensions import rounds_with_results
from .core import Registration, Tournament, seat_name
from .duplicate import Session


class Round(models.Model):
    """One position of a tournament (FFT: *position*)."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="rounds"
    )
    number = models.PositiveSmallIntegerField(_("position"))
    # Duplicate: the séance this position belongs to (its movement, its étuis).
    session = models.ForeignKey(
        Session,
        verbose_name=_("séance"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rounds",
    )
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.DRAFT)
    seed = models.PositiveIntegerField(_("seed"), default=0)
    report = models.JSONField(_("report"), default=dict, blank=True)
    # The later positions planned together with this one (tables of registration ids), which
    # the next position follows while the field is unchanged.
    plan_ahead = models.JSONField(_("plan of the next positions"), default=list, blank=True)
    generated_at = models.DateTimeField(_("generated at"), auto_now_add=True)
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    # Closed once every sheet is confirmed (scoring's services); reopened by an arbitre.
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("position")
        verbose_name_plural = _("positions")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique"),
        ]

    def __str__(self):
        return f"{self.tournament} — {self.number}"

    @property
    def is_published(self) -> bool:
        return self.status == self.Status.PUBLISHED

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None

    @property
    def is_locked(self) -> bool:
        """True once this position has results (``scoring``'s score sheets, as it registers in
        ``tournaments.extensions``): then only an arbitre's correction changes the seating."""
        return self.pk is not None and rounds_with_results(Round.objects.filter(pk=self.pk))


class Table(models.Model):
    round = models.ForeignKey(
        Round, verbose_name=_("position"), on_delete=models.CASCADE, related_name="tables"
    )
    number = models.PositiveSmallIntegerField(_("table"))
    size = models.PositiveSmallIntegerField(_("players"))
    # Duplicate: the série (1, 2, …) this table plays at this position.
    board_set = models.PositiveSmallIntegerField(_("série"), null=True, blank=True)
    # Triplettes: the triplette of each line at this table and position (fft-duplicate.md §3).
    # Quadrettes (§4): ``ns_team`` is the home quadrette, whose three defenders keep North, East
    # and West; ``ew_team`` the visiting one, whose attacker plays South.
    ns_team = models.ForeignKey(
        "Team",
        verbose_name=_("North-South triplette"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    ew_team = models.ForeignKey(
        "Team",
        verbose_name=_("East-West triplette"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
            models.CheckConstraint(condition=models.Q(size__in=[3, 4, 5]), name="table_size_3_4_5"),
            # A quadrettes' série is played at both home tables of its opposition at once.
            models.UniqueConstraint(
                fields=["round", "board_set"],
                condition=models.Q(ns_team__isnull=True),
                name="table_board_set_once_per_round",
            ),
        ]

    def __str__(self):
        return f"{self.round} — {self.number}"


class Seat(models.Model):
    """A registration's seat at a table. ``round`` repeats the table's round so that the
    database itself refuses a player seated twice in one position."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="seats"
    )
    registration = models.ForeignKey(
        Registration, verbose_name=_("player"), on_delete=models.PROTECT, related_name="seats"
    )
    number = models.PositiveSmallIntegerField(_("seat"))  # 0 Nord, 1 Est, 2 Sud, 3 Ouest, 4

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="seat_number_unique"),
            models.UniqueConstraint(
                fields=["round", "registration"], name="seat_registration_once_per_round"
            ),
            models.CheckConstraint(condition=models.Q(number__lte=4), name="seat_number_0_4"),
        ]

    def __str__(self):
        return f"{self.registration} — {self.table} {seat_name(self.number)}"

    @property
    def seat_name(self) -> str:
        return seat_name(self.number)
