"""The arbitre's rulings on one line of a travelling sheet (fft-duplicate.md §1.6), each a new
version of the étui's sheet with that line changed and every other line kept:

- ``line_cancel``: the deal cancelled at that table; the line leaves the étui's topage and each
  of the four players gets an assigned note (50 % by default; the presets are 60 % for each
  non-offender and 40 % for each offender), counted in the role held; in the quadrettes the
  étui gives both quadrettes 0 PM, or the PM the arbitre assigns;
- ``line_adjust``: the score replaced by the arbitre's (one the cards cannot give included),
  the old value kept in the version before;
- ``line_version``: the étui was put back wrongly or turned: the line was played with another
  version of the deal, and each version is topped on its own scale;
- ``line_restore``: the line as an earlier version had it (a ruling undone).

A ruling needs an arbitre and a reason, and an open séance. On a sheet that was confirmed it is
confirmed at once when the tournament has no four-eyes rule; with it, the new version waits for
another arbitre's visa like any entry (the staff's provisional ranking shows it at once, the
official one once confirmed). ``arbitration`` records the decision that asked for it.
"""

from dataclasses import replace
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from common.errors import field_error
from common.text import clean_text, has_visible_text
from scoring.actions import Action
from scoring.engine.duplicate import pm_round
from scoring.formats.duplicate.reads import board_plays
from scoring.formats.duplicate.services import LineEntry, current_sheet, lock_board, version_write
from scoring.formats.duplicate.services_boards import refuse_if_closed
from scoring.formats.duplicate.travelling_entry import line_entry
from scoring.formats.duplicate.values import ASSIGNED_PM
from scoring.models.duplicate import ORIENTATIONS, Board, TravellingSheet
from tournaments.models import StaffRole
from tournaments.permissions import require_role
from tournaments.services import audit_log

Status = TravellingSheet.Status
ASSIGNED_PRESETS = (60, 50, 40)  # a non-offender, everyone by default, an offender (%)
MAX_DEAL_VERSION = 9
MAX_PM = Decimal("99.999")  # an assigned PM: beyond any étui's (√1236 ≈ 35.2)
MAX_ADJUSTED = 1000  # beyond any deal (a Garde gives −616 to +620): a typing slip


def sheet_entries(sheet: TravellingSheet | None) -> dict[tuple[int, int], LineEntry]:
    """(position, table) -> the line, for every line of the version."""
    if sheet is None:
        return {}
    return {
        (line.round.number, line.table_number): line_entry(line)
        for line in sheet.lines.select_related("round")
    }


def line_cancel(
    *, board: Board, position: int, table: int, notes: dict, user, reason: str, pm=None
):
    """Cancel the deal at (position, table); ``notes``: orientation -> assigned note in %.
    Quadrettes: ``pm`` (the attacking quadrette's PM, the defending one's), ``Decimal``s, when
    the arbitre assigns some; without, the étui gives neither any PM."""
    assigned = {}
    if pm is not None:
        for key, value in zip(ASSIGNED_PM, pm, strict=True):
            if not isinstance(value, Decimal) or not value.is_finite() or abs(value) > MAX_PM:
                raise field_error(key, _("From −99.999 to 99.999 PM."), "pm_invalid")
            assigned[key] = str(pm_round(value))
    for orientation in ORIENTATIONS:
        value = notes.get(orientation, 50)
        if type(value) is not int or not 0 <= value <= 100:
            raise field_error(
                f"note_{orientation}",
                _("An assigned note is a percentage from 0 to 100."),
                "note_invalid",
            )
        assigned[orientation] = str(value)

    def cancel(line: LineEntry | None, place) -> LineEntry:
        base = line or LineEntry(position=place[0], table=place[1], score=None)
        return replace(base, cancelled=True, assigned_notes=assigned, adjusted=False)

    return _rule(board, position, table, user, reason, cancel, "cancelled")


def line_adjust(*, board: Board, position: int, table: int, score: int, user, reason: str):
    """The arbitre's score for (position, table), recorded as adjusted."""
    if type(score) is not int or abs(score) > MAX_ADJUSTED:
        raise field_error(
            "score",
            _("A score from −%(max)s to +%(max)s, with its sign."),
            "score_invalid",
            max=MAX_ADJUSTED,
        )

    def adjust(line: LineEntry | None, place) -> LineEntry:
        base = line or LineEntry(position=place[0], table=place[1], score=None)
        clean = clean_text(reason, 300)
        return replace(
            base, score=score, adjusted=True, adjust_reason=clean, cancelled=False,
            assigned_notes={},
        )  # fmt: skip

    return _rule(board, position, table, user, reason, adjust, "adjusted")


def line_version(*, board: Board, position: int, table: int, version: int, user, reason: str):
    """(position, table) played version ``version`` of the deal (1 is the étui as made)."""
    if type(version) is not int or not 1 <= version <= MAX_DEAL_VERSION:
        raise field_error(
            "version",
            _("A version of the deal from 1 to %(n)s."),
            "version_invalid",
            n=MAX_DEAL_VERSION,
        )

    def mark(line: LineEntry | None, place) -> LineEntry:
        if line is None:
            raise field_error(
                "deal_number",
                _(
                    "Table %(t)s has no line on étui %(b)s's travelling sheet yet: enter its "
                    "score first, then say which version it played."
                ),
                "no_line",
                t=place[1],
                b=board.number,
            )
        return replace(line, deal_version=version)

    return _rule(board, position, table, user, reason, mark, "version")


def line_restore(*, board: Board, position: int, table: int, line, user, reason: str):
    """(position, table) as ``line`` (a ``LineEntry``, or None: no line) says."""
    return _rule(board, position, table, user, reason, lambda _old, _place: line, "restored")


@transaction.atomic
def _rule(board, position, table, user, reason, change, kind) -> TravellingSheet:
    board = lock_board(board)
    session = board.session
    tournament = session.tournament
    require_role(user, tournament, StaffRole.Role.ARBITRE)
    reason = clean_text(reason, 300)
    if not has_visible_text(reason):
        raise field_error("note", _("Say why the arbitre decides it."), "reason_required")
    refuse_if_closed(
        session,
        error=ValidationError(
            _("This séance is closed: reopen it, with a reason, before changing a line."),
            code="session_closed",
        ),
    )
    place = (position, table)
    plays = {(p.position, p.table) for p in board_plays(session).get(board.board_set, ())}
    if place not in plays:
        raise field_error(
            "deal_number",
            _("Table %(t)s does not play étui %(b)s at position %(k)s by the movement."),
            "line_not_played",
            t=table,
            b=board.number,
            k=position,
        )
    current = current_sheet(board)
    lines = sheet_entries(current)
    changed = change(lines.get(place), place)
    if changed is None:
        lines.pop(place, None)
    else:
        lines[place] = changed
    if not lines:
        raise ValidationError(
            _("The travelling sheet would have no line left: correct it on the étui's page."),
            code="no_line",
        )
    confirmed = current is not None and current.is_confirmed and not tournament.four_eyes
    ordered = sorted(lines.values(), key=lambda ln: (ln.position, ln.table))
    sheet = version_write(board, current, ordered, user, reason, confirmed=confirmed)
    audit_log(
        action=Action.TRAVELLING_RULED,
        user=user,
        tournament=tournament,
        data={
            "session": session.number,
            "board": board.number,
            "version": sheet.version,
            "position": position,
            "table": table,
            "ruling": kind,
            "line": None
            if changed is None
            else [changed.score, changed.cancelled, changed.assigned_notes, changed.deal_version],
            "confirmed": confirmed,
            "reason": reason,
        },
    )
    return sheet
