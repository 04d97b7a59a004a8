"""Writes of a challenge: create it, change its rule, add, reweigh and remove its tournaments.

Each service checks who may (``permissions``), runs in one transaction, moves the challenge's
``version`` (its cached standings are keyed by it) and writes an audit entry with no tournament
and ``{"challenge": id, ...}``. A tournament joins a challenge only by one of its organisers.
Must not read a request nor compute standings.
"""

from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from common.errors import field_error
from scoring.actions import Action
from scoring.models import Challenge, ChallengeTournament
from scoring.official_ranking import Kind, cached_official_ranking
from scoring.season.permissions import can_create_challenges, require_manager
from tournaments.models import StaffRole, Tournament
from tournaments.permissions import require_role
from tournaments.services_common import apply_changes, audit_log, plain

__all__ = [
    "CHALLENGE_SETTINGS",
    "MOST_POINTS",
    "challenge_create",
    "challenge_tournament_add",
    "challenge_tournament_remove",
    "challenge_tournament_update",
    "challenge_update",
    "scale_check",
]

CHALLENGE_SETTINGS = (
    "name",
    "slug",
    "points_rule",
    "scale",
    "best_of",
    "min_participations",
    "is_public",
    "organiser_club",
)
MOST_POINTS = 100_000  # a place's points on a scale: far beyond any season, inside any sum
# Addresses of the staff's pages that a challenge's short address would hide.
RESERVED_SLUGS = frozenset({"new"})


def scale_check(scale) -> None:
    """Refuse (on ``scale``) a scale that is not whole points from 0 to ``MOST_POINTS``,
    decreasing or equal."""
    if not isinstance(scale, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in scale
    ):
        raise field_error("scale", _("The scale holds whole points, 0 or more."), "scale_points")
    if any(p > MOST_POINTS for p in scale):
        raise field_error(
            "scale",
            _("A place gets at most %(most)s points.") % {"most": MOST_POINTS},
            "scale_most",
            most=MOST_POINTS,
        )
    if any(later > earlier for earlier, later in zip(scale, scale[1:], strict=False)):
        raise field_error(
            "scale",
            _("Each place gets as many points as the next one or more: the scale decreases."),
            "scale_order",
        )


def _ranks_by_percent(tournament: Tournament) -> bool:
    return cached_official_ranking(tournament=tournament, official=True).kind == Kind.PERCENT


def _percent_refusal(field: str, tournament: Tournament) -> ValidationError:
    return field_error(
        field,
        _(
            "%(tournament)s does not rank its players by percentage: a challenge counting "
            "percentages cannot hold it."
        )
        % {"tournament": tournament.name},
        "not_percent",
        tournament=tournament.pk,
    )


def _check_rule(challenge: Challenge, tournaments) -> None:
    """The challenge's own fields, then its rule against the tournaments it holds."""
    challenge.full_clean(exclude=["managers", "tournaments"])
    if challenge.slug in RESERVED_SLUGS:
        raise field_error(
            "slug", _("This short address is taken by the site: choose another."), "reserved"
        )
    scale_check(challenge.scale)
    if challenge.best_of is not None and challenge.best_of > 200:  # beyond any season
        raise field_error(
            "best_of", _("At most %(most)s results.") % {"most": 200}, "max_value", most=200
        )
    if challenge.points_rule == Challenge.PointsRule.SCALE and not challenge.scale:
        raise field_error("scale", _("Give the points of the first places."), "scale_empty")
    if challenge.points_rule == Challenge.PointsRule.PERCENT:
        for tournament in tournaments:
            if not _ranks_by_percent(tournament):
                raise _percent_refusal("points_rule", tournament)


def _bump(challenge: Challenge) -> None:
    Challenge.objects.filter(pk=challenge.pk).update(version=F("version") + 1)
    challenge.refresh_from_db(fields=["version"])


def _locked(challenge: Challenge) -> Challenge:
    """The challenge's row, locked until the transaction ends (two managers at once)."""
    return Challenge.objects.select_for_update().get(pk=challenge.pk)


