"""Who, where and when: clubs, players, tournaments, registrations, teams, staff roles, audit.

Models hold data and the constraints the database can enforce; rules that need several rows
(team sizes, who may change what) live in ``services``. Positions, tables and seats come with
the seating issue and hang off ``Tournament`` and ``Registration``.
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from common.text import name_sort_key

from .formats import Format, GameFormat
from .seats import SEAT_NAMES, seat_name  # noqa: F401 (the names' long-standing home)

# FFT licence numbers are digits; we accept 4 to 10 of them (our choice, see the README).
LICENCE_REGEX = r"^[0-9]{4,10}$"
licence_validator = RegexValidator(
    LICENCE_REGEX, _("A licence number is 4 to 10 digits."), code="licence_format"
)


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)
    federation_number = models.CharField(
        _("federation number"), max_length=20, blank=True, null=True, unique=True
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self):
        return self.name


class Player(models.Model):
    """The player directory: one record per person, shared by every tournament they play.

    Only an account with the directory right (``tournaments.change_player``, the "Player
    directory" group) changes it, through ``services.player_update``; a tournament keeps its
    own copy of the identity on each ``Registration``.
    """

    licence = models.CharField(
        _("licence number"),
        max_length=10,
        blank=True,
        null=True,
        unique=True,
        validators=[licence_validator],
        help_text=_("FFT licence number; leave empty for a guest."),
    )
    last_name = models.CharField(_("last name"), max_length=80)
    first_name = models.CharField(_("first name"), max_length=80)
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="players",
    )
    email = models.EmailField(_("email"), blank=True)

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self):
        return f"{self.last_name.upper()} {self.first_name}"


class Tournament(GameFormat, models.Model):
    class Kind(models.TextChoices):
        INDIVIDUAL = "individual", _("Individual")
        TEAMS_2 = "teams_2", _("Teams of 2")
        TEAMS_4 = "teams_4", _("Teams of 4")

    class Remainder(models.TextChoices):
        THREE = "3", _("Tables of 3 (homologated)")
        FIVE = "5", _("Tables of 5 (cannot be homologated)")

    class Table5Mode(models.TextChoices):
        DEALER_SITS_OUT = "dealer_sits_out", _("The dealer sits out")
        CALLED_KING = "called_king", _("Called-king game with five")

    class TieBreak(models.TextChoices):
        NONE = "none", _("None: tied players share a rank")
        BEST_POSITION = "best_position", _("Best single position, then most positive positions")

    name = models.CharField(_("name"), max_length=150)
    slug = models.SlugField(
        _("short address"),
        max_length=60,
        unique=True,
        help_text=_("Used in public addresses: /t/<short address>/"),
    )
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=150, blank=True)
    kind = models.CharField(_("kind"), max_length=12, choices=Kind, default=Kind.INDIVIDUAL)
    format = models.CharField(_("game"), max_length=12, choices=Format, default=Format.LIBRE)
    # Duplicate only: the étuis a table plays in one position (takers N, E, S, W in turn), and
    # the colour printed on the travelling sheets and labels.
    boards_per_set = models.PositiveSmallIntegerField(
        _("étuis per série"),
        default=4,
        validators=[MinValueValidator(4), MaxValueValidator(12)],
        help_text=_("Duplicate: a multiple of 4 (the takers North, East, South, West in turn)."),
    )
    colour = models.CharField(
        _("tournament colour"),
        max_length=30,
        blank=True,
        help_text=_("Duplicate: printed on the travelling sheets and the étui labels."),
    )
    # Triplettes: the colour (Bleu, Blanc, Rouge) that attacks a triplette's first étui, drawn
    # once for the tournament by the arbitre (fft-duplicate.md §3).
    start_colour = models.CharField(_("starting colour"), max_length=5, blank=True)
    positions = models.PositiveSmallIntegerField(
        _("positions"), default=5, validators=[MinValueValidator(1), MaxValueValidator(30)]
    )
    deals_table_4 = models.PositiveSmallIntegerField(
        _("deals per position, tables of 4"),
        default=5,
        validators=[MinValueValidator(1), MaxValueValidator(40)],
    )
    deals_table_5 = models.PositiveSmallIntegerField(
        _("deals per position, tables of 5"),
        default=5,
        validators=[MinValueValidator(1), MaxValueValidator(40)],
    )
    deals_table_3 = models.PositiveSmallIntegerField(
        _("deals per position, tables of 3"),
        default=5,
        validators=[MinValueValidator(1), MaxValueValidator(40)],
    )
    remainder = models.CharField(
        _("players left over"), max_length=1, choices=Remainder, default=Remainder.THREE
    )
    table5_mode = models.CharField(
        _("tables of 5"), max_length=16, choices=Table5Mode, default=Table5Mode.DEALER_SITS_OUT
    )
    poignee_simple = models.PositiveSmallIntegerField(_("simple poignée"), default=20)
    poignee_double = models.PositiveSmallIntegerField(_("double poignée"), default=30)
    poignee_triple = models.PositiveSmallIntegerField(_("triple poignée"), default=40)
    tie_break = models.CharField(
        _("tie-break"), max_length=16, choices=TieBreak, default=TieBreak.NONE
    )
    four_eyes = models.BooleanField(
        _("four-eyes confirmation"),
        default=True,
        help_text=_(
            "A sheet entered or corrected by one person must be confirmed by another arbitre. "
            "Untick it only for a tournament with a single arbitre: the sheets' history then "
            "shows the versions confirmed by their own author."
        ),
    )
    is_public = models.BooleanField(
        _("public"), default=True, help_text=_("Listed on the public home page.")
    )
    table_entry = models.BooleanField(
        _("entry at the tables"),
        default=False,
        help_text=_(
            "The players enter each deal or étui line on a phone at their table and a player "
            "of the other side approves it; an arbitre may put any table back on paper."
        ),
    )
    table_entry_confirmed = models.BooleanField(
        _("arbitre confirms the tables' sheets"),
        default=False,
        help_text=_(
            "Ticked: a sheet entered at a table is confirmed by an arbitre, as a paper sheet. "
            "Unticked: the players' approvals sign it."
        ),
    )
    # Declared by an arbitre once every unit of play is closed (``scoring.results_final``); a
    # unit reopened withdraws it. From then on a challenge counts the tournament, and the read
    # API and the players' histories show its ranking.
    results_final_at = models.DateTimeField(_("results final since"), null=True, blank=True)
    # The club that runs it: its calendar feed and its challenges list it.
    organiser_club = models.ForeignKey(
        Club,
        verbose_name=_("organising club"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="organised_tournaments",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(boards_per_set__in=[4, 8, 12]), name="boards_per_set_multiple_of_4"
            ),
            models.CheckConstraint(
                condition=~Q(table5_mode="dealer_sits_out", remainder="5")
                | Q(deals_table_5__in=[5, 10, 15, 20, 25, 30, 35, 40]),
                name="deals_table_5_multiple_of_5_when_dealer_sits_out",
            ),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("public:tournament", kwargs={"slug": self.slug})

    @property
    def odd_table_size(self) -> int:
        return 5 if self.remainder == self.Remainder.FIVE else 3


class Team(models.Model):
    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="teams"
    )
    number = models.PositiveIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=120)

    class Meta:
        ordering = ["number"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="team_number_unique"),
            models.UniqueConstraint(
                fields=["tournament", "name"],
                name="team_name_unique",
                violation_error_message=_("A team of this tournament already has this name."),
            ),
        ]

    def __str__(self):
        return self.name


class FeeCategory(models.TextChoices):
    """What a player pays to enter a tournament (each tournament sets its amounts)."""

    LICENSED = "licensed", _("Licensed")
    UNLICENSED = "unlicensed", _("Not licensed")
    YOUNG = "young", _("Young")
    FREE = "free", _("Free")


class Payment(models.TextChoices):
    CASH = "cash", _("Cash")
    CHEQUE = "cheque", _("Cheque")
    TRANSFER = "transfer", _("Transfer")


class RegistrationManager(models.Manager):
    def bulk_create(self, objs, *args, **kwargs):
        """Bulk creation calls no ``save``: each row's sort name is set here instead."""
        objs = list(objs)
        for registration in objs:
            registration.fill_sort_name()
        return super().bulk_create(objs, *args, **kwargs)


class Registration(models.Model):
    """A player taking part in one tournament, with their presence on the day.

    The registration keeps the identity the player was registered under in this tournament
    (names, club, e-mail): everything the tournament shows, prints and exports reads it here,
    so nothing done in another tournament, nor in the player directory, changes it. ``player``
    links the directory's record, whose licence the federation file credits.
    """

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="registrations",
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="registrations"
    )
    number = models.PositiveIntegerField(
        _("number"), help_text=_("The player's number in this tournament.")
    )
    last_name = models.CharField(_("last name"), max_length=80)
    first_name = models.CharField(_("first name"), max_length=80)
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="registrations",
    )
    email = models.EmailField(_("email"), blank=True)
    team = models.ForeignKey(
        Team,
        verbose_name=_("team"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="members",
    )
    checked_in = models.BooleanField(_("checked in"), default=False)
    checked_in_at = models.DateTimeField(_("checked in at"), null=True, blank=True)
    joins_at_position = models.PositiveSmallIntegerField(
        _("plays from position"), default=1, validators=[MinValueValidator(1)]
    )
    withdrawn_after_position = models.PositiveSmallIntegerField(
        _("withdrawn after position"),
        null=True,
        blank=True,
        help_text=_("Empty while the player plays on; 0 means withdrawn before the first."),
    )
    # Duplicate: plays to complete the tables and counts in the others' topage, never ranked.
    stand_in = models.BooleanField(_("stand-in"), default=False)
    # Excluded by the arbitre (arbitration): withdrawn from then on, and the rankings say so.
    excluded = models.BooleanField(_("excluded"), default=False)
    # The name as lists sort it and searches find it: no case, no accent, particle last
    # (``common.text.name_sort_key``); kept up to date by ``save`` and ``bulk_create``.
    sort_name = models.CharField(_("sort name"), max_length=300, blank=True, editable=False)
    # The FFT tournament number, "Nord 3": seat and table at the first position played.
    first_seat = models.PositiveSmallIntegerField(_("first seat"), null=True, blank=True)
    first_table = models.PositiveSmallIntegerField(_("first table"), null=True, blank=True)
    # The entry fee (``tournaments.models.fees``): the category the player pays in, and what
    # was paid at check-in and how; ``payment`` empty: not paid (yet).
    fee_category = models.CharField(
        _("fee category"), max_length=12, choices=FeeCategory, blank=True, default=""
    )
    payment = models.CharField(_("paid by"), max_length=10, choices=Payment, blank=True, default="")
    paid_cents = models.PositiveIntegerField(_("amount paid (cents)"), default=0)
    created_at = models.DateTimeField(_("registered at"), auto_now_add=True)

    objects = RegistrationManager()

    class Meta:
        ordering = ["number"]
        indexes = [models.Index(fields=["tournament", "sort_name"], name="registration_sort_name")]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="registration_player_unique"
            ),
            models.UniqueConstraint(
                fields=["tournament", "number"], name="registration_number_unique"
            ),
            models.CheckConstraint(
                condition=Q(withdrawn_after_position__isnull=True)
                | Q(withdrawn_after_position__gte=models.F("joins_at_position") - 1),
                name="registration_withdraws_after_joining",
            ),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        # Registered without an identity of its own (a test, a shell): the directory's, as it is.
        if not self.last_name and not self.first_name and self.player_id is not None:
            player = self.player
            self.last_name, self.first_name = player.last_name, player.first_name
            self.club_id = self.club_id or player.club_id
        self.fill_sort_name()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"last_name", "first_name"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "sort_name"}
        super().save(*args, **kwargs)

    def fill_sort_name(self) -> None:
        """Set ``sort_name`` from the name."""
        self.sort_name = name_sort_key(self.last_name, self.first_name)

    @property
    def name(self) -> str:
        """ "DUPONT Marie": how lists and sheets name the player in this tournament."""
        return f"{self.last_name.upper()} {self.first_name}"

    @property
    def fft_number(self) -> str:
        """ "Nord 3": how the FFT convention names a player during the tournament."""
        if self.first_table is None:
            return ""
        return f"{seat_name(self.first_seat)} {self.first_table}"

    def plays_position(self, position: int) -> bool:
        if position < self.joins_at_position:
            return False
        return self.withdrawn_after_position is None or position <= self.withdrawn_after_position
