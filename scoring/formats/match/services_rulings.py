"""The arbitre's rulings on a team match's étui (fft-duplicate.md §1.6, §5): an étui cancelled in
a quarter, in the room where its deal went wrong, leaves the comparison of the two rooms; both
teams get 0 PM on it, or the PM the arbitre assigns them, with the reason. Undone with a
reason. Under the four-eyes rule another arbitre confirms a cancellation before the quarter
closes, and the undoing of a confirmed one before it takes effect. Each runs in one
transaction with its audit entry; a refusal raises a ``ValidationError`` (next to its field
where it has one) and saves nothing. A closed quarter is reopened first: its PM are public.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.errors import field_error
from common.text import clean_text, has_visible_text
from scoring import closable
from scoring.actions import Action
from scoring.formats.match.results import quarter_boards
from scoring.formats.match.services import (
    _pm as typed_pm,  # the bonus's and the penalty's reading of PM
)
from scoring.formats.match.services_sheets import QUARTER
from scoring.models.match import CancelledBoard, MatchQuarter
from tournaments.permissions import Role, require_role
from tournaments.services import audit_log


def _open_quarter(quarter: MatchQuarter, user) -> MatchQuarter:
    require_role(user, quarter.match.tournament, Role.ARBITRE)
    quarter = MatchQuarter.objects.select_for_update().select_related("match").get(pk=quarter.pk)
    closable.refuse_if_closed(
        quarter,
        QUARTER,
        error=ValidationError(
            _("This quarter is closed: reopen it, with a reason, before changing an étui."),
            code="quarter_closed",
        ),
    )
    return quarter


def _reason(reason: str) -> str:
    reason = clean_text(reason or "", 300)
    if not has_visible_text(reason):
        raise field_error("reason", _("Say why the arbitre decides it."), "reason_required")
    return reason


@transaction.atomic
def board_cancel(
    *, quarter: MatchQuarter, board: int, room: str, user, reason: str, pm_a="0", pm_b="0"
) -> CancelledBoard:
    """Cancel étui ``board`` of the quarter, its deal having gone wrong in ``room``; each team
    gets ``pm_a`` / ``pm_b`` PM on it (text as typed, or numbers; 0 by default)."""
    quarter = _open_quarter(quarter, user)
    reason = _reason(reason)
    if board not in quarter_boards(quarter):
        raise field_error(
            "board",
            _("Quarter %(k)s plays étuis %(first)s to %(last)s."),
            "no_such_board",
            k=quarter.number,
            first=quarter_boards(quarter)[0],
            last=quarter_boards(quarter)[-1],
        )
    if room not in MatchQuarter.Room.values:
        raise field_error("room", _("Choose the room."), "room_invalid")
    if quarter.cancelled.filter(board=board).exists():
        raise field_error(
            "board", _("Étui %(n)s is already cancelled."), "already_cancelled", n=board
        )
    at_once = not quarter.match.tournament.four_eyes
    cancelled = CancelledBoard.objects.create(
        quarter=quarter,
        board=board,
        room=room,
        pm_a=typed_pm("pm_a", pm_a),
        pm_b=typed_pm("pm_b", pm_b),
        reason=reason,
        created_by=user,
        confirmed_by=user if at_once else None,
        confirmed_at=timezone.now() if at_once else None,
    )
    audit_log(
        action=Action.MATCH_BOARD_CANCELLED,
        user=user,
        tournament=quarter.match.tournament,
        data={
            "match": quarter.match.number,
            "quarter": quarter.number,
            "board": board,
            "room": room,
            "pm_a": str(cancelled.pm_a),
            "pm_b": str(cancelled.pm_b),
            "reason": reason,
            "confirmed": at_once,
        },
    )
    return cancelled


@transaction.atomic
def board_cancel_confirm(*, cancelled: CancelledBoard, user) -> CancelledBoard:
    """Another arbitre's visa on a cancelled étui (the four-eyes rule): the quarter may close."""
    quarter = _open_quarter(cancelled.quarter, user)
    cancelled = CancelledBoard.objects.select_for_update().get(pk=cancelled.pk)
    if cancelled.is_confirmed:
        return cancelled
    if cancelled.created_by_id == user.pk:
        raise ValidationError(
            _("You cancelled this étui: another arbitre must confirm it (four-eyes)."),
            code="four_eyes",
        )
    cancelled.confirmed_by, cancelled.confirmed_at = user, timezone.now()
    cancelled.save(update_fields=["confirmed_by", "confirmed_at"])
    audit_log(
        action=Action.MATCH_BOARD_CONFIRMED,
        user=user,
        tournament=quarter.match.tournament,
        data={"match": quarter.match.number, "quarter": quarter.number, "board": cancelled.board},
    )
    return cancelled


