"""The writes of a prize list's rules: add one (after the others), delete one. A tournament's
rules are its organisers'; a challenge's, its managers'. Each write runs in one transaction with
its audit entry: on the tournament for a tournament's rule (its change stamp moves), on no
tournament with the challenge's id for a challenge's, whose version it moves.

Must not work out any prize (``prizes`` does).
"""

from dataclasses import asdict, dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max
from django.utils.translation import gettext as _

from scoring.actions import Action
from scoring.models import Challenge, PrizeRule
from scoring.season.permissions import require_manager
from tournaments.models import StaffRole, Tournament
from tournaments.permissions import require_role
from tournaments.services_common import audit_log

__all__ = ["PrizeRuleValues", "prize_rule_add", "prize_rule_delete"]


@dataclass(frozen=True)
class PrizeRuleValues:
    """A rule as a form hands it on (amounts in cents)."""

    kind: str
    share_percent: int = 0
    places: int = 0
    scale: tuple[int, ...] = ()
    amounts_cents: tuple[int, ...] = ()
    min_tournaments: int = 0
    bonus_cents: int = 0


def _check(values: PrizeRuleValues, *, of_tournament: bool) -> None:
    """Refuse a rule that gives nothing or cannot be applied, next to the field concerned."""
    kind = PrizeRule.Kind
    if values.kind not in kind.values:
        raise ValidationError({"kind": _("Choose a kind of prize.")})
    if values.kind == kind.BONUS and of_tournament:
        raise ValidationError(
            {"kind": _("A bonus for playing several tournaments belongs to a challenge.")}
        )
    if values.kind == kind.SHARE:
        if not 0 < values.share_percent <= 100:
            raise ValidationError({"share_percent": _("Enter a percentage from 1 to 100.")})
        if values.places < 1:
            raise ValidationError({"places": _("Enter how many places share the pot.")})
        if values.scale and len(values.scale) != values.places:
            raise ValidationError(
                {"scale": _("Give one weight per place, or leave the scale empty.")}
            )
    if values.kind == kind.FIXED and not any(values.amounts_cents):
        raise ValidationError({"amounts": _("Enter the amount of each place, such as 100 60 40.")})
    if values.kind == kind.BONUS:
        if values.bonus_cents <= 0:
            raise ValidationError({"bonus": _("Enter the amount of the bonus.")})
        if values.min_tournaments < 1:
            raise ValidationError({"min_tournaments": _("Enter at least 1 tournament.")})


def _owner(*, tournament: Tournament | None, challenge: Challenge | None, user) -> None:
    if (tournament is None) == (challenge is None):
        raise ValueError("a prize rule belongs to a tournament or to a challenge")
    if tournament is not None:
        require_role(user, tournament, StaffRole.Role.ORGANISER)
    else:
        require_manager(user, challenge)


def _record(*, action: str, user, rule: PrizeRule, data: dict) -> None:
    if rule.tournament_id is not None:
        audit_log(action=action, user=user, tournament=rule.tournament, data=data)
        return
    Challenge.objects.filter(pk=rule.challenge_id).update(version=F("version") + 1)
    audit_log(action=action, user=user, data={"challenge": rule.challenge_id, **data})


@transaction.atomic
def prize_rule_add(
    *,
    user,
    values: PrizeRuleValues,
    tournament: Tournament | None = None,
    challenge: Challenge | None = None,
) -> PrizeRule:
    """A new rule after the others of the tournament or of the challenge."""
    _owner(tournament=tournament, challenge=challenge, user=user)
    _check(values, of_tournament=tournament is not None)
    kind = PrizeRule.Kind
    owned = PrizeRule.objects.filter(tournament=tournament, challenge=challenge)
    last = owned.aggregate(last=Max("order"))["last"] or 0
    rule = PrizeRule.objects.create(
        tournament=tournament,
        challenge=challenge,
        order=last + 1,
        kind=values.kind,
        share_percent=values.share_percent if values.kind == kind.SHARE else 0,
        places=values.places if values.kind == kind.SHARE else 0,
        scale=list(values.scale) if values.kind == kind.SHARE else [],
        amounts_cents=list(values.amounts_cents) if values.kind == kind.FIXED else [],
        min_tournaments=values.min_tournaments if values.kind == kind.BONUS else 0,
        bonus_cents=values.bonus_cents if values.kind == kind.BONUS else 0,
    )
    data = {"prize_rule": rule.pk, **asdict(values)}
    data = {key: list(v) if isinstance(v, tuple) else v for key, v in data.items()}
    _record(action=Action.PRIZE_RULE_ADDED, user=user, rule=rule, data=data)
    return rule


@transaction.atomic
def prize_rule_delete(*, rule: PrizeRule, user) -> None:
    _owner(tournament=rule.tournament, challenge=rule.challenge, user=user)
    data = {"prize_rule": rule.pk, "kind": rule.kind, "order": rule.order}
    _record(action=Action.PRIZE_RULE_DELETED, user=user, rule=rule, data=data)
    rule.delete()
