"""Writes of the duplicate individuel (fft-duplicate.md §1-§2): étuis, travelling sheets, the
séance closed and reopened.

- ``boards_make``, ``board_type``, ``board_made_record``: the étuis, dealt by the software or
  typed in, and how each was made at the first position (``services_duplicate_boards``,
  re-exported here).
- ``travelling_sheet_save``: a version of an étui's travelling sheet, as typed from the paper
  (``TravellingEntry``). Each line must name a table that plays the étui by the movement, once;
  each score must be one a Garde at 4 can give (``engine.duplicate.check_score``) unless an
  arbitre records it as adjusted, with a reason. Lines may be missing (the sheet is saved, the
  missing lines shown); a confirmed sheet is changed only by an arbitre, with a reason. A save
  against a version saved since is refused (``StaleSheet``); a double submit makes one version.
- ``travelling_sheet_confirm``: an arbitre, every line there, four-eyes when the tournament asks.
- ``session_close`` / ``session_reopen``: the arbitre ends the séance (every étui confirmed);
  its scores then reach the public pages (``scoring.closable``, the séance being ``SEANCE``).

Each service runs in one transaction and writes its audit entry in it; a refusal saves nothing.
"""

from collections import Counter
from dataclasses import dataclass, field, replace

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from common.text import clean_text, has_visible_text
from scoring import closable
from scoring.actions import Action
from scoring.at_table.unsettled import settled_by_sheet, unsettled_message, unsettled_tables
from scoring.engine.duplicate import check_score
from scoring.formats.duplicate.messages import line_message
from scoring.formats.duplicate.reads import board_plays
from scoring.formats.duplicate.services_boards import SEANCE, refuse_if_closed
from scoring.formats.duplicate.services_boards import board_made_record as board_made_record
from scoring.formats.duplicate.services_boards import board_type as board_type
from scoring.formats.duplicate.services_boards import boards_make as boards_make
from scoring.formats.duplicate.travelling_entry import LineEntry as LineEntry
from scoring.formats.duplicate.travelling_entry import (
    TravellingEntry,
    assigned_notes,
    kept_line,
    stored_entry,
)
from scoring.formats.registry import format_of
from scoring.models.duplicate import Board, TravellingLine, TravellingSheet
from scoring.sheet_lifecycle import (
    confirm_gate,
    refuse_conflict,
    refuse_correction,
    resubmitted,
    stamp_confirmed,
    write_next,
)
from tournaments.models import Round, Session, StaffRole, Table
from tournaments.permissions import has_role, require_role
from tournaments.services import audit_log

Role = StaffRole.Role
Status = TravellingSheet.Status


@dataclass(frozen=True)
class LineProblem:
    code: str
    index: int | None  # the line's index in the entry; None for the whole sheet
    params: dict = field(default_factory=dict)


class TravellingRefused(ValidationError):
    """The travelling sheet cannot be saved as typed: ``problems`` say which line and why."""

    def __init__(self, problems: list[LineProblem]):
        self.problems = problems
        super().__init__(
            [ValidationError(line_message(p.code, p.params), code=p.code) for p in problems]
        )


def lock_board(board: Board) -> Board:
    return Board.objects.select_for_update().select_related("session__tournament").get(pk=board.pk)


def current_sheet(board: Board) -> TravellingSheet | None:
    return board.sheets.exclude(status=Status.SUPERSEDED).first()


def line_problems(board: Board, entry: TravellingEntry, *, arbitre: bool) -> list[LineProblem]:
    """Every reason the entry cannot be saved, line by line."""
    plays = {(p.position, p.table) for p in board_plays(board.session).get(board.board_set, ())}
    attackers, teams = format_of(board.session.tournament).attacking_members(board)
    problems, seen = [], set()
    for index, line in enumerate(entry.lines):
        place = (line.position, line.table)
        if place not in plays:
            params = {"position": line.position, "table": line.table, "board": board.number}
            problems.append(LineProblem("line_not_played", index, params))
            continue
        if place in seen:
            params = {"position": line.position, "table": line.table}
            problems.append(LineProblem("line_twice", index, params))
            continue
        seen.add(place)
        if line.attacker is not None and line.attacker not in attackers.get(place, ()):
            params = {"position": line.position, "table": line.table}
            params["team"] = teams.get(place, "")
            problems.append(LineProblem("attacker_not_in_team", index, params))
            continue
        if line.cancelled:
            if not arbitre:
                problems.append(LineProblem("cancel_needs_arbitre", index))
            continue
        if line.score is None:
            problems.append(LineProblem("score_missing", index))
            continue
        problem = check_score(line.score)
        if problem is not None and not line.adjusted:
            problems.append(LineProblem(problem.code, index, dict(problem.params)))
        if line.adjusted:
            if not arbitre:
                problems.append(LineProblem("adjust_needs_arbitre", index))
            elif not has_visible_text(line.adjust_reason):
                problems.append(LineProblem("adjust_reason_required", index))
    return problems