@transaction.atomic
def board_restore(*, cancelled: CancelledBoard, user, reason: str) -> CancelledBoard | None:
    """The étui compared again as the rooms' sheets have it: the cancellation undone (None).
    Under the four-eyes rule a confirmed cancellation is undone only once another arbitre
    confirms it (``board_restore_confirm``): until then it stays, its undoing asked
    (returned)."""
    quarter = _open_quarter(cancelled.quarter, user)
    reason = _reason(reason)
    cancelled = CancelledBoard.objects.select_for_update().filter(pk=cancelled.pk).first()
    if cancelled is None:
        return None
    if cancelled.restore_waiting:
        raise ValidationError(
            _("Undoing this cancellation already waits for another arbitre's visa."),
            code="restore_waiting",
        )
    if quarter.match.tournament.four_eyes and cancelled.is_confirmed:
        cancelled.restore_asked_by, cancelled.restore_asked_at = user, timezone.now()
        cancelled.restore_reason = reason
        cancelled.save(update_fields=["restore_asked_by", "restore_asked_at", "restore_reason"])
        _restore_log(Action.MATCH_BOARD_RESTORE_ASKED, quarter, cancelled, user, reason)
        return cancelled
    cancelled.delete()
    _restore_log(Action.MATCH_BOARD_RESTORED, quarter, cancelled, user, reason)
    return None


@transaction.atomic
def board_restore_confirm(*, cancelled: CancelledBoard, user) -> None:
    """Another arbitre's visa on the undoing of a cancellation (the four-eyes rule)."""
    quarter = _open_quarter(cancelled.quarter, user)
    cancelled = CancelledBoard.objects.select_for_update().filter(pk=cancelled.pk).first()
    if cancelled is None:
        return
    if not cancelled.restore_waiting:
        raise ValidationError(_("Nobody asked to undo this cancellation."), code="no_restore")
    if cancelled.restore_asked_by_id == user.pk:
        raise ValidationError(
            _("You asked to undo this cancellation: another arbitre must confirm it (four-eyes)."),
            code="four_eyes",
        )
    cancelled.delete()
    _restore_log(Action.MATCH_BOARD_RESTORED, quarter, cancelled, user, cancelled.restore_reason)


@transaction.atomic
def board_restore_drop(*, cancelled: CancelledBoard, user) -> CancelledBoard:
    """The undoing asked is dropped: the cancellation stays as confirmed."""
    quarter = _open_quarter(cancelled.quarter, user)
    cancelled = CancelledBoard.objects.select_for_update().get(pk=cancelled.pk)
    if not cancelled.restore_waiting:
        return cancelled
    reason = cancelled.restore_reason
    cancelled.restore_asked_by, cancelled.restore_asked_at, cancelled.restore_reason = (
        None,
        None,
        "",
    )
    cancelled.save(update_fields=["restore_asked_by", "restore_asked_at", "restore_reason"])
    _restore_log(Action.MATCH_BOARD_RESTORE_DROPPED, quarter, cancelled, user, reason)
    return cancelled


def _restore_log(action, quarter: MatchQuarter, cancelled: CancelledBoard, user, reason: str):
    audit_log(
        action=action,
        user=user,
        tournament=quarter.match.tournament,
        data={
            "match": quarter.match.number,
            "quarter": quarter.number,
            "board": cancelled.board,
            "reason": reason,
        },
    )
