"""Writes of a team match's sheets (fft-duplicate.md §5, ``models_match``): a room's sheet
entered as its keeper wrote it (a new version each save, a conflict when someone saved since),
confirmed by an arbitre once the other side signed it (four-eyes as every sheet), the quarter
closed once its four sheets agree and are confirmed, and reopened. Each runs in one transaction
with its audit entry; a refusal raises a ``ValidationError`` (next to its field where it has
one) and saves nothing. ``services_match`` re-exports them.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from common.errors import field_error
from common.text import clean_text, has_visible_text
from scoring import closable
from scoring.actions import Action
from scoring.closable import UnitKind
from scoring.engine.duplicate_teams import check_match_score
from scoring.formats.duplicate.messages import line_message
from scoring.formats.duplicate.travelling_entry import parse_score
from scoring.formats.match.results import (
    cancelled_boards,
    quarter_boards,
    quarter_sheets,
    restores_waiting,
    room_state,
    unconfirmed_boards,
)
from scoring.models.match import MatchLine, MatchQuarter, MatchSheet
from scoring.sheet_lifecycle import (
    confirm_gate,
    refuse_correction,
    renew,
    resubmitted,
    stamp_confirmed,
)
from tournaments.permissions import Role, require_role
from tournaments.services import audit_log


def _typed_lines(quarter: MatchQuarter, room: str, keeper: str, rows: dict):
    """The sheet's lines as typed, and a message per étui that cannot be kept (field
    ``contract_<étui>`` or ``score_<étui>``)."""
    errors, lines = {}, []
    for board in quarter_boards(quarter):
        contract, text = rows.get(board, ("", ""))
        if not contract and not str(text or "").strip():
            continue
        try:
            score = parse_score(str(text or ""))
        except ValueError:
            score = None
        if not contract:
            errors[f"contract_{board}"] = _("Choose the contract the taker announced.")
        elif score is None:
            errors[f"score_{board}"] = line_message(
                "not_a_number" if str(text).strip() else "score_missing", {"text": text}
            )
        else:
            problem = check_match_score(contract, score)
            if problem is not None:
                field = "contract" if problem.code == "contract_not_allowed" else "score"
                errors[f"{field}_{board}"] = line_message(problem.code, problem.params, contract)
            else:
                lines.append(
                    MatchLine(
                        quarter=quarter,
                        room=room,
                        keeper=keeper,
                        board=board,
                        contract=contract,
                        score=score,
                    )
                )
    return lines, errors


def match_sheet(quarter: MatchQuarter, room: str, keeper: str) -> MatchSheet:
    """The sheet of a room's keeper; version 0, not saved, before anything is entered."""
    found = MatchSheet.objects.filter(quarter=quarter, room=room, keeper=keeper).first()
    return found or MatchSheet(quarter=quarter, room=room, keeper=keeper)


def _stored(sheet: MatchSheet) -> dict:
    lines = MatchLine.objects.filter(quarter=sheet.quarter, room=sheet.room, keeper=sheet.keeper)
    return {line.board: (line.contract, line.score) for line in lines}


@transaction.atomic
def sheet_save(
    *,
    quarter: MatchQuarter,
    room: str,
    keeper: str,
    rows: dict,
    user,
    signed: bool = False,
    base_version: int | None = None,
    reason: str = "",
) -> MatchSheet:
    """One room's sheet as its keeper wrote it, a new version: ``rows`` maps each étui of the
    quarter to (contract, score text); an étui left blank is not on the sheet yet; ``signed``:
    the other side's visa is on the paper. Refused whole, with a message per étui (field
    ``contract_<étui>`` or ``score_<étui>``), when a line is wrong.

    ``base_version`` is the version the form was opened on: if someone saved since,
    ``StaleSheet`` is raised and nothing is written. A sheet sent as it is stored (a double
    submit) makes no new version. Once confirmed, only an arbitre changes it, with a reason;
    the new version is confirmed again (four-eyes)."""
    tournament = quarter.match.tournament
    require_role(user, tournament, Role.SCORER)
    quarter = MatchQuarter.objects.select_for_update().select_related("match").get(pk=quarter.pk)
    closable.refuse_if_closed(quarter, QUARTER)
    if room not in MatchQuarter.Room.values or keeper not in MatchLine.Keeper.values:
        raise ValidationError(_("No such sheet."), code="no_sheet")
    sheet = match_sheet(quarter, room, keeper)
    lines, errors = _typed_lines(quarter, room, keeper, rows)
    before = _stored(sheet)
    typed = {line.board: (line.contract, line.score) for line in lines}
    same = not errors and typed == before and bool(signed) == sheet.signed
    if resubmitted(sheet, base_version, same=same):
        return sheet  # nothing differs from the stored version: no new one
    correcting = sheet.is_confirmed
    refuse_correction(user, tournament, sheet)
    reason = clean_text(reason or "", 300)
    if correcting and not has_visible_text(reason):
        errors["reason"] = _("Say why this confirmed sheet is corrected.")
    if not lines and not errors and not sheet.version:
        errors["sheet"] = line_message("no_line", {})
    if errors:
        raise ValidationError(errors)
    MatchLine.objects.filter(quarter=quarter, room=room, keeper=keeper).delete()
    MatchLine.objects.bulk_create(lines)
    renew(sheet, user=user)
    sheet.signed, sheet.reason = bool(signed), reason if correcting else ""
    sheet.save()
    audit_log(
        action=Action.MATCH_SHEET_ENTERED,
        user=user,
        tournament=tournament,
        data={
            "match": quarter.match.number,
            "quarter": quarter.number,
            "room": room,
            "keeper": keeper,
            "version": sheet.version,
            "signed": sheet.signed,
            "reason": sheet.reason,
            "lines": [[line.board, line.contract, line.score] for line in lines],
        },
    )
    return sheet