@transaction.atomic
def travelling_sheet_save(
    *, board: Board, entry: TravellingEntry, user, base_version: int | None = None
) -> TravellingSheet:
    """A new version of the étui's travelling sheet (see the module).

    ``base_version`` is the version the form was opened on (0 for none; None: not checked): if
    someone saved since, ``StaleSheet`` is raised and nothing is written. Lines sent as they are
    stored (a double submit) make no new version: the stored one is returned."""
    board = lock_board(board)
    session = board.session
    tournament = session.tournament
    require_role(user, tournament, Role.SCORER)
    refuse_if_closed(session)
    current = current_sheet(board)
    entry = _one_reason(entry, current)
    same = current is not None and Counter(map(kept_line, entry.lines)) == Counter(
        map(kept_line, stored_entry(current).lines)
    )
    if resubmitted(current, same=same):
        return current
    correcting = current is not None and current.is_confirmed
    # Who may change it before which version it was read from: a scorer is refused a
    # confirmed sheet whatever version the form names.
    refuse_correction(user, tournament, current, error=PermissionDenied)
    refuse_conflict(current, base_version)
    problems = _refusals(board, entry, user, current)
    if problems:
        raise TravellingRefused(problems)
    reason = clean_text(entry.reason, 300)
    sheet = version_write(board, current, entry.lines, user, reason)
    _settle_tables(board, entry, user)
    audit_log(
        action=Action.TRAVELLING_CORRECTED if correcting else Action.TRAVELLING_ENTERED,
        user=user,
        tournament=tournament,
        data={
            "session": session.number,
            "board": board.number,
            "version": sheet.version,
            "lines": [[ln.position, ln.table, ln.score, ln.cancelled] for ln in entry.lines],
            "reason": reason,
        },
    )
    return sheet


def _settle_tables(board, entry: TravellingEntry, user) -> None:
    """The tables whose line the staff typed: what they entered at the table and left waiting
    is settled by the sheet (``at_table.unsettled``)."""
    places = {(line.position, line.table) for line in entry.lines}
    tables = [
        table
        for table in Table.objects.filter(
            round__session=board.session, number__in={table for _p, table in places}
        ).select_related("round")
        if (table.round.number, table.number) in places
    ]
    settled_by_sheet(tables=tables, numbers=[board.number], user=user)


def travelling_sheet_check(*, board: Board, entry: TravellingEntry, user) -> list[LineProblem]:
    """Every reason ``travelling_sheet_save`` would refuse ``entry``, saving nothing: the page
    shows them all at once when a line typed could not even be read."""
    current = current_sheet(board)
    return _refusals(board, _one_reason(entry, current), user, current)


def _refusals(board, entry, user, current) -> list[LineProblem]:
    arbitre = has_role(user, board.session.tournament, Role.ARBITRE)
    problems = line_problems(board, entry, arbitre=arbitre)
    correcting = current is not None and current.is_confirmed
    if correcting and not has_visible_text(clean_text(entry.reason, 300)):
        problems.append(LineProblem("reason_required", None))
    if not entry.lines:
        problems.append(LineProblem("no_line", None))
    return problems


def _one_reason(entry: TravellingEntry, current: TravellingSheet | None) -> TravellingEntry:
    """A correction of a confirmed sheet asks for one reason: the sheet's, or failing it the
    reasons typed on the lines it changes; an adjusted line with no reason of its own takes
    the sheet's."""
    if current is None or not current.is_confirmed:
        return entry
    reason = clean_text(entry.reason, 300)
    if not has_visible_text(reason):
        stored = {kept_line(line) for line in stored_entry(current).lines}
        reasons = []
        for line in entry.lines:
            text = clean_text(line.adjust_reason, 300)
            if has_visible_text(text) and kept_line(line) not in stored and text not in reasons:
                reasons.append(text)
        reason = clean_text("; ".join(reasons), 300)
    lines = tuple(
        replace(line, adjust_reason=reason)
        if line.adjusted and not has_visible_text(line.adjust_reason)
        else line
        for line in entry.lines
    )
    return TravellingEntry(lines, reason)


