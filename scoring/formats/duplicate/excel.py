"""The Excel workbook of a duplicate séance (fft-duplicate.md §2 "Documents": "Excel export of
every score and note"): a sheet of every line of every travelling sheet with its topage, and a
sheet of the players with the séance's percentages and places.

Row generators (a header row then data rows of plain values) on ``session_results``, the same
read as the rankings; ``common.rendering.xlsx_bytes`` writes them. Official: confirmed
travelling sheets only. Notes and percentages are numbers rounded to two decimals, half away
from zero (a ``Decimal``, so that 33.33 is written as typed, not as a binary float). Must not
write.
"""

from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext as _

from common.rendering import XLSX, xlsx_bytes
from scoring.formats.duplicate.exports import decimal_text
from scoring.formats.duplicate.reads import DEFAULT_ASSIGNED, SessionResults, session_results
from scoring.models.duplicate import ORIENTATIONS, Board
from tournaments.models import Session


def number(value: Fraction | None) -> Decimal | None:
    """A note or a percentage as a number with two decimals; None (an empty cell) for none."""
    return None if value is None else Decimal(decimal_text(value, 2))


def _yes(flag: bool) -> str:
    return _("yes") if flag else ""


def _assigned(line, orientation: str) -> Fraction:
    return Fraction(line.assigned_notes.get(orientation, DEFAULT_ASSIGNED))


def _line_notes(line, taker: str, note: Fraction | None) -> tuple:
    """(taker's note, defenders' note, assigned notes as text) of one line. A cancelled line
    has the notes the arbitre assigned; the defenders' cell stays empty when theirs differ."""
    if not line.cancelled:
        return note, None if note is None else 100 - note, ""
    defenders = {_assigned(line, o) for o in ORIENTATIONS if o != taker}
    text = " · ".join(f"{o} {decimal_text(_assigned(line, o), 2)}" for o in ORIENTATIONS)
    return _assigned(line, taker), defenders.pop() if len(defenders) == 1 else None, text


def line_rows(results: SessionResults, boards: dict[int, Board]) -> Iterator[list]:
    """One row per line of every étui's confirmed travelling sheet, in the order of the étuis,
    then of the positions."""
    yield [
        _("Étui"), _("Série"), _("Position"), _("Table"), _("Taker"), _("Score"),
        _("Adjusted"), _("Cancelled"), _("Deal version"), _("Taker's note"),
        _("Defenders' note"), _("Assigned notes"),
    ]  # fmt: skip
    for board_number, lines in results.boards.items():
        board = boards[board_number]
        for line, note in lines:
            attack, defence, assigned = _line_notes(line, board.taker, note)
            yield [
                board.number, board.board_set, line.round.number, line.table_number,
                board.taker, line.score, _yes(line.adjusted), _yes(line.cancelled),
                line.deal_version, number(attack), number(defence), assigned,
            ]  # fmt: skip


def player_rows(results: SessionResults) -> Iterator[list]:
    """One row per player in the général's order (the unranked last): the ranking's columns."""
    yield [
        _("Général place"), _("Alterné place"), _("No."), _("Name"), _("Line"),
        _("Attack %"), _("Defence %"), _("Global %"), _("Penalties"), _("Étuis counted"),
        _("Stand-in"),
    ]  # fmt: skip
    for result in results.players:
        yield [
            result.general_place, result.alternate_place, result.registration.number,
            result.registration.name, result.line, number(result.attack),
            number(result.defence), number(result.overall), number(result.penalty),
            len(result.played), _yes(result.registration.stand_in),
        ]  # fmt: skip


def session_workbook(session: Session) -> tuple[str, str, bytes]:
    """The séance's workbook: "Lines" and "Players"."""
    results = session_results(session, official=True)
    boards = {board.number: board for board in Board.objects.filter(session=session)}
    content = xlsx_bytes(
        [(_("Lines"), line_rows(results, boards)), (_("Players"), player_rows(results))]
    )
    filename = f"{session.tournament.slug}-seance-{session.number}-notes.xlsx"
    return filename, XLSX, content