def _stale() -> ValidationError:
    return ValidationError(
        _("The sheet changed since you opened it: check it again."), code="stale"
    )


@transaction.atomic
def sheet_confirm(
    *, quarter: MatchQuarter, room: str, keeper: str, user, version=None, signed=False
) -> MatchSheet:
    """An arbitre confirms a room's sheet: whole, signed by the other side (``signed``: the
    visa seen on the paper now), and, when the tournament asks four-eyes, entered by someone
    else. ``version``: the one the arbitre read; refused when it changed since."""
    tournament = quarter.match.tournament
    require_role(user, tournament, Role.ARBITRE)
    quarter = MatchQuarter.objects.select_for_update().select_related("match").get(pk=quarter.pk)
    closable.refuse_if_closed(
        quarter, QUARTER, error=ValidationError(_("This quarter is closed."), code="closed")
    )
    sheet = match_sheet(quarter, room, keeper)
    if not sheet.version:
        raise ValidationError(_("Nothing is entered on this sheet yet."), code="no_sheet")
    if not confirm_gate(sheet, user=user, tournament=tournament, version=version, stale=_stale):
        return sheet
    stored, cancelled = _stored(sheet), cancelled_boards(quarter)  # cancelled: no line needed
    missing = [b for b in quarter_boards(quarter) if b not in stored and b not in cancelled]
    if missing:
        raise ValidationError(
            _("Étuis %(boards)s are not on this sheet: enter them before confirming it.")
            % {"boards": ", ".join(map(str, missing))},
            code="boards_missing",
        )
    if not (sheet.signed or signed):
        raise ValidationError(
            _("The other side has not signed this sheet: tick its visa once you see it."),
            code="visa_missing",
        )
    sheet.signed = True
    stamp_confirmed(sheet, user=user, also=("signed",))
    audit_log(
        action=Action.MATCH_SHEET_CONFIRMED,
        user=user,
        tournament=tournament,
        data={
            "match": quarter.match.number,
            "quarter": quarter.number,
            "room": room,
            "keeper": keeper,
            "version": sheet.version,
        },
    )
    return sheet


def _lock(quarter: MatchQuarter) -> MatchQuarter:
    return MatchQuarter.objects.select_for_update().get(pk=quarter.pk)


# A quarter as a closable unit: closed once its four sheets agree and are confirmed.
QUARTER = UnitKind(
    lock=_lock,
    tournament=lambda quarter: quarter.match.tournament,
    describe=lambda quarter: {"match": quarter.match.number, "quarter": quarter.number},
    closed_action=Action.QUARTER_CLOSED,
    reopened_action=Action.QUARTER_REOPENED,
    closed_error=lambda quarter: ValidationError(
        _("This quarter is closed: an arbitre reopens it to change a sheet."), code="closed"
    ),
    reason_missing=lambda: field_error(
        "reason", _("Say why the quarter is reopened."), "reason_required"
    ),
)


@transaction.atomic
def quarter_close(*, quarter: MatchQuarter, user) -> MatchQuarter:
    """Close a quarter whose two rooms' sheets are whole and agree, the four of them signed by
    the other side and confirmed: its PM count from now on and become public."""
    return closable.close(QUARTER, unit=quarter, user=user, blockers=_close_blockers)


def _close_blockers(quarter: MatchQuarter) -> None:
    sheets = quarter_sheets(quarter)
    for room in MatchQuarter.Room.values:
        state = room_state(quarter, sheets, room)
        if not state.agreed:
            raise ValidationError(
                _(
                    "%(room)s: the two sheets are not whole or differ on étuis %(boards)s; "
                    "correct them first."
                )
                % {
                    "room": MatchQuarter.Room(room).label,
                    "boards": ", ".join(str(b) for b in sorted(state.differences + state.missing)),
                },
                code="sheets_differ",
            )
    confirmed = {(s.room, s.keeper) for s in quarter.sheets.all() if s.is_confirmed}
    waiting = [
        f"{MatchQuarter.Room(room).label}: {MatchLine.Keeper(keeper).label}"
        for room in MatchQuarter.Room.values
        for keeper in MatchLine.Keeper.values
        if (room, keeper) not in confirmed
    ]
    if waiting:
        raise ValidationError(
            _(
                "Not confirmed yet: %(sheets)s. An arbitre confirms each sheet once the other "
                "side has signed it."
            )
            % {"sheets": "; ".join(waiting)},
            code="sheets_unconfirmed",
        )
    pending = unconfirmed_boards(quarter)
    if pending:
        raise ValidationError(
            _("Another arbitre must first confirm the cancelled étuis %(boards)s (four-eyes).")
            % {"boards": ", ".join(str(b) for b in pending)},
            code="four_eyes",
        )
    undoing = restores_waiting(quarter)
    if undoing:
        raise ValidationError(
            _(
                "Another arbitre must first confirm or drop the undoing of the cancelled "
                "étuis %(boards)s (four-eyes)."
            )
            % {"boards": ", ".join(str(b) for b in undoing)},
            code="four_eyes",
        )


def _later_named(quarter: MatchQuarter) -> None:
    if quarter.match.quarters.filter(number__gt=quarter.number).exists():
        raise ValidationError(
            _("The next quarter is named: this one can no longer be reopened."), code="later"
        )


@transaction.atomic
def quarter_reopen(*, quarter: MatchQuarter, user, reason: str) -> MatchQuarter:
    return closable.reopen(QUARTER, unit=quarter, user=user, reason=reason, blockers=_later_named)
