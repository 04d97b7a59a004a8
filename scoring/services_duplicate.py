"""Writes of the duplicate individuel (fft-duplicate.md §1-§2): étuis, travelling sheets, the
séance closed and reopened.

- ``boards_make``: the séance's étuis dealt by the software (``engine.boards``), one série per
  table, ``boards_per_set`` étuis per série, the takers N, E, S, W in turn.
- ``board_type``: an étui prepared by hand (taker, dealer, chien).
- ``travelling_sheet_save``: a version of an étui's travelling sheet, as typed from the paper
  (``TravellingEntry``). Each line must name a table that plays the étui by the movement, once;
  each score must be one a Garde at 4 can give (``engine.duplicate.check_score``) unless an
  arbitre records it as adjusted, with a reason. Lines may be missing (the sheet is saved, the
  missing lines shown); a confirmed sheet is changed only by an arbitre, with a reason.
- ``travelling_sheet_confirm``: an arbitre, every line there, four-eyes when the tournament asks.
- ``session_close`` / ``session_reopen``: the arbitre ends the séance (every étui confirmed);
  its scores then reach the public pages.

Each service runs in one transaction and writes its audit entry in it; a refusal saves nothing.
"""

import random
from dataclasses import dataclass, field

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.text import clean_text, has_visible_text
from tournaments.models import Round, Session, StaffRole
from tournaments.permissions import has_role, require_role
from tournaments.services import audit_log
from tournaments.services_common import hold_tournament

from .actions import Action
from .duplicate import board_plays
from .engine import boards as engine_boards
from .engine.duplicate import check_score
from .messages_duplicate import line_message
from .models_duplicate import ORIENTATIONS, Board, TravellingLine, TravellingSheet

Role = StaffRole.Role
Status = TravellingSheet.Status


@dataclass(frozen=True)
class LineEntry:
    """One line of a travelling sheet as typed: the position (its number) and table, the
    taker's score with its sign."""

    position: int
    table: int
    score: int | None
    rature: bool = False
    adjusted: bool = False
    adjust_reason: str = ""
    cancelled: bool = False
    assigned_notes: dict = field(default_factory=dict)
    deal_version: int = 1


@dataclass(frozen=True)
class TravellingEntry:
    lines: tuple[LineEntry, ...]
    reason: str = ""


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


def _refuse_if_closed(session: Session) -> None:
    if session.is_closed:
        raise ValidationError(
            _("This séance is closed: an arbitre must reopen it, with a reason, to change it."),
            code="session_closed",
        )


def _refuse_if_scored(session: Session) -> None:
    if TravellingSheet.objects.filter(board__session=session).exists():
        raise ValidationError(
            _("Scores of this séance have been entered: its étuis can no longer change."),
            code="boards_scored",
        )


@transaction.atomic
def boards_make(*, session: Session, user, seed: int | None = None) -> list[Board]:
    """Deal every étui of the séance (those dealt before are replaced while no score exists)."""
    tournament = session.tournament
    require_role(user, tournament, Role.ORGANISER)
    hold_tournament(tournament)
    _refuse_if_scored(session)
    if not session.tables:
        raise ValidationError(
            _("Draw the séance's movement first: it says how many séries to deal."),
            code="no_movement",
        )
    seed = random.SystemRandom().randrange(10**6) if seed is None else seed
    per_set = tournament.boards_per_set
    made = engine_boards.make_boards(session.tables * per_set, per_set, seed)
    session.boards.all().delete()
    boards = Board.objects.bulk_create(
        _stored(session, engine_boards.board_to_json(board), per_set) for board in made
    )
    audit_log(
        action=Action.BOARDS_MADE,
        user=user,
        tournament=tournament,
        data={"session": session.number, "boards": len(boards), "seed": seed},
    )
    return boards


def _stored(session: Session, board: dict, per_set: int) -> Board:
    """An étui the engine dealt (its JSON form), as a row of the séance."""
    return Board(
        session=session,
        number=board["number"],
        board_set=(board["number"] - 1) // per_set + 1,
        taker=board["taker"],
        dealer=board["dealer"],
        hands=board["hands"],
        chien=board["chien"],
        source=Board.Source.GENERATED,
        redeals=board["redeals"],
    )


@transaction.atomic
def board_type(*, session: Session, number: int, taker: str, dealer: str, chien, user) -> Board:
    """An étui prepared by hand: its taker, dealer and chien as typed (hands unknown)."""
    tournament = session.tournament
    require_role(user, tournament, Role.ARBITRE)
    hold_tournament(tournament)
    _refuse_if_closed(session)
    problems = engine_boards.check_typed_board(taker, dealer, list(chien))
    if problems:
        raise ValidationError(
            _("This étui cannot be kept: %(problems)s.") % {"problems": ", ".join(problems)},
            code="board_invalid",
        )
    per_set = tournament.boards_per_set
    if not 1 <= number <= max(session.tables, 1) * per_set:
        raise ValidationError(
            _("Étui %(n)s does not exist: this séance has %(count)s.")
            % {"n": number, "count": session.tables * per_set},
            code="board_number",
        )
    board, _created = Board.objects.update_or_create(
        session=session,
        number=number,
        defaults={
            "board_set": (number - 1) // per_set + 1,
            "taker": taker,
            "dealer": dealer,
            "hands": {},
            "chien": list(chien),
            "source": Board.Source.TYPED,
        },
    )
    audit_log(
        action=Action.BOARD_TYPED,
        user=user,
        tournament=tournament,
        data={"session": session.number, "board": number, "taker": taker, "dealer": dealer},
    )
    return board


