"""A club's season and a festival: challenges across tournaments of any format, and the prizes
worked out from a ranking (a tournament's official ranking, or a challenge's standings).

A challenge counts each of its tournaments' official rankings (``scoring.ranking``'s rows) by
its rule; a player is the directory's ``Player`` of each registration. Money is in cents.
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club, Tournament


class Challenge(models.Model):
    class PointsRule(models.TextChoices):
        SCALE = "scale", _("Points by place, from a scale")
        FIELD = "field", _("Proportional to the field (one point per player beaten, plus one)")
        PERCENT = "percent", _("The tournament's percentage")

    name = models.CharField(_("name"), max_length=150)
    slug = models.SlugField(
        _("short address"),
        max_length=60,
        unique=True,
        help_text=_("Used in public addresses: /c/<short address>/"),
    )
    organiser_club = models.ForeignKey(
        Club,
        verbose_name=_("organising club"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="challenges",
    )
    points_rule = models.CharField(
        _("points"), max_length=10, choices=PointsRule, default=PointsRule.SCALE
    )
    # SCALE: the points of the 1st, 2nd, ... place; no points beyond its end.
    scale = models.JSONField(_("scale"), default=list, blank=True)
    best_of = models.PositiveSmallIntegerField(
        _("best results counted"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("Empty: every result counts."),
    )
    min_participations = models.PositiveSmallIntegerField(
        _("minimum participations"),
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(200)],
        help_text=_("A player with fewer tournaments is listed, unranked."),
    )
    is_public = models.BooleanField(
        _("public"), default=True, help_text=_("Its standings have a public page.")
    )
    managers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("managed by"),
        related_name="managed_challenges",
        blank=True,
    )
    tournaments = models.ManyToManyField(
        Tournament,
        verbose_name=_("tournaments"),
        through="ChallengeTournament",
        related_name="challenges",
        blank=True,
    )
    # Moved by every change of the challenge (its rule, its tournaments, its prizes): its cached
    # standings are keyed by it and by each tournament's change stamp.
    version = models.PositiveIntegerField(default=0, editable=False)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "name"]
        verbose_name = _("challenge")
        verbose_name_plural = _("challenges")

    def __str__(self):
        return self.name


class ChallengeTournament(models.Model):
    challenge = models.ForeignKey(
        Challenge, verbose_name=_("challenge"), on_delete=models.CASCADE, related_name="entries"
    )
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="challenge_entries",
    )
    coefficient = models.DecimalField(
        _("coefficient"),
        max_digits=4,
        decimal_places=2,
        default=1,
        validators=[MinValueValidator(0), MaxValueValidator(10)],
    )

    class Meta:
        ordering = ["tournament__date", "tournament__name"]
        verbose_name = _("tournament of a challenge")
        verbose_name_plural = _("tournaments of a challenge")
        constraints = [
            models.UniqueConstraint(
                fields=["challenge", "tournament"], name="challenge_tournament_unique"
            )
        ]

    def __str__(self):
        return f"{self.challenge_id}: {self.tournament_id} x {self.coefficient}"


class PrizeRule(models.Model):
    """One rule of a prize list, of a tournament (on its official ranking) or of a challenge
    (on its standings); a list applies its rules in ``order`` and adds what each gives."""

    class Kind(models.TextChoices):
        SHARE = "share", _("A share of the entry fees over the first places")
        FIXED = "fixed", _("Fixed amounts by place")
        BONUS = "bonus", _("A bonus for playing several tournaments of the challenge")

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="prize_rules",
    )
    challenge = models.ForeignKey(
        Challenge,
        verbose_name=_("challenge"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="prize_rules",
    )
    order = models.PositiveSmallIntegerField(_("order"), default=1)
    kind = models.CharField(_("kind"), max_length=6, choices=Kind)
    # SHARE: this percentage of the fees paid (of the tournament, or of the challenge's
    # tournaments), over the first ``places`` on ``scale`` (weights, decreasing; empty: places,
    # places - 1, ..., 1).
    share_percent = models.PositiveSmallIntegerField(
        _("share of the fees (%)"), default=0, validators=[MaxValueValidator(100)]
    )
    places = models.PositiveSmallIntegerField(_("places"), default=0)
    scale = models.JSONField(_("scale"), default=list, blank=True)
    # FIXED: the amount of the 1st, 2nd, ... place, in cents.
    amounts_cents = models.JSONField(_("amounts (cents)"), default=list, blank=True)
    # BONUS (a challenge's): this amount to each player with at least ``min_tournaments``.
    min_tournaments = models.PositiveSmallIntegerField(_("tournaments played"), default=0)
    bonus_cents = models.PositiveIntegerField(_("bonus (cents)"), default=0)

    class Meta:
        ordering = ["order", "id"]
        verbose_name = _("prize rule")
        verbose_name_plural = _("prize rules")
        constraints = [
            models.CheckConstraint(
                condition=Q(tournament__isnull=True, challenge__isnull=False)
                | Q(tournament__isnull=False, challenge__isnull=True),
                name="prize_rule_of_one",
            )
        ]

    def __str__(self):
        return f"{self.get_kind_display()} ({self.order})"
