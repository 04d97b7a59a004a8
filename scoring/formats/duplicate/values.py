"""The values the duplicate's reads return (``scoring.formats.duplicate.reads``): each player's
notes and percentages in a séance, and the topped étuis. Notes are kept as (numerator,
denominator) pairs while a séance is read and made fractions only when a page reads them.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from scoring.models.duplicate import ORIENTATIONS
from tournaments.models import Registration, Session

DEFAULT_ASSIGNED = Fraction(50)  # a cancelled deal's note for a player the arbitre names not
ASSIGNED_PM = ("pm_attack", "pm_defence")  # quadrettes: the PM assigned to each side


def defence_seat(taker: str) -> str:
    """The seat whose assigned note is the defending triplette's on a cancelled triplettes line:
    the one after the taker's (the arbitre's note per triplette is stored on the taker's seat and
    on the three others, whoever offended)."""
    return ORIENTATIONS[(ORIENTATIONS.index(taker) + 1) % 4]


@dataclass(frozen=True, slots=True)
class At:
    """The position a line was played at, as ``line.round.number`` reads it."""

    number: int


@dataclass(slots=True, eq=False)
class Line:
    """One line of a travelling sheet as the reads use it: the model row's fields, lighter (a
    séance has thousands, read at every look at the rankings)."""

    pk: int
    sheet_id: int
    round: At
    table_number: int
    score: int | None
    rature: bool = False
    adjusted: bool = False
    cancelled: bool = False
    deal_version: int = 1
    adjust_reason: str = ""
    assigned_notes: dict = field(default_factory=dict)


@dataclass(slots=True)
class BoardNote:
    """One player's result on one étui."""

    board: int  # its number in the séance
    position: int
    table: int
    orientation: str
    attack: bool
    score: int | None
    note: Fraction
    cancelled: bool = False


class Played(NamedTuple):
    """One line of an étui as its four players' results read it: the taker's note as a
    (numerator, denominator) pair (``engine.duplicate.note_parts``)."""

    board: int
    position: int
    table: int
    taker: str
    score: int | None
    numerator: int
    denominator: int
    cancelled: bool
    assigned: dict

    def parts(self, orientation: str) -> tuple[int, int]:
        """The note of the player in ``orientation``, as a pair."""
        if self.cancelled:
            note = Fraction(self.assigned.get(orientation, DEFAULT_ASSIGNED))
            return note.numerator, note.denominator
        if orientation == self.taker:
            return self.numerator, self.denominator
        return 100 * self.denominator - self.numerator, self.denominator

    def note_of(self, orientation: str) -> BoardNote:
        note = Fraction(*self.parts(orientation))
        attack = orientation == self.taker
        return BoardNote(
            self.board, self.position, self.table, orientation, attack, self.score, note,
            self.cancelled,
        )  # fmt: skip


@dataclass
class PlayerResult:
    registration: Registration
    line: str
    penalty: Fraction = Fraction(0)
    attack: Fraction | None = None
    defence: Fraction | None = None
    overall: Fraction | None = None  # penalties taken off
    general_place: int | None = None
    alternate_place: int | None = None
    # Each étui played, as its line's ``Played``, made into BoardNotes only for a page that
    # shows them; ``seats``: where the player did not sit in his line (by index in ``played``).
    played: list = field(default_factory=list, repr=False)
    seats: dict = field(default_factory=dict, repr=False)
    _notes: list | None = field(default=None, repr=False, compare=False)

    @property
    def ranked(self) -> bool:
        return not self.registration.stand_in

    @property
    def notes(self) -> list[BoardNote]:
        """Each étui the player played, in the order of positions."""
        if self._notes is None:
            self._notes = sorted(
                (
                    played.note_of(self.seats.get(i, self.line))
                    for i, played in enumerate(self.played)
                ),
                key=lambda note: (note.position, note.board),
            )
        return self._notes


class ToppedBoards(Mapping):
    """board number -> its lines with the taker's note of each (None for a cancelled line), in
    the order of positions; each étui's notes made into fractions when it is read."""

    def __init__(self, topped: dict[int, tuple[list[Line], dict[int, tuple[int, int]]]]):
        self._topped, self._read = topped, {}

    def __getitem__(self, number: int) -> list[tuple[Line, Fraction | None]]:
        if number not in self._read:
            lines, parts = self._topped[number]
            notes = {pk: Fraction(n, d) for pk, (n, d) in parts.items()}
            self._read[number] = [(line, notes.get(line.pk)) for line in lines]
        return self._read[number]

    def __iter__(self):
        return iter(self._topped)

    def __len__(self) -> int:
        return len(self._topped)


@dataclass
class SessionResults:
    session: Session
    players: list[PlayerResult]  # général order, the unranked (stand-ins) last
    alternate: list[PlayerResult]
    boards: ToppedBoards  # board number -> topped
    missing: int  # lines expected and not yet on a travelling sheet