@transaction.atomic
def board_made_record(*, board: Board, made: str, redeals: int, table: int | None, user) -> Board:
    """How the étui was made at the first position, and by which table (§1.5)."""
    tournament = board.session.tournament
    require_role(user, tournament, Role.ARBITRE)
    if made not in Board.Made.values:
        raise ValidationError(_("Choose how the étui was made."), code="made_invalid")
    board.made, board.redeals, board.made_by_table = made, max(0, int(redeals)), table
    board.save(update_fields=["made", "redeals", "made_by_table"])
    audit_log(
        action=Action.BOARD_MADE_RECORDED,
        user=user,
        tournament=tournament,
        data={"board": board.number, "made": made, "redeals": redeals, "table": table},
    )
    return board


def lock_board(board: Board) -> Board:
    return Board.objects.select_for_update().select_related("session__tournament").get(pk=board.pk)


def current_sheet(board: Board) -> TravellingSheet | None:
    return board.sheets.exclude(status=Status.SUPERSEDED).first()


def line_problems(board: Board, entry: TravellingEntry, *, arbitre: bool) -> list[LineProblem]:
    """Every reason the entry cannot be saved, line by line."""
    plays = {(p.position, p.table) for p in board_plays(board.session).get(board.board_set, ())}
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
def travelling_sheet_save(*, board: Board, entry: TravellingEntry, user) -> TravellingSheet:
    """A new version of the étui's travelling sheet (see the module)."""
    board = lock_board(board)
    session = board.session
    tournament = session.tournament
    require_role(user, tournament, Role.SCORER)
    _refuse_if_closed(session)
    arbitre = has_role(user, tournament, Role.ARBITRE)
    current = current_sheet(board)
    correcting = current is not None and current.is_confirmed
    problems = line_problems(board, entry, arbitre=arbitre)
    reason = clean_text(entry.reason, 300)
    if correcting and not arbitre:
        raise PermissionDenied
    if correcting and not has_visible_text(reason):
        problems.append(LineProblem("reason_required", None))
    if not entry.lines:
        problems.append(LineProblem("no_line", None))
    if problems:
        raise TravellingRefused(problems)
    rounds = {r.number: r for r in Round.objects.filter(session=session)}
    if current is not None:
        current.status = Status.SUPERSEDED
        current.save(update_fields=["status"])
    sheet = TravellingSheet.objects.create(
        board=board,
        version=(current.version + 1) if current else 1,
        reason=reason,
        entered_by=user,
    )
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
            assigned_notes=_assigned(line) if line.cancelled else {},
            deal_version=line.deal_version,
        )
        for line in entry.lines
    )
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


def _assigned(line: LineEntry) -> dict:
    """Each orientation's assigned note (in %, as text): 50 unless the arbitre said otherwise."""
    return {o: str(line.assigned_notes.get(o, 50)) for o in ORIENTATIONS}


@transaction.atomic
def travelling_sheet_confirm(*, sheet: TravellingSheet, user) -> TravellingSheet:
    board = lock_board(sheet.board)
    sheet = TravellingSheet.objects.get(pk=sheet.pk)
    tournament = board.session.tournament
    require_role(user, tournament, Role.ARBITRE)
    _refuse_if_closed(board.session)
    if sheet.status == Status.CONFIRMED:
        return sheet
    if sheet.status != Status.ENTERED:
        raise ValidationError(
            _("A later version of this travelling sheet exists: open it again."), code="stale"
        )
    if tournament.four_eyes and sheet.entered_by_id == user.pk:
        raise ValidationError(
            _("You entered this version: another arbitre must confirm it (four-eyes)."),
            code="four_eyes",
        )
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
    sheet.status = Status.CONFIRMED
    sheet.confirmed_by, sheet.confirmed_at = user, timezone.now()
    sheet.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    audit_log(
        action=Action.TRAVELLING_CONFIRMED,
        user=user,
        tournament=tournament,
        data={"session": board.session.number, "board": board.number, "version": sheet.version},
    )
    return sheet


@transaction.atomic
def session_close(*, session: Session, user) -> Session:
    """End the séance: every étui's travelling sheet confirmed; its scores become public."""
    tournament = session.tournament
    require_role(user, tournament, Role.ARBITRE)
    session = Session.objects.select_for_update().get(pk=session.pk)
    if session.is_closed:
        return session
    boards = session.boards.count()
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
    session.closed_at, session.closed_by = timezone.now(), user
    session.save(update_fields=["closed_at", "closed_by"])
    audit_log(
        action=Action.SESSION_CLOSED,
        user=user,
        tournament=tournament,
        data={"session": session.number},
    )
    return session


@transaction.atomic
def session_reopen(*, session: Session, user, reason: str) -> Session:
    tournament = session.tournament
    require_role(user, tournament, Role.ARBITRE)
    reason = clean_text(reason, 300)
    if not has_visible_text(reason):
        raise ValidationError(
            {"reason": ValidationError(_("Say why the séance is reopened."), code="required")}
        )
    session = Session.objects.select_for_update().get(pk=session.pk)
    session.closed_at, session.closed_by = None, None
    session.save(update_fields=["closed_at", "closed_by"])
    audit_log(
        action=Action.SESSION_REOPENED,
        user=user,
        tournament=tournament,
        data={"session": session.number, "reason": reason},
    )
    return session
