"""The team match (fft-duplicate.md §5): two teams of 4 to 6, four quarters, two rooms.

A ``TeamMatch`` opposes team A and team B (drawn by lot) over four ``MatchQuarter``s of
``boards_per_quarter`` étuis each; a quarter plays one of the four séries, chosen by an attacker.
In each quarter each side names one attacker (never the same twice in a match) and three
defenders (``QuarterPlayer``); A's attacker sits in the room A chose (``a_room``) against B's
defence, B's attacker in the other room against A's. In each room the attacker and the
defenders keep their own sheet (``MatchLine``, ``keeper``): per étui the contract and the
attacker's score; each sheet (``MatchSheet``) is signed by the other side and confirmed by an
arbitre, four-eyes as every sheet. A quarter closes when both rooms' two sheets agree and all
four are confirmed; only then are its match points counted and shown to anyone but the staff.
A competition of several teams is a round-robin of matches (``round_number``).
"""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.engine.duplicate_teams import MATCH_CONTRACTS
from tournaments.models import Registration, Team, Tournament

from .core import ContractChoice
from .versioned import VersionedSheet

QUARTERS = 4


class TeamMatch(models.Model):
    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="matches"
    )
    number = models.PositiveSmallIntegerField(_("match"), validators=[MinValueValidator(1)])
    round_number = models.PositiveSmallIntegerField(_("round"), default=1)
    team_a = models.ForeignKey(
        Team, verbose_name=_("team A"), on_delete=models.PROTECT, related_name="+"
    )
    team_b = models.ForeignKey(
        Team, verbose_name=_("team B"), on_delete=models.PROTECT, related_name="+"
    )
    boards_per_quarter = models.PositiveSmallIntegerField(
        _("étuis per quarter"),
        default=4,
        validators=[MinValueValidator(4), MaxValueValidator(6)],
        help_text=_("4 to 6: a match plays 16 to 24 étuis in four quarters."),
    )
    # Fixed before quarter 1 from the players' national ranking (§5); in PM.
    bonus_a = models.DecimalField(
        _("bonus of team A"), max_digits=7, decimal_places=3, default=Decimal(0)
    )
    bonus_b = models.DecimalField(
        _("bonus of team B"), max_digits=7, decimal_places=3, default=Decimal(0)
    )
    # An arbitre's penalties, in PM taken off a team's total, with the reason.
    penalty_a = models.DecimalField(
        _("penalty of team A"), max_digits=7, decimal_places=3, default=Decimal(0)
    )
    penalty_b = models.DecimalField(
        _("penalty of team B"), max_digits=7, decimal_places=3, default=Decimal(0)
    )
    penalty_reason = models.CharField(_("why"), max_length=300, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("team match")
        verbose_name_plural = _("team matches")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="match_number_unique"),
            models.CheckConstraint(condition=~Q(team_a=models.F("team_b")), name="match_two_teams"),
            models.CheckConstraint(
                condition=Q(bonus_a__gte=0, bonus_b__gte=0, penalty_a__gte=0, penalty_b__gte=0),
                name="match_bonus_penalty_positive",
            ),
        ]

    def __str__(self):
        return f"{self.team_a} – {self.team_b}"


class MatchQuarter(models.Model):
    class Room(models.TextChoices):
        OPEN = "open", _("Open room")
        CLOSED = "closed", _("Closed room")

    match = models.ForeignKey(
        TeamMatch, verbose_name=_("match"), on_delete=models.CASCADE, related_name="quarters"
    )
    number = models.PositiveSmallIntegerField(
        _("quarter"), validators=[MinValueValidator(1), MaxValueValidator(QUARTERS)]
    )
    a_room = models.CharField(_("room of A's attacker"), max_length=6, choices=Room)
    board_set = models.PositiveSmallIntegerField(
        _("série"), validators=[MinValueValidator(1), MaxValueValidator(QUARTERS)]
    )
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
        ordering = ["match", "number"]
        verbose_name = _("quarter")
        verbose_name_plural = _("quarters")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="quarter_number_unique"),
            models.UniqueConstraint(fields=["match", "board_set"], name="quarter_set_once"),
        ]

    def __str__(self):
        return f"{self.match} — {self.number}"

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None


class QuarterPlayer(models.Model):
    """Who plays a quarter for a side: its attacker and its three defenders."""

    class Role(models.TextChoices):
        ATTACK = "attack", _("Attacker")
        DEFENCE = "defence", _("Defender")

    quarter = models.ForeignKey(
        MatchQuarter, verbose_name=_("quarter"), on_delete=models.CASCADE, related_name="players"
    )
    registration = models.ForeignKey(
        Registration, verbose_name=_("player"), on_delete=models.PROTECT, related_name="+"
    )
    side = models.CharField(_("team"), max_length=1, choices=[("A", "A"), ("B", "B")])
    role = models.CharField(_("role"), max_length=7, choices=Role)

    class Meta:
        ordering = ["quarter", "side", "role", "registration__number"]
        verbose_name = _("player of a quarter")
        verbose_name_plural = _("players of a quarter")
        constraints = [
            models.UniqueConstraint(fields=["quarter", "registration"], name="quarter_player_once"),
            models.UniqueConstraint(
                fields=["quarter", "side"],
                condition=Q(role="attack"),
                name="quarter_one_attacker_a_side",
            ),
        ]

    def __str__(self):
        return f"{self.quarter}: {self.side} {self.get_role_display()} {self.registration}"


