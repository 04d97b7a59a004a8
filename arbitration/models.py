"""Incidents the arbitre is called for, and the decisions taken on them (section 6 of the rules).

A decision's effect on marks, bans or totals lives in ``scoring`` (``Penalty``, ``BidBan``, a new
sheet version): a ``Decision`` keeps a link to what it created, so undoing it (always with a
reason) undoes exactly that. ``arbitration`` depends on ``scoring`` and ``tournaments``; neither
knows it. Rules that need several rows (a second warning, the automatic bans) live in
``services``.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.models import BidBan, Penalty, ScoreSheet, TravellingSheet
from tournaments.models import Registration, Round, Table, Tournament


class IncidentKind(models.TextChoices):
    RENONCE = "renonce", _("Renonce")
    MISDEAL = "misdeal", _("Misdeal")
    OUT_OF_TURN = "out_of_turn", _("Play out of turn")
    EXPOSED_CARD = "exposed_card", _("Exposed card")
    FAUX_ECART = "faux_ecart", _("Faux écart (wrong discard)")
    WRONG_CARD_COUNT = "wrong_card_count", _("Wrong number of cards")
    BID_OUT_OF_TURN = "bid_out_of_turn", _("Bid out of turn")
    IRREGULAR_POIGNEE = "irregular_poignee", _("Irregular poignée")
    PETIT_SEC = "petit_sec", _("Petit sec")
    # The duplicate's own (fft-duplicate.md §1.5, §1.6): the travelling sheet and the étuis.
    RATURE = "rature", _("Score crossed out or written over on the travelling sheet")
    ETUI_MISPLACED = "etui_misplaced", _("Étui put back wrongly or turned")
    DUPLICATION = "duplication", _("Duplication error")
    FIRST_POSITION_HAND = "first_position_hand", _("First position: a hand not clearly playable")
    ANNOUNCEMENT_CALL = (
        "announcement_call",
        _("Call for a garde sans, garde contre or chelem announcement"),
    )
    CONDUCT = "conduct", _("Conduct")
    LATE_OR_SLOW = "late_or_slow", _("Late arrival or slow play")
    REFUSED_SIGNATURE = "refused_signature", _("Refusal to sign a sheet")
    PROTEST = "protest", _("Protest")
    OTHER = "other", _("Other")


# What a type of incident needs: bidding (donnes libres only) or étuis and travelling sheets
# (every duplicate form and the team match).
LIBRE_ONLY_KINDS = (IncidentKind.BID_OUT_OF_TURN, IncidentKind.ANNOUNCEMENT_CALL)
DUPLICATE_ONLY_KINDS = (
    IncidentKind.RATURE,
    IncidentKind.ETUI_MISPLACED,
    IncidentKind.DUPLICATION,
    IncidentKind.FIRST_POSITION_HAND,
)


def incident_kinds(tournament) -> list[tuple[str, str]]:
    """The types of incident the tournament's game can have, as choices."""
    left_out = DUPLICATE_ONLY_KINDS if tournament.has_bidding else LIBRE_ONLY_KINDS
    return [(value, label) for value, label in IncidentKind.choices if value not in left_out]


