"""A score sheet as typed: the value that travels between the entry form and the ledger.

``SheetEntry`` is one table's paper sheet as somebody typed it: its deal lines
(``DealEntry``), the first dealer, the players' visas and the reasons. The entry form builds it
from what the page posted (``scoring.formats.libre.forms.read_entry``), a stored version gives it
back to be edited (``entry_of_deals``), and the check (``sheets.check_sheet``), the save service,
the arbitre's decisions, the simulation and the load test all take it. Nothing here knows the names
of the page's fields, and nothing is judged here: a box holds its text as typed ("40,5", "abc")
because the check must be able to say what is wrong with it. Seats are numbers (0 is Nord); the form
gives ``NOT_A_SEAT`` for a choice that names no seat, which the check reports.
"""

from dataclasses import dataclass, replace
from decimal import Decimal

MARKS, FACTS = "marks", "facts"
PETIT_SEC, ALL_PASS = "petit_sec", "all_pass"
ADJUSTED, ANNULLED = "adjusted", "annulled"
MODES = (MARKS, FACTS, PETIT_SEC, ALL_PASS, ADJUSTED, ANNULLED)
# Dealt, then annulled before any bid (petit sec) or after four passes: no marks, and the next
# player deals the next line (section 1).
NOT_PLAYED_MODES = (PETIT_SEC, ALL_PASS)
# An arbitre's decisions (section 6): marks set by hand, zero-sum only, or the deal annulled.
ARBITRE_MODES = (ADJUSTED, ANNULLED)
NOT_A_SEAT = -1  # a seat choice the form could not read: the check says so next to it


@dataclass(frozen=True)
class DealEntry:
    """One line of the sheet as typed. A line with nothing typed is a deal not dealt yet."""

    number: int
    mode: str = MARKS  # how the line is entered: see MODES
    dealer: int | None = None  # None: the next player in turn after the line before
    dealt_again: bool = False  # a misdeal: the same dealer dealt again
    contract: str = ""
    taker: int | None = None
    partner: int | None = None  # the called king's holder, at a table of 5
    bouts: str = ""  # facts: what the attack's pile holds, as typed
    points: str = ""
    petit_au_bout: str = ""  # "attack", "defence" or ""
    chelem: str = ""
    chelem_announced: bool = False
    poignees: tuple[str, ...] = ()  # by seat: the level shown, "" for none
    marks: tuple[str, ...] = ()  # by seat: the mark transcribed from the paper, as typed

    def mark(self, seat: int) -> str:
        return self.marks[seat] if 0 <= seat < len(self.marks) else ""

    def poignee(self, seat: int) -> str:
        return self.poignees[seat] if 0 <= seat < len(self.poignees) else ""

    def is_typed(self, size: int) -> bool:
        """Something was entered on the line for a table of ``size`` (a dealer or a misdeal
        alone does not count: they are known before the deal is played)."""
        if self.mode in ARBITRE_MODES + NOT_PLAYED_MODES:
            return True
        boxes = (self.contract, self.bouts, self.points, self.petit_au_bout, self.chelem)
        if any(boxes) or self.taker is not None or self.partner is not None:
            return True
        return any(self.mark(seat) or self.poignee(seat) for seat in range(size))


@dataclass(frozen=True)
class SheetEntry:
    """A table's sheet as typed: its lines by number, who dealt first, the visas, the reasons."""

    deals: tuple[DealEntry, ...] = ()
    first_dealer: int | None = None  # None: the table's first dealer
    visas: frozenset[int] = frozenset()  # the seats whose player initialled the paper
    short_reason: str = ""  # why fewer deals than planned were played
    reason: str = ""  # why a confirmed sheet is corrected

    def __post_init__(self):
        numbers = [deal.number for deal in self.deals]
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"one line per deal number: {numbers}")
        object.__setattr__(self, "deals", tuple(sorted(self.deals, key=lambda d: d.number)))
        object.__setattr__(self, "visas", frozenset(self.visas))

    def deal(self, number: int) -> DealEntry:
        """Line ``number``; an empty one when nothing was typed there."""
        return next((d for d in self.deals if d.number == number), DealEntry(number))

    def has_deal(self, number: int) -> bool:
        return any(d.number == number for d in self.deals)

    def with_deal(self, deal: DealEntry) -> "SheetEntry":
        """This sheet with line ``deal.number`` replaced by ``deal``."""
        kept = tuple(d for d in self.deals if d.number != deal.number)
        return replace(self, deals=(*kept, deal))


def entry_of_deal(deal, size: int) -> DealEntry:
    """The line that enters ``deal`` (a ``sheets.CheckedDeal``, stored or just checked) again."""
    line = DealEntry(
        number=deal.number,
        mode=deal.mode,
        dealer=deal.dealer,
        dealt_again=deal.dealt_again,
        contract=deal.contract,
        taker=deal.taker,
        partner=deal.partner,
    )
    if deal.mode in NOT_PLAYED_MODES:
        return line
    if deal.mode == FACTS:
        levels = dict(deal.poignees)
        return replace(
            line,
            bouts=str(deal.bouts),
            points=_plain_points(deal.points),
            petit_au_bout=deal.petit_au_bout,
            chelem=deal.chelem,
            chelem_announced=deal.chelem_announced,
            poignees=tuple(levels.get(seat, "") for seat in range(size)),
        )
    if deal.mode == ANNULLED:
        return line
    marks = tuple("" if seat == deal.sitting_out else str(deal.marks[seat]) for seat in range(size))
    return replace(line, marks=marks)


def entry_of_deals(deals, size: int, *, visas=(), short_reason: str = "") -> SheetEntry:
    """The sheet that enters ``deals`` (``sheets.CheckedDeal``) again: where an edit starts."""
    return SheetEntry(
        deals=tuple(entry_of_deal(deal, size) for deal in deals),
        visas=frozenset(visas),
        short_reason=short_reason,
    )


def _plain_points(points: Decimal | None) -> str:
    if points is None:
        return ""
    return str(points.quantize(Decimal(1))) if points == points.to_integral() else str(points)