def version_write(board, current, lines, user, reason, *, confirmed=False) -> TravellingSheet:
    """The étui's next travelling-sheet version with ``lines`` (checked by the caller), the
    current one superseded; ``confirmed``: visaed at once by its author."""
    sheet = write_next(
        TravellingSheet, current, user=user, confirmed=confirmed, board=board, reason=reason
    )
    rounds = {r.number: r for r in Round.objects.filter(session=board.session)}
    TravellingLine.objects.bulk_create(
        TravellingLine(
            sheet=sheet,
            round=rounds[line.position],
            table_number=line.table,
            score=line.score,
            rature=line.rature,
            adjusted=line.adjusted and not line.cancelled,
            adjust_reason=clean_text(line.adjust_reason, 300) if line.adjusted else "",
            cancelled=line.cancelled,
            assigned_notes=assigned_notes(line) if line.cancelled else {},
            deal_version=line.deal_version,
            attacker_id=line.attacker,
        )
        for line in lines
    )
    return sheet


def _stale_of(sheet: TravellingSheet):
    """The refusal of a confirmation of ``sheet`` when it is not what the arbitre read."""

    def stale() -> ValidationError:
        if not sheet.is_current:
            return ValidationError(
                _("A later version of this travelling sheet exists: open it again."),
                code="stale",
            )
        return ValidationError(
            _(
                "The travelling sheet changed since you opened it (now version %(version)s, "
                "entered by %(user)s): check it again before confirming."
            )
            % {"version": sheet.version, "user": sheet.entered_by},
            code="stale",
        )

    return stale


@transaction.atomic
def travelling_sheet_confirm(*, sheet: TravellingSheet, user, version=None) -> TravellingSheet:
    """An arbitre confirms the étui's current sheet. ``version``: the one the arbitre read;
    refused when another was saved since (None: not checked, for simulations)."""
    board = lock_board(sheet.board)
    sheet = TravellingSheet.objects.get(pk=sheet.pk)
    tournament = board.session.tournament
    require_role(user, tournament, Role.ARBITRE)
    refuse_if_closed(board.session)
    if not confirm_gate(
        sheet, user=user, tournament=tournament, version=version, stale=_stale_of(sheet)
    ):
        return sheet
    expected = len(board_plays(board.session).get(board.board_set, ()))
    have = sheet.lines.count()
    if have < expected:
        raise ValidationError(
            _(
                "%(missing)s line(s) of %(expected)s are missing: enter every table that "
                "played the étui (or have the arbitre cancel its deal) before confirming."
            )
            % {"missing": expected - have, "expected": expected},
            code="lines_missing",
        )
    stamp_confirmed(sheet, user=user)
    audit_log(
        action=Action.TRAVELLING_CONFIRMED,
        user=user,
        tournament=tournament,
        data={"session": board.session.number, "board": board.number, "version": sheet.version},
    )
    return sheet


def _unconfirmed_boards(session: Session) -> None:
    """Refuse closing the séance while a table has an entry waiting or disputed, or an étui
    has no confirmed travelling sheet."""
    unsettled = unsettled_tables(Table.objects.filter(round__session=session))
    if unsettled:
        raise ValidationError(
            unsettled_message(unsettled, positions=True), code="table_entries_unsettled"
        )
    # Étuis typed one by one may not all exist yet: the movement says how many there are.
    boards = max(session.boards.count(), session.tables * session.tournament.boards_per_set)
    confirmed = TravellingSheet.objects.filter(
        board__session=session, status=Status.CONFIRMED
    ).count()
    if not boards or confirmed < boards:
        raise ValidationError(
            _(
                "%(left)s étui(s) of %(boards)s have no confirmed travelling sheet: confirm "
                "them all before closing the séance."
            )
            % {"left": boards - confirmed, "boards": boards},
            code="boards_unconfirmed",
        )


def close_refusal(session: Session) -> str:
    """What stops the séance closing now, in words ("" when nothing does)."""
    return closable.refusal(session, _unconfirmed_boards)


@transaction.atomic
def session_close(*, session: Session, user) -> Session:
    """End the séance: every étui's travelling sheet confirmed; its scores become public."""
    return closable.close(SEANCE, unit=session, user=user, blockers=_unconfirmed_boards)


@transaction.atomic
def session_reopen(*, session: Session, user, reason: str) -> Session:
    return closable.reopen(SEANCE, unit=session, user=user, reason=reason)
