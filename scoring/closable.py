"""One closable unit, written once: a libre position, a duplicate séance and a team match's
quarter each close once their sheets are confirmed (their scores are then final and public),
reopen with a reason, and refuse any change while closed.

A format describes its unit once with a ``UnitKind`` (how to lock it, whose tournament it is,
its audit actions and how it names itself in them, the words of its refusals) and calls
``close``, ``reopen`` and ``refuse_if_closed`` with it; what stops a closing or a reopening is
the format's own and is handed in as ``blockers``. A unit has ``closed_at`` and ``is_closed``,
and ``closed_by`` when ``records_closer``.

Reopening a unit withdraws its tournament's results from being final (``scoring.results_final``).
Every step checks the arbitre's role, runs in the caller's transaction (the services that call
them are atomic) and writes its audit entry there. Knows no format and renders no page.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils import timezone

from common.text import clean_text, has_visible_text, trim_invisible
from scoring.actions import Action
from tournaments.models import Tournament
from tournaments.permissions import Role, require_role
from tournaments.services import audit_log


@dataclass(frozen=True)
class UnitKind:
    """How one kind of unit (position, séance, quarter) closes and reopens."""

    lock: Callable  # unit -> the unit locked for the rest of the transaction
    tournament: Callable  # unit -> its tournament
    describe: Callable  # unit -> what names it in an audit entry
    closed_action: str
    reopened_action: str
    closed_error: Callable  # unit -> the refusal of a change while it is closed
    reason_missing: Callable  # () -> the refusal of a reopening without a reason
    records_closer: bool = True  # the unit keeps who closed it (``closed_by``)


def refuse_if_closed(unit, kind: UnitKind, *, error: ValidationError | None = None) -> None:
    """Nothing of a closed unit changes until an arbitre reopens it (``error``: the words of
    this refusal where the change has its own)."""
    if unit.is_closed:
        raise error or kind.closed_error(unit)


def refusal(unit, blockers: Callable) -> str:
    """What stops ``unit`` closing now, in words ("" when nothing does or it is closed): the
    messages of what ``blockers(unit)`` raises, for a page to show before the arbitre tries."""
    if unit.is_closed:
        return ""
    try:
        blockers(unit)
    except ValidationError as refused:
        return " ".join(refused.messages)
    return ""


def close(kind: UnitKind, *, unit, user, blockers: Callable | None = None):
    """Close ``unit`` unless ``blockers(unit)`` (given the locked unit) refuses; closing a
    closed unit leaves it as it is."""
    tournament = kind.tournament(unit)
    require_role(user, tournament, Role.ARBITRE)
    unit = kind.lock(unit)
    if unit.is_closed:
        return unit
    if blockers is not None:
        blockers(unit)
    unit.closed_at = timezone.now()
    fields = ["closed_at"]
    if kind.records_closer:
        unit.closed_by = user
        fields.append("closed_by")
    unit.save(update_fields=fields)
    audit_log(action=kind.closed_action, user=user, tournament=tournament, data=kind.describe(unit))
    return unit


def reopen(kind: UnitKind, *, unit, user, reason: str, blockers: Callable | None = None):
    """Reopen ``unit`` with ``reason`` (kept in the audit entry) unless ``blockers(unit)``
    refuses; reopening an open unit leaves it as it is."""
    tournament = kind.tournament(unit)
    require_role(user, tournament, Role.ARBITRE)
    reason = trim_invisible(clean_text(reason or "", 300))
    if not has_visible_text(reason):
        raise kind.reason_missing()
    unit = kind.lock(unit)
    if blockers is not None:
        blockers(unit)
    if not unit.is_closed:
        return unit
    unit.closed_at = None
    fields = ["closed_at"]
    if kind.records_closer:
        unit.closed_by = None
        fields.append("closed_by")
    unit.save(update_fields=fields)
    audit_log(
        action=kind.reopened_action,
        user=user,
        tournament=tournament,
        data={**kind.describe(unit), "reason": reason},
    )
    results_withdrawn(tournament, user, {**kind.describe(unit), "reason": reason})
    return unit


def results_withdrawn(tournament, user, data: dict) -> None:
    """In the caller's transaction: the tournament's results are no longer final
    (``scoring.results_final``), when they were: a unit reopened, or the arbitre's word."""
    updated = Tournament.objects.filter(pk=tournament.pk, results_final_at__isnull=False).update(
        results_final_at=None
    )
    tournament.results_final_at = None
    if updated:
        audit_log(
            action=Action.RESULTS_FINAL_WITHDRAWN, user=user, tournament=tournament, data=data
        )