class Incident(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("incident status", "Open")
        DECIDED = "decided", pgettext_lazy("incident status", "Decided")
        PROTESTED = "protested", pgettext_lazy("incident status", "Protested")
        CLOSED = "closed", pgettext_lazy("incident status", "Closed")
        # A late protest: recorded, refused under the rules, never decided.
        REFUSED = "refused", pgettext_lazy("incident status", "Refused (late)")

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="incidents"
    )
    round = models.ForeignKey(
        Round, verbose_name=_("position"), on_delete=models.PROTECT, related_name="incidents"
    )
    table = models.ForeignKey(
        Table,
        verbose_name=_("table"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="incidents",
    )
    deal_number = models.PositiveSmallIntegerField(_("deal"), null=True, blank=True)
    called_at = models.DateTimeField(_("called at"), default=timezone.now)
    kind = models.CharField(_("type"), max_length=20, choices=IncidentKind)
    offender = models.ForeignKey(
        Registration,
        verbose_name=_("offender"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="offences",
    )
    caller = models.ForeignKey(
        Registration,
        verbose_name=_("called by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="calls",
    )
    # A renonce's consequence depends on the offender's camp (section 6).
    offender_defending = models.BooleanField(_("the offender was defending"), default=True)
    description = models.TextField(_("what happened"), blank=True, max_length=4000)
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.OPEN)
    # The fault is established: its automatic consequences apply from then on.
    confirmed = models.BooleanField(_("fault confirmed"), default=False)
    contests = models.ForeignKey(
        "self",
        verbose_name=_("protest against the decision on"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="protests",
    )
    contests_sheet = models.ForeignKey(
        ScoreSheet,
        verbose_name=_("protest against the sheet"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="protests",
    )
    # A protest about a fault that was not reported when it was discovered: the rules bar it.
    late = models.BooleanField(_("late protest"), default=False)
    arbitre = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("arbitre"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    created_at = models.DateTimeField(_("logged at"), auto_now_add=True)

    class Meta:
        ordering = ["-called_at", "-id"]
        verbose_name = _("incident")
        verbose_name_plural = _("incidents")
        indexes = [models.Index(fields=["tournament", "status"], name="incident_status")]

    def __str__(self):
        return f"#{self.pk} {self.get_kind_display()}"

    @property
    def refused_late(self) -> bool:
        """A late protest: the rules bar it, so it is refused and gets no decision."""
        return self.late and self.kind == IncidentKind.PROTEST

    @property
    def reference(self) -> str:
        """How ``scoring`` records what decided a ban, a penalty or a sheet version."""
        return f"incident {self.pk}"


class Decision(models.Model):
    class Kind(models.TextChoices):
        WARNING = "warning", _("Warning")
        PENALTY = "penalty", _("Penalty")
        BID_BAN = "bid_ban", _("Bid ban")
        DEAL_ANNULLED = "deal_annulled", _("Deal annulled")
        ADJUSTED_MARKS = "adjusted_marks", _("Adjusted marks")
        EXCLUSION = "exclusion", _("Exclusion")
        # Duplicate (fft-duplicate.md §1.6): a line of an étui's travelling sheet.
        LINE_CANCELLED = "line_cancelled", _("Deal cancelled at the table (assigned notes)")
        SCORE_ADJUSTED = "score_adjusted", _("Score adjusted")
        DEAL_VERSION = "deal_version", _("Étui put back wrongly: version of the deal played")

    incident = models.ForeignKey(
        Incident, verbose_name=_("incident"), on_delete=models.CASCADE, related_name="decisions"
    )
    kind = models.CharField(_("decision"), max_length=16, choices=Kind)
    registration = models.ForeignKey(
        Registration,
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="decisions",
    )
    points = models.PositiveIntegerField(_("points"), null=True, blank=True)
    suggested_points = models.PositiveIntegerField(_("scale"), null=True, blank=True)
    position = models.PositiveSmallIntegerField(_("position"), null=True, blank=True)
    deal_number = models.PositiveSmallIntegerField(_("deal"), null=True, blank=True)
    marks = models.JSONField(_("marks"), default=list, blank=True)  # adjusted marks by seat
    # An exclusion remembers the player's withdrawal before it, to restore it when undone.
    previous_withdrawal = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    note = models.CharField(_("reason"), max_length=300, blank=True)
    # Made by the rules, not chosen: a confirmed renonce's or misdeal's bid ban.
    automatic = models.BooleanField(_("automatic"), default=False)
    penalty = models.OneToOneField(
        Penalty, on_delete=models.PROTECT, null=True, blank=True, related_name="decision"
    )
    bid_ban = models.OneToOneField(
        BidBan, on_delete=models.PROTECT, null=True, blank=True, related_name="decision"
    )
    sheet = models.ForeignKey(
        ScoreSheet, on_delete=models.PROTECT, null=True, blank=True, related_name="decisions"
    )
    # A duplicate ruling: the travelling-sheet version it made (the étui is ``deal_number``).
    travelling_sheet = models.ForeignKey(
        TravellingSheet,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="decisions",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("by"), on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(_("decided at"), auto_now_add=True)
    undone_at = models.DateTimeField(_("undone at"), null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("undone by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    undo_reason = models.CharField(_("why it was undone"), max_length=300, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("decision")
        verbose_name_plural = _("decisions")
        constraints = [
            models.CheckConstraint(
                condition=~Q(kind="penalty") | Q(points__gt=0), name="decision_penalty_points"
            ),
        ]

    def __str__(self):
        return f"{self.get_kind_display()} — {self.registration or ''}"

    @property
    def is_active(self) -> bool:
        return self.undone_at is None

    @property
    def on_dealer(self) -> bool:
        """A misdeal's ban: it falls on whoever dealt the deal, whom the sheet names."""
        return self.kind == self.Kind.BID_BAN and self.registration_id is None


class PenaltyScale(models.Model):
    """The tournament's scale: the penalty proposed for each type of incident (our choice: the
    organiser edits it; the FFT's code d'arbitrage is not reproduced)."""

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="penalty_scale",
    )
    kind = models.CharField(_("type"), max_length=20, choices=IncidentKind)
    points = models.PositiveIntegerField(_("points proposed"))

    class Meta:
        ordering = ["tournament", "kind"]
        verbose_name = _("penalty scale")
        verbose_name_plural = _("penalty scales")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "kind"], name="penalty_scale_unique"),
        ]

    def __str__(self):
        return f"{self.get_kind_display()}: {self.points}"
