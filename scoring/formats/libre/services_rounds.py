"""Writes of a position's ledger as a whole: close it once every sheet is confirmed, reopen it
(``scoring.closable``, with ``POSITION`` saying what a position is as a closable unit).

``round_blockers`` and ``barred_takers`` say what stops a closing (the dashboard shows them
too). Each service checks who may act, runs in one transaction and writes its audit entry.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from common.errors import field_error
from scoring import closable
from scoring.actions import Action
from scoring.at_table.unsettled import unsettled_message, unsettled_tables
from scoring.closable import UnitKind
from scoring.engine.sheet import ARBITRE_MODES
from scoring.formats.libre.bans import round_bans
from scoring.models import Deal, ScoreSheet
from tournaments.models import Round
from tournaments.services_seating import round_closed_error

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


def _lock(round_: Round) -> Round:
    return (
        Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=round_.pk)
    )


# A position: closed once every sheet is confirmed; who closed it is in the audit log only.
POSITION = UnitKind(
    lock=_lock,
    tournament=lambda round_: round_.tournament,
    describe=lambda round_: {"round": round_.number},
    closed_action=Action.ROUND_CLOSED,
    reopened_action=Action.ROUND_REOPENED,
    closed_error=round_closed_error,
    reason_missing=lambda: field_error(
        "reason", _("Say why the position is reopened."), "reason_required"
    ),
    records_closer=False,
)


def refuse_if_closed(round_: Round) -> None:
    """Nothing of a closed position changes (its marks are final) until an arbitre reopens it."""
    closable.refuse_if_closed(round_, POSITION)


def _close_blockers(round_: Round) -> None:
    if not round_.is_published:
        raise ValidationError(
            _("Publish the seating of this position first."), code="round_not_published"
        )
    unsettled = unsettled_tables(round_.tables.all())
    if unsettled:
        raise ValidationError(
            unsettled_message(unsettled, positions=False), code="table_entries_unsettled"
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


def close_refusal(round_: Round) -> str:
    """What stops the position closing now, in words ("" when nothing does)."""
    return closable.refusal(round_, _close_blockers)


@transaction.atomic
def round_close(*, round: Round, user) -> Round:
    """Close a position once every sheet is confirmed: its marks are then final."""
    return closable.close(POSITION, unit=round, user=user, blockers=_close_blockers)


@transaction.atomic
def round_reopen(*, round: Round, user, reason: str) -> Round:
    """Reopen a closed position so that an arbitre can correct it; the reason is kept."""
    return closable.reopen(POSITION, unit=round, user=user, reason=reason)