@transaction.atomic
def challenge_create(
    *,
    user,
    name,
    slug,
    points_rule,
    scale,
    best_of,
    min_participations,
    is_public,
    organiser_club=None,
) -> Challenge:
    """A new challenge, its creator its manager: a right of those who may create tournaments."""
    if not can_create_challenges(user):
        raise PermissionDenied
    settings = {
        "name": name,
        "slug": slug,
        "points_rule": points_rule,
        "scale": scale,
        "best_of": best_of,
        "min_participations": min_participations,
        "is_public": is_public,
        "organiser_club": organiser_club,
    }
    challenge = Challenge(**settings)
    _check_rule(challenge, [])
    challenge.save()
    challenge.managers.add(user)
    _bump(challenge)
    data = {"challenge": challenge.pk} | {k: plain(v) for k, v in settings.items()}
    audit_log(action=Action.CHALLENGE_CREATED, user=user, data=data)
    return challenge


@transaction.atomic
def challenge_update(*, user, challenge: Challenge, **settings) -> Challenge:
    """Change the challenge's name, address or rule (``CHALLENGE_SETTINGS``)."""
    unknown = set(settings) - set(CHALLENGE_SETTINGS)
    if unknown:
        raise TypeError(f"unknown challenge settings: {sorted(unknown)}")
    require_manager(user, challenge)
    challenge = _locked(challenge)
    changed = apply_changes(challenge, CHALLENGE_SETTINGS, settings)
    if not changed:
        return challenge
    _check_rule(challenge, [e.tournament for e in challenge.entries.select_related("tournament")])
    challenge.save()
    _bump(challenge)
    audit_log(
        action=Action.CHALLENGE_UPDATED, user=user, data={"challenge": challenge.pk, **changed}
    )
    return challenge


def _coefficient_check(entry: ChallengeTournament) -> None:
    entry.full_clean(exclude=["challenge", "tournament"], validate_unique=False)


def _shown(coefficient) -> str:
    """A coefficient as the audit keeps it: "1.50"."""
    return f"{Decimal(coefficient):.2f}"


@transaction.atomic
def challenge_tournament_add(
    *, user, challenge: Challenge, tournament: Tournament, coefficient: Decimal
) -> ChallengeTournament:
    """Count ``tournament`` in the challenge: by its manager, who organises the tournament."""
    require_manager(user, challenge)
    require_role(user, tournament, StaffRole.Role.ORGANISER)
    challenge = _locked(challenge)
    if challenge.entries.filter(tournament=tournament).exists():
        raise field_error(
            "tournament",
            _("%(tournament)s already counts in this challenge.") % {"tournament": tournament.name},
            "already_in",
        )
    if challenge.points_rule == Challenge.PointsRule.PERCENT and not _ranks_by_percent(tournament):
        raise _percent_refusal("tournament", tournament)
    entry = ChallengeTournament(challenge=challenge, tournament=tournament, coefficient=coefficient)
    _coefficient_check(entry)
    entry.save()
    _bump(challenge)
    audit_log(
        action=Action.CHALLENGE_TOURNAMENT_ADDED,
        user=user,
        data={
            "challenge": challenge.pk,
            "tournament": tournament.pk,
            "name": tournament.name,
            "coefficient": _shown(entry.coefficient),
        },
    )
    return entry


@transaction.atomic
def challenge_tournament_update(
    *, user, entry: ChallengeTournament, coefficient: Decimal
) -> ChallengeTournament:
    """Change the coefficient of one of the challenge's tournaments."""
    challenge = entry.challenge
    require_manager(user, challenge)
    challenge = _locked(challenge)
    before = entry.coefficient
    entry.coefficient = coefficient
    _coefficient_check(entry)
    if Decimal(entry.coefficient) == before:
        return entry
    entry.save(update_fields=["coefficient"])
    _bump(challenge)
    audit_log(
        action=Action.CHALLENGE_TOURNAMENT_CHANGED,
        user=user,
        data={
            "challenge": challenge.pk,
            "tournament": entry.tournament_id,
            "name": entry.tournament.name,
            "coefficient": [_shown(before), _shown(entry.coefficient)],
        },
    )
    return entry


@transaction.atomic
def challenge_tournament_remove(*, user, entry: ChallengeTournament) -> None:
    """Stop counting one of the challenge's tournaments: by a manager (who need not organise
    it: a tournament given up by its organiser can still leave the challenge)."""
    challenge = entry.challenge
    require_manager(user, challenge)
    challenge = _locked(challenge)
    tournament = entry.tournament
    entry.delete()
    _bump(challenge)
    audit_log(
        action=Action.CHALLENGE_TOURNAMENT_REMOVED,
        user=user,
        data={"challenge": challenge.pk, "tournament": tournament.pk, "name": tournament.name},
    )