class MatchLine(models.Model):
    """One étui of one room's sheet, as its keeper wrote it: the contract and the attacker's
    score (the taker's points, with their sign)."""

    class Keeper(models.TextChoices):
        ATTACK = "attack", _("Attacker's sheet")
        DEFENCE = "defence", _("Defenders' sheet")

    quarter = models.ForeignKey(
        MatchQuarter, verbose_name=_("quarter"), on_delete=models.CASCADE, related_name="lines"
    )
    room = models.CharField(_("room"), max_length=6, choices=MatchQuarter.Room)
    keeper = models.CharField(_("sheet"), max_length=7, choices=Keeper)
    board = models.PositiveSmallIntegerField(_("étui"), validators=[MinValueValidator(1)])
    contract = models.CharField(
        _("contract"),
        max_length=12,
        choices=[(c.value, c.label) for c in ContractChoice if c.value in MATCH_CONTRACTS],
    )
    score = models.IntegerField(_("attacker's score"))

    class Meta:
        ordering = ["quarter", "room", "keeper", "board"]
        verbose_name = _("match sheet line")
        verbose_name_plural = _("match sheet lines")
        constraints = [
            models.UniqueConstraint(
                fields=["quarter", "room", "keeper", "board"], name="match_line_once"
            ),
        ]

    def __str__(self):
        return f"{self.quarter} {self.room} {self.keeper} {self.board}: {self.score}"


class ArbitreConfirmed(models.Model):
    """What a match's sheet and a cancelled étui share: the arbitre who confirmed it (under the
    four-eyes rule not the one who wrote it), before the quarter may close."""

    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("confirmed by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)

    class Meta:
        abstract = True

    @property
    def is_confirmed(self) -> bool:
        return self.confirmed_at is not None


class MatchSheet(ArbitreConfirmed, VersionedSheet):
    """One room's sheet as a whole (its lines are ``MatchLine``): how many times it was saved,
    the other side's visa, who entered it and the arbitre who confirmed it. A save makes a new
    version to confirm again; the quarter closes once its four sheets are confirmed.

    One row changed in place, unlike the sheets kept as a row per version: its ``version`` is a
    counter from 0 (nothing entered), and who entered it may be deleted (``SET_NULL``), so these
    columns stay its own; ``VersionedSheet`` gives it the reason and the lifecycle's questions."""

    quarter = models.ForeignKey(
        MatchQuarter, verbose_name=_("quarter"), on_delete=models.CASCADE, related_name="sheets"
    )
    room = models.CharField(_("room"), max_length=6, choices=MatchQuarter.Room)
    keeper = models.CharField(_("sheet"), max_length=7, choices=MatchLine.Keeper)
    version = models.PositiveIntegerField(_("version"), default=0)
    # The other side's visa on the paper: the defenders sign the attacker's sheet and back.
    signed = models.BooleanField(_("signed by the other side"), default=False)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("entered by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    entered_at = models.DateTimeField(_("entered at"), null=True, blank=True)

    class Meta:
        ordering = ["quarter", "room", "keeper"]
        verbose_name = _("match sheet")
        verbose_name_plural = _("match sheets")
        constraints = [
            models.UniqueConstraint(fields=["quarter", "room", "keeper"], name="match_sheet_once"),
        ]

    def __str__(self):
        return f"{self.quarter} {self.room} {self.keeper} v{self.version}"

    @property
    def closable(self) -> MatchQuarter:
        return self.quarter

    @property
    def tournament(self) -> Tournament:
        return self.quarter.match.tournament


class CancelledBoard(ArbitreConfirmed):
    """An étui of a quarter the arbitre cancelled (fft-duplicate.md §1.6), in the room where
    its deal went wrong: it leaves the comparison of the two rooms, and each team gets the PM
    the arbitre assigned it (0 by default; only the team ahead scores, so never fewer)."""

    quarter = models.ForeignKey(
        MatchQuarter, verbose_name=_("quarter"), on_delete=models.CASCADE, related_name="cancelled"
    )
    board = models.PositiveSmallIntegerField(_("étui"), validators=[MinValueValidator(1)])
    room = models.CharField(_("room"), max_length=6, choices=MatchQuarter.Room)
    pm_a = models.DecimalField(_("PM to team A"), max_digits=7, decimal_places=3, default=0)
    pm_b = models.DecimalField(_("PM to team B"), max_digits=7, decimal_places=3, default=0)
    reason = models.CharField(_("why"), max_length=300)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("at"), auto_now_add=True)
    # Under the four-eyes rule a confirmed cancellation is undone once another arbitre confirms
    # the undoing this arbitre asked for; until then the étui stays cancelled.
    restore_asked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("undoing asked by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    restore_asked_at = models.DateTimeField(_("undoing asked at"), null=True, blank=True)
    restore_reason = models.CharField(_("why it is undone"), max_length=300, blank=True)

    class Meta:
        ordering = ["quarter", "board"]
        verbose_name = _("cancelled étui")
        verbose_name_plural = _("cancelled étuis")
        constraints = [
            models.UniqueConstraint(fields=["quarter", "board"], name="cancelled_board_once"),
            models.CheckConstraint(
                condition=Q(pm_a__gte=0, pm_b__gte=0), name="cancelled_board_pm_positive"
            ),
        ]

    def __str__(self):
        return f"{self.quarter} {self.board}: {self.pm_a} / {self.pm_b}"

    @property
    def restore_waiting(self) -> bool:
        """Its undoing was asked and waits for another arbitre's visa (four-eyes)."""
        return self.restore_asked_at is not None
