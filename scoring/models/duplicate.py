"""The duplicate ledger (fft-duplicate.md §1-§2): étuis, travelling sheets and their lines.

An étui (``Board``) is one prepared deal of a séance: its number, the série it belongs to, the
taker's orientation, the dealer, the hands (when the software made it) and the chien. Its
travelling sheet is kept as versions, like a score sheet: every save writes a new
``TravellingSheet`` and supersedes the one before; the database keeps at most one current and one
confirmed version per étui. Each version's ``TravellingLine`` rows are the scores the tables wrote,
one per table that played the étui, which the topage (``scoring.formats.duplicate.reads``) turns
into notes.

Depends on ``tournaments``; the rules that need several rows live in ``services_duplicate``.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Round, Session

from .versioned import SheetVersion


class Orientation(models.TextChoices):
    NORTH = "N", _("North")
    EAST = "E", _("East")
    SOUTH = "S", _("South")
    WEST = "W", _("West")


ORIENTATIONS = ("N", "E", "S", "W")  # the seat numbers 0 to 3 of a table of 4


class Board(models.Model):
    """One étui of a séance."""

    class Source(models.TextChoices):
        GENERATED = "generated", _("Dealt by the software")
        TYPED = "typed", _("Prepared by hand")

    class Made(models.TextChoices):
        """How the étui was made at the first position (§1.5)."""

        UNKNOWN = "", _("Not recorded")
        AS_DEALT = "as_dealt", _("Played as dealt")
        TAKER_CHOSE = "taker_chose", _("The taker took another hand")
        REDEALT = "redealt", _("Redealt")
        ARBITRE = "arbitre", _("Made or prepared by the arbitre")
        DUPLICATED = "duplicated", _("Duplicated without play")

    session = models.ForeignKey(
        Session, verbose_name=_("séance"), on_delete=models.CASCADE, related_name="boards"
    )
    number = models.PositiveSmallIntegerField(_("étui"))
    board_set = models.PositiveSmallIntegerField(_("série"))
    taker = models.CharField(_("taker"), max_length=1, choices=Orientation)
    dealer = models.CharField(_("dealer"), max_length=1, choices=Orientation)
    # {"N": [card codes], ...} when the software dealt it (scoring.engine.boards); empty when
    # the étui was prepared by hand.
    hands = models.JSONField(_("hands"), default=dict, blank=True)
    chien = models.JSONField(_("chien"), default=list, blank=True)
    source = models.CharField(_("made"), max_length=10, choices=Source, default=Source.GENERATED)
    made = models.CharField(
        _("at the first position"), max_length=12, choices=Made, default=Made.UNKNOWN, blank=True
    )
    redeals = models.PositiveSmallIntegerField(_("redeals"), default=0)
    made_by_table = models.PositiveSmallIntegerField(_("made by table"), null=True, blank=True)

    class Meta:
        ordering = ["session", "number"]
        verbose_name = _("étui")
        verbose_name_plural = _("étuis")
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="board_number_unique"),
            models.CheckConstraint(
                condition=Q(taker__in=ORIENTATIONS) & Q(dealer__in=ORIENTATIONS),
                name="board_orientations",
            ),
        ]

    def __str__(self):
        return f"{self.session} — étui {self.number}"


class TravellingSheet(SheetVersion):
    """One version of an étui's travelling sheet (fiche ambulante); ``SheetVersion``: its
    version, status, reason, who entered and confirmed it."""

    board = models.ForeignKey(
        Board, verbose_name=_("étui"), on_delete=models.CASCADE, related_name="sheets"
    )

    class Meta:
        ordering = ["board_id", "-version"]
        verbose_name = _("travelling sheet")
        verbose_name_plural = _("travelling sheets")
        constraints = [
            models.UniqueConstraint(fields=["board", "version"], name="travelling_version_unique"),
            models.UniqueConstraint(
                fields=["board"],
                condition=~Q(status="superseded"),
                name="travelling_one_current_per_board",
            ),
            models.UniqueConstraint(
                fields=["board"],
                condition=Q(status="confirmed"),
                name="travelling_one_confirmed_per_board",
            ),
            models.CheckConstraint(
                condition=~Q(status="confirmed") | Q(confirmed_at__isnull=False),
                name="travelling_confirmed_has_date",
            ),
        ]

    def __str__(self):
        return f"{self.board} v{self.version}"

    @property
    def closable(self) -> Session:
        return self.board.session

    @property
    def tournament(self):
        return self.board.session.tournament


class TravellingLine(models.Model):
    """One table's line on a travelling sheet: the taker's score at one position, or the deal
    cancelled there by the arbitre (each player then gets an assigned note)."""

    sheet = models.ForeignKey(
        TravellingSheet, verbose_name=_("sheet"), on_delete=models.CASCADE, related_name="lines"
    )
    round = models.ForeignKey(
        Round, verbose_name=_("position"), on_delete=models.CASCADE, related_name="+"
    )
    table_number = models.PositiveSmallIntegerField(_("table"))
    # The per-defender value with the taker's sign (§1.2): +56 for a Garde made by 3.
    score = models.IntegerField(_("score"), null=True, blank=True)
    # Written over a crossing-out on the paper: reported to the arbitre.
    rature = models.BooleanField(_("crossed out"), default=False)
    # A score the cards cannot give, recorded by an arbitre with a reason (§1.6).
    adjusted = models.BooleanField(_("adjusted by the arbitre"), default=False)
    adjust_reason = models.CharField(_("why adjusted"), max_length=300, blank=True)
    cancelled = models.BooleanField(_("cancelled"), default=False)
    # Cancelled: each orientation's assigned note, in % ("50", "60", "40").
    assigned_notes = models.JSONField(_("assigned notes"), default=dict, blank=True)
    # An étui put back wrongly: the lines played with each version are topped apart.
    deal_version = models.PositiveSmallIntegerField(_("version of the deal"), default=1)
    # Triplettes: the member of the attacking triplette who took (§3), as North wrote it.
    attacker = models.ForeignKey(
        "tournaments.Registration",
        verbose_name=_("attacker"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["sheet", "round__number", "table_number"]
        verbose_name = _("travelling-sheet line")
        verbose_name_plural = _("travelling-sheet lines")
        constraints = [
            models.UniqueConstraint(
                fields=["sheet", "round", "table_number"], name="travelling_line_once"
            ),
            models.CheckConstraint(
                condition=Q(cancelled=True) | Q(score__isnull=False),
                name="travelling_line_score_or_cancelled",
            ),
        ]

    def __str__(self):
        return f"{self.sheet}: {self.round.number}/{self.table_number} {self.score}"
