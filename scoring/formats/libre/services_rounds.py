"""Writes of a position's ledger as a whole: close it once every sheet is confirmed, reopen it.

``round_blockers`` and ``barred_takers`` say what stops a closing (the dashboard shows them
too). Each service checks who may act, runs in one transaction and writes its audit entry.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.errors import field_error
from common.text import clean_text, has_visible_text, trim_invisible
from scoring.actions import Action
from scoring.engine.sheet import ARBITRE_MODES
from scoring.formats.libre.bans import round_bans
from scoring.models import Deal, ScoreSheet
from tournaments.models import Round
from tournaments.permissions import Role, require_role
from tournaments.services import audit_log

Status = ScoreSheet.Status


def round_blockers(*, round: Round) -> list[int]:
    """Numbers of the tables whose sheet is not confirmed yet."""
    confirmed = set(
        round.score_sheets.filter(status=Status.CONFIRMED).values_list("table_id", flat=True)
    )
    return [t.number for t in round.tables.order_by("number") if t.pk not in confirmed]


def barred_takers(*, round: Round, bans: dict | None = None) -> list[int]:
    """Numbers of the tables whose current sheet has a taker barred from bidding on that deal:
    bans decided after the sheet was saved (1 query without bans; ``bans``: the position's, as
    ``round_bans`` gives them, when the caller has them)."""
    bans = {
        (view.table, view.deal, view.registration.pk)
        for views in (round_bans(round=round) if bans is None else bans).values()
        for view in views
        if view.registration is not None and view.deal is not None
    }
    if not bans:
        return []
    takers = (
        Deal.objects.filter(sheet__round=round, taker__isnull=False)
        .exclude(sheet__status=Status.SUPERSEDED)
        .exclude(mode__in=ARBITRE_MODES)
        .values_list("sheet__table__number", "number", "taker_id")
    )
    return sorted({table for table, number, taker in takers if (table, number, taker) in bans})


@transaction.atomic
def round_close(*, round: Round, user) -> Round:
    """Close a position once every sheet is confirmed: its marks are then final."""
    round_ = (
        Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=round.pk)
    )
    require_role(user, round_.tournament, Role.ARBITRE)
    if round_.is_closed:
        return round_
    if not round_.is_published:
        raise ValidationError(
            _("Publish the seating of this position first."), code="round_not_published"
        )
    waiting = round_blockers(round=round_)
    if waiting:
        raise ValidationError(
            _("Tables whose sheet is not confirmed: %(tables)s."),
            code="sheets_unconfirmed",
            params={"tables": ", ".join(map(str, waiting))},
        )
    barred = barred_takers(round=round_)
    if barred:
        raise ValidationError(
            _(
                "Tables whose sheet has a taker barred from bidding (a ban decided after the "
                "sheet was confirmed): %(tables)s. Correct those sheets first."
            ),
            code="barred_taker",
            params={"tables": ", ".join(map(str, barred))},
        )
    round_.closed_at = timezone.now()
    round_.save(update_fields=["closed_at"])
    audit_log(
        action=Action.ROUND_CLOSED,
        user=user,
        tournament=round_.tournament,
        data={"round": round_.number},
    )
    return round_


@transaction.atomic
def round_reopen(*, round: Round, user, reason: str) -> Round:
    """Reopen a closed position so that an arbitre can correct it; the reason is kept."""
    round_ = (
        Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=round.pk)
    )
    require_role(user, round_.tournament, Role.ARBITRE)
    reason = trim_invisible(clean_text(reason, 300))
    if not has_visible_text(reason):
        raise field_error("reason", _("Say why the position is reopened."), "reason_required")
    if not round_.is_closed:
        return round_
    round_.closed_at = None
    round_.save(update_fields=["closed_at"])
    audit_log(
        action=Action.ROUND_REOPENED,
        user=user,
        tournament=round_.tournament,
        data={"round": round_.number, "reason": reason},
    )
    return round_
