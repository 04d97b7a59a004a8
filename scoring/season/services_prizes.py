"""The writes of a prize list's rules: add one (after the others), delete one. A tournament's
rules are its organisers'; a challenge's, its managers'. Each write runs in one transaction with
its audit entry: on the tournament for a tournament's rule (its change stamp moves), on no
tournament with the challenge's id for a challenge's, whose version it moves. Adding locks the
owner first, so that a form posted twice (a double click) cannot add the same rule twice.

Must not work out any prize (``prizes`` does).
"""

from dataclasses import asdict, dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max
from django.utils.translation import gettext as _

from common.money import format_cents
from scoring.actions import Action
from scoring.models import Challenge, PrizeRule
from scoring.season.permissions import require_manager
from tournaments.models import StaffRole, Tournament
from tournaments.permissions import require_role
from tournaments.services_common import audit_log, hold_tournament

__all__ = ["MOST_CENTS", "MOST_WEIGHT", "PrizeRuleValues", "prize_rule_add", "prize_rule_delete"]

# Beyond any prize list: what a form lets through stays far inside the columns and the sums.
MOST_WEIGHT = 1000  # a weight of the scale
MOST_CENTS = 10_000_000  # 100 000 €: a fixed amount or a bonus


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
        if any(weight > MOST_WEIGHT for weight in values.scale):
            raise ValidationError({"scale": weight_too_big()})
    if values.kind == kind.FIXED:
        if not any(values.amounts_cents):
            raise ValidationError(
                {"amounts": _("Enter the amount of each place, such as 100 60 40.")}
            )
        if any(cents > MOST_CENTS for cents in values.amounts_cents):
            raise ValidationError({"amounts": amount_too_big()})
    if values.kind == kind.BONUS:
        if values.bonus_cents <= 0:
            raise ValidationError({"bonus": _("Enter the amount of the bonus.")})
        if values.bonus_cents > MOST_CENTS:
            raise ValidationError({"bonus": amount_too_big()})
        if values.min_tournaments < 1:
            raise ValidationError({"min_tournaments": _("Enter at least 1 tournament.")})


def weight_too_big() -> ValidationError:
    return ValidationError(
        _("A weight of the scale is at most %(most)s.") % {"most": MOST_WEIGHT},
        code="max_value",
    )


def amount_too_big() -> ValidationError:
    return ValidationError(
        _("An amount is at most %(most)s.") % {"most": format_cents(MOST_CENTS)},
        code="max_value",
    )


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


def _stored(values: PrizeRuleValues) -> dict:
    """The columns of a rule: only those of its kind, the others empty."""
    kind = PrizeRule.Kind
    return {
        "kind": values.kind,
        "share_percent": values.share_percent if values.kind == kind.SHARE else 0,
        "places": values.places if values.kind == kind.SHARE else 0,
        "scale": list(values.scale) if values.kind == kind.SHARE else [],
        "amounts_cents": list(values.amounts_cents) if values.kind == kind.FIXED else [],
        "min_tournaments": values.min_tournaments if values.kind == kind.BONUS else 0,
        "bonus_cents": values.bonus_cents if values.kind == kind.BONUS else 0,
    }


def _signature(rule: PrizeRule) -> tuple:
    """What makes two rules the same rule (their kind and values, not their place in the list)."""
    return (
        rule.kind,
        rule.share_percent,
        rule.places,
        tuple(rule.scale),
        tuple(rule.amounts_cents),
        rule.min_tournaments,
        rule.bonus_cents,
    )


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
    # The owner's row, locked until the transaction ends: a second post of the same form waits
    # here, then finds the rule the first one added.
    if tournament is not None:
        hold_tournament(tournament)
    else:
        Challenge.objects.select_for_update().get(pk=challenge.pk)
    fields = _stored(values)
    owned = PrizeRule.objects.filter(tournament=tournament, challenge=challenge)
    same = _signature(PrizeRule(**fields))
    if any(_signature(rule) == same for rule in owned):
        raise ValidationError(_("This rule is already in the list."), code="prize_rule_twice")
    last = owned.aggregate(last=Max("order"))["last"] or 0
    rule = PrizeRule.objects.create(
        tournament=tournament, challenge=challenge, order=last + 1, **fields
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
