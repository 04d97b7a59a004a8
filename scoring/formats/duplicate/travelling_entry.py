"""A travelling sheet as typed (fft-duplicate.md §1-§2): each line's values (``LineEntry``) and
the sheet's (``TravellingEntry``); a stored line or version as the entry that would save it
again, and what a version keeps of a typed line, to tell a change from a sheet sent again; and
how a typed score reads (``parse_score``), on a travelling sheet as on a team match's sheet.
Plain values: no rule is checked and nothing is written here (``services_duplicate`` does both).
"""

from dataclasses import dataclass, field

from common.text import clean_text
from scoring.formats.duplicate.values import ASSIGNED_PM
from scoring.models.duplicate import ORIENTATIONS, TravellingLine, TravellingSheet

MINUS = {"−", "–", "—"}  # a minus sign as typed or pasted


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
    attacker: int | None = None  # triplettes: the registration id of who took


@dataclass(frozen=True)
class TravellingEntry:
    lines: tuple[LineEntry, ...]
    reason: str = ""


def line_entry(line: TravellingLine) -> LineEntry:
    """A stored line as the services take it."""
    return LineEntry(
        position=line.round.number,
        table=line.table_number,
        score=line.score,
        rature=line.rature,
        adjusted=line.adjusted,
        adjust_reason=line.adjust_reason,
        cancelled=line.cancelled,
        assigned_notes=dict(line.assigned_notes),
        deal_version=line.deal_version,
        attacker=line.attacker_id,
    )


def stored_entry(sheet: TravellingSheet) -> TravellingEntry:
    """A stored version as the entry that would save it again."""
    lines = sheet.lines.select_related("round").order_by("round__number", "table_number")
    return TravellingEntry(tuple(map(line_entry, lines)), sheet.reason)


def kept_line(line: LineEntry) -> tuple:
    """What a version keeps of a typed line (``version_write``), to compare with a stored one."""
    return (
        line.position,
        line.table,
        line.score,
        line.rature,
        line.adjusted and not line.cancelled,
        clean_text(line.adjust_reason, 300) if line.adjusted else "",
        line.cancelled,
        tuple(sorted(assigned_notes(line).items())) if line.cancelled else (),
        line.deal_version,
        line.attacker,
    )


def assigned_notes(line: LineEntry) -> dict:
    """Each orientation's assigned note (in %, as text): 50 unless the arbitre said otherwise;
    in the quadrettes, the PM the arbitre assigned to each side when there are some."""
    notes = {o: str(line.assigned_notes.get(o, 50)) for o in ORIENTATIONS}
    notes.update({k: str(line.assigned_notes[k]) for k in ASSIGNED_PM if k in line.assigned_notes})
    return notes


def parse_score(text: str) -> int | None:
    """ "+56", "56", "-52", "−52" → the int; "" → None; anything else raises ValueError."""
    text = "".join(text.split())
    if not text:
        return None
    sign = -1 if text[0] in MINUS or text[0] == "-" else 1
    digits = text[1:] if text[0] in MINUS or text[0] in "+-" else text
    if not digits.isascii() or not digits.isdigit() or len(digits) > 4:
        raise ValueError(text)
    return sign * int(digits)
