"""The ledger counted in rankings: score sheets, their deals, each player's mark, bid bans.

A score sheet is kept as versions: every save writes a new ``ScoreSheet`` row (``version`` 1, 2,
…) and marks the one before it superseded, so nothing typed is ever overwritten and any two
versions can be compared. The current version is the one not superseded; the database keeps at
most one current and at most one confirmed version per table. ``Mark`` rows (one per player per
deal of every version) are what standings sum, filtered on the current, or confirmed, versions.

Depends on ``tournaments``; never the other way round. Rules that need several rows (four-eyes,
visas, bans) live in ``services``; scoring a deal lives in ``engine``.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.engine import Camp, Contract, PoigneeLevel
from tournaments.models import Registration, Round, Table, Tournament

from .versioned import SheetVersion


class ContractChoice(models.TextChoices):
    """The engine's contracts (same values), labelled for people."""

    PRISE = Contract.PRISE.value, _("Prise")
    GARDE = Contract.GARDE.value, _("Garde")
    GARDE_SANS = Contract.GARDE_SANS.value, _("Garde sans")
    GARDE_CONTRE = Contract.GARDE_CONTRE.value, _("Garde contre")


class CampChoice(models.TextChoices):
    ATTACK = Camp.ATTACK.value, _("Attack")
    DEFENCE = Camp.DEFENCE.value, _("Defence")


class PoigneeChoice(models.TextChoices):
    SIMPLE = PoigneeLevel.SIMPLE.value, _("Simple")
    DOUBLE = PoigneeLevel.DOUBLE.value, _("Double")
    TRIPLE = PoigneeLevel.TRIPLE.value, _("Triple")


class ScoreSheet(SheetVersion):
    """One version of the score sheet of one table at one position (``SheetVersion``: its
    version, status, reason, who entered and confirmed it)."""

    round = models.ForeignKey(
        Round, verbose_name=_("position"), on_delete=models.CASCADE, related_name="score_sheets"
    )
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="score_sheets"
    )
    # Seat numbers (0 Nord … 4) of the players who initialled the paper sheet.
    visas = models.JSONField(_("visas"), default=list, blank=True)
    short_reason = models.CharField(
        _("why fewer deals"), max_length=300, blank=True, help_text=_("Fewer deals than set.")
    )
    # Warnings found when it was saved (codes and values), for the dashboard and the arbitre.
    warnings = models.JSONField(_("warnings"), default=list, blank=True)
    # The form's one-time token: a double-clicked submit finds its first version again.
    token = models.CharField(max_length=64, unique=True, null=True, blank=True, editable=False)

    class Meta:
        ordering = ["table_id", "-version"]
        verbose_name = _("score sheet")
        verbose_name_plural = _("score sheets")
        constraints = [
            models.UniqueConstraint(fields=["table", "version"], name="sheet_version_unique"),
            models.UniqueConstraint(
                fields=["table"],
                condition=~Q(status="superseded"),
                name="sheet_one_current_per_table",
            ),
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(status="confirmed"),
                name="sheet_one_confirmed_per_table",
            ),
            models.CheckConstraint(
                condition=~Q(status="confirmed") | Q(confirmed_at__isnull=False),
                name="sheet_confirmed_has_date",
            ),
        ]
        indexes = [models.Index(fields=["round", "status"], name="sheet_round_status")]

    def __str__(self):
        return f"{self.table} v{self.version}"

    @property
    def closable(self) -> Round:
        return self.round

    @property
    def tournament(self) -> Tournament:
        return self.round.tournament


