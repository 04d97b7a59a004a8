"""Writes of a séance's étuis (fft-duplicate.md §1.5, §1.8): dealt by the software, typed in
from étuis prepared by hand, and how each was made at the first position.

- ``boards_make``: every étui dealt by the software (``engine.boards``), one série per table,
  ``boards_per_set`` étuis per série, the takers N, E, S, W in turn.
- ``board_type``: one étui prepared by hand (taker, dealer, chien; its hands stay unknown),
  created or replacing the one of that number while no score of it exists.
- ``board_made_record``: how the étui was made at its first position, and by which of the
  tables that play it there.

Each service runs in one transaction and writes its audit entry in it; a refusal saves nothing.
Refusals about one part of the étui are keyed by that part (``taker``, ``dealer``, ``chien``,
``redeals``, ``table``) so a form can place them; nothing here knows a page.
``services_duplicate`` re-exports these names.
"""

import random

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import closable
from scoring.actions import Action
from scoring.closable import UnitKind
from scoring.engine import boards as engine_boards
from scoring.engine.duplicate_teams import turned_board
from scoring.formats.duplicate.reads import board_plays
from scoring.formats.registry import format_of
from scoring.models.duplicate import Board
from tournaments.models import Session, StaffRole
from tournaments.permissions import require_role
from tournaments.services import audit_log
from tournaments.services_common import hold_tournament

Role = StaffRole.Role
BoardProblem = engine_boards.BoardProblem


def _closed_error(session: Session) -> ValidationError:
    return ValidationError(
        _("This séance is closed: an arbitre must reopen it, with a reason, to change it."),
        code="session_closed",
    )


def _reason_missing() -> ValidationError:
    return ValidationError(
        {"reason": ValidationError(_("Say why the séance is reopened."), code="required")}
    )


# A séance as a closable unit: closed once every étui's travelling sheet is confirmed.
SEANCE = UnitKind(
    lock=lambda session: Session.objects.select_for_update().get(pk=session.pk),
    tournament=lambda session: session.tournament,
    describe=lambda session: {"session": session.number},
    closed_action=Action.SESSION_CLOSED,
    reopened_action=Action.SESSION_REOPENED,
    closed_error=_closed_error,
    reason_missing=_reason_missing,
)


def refuse_if_closed(session: Session, *, error: ValidationError | None = None) -> None:
    """Nothing of a closed séance changes until an arbitre reopens it."""
    closable.refuse_if_closed(session, SEANCE, error=error)


def scored_boards(boards):
    """The étuis of ``boards`` that a score is recorded for: a travelling sheet or a table's
    reported score (dealing them again would delete it)."""
    return boards.filter(Q(sheets__isnull=False) | Q(table_reports__isnull=False)).distinct()


def _refuse_if_scored(session: Session) -> None:
    if scored_boards(session.boards.all()).exists():
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
    if format_of(tournament).taker_always_south:  # the quadrettes (fft-duplicate.md §4)
        made = [turned_board(board) for board in made]
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


def _typed_problems(problems: list[BoardProblem]) -> ValidationError:
    """The engine's objections to a typed étui, each keyed by the part it is about."""
    words = {
        BoardProblem.TAKER_INVALID: ("taker", _("Choose the taker's orientation: N, E, S or W.")),
        BoardProblem.DEALER_INVALID: ("dealer", _("Choose the dealer: N, E, S or W.")),
        BoardProblem.CHIEN_SIZE: ("chien", _("The chien is 6 cards.")),
        BoardProblem.CHIEN_UNKNOWN_CARD: (
            "chien",
            _("The chien names a card that does not exist."),
        ),
        BoardProblem.CHIEN_DUPLICATE: ("chien", _("The chien holds the same card twice.")),
    }
    errors = {}
    for problem in problems:
        part, message = words[problem]
        errors.setdefault(part, []).append(ValidationError(message, code=str(problem)))
    return ValidationError(errors)


@transaction.atomic
def board_type(*, session: Session, number: int, taker: str, dealer: str, chien, user) -> Board:
    """An étui prepared by hand: its taker, dealer and chien as typed (hands unknown)."""
    tournament = session.tournament
    require_role(user, tournament, Role.ARBITRE)
    hold_tournament(tournament)
    refuse_if_closed(session)
    chien = list(chien)
    problems = engine_boards.check_typed_board(taker, dealer, chien)
    if problems:
        raise _typed_problems(problems)
    per_set = tournament.boards_per_set
    if not 1 <= number <= max(session.tables, 1) * per_set:
        raise ValidationError(
            _("Étui %(n)s does not exist: this séance has %(count)s.")
            % {"n": number, "count": session.tables * per_set},
            code="board_number",
        )
    if scored_boards(session.boards.filter(number=number)).exists():
        raise ValidationError(
            _("Scores of étui %(n)s have been entered: it can no longer change.") % {"n": number},
            code="board_scored",
        )
    board, _created = Board.objects.update_or_create(
        session=session,
        number=number,
        defaults={
            "board_set": (number - 1) // per_set + 1,
            "taker": taker,
            "dealer": dealer,
            "hands": {},
            "chien": chien,
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


def first_tables(board: Board) -> tuple[int | None, list[int]]:
    """(the first position the étui is played at, the tables that play it there)."""
    plays = board_plays(board.session).get(board.board_set, [])
    if not plays:
        return None, []
    first = min(play.position for play in plays)
    return first, sorted(play.table for play in plays if play.position == first)


@transaction.atomic
def board_made_record(*, board: Board, made: str, redeals: int, table: int | None, user) -> Board:
    """How the étui was made at the first position, and by which table (§1.5)."""
    tournament = board.session.tournament
    require_role(user, tournament, Role.ARBITRE)
    if made not in Board.Made.values:
        raise ValidationError(
            {"made": ValidationError(_("Choose how the étui was made."), code="made_invalid")}
        )
    redeals = max(0, int(redeals))
    if made == Board.Made.REDEALT and not redeals:
        raise ValidationError(
            {"redeals": ValidationError(_("Say how many times it was redealt."), code="redeals")}
        )
    position, tables = first_tables(board)
    if table is not None and table not in tables:
        message = ngettext(
            "Table %(table)s does not play étui %(n)s at its first position (position "
            "%(position)s): table %(tables)s plays it there.",
            "Table %(table)s does not play étui %(n)s at its first position (position "
            "%(position)s): tables %(tables)s play it there.",
            len(tables),
        ) % {
            "table": table,
            "n": board.number,
            "position": position,
            "tables": ", ".join(map(str, tables)),
        }
        raise ValidationError({"table": ValidationError(message, code="table_not_first")})
    board.made, board.redeals, board.made_by_table = made, redeals, table
    board.save(update_fields=["made", "redeals", "made_by_table"])
    audit_log(
        action=Action.BOARD_MADE_RECORDED,
        user=user,
        tournament=tournament,
        data={
            "session": board.session.number,
            "board": board.number,
            "made": made,
            "redeals": redeals,
            "table": table,
        },
    )
    return board