class Deal(models.Model):
    """One deal of a sheet version, as entered: either its facts or the marks transcribed."""

    class Mode(models.TextChoices):
        MARKS = "marks", _("Marks")
        FACTS = "facts", _("Facts")
        # Dealt but not played, no marks: the next dealer deals the next line.
        PETIT_SEC = "petit_sec", _("Not played: petit sec")
        ALL_PASS = "all_pass", _("Not played: all pass")
        # An arbitre's decisions: marks set by hand (zero-sum only), or the deal annulled.
        ADJUSTED = "adjusted", _("Adjusted")
        ANNULLED = "annulled", _("Annulled")

    sheet = models.ForeignKey(
        ScoreSheet, verbose_name=_("score sheet"), on_delete=models.CASCADE, related_name="deals"
    )
    number = models.PositiveSmallIntegerField(_("deal"))
    mode = models.CharField(_("entered as"), max_length=12, choices=Mode, default=Mode.MARKS)
    contract = models.CharField(_("contract"), max_length=12, choices=ContractChoice, blank=True)
    taker = models.ForeignKey(
        Registration,
        verbose_name=_("taker"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    partner = models.ForeignKey(
        Registration,
        verbose_name=_("partner"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    # Who dealt this deal (at a table of 5 where the dealer sits out, who sat out).
    dealer = models.ForeignKey(
        Registration,
        verbose_name=_("dealer"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    # A misdeal: the same dealer dealt this deal again, and may not bid on it.
    dealt_again = models.BooleanField(_("dealt again"), default=False)
    # At a table of 5 where the dealer sits out: who sat out this deal (scores 0).
    sitting_out = models.ForeignKey(
        Registration,
        verbose_name=_("sits out"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    # The facts (mode "facts"); empty when the marks were transcribed.
    bouts = models.PositiveSmallIntegerField(_("bouts"), null=True, blank=True)
    points = models.DecimalField(_("points"), max_digits=3, decimal_places=1, null=True, blank=True)
    petit_au_bout = models.CharField(
        _("petit au bout"), max_length=8, choices=CampChoice, blank=True
    )
    # [[registration id, level], …]: who showed a poignée, and which.
    poignees = models.JSONField(_("poignées"), default=list, blank=True)
    chelem_announced = models.BooleanField(_("chelem announced"), default=False)
    chelem = models.CharField(_("chelem taken by"), max_length=8, choices=CampChoice, blank=True)
    amount = models.IntegerField(_("A"), help_text=_("What the attack wins from each defender."))

    class Meta:
        ordering = ["sheet_id", "number"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [
            models.UniqueConstraint(fields=["sheet", "number"], name="deal_number_unique"),
        ]

    def __str__(self):
        return f"{self.sheet} — {self.number}"


class Mark(models.Model):
    """A player's points for one deal of one sheet version: the ledger rankings sum."""

    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="marks")
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="marks")
    registration = models.ForeignKey(
        Registration, verbose_name=_("player"), on_delete=models.PROTECT, related_name="marks"
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    value = models.IntegerField(_("mark"))

    class Meta:
        ordering = ["deal_id", "seat"]
        verbose_name = _("mark")
        verbose_name_plural = _("marks")
        constraints = [
            models.UniqueConstraint(fields=["deal", "registration"], name="mark_once_per_deal"),
        ]

    def __str__(self):
        return f"{self.deal} {self.registration}: {self.value}"


class Cancellable(models.Model):
    """A decision's effect that an arbitre may undo, with a reason; the row stays as history."""

    reason = models.CharField(_("reason"), max_length=300)
    # What decided it, e.g. "incident 12" (arbitration's incidents; scoring knows no incident).
    reference = models.CharField(_("decided by"), max_length=40, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("cancelled by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    cancel_reason = models.CharField(_("why it was cancelled"), max_length=300, blank=True)

    class Meta:
        abstract = True

    @property
    def is_active(self) -> bool:
        return self.cancelled_at is None


class BidBan(Cancellable):
    """A player barred from bidding on one deal (a renonce, a misdeal: section 6 of the rules).

    Deal ``deal_number`` of the position ``position`` at the player's table; no deal number
    means the first deal the player plays at that position (the position may not be seated
    yet when the ban is decided). Without a player, the ban falls on whoever dealt deal
    ``deal_number`` at table ``table_number``, as its sheet records it (a misdeal: the dealer
    deals again and may not bid on that deal). Arbitration creates them from incidents.
    """

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="bid_bans"
    )
    position = models.PositiveSmallIntegerField(_("position"))
    registration = models.ForeignKey(
        Registration,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="bid_bans",
        help_text=_("Empty: whoever dealt the deal at the table."),
    )
    table_number = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    deal_number = models.PositiveSmallIntegerField(
        _("deal"), null=True, blank=True, help_text=_("Empty: the first deal the player plays.")
    )

    class Meta:
        ordering = ["position", "deal_number", "id"]
        verbose_name = _("bid ban")
        verbose_name_plural = _("bid bans")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "position", "registration", "deal_number"],
                condition=Q(cancelled_at__isnull=True),
                name="bid_ban_unique_active",
            ),
            # The same for a ban from the first deal the player plays (no deal number): NULLs
            # are distinct in the constraint above, so it would let two of them through.
            models.UniqueConstraint(
                fields=["tournament", "position", "registration"],
                condition=Q(cancelled_at__isnull=True, deal_number__isnull=True),
                name="bid_ban_first_deal_unique_active",
            ),
            models.UniqueConstraint(
                fields=["tournament", "position", "table_number", "deal_number"],
                condition=Q(cancelled_at__isnull=True, registration__isnull=True),
                name="bid_ban_dealer_unique_active",
            ),
            # A player, or the dealer of a named deal at a named table.
            models.CheckConstraint(
                condition=Q(registration__isnull=False)
                | Q(table_number__isnull=False, deal_number__isnull=False),
                name="bid_ban_player_or_dealer",
            ),
        ]

    def __str__(self):
        who = self.registration or f"dealer, table {self.table_number}"
        return f"{who} — {self.position}/{self.deal_number or 1}"

    @property
    def on_dealer(self) -> bool:
        return self.registration_id is None


class Penalty(Cancellable):
    """Points taken from one player's total by the arbitre: one-sided, so a tournament's totals
    sum to minus its penalties (section 6 of the rules)."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="penalties"
    )
    registration = models.ForeignKey(
        Registration, verbose_name=_("player"), on_delete=models.CASCADE, related_name="penalties"
    )
    position = models.PositiveSmallIntegerField(_("position"), null=True, blank=True)
    points = models.PositiveIntegerField(_("points taken"))

    class Meta:
        ordering = ["tournament", "created_at", "id"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        constraints = [
            models.CheckConstraint(condition=Q(points__gt=0), name="penalty_points_positive"),
        ]

    def __str__(self):
        return f"{self.registration}: −{self.points}"
