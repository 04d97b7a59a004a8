"""Check a score sheet as typed and compute its marks: the rules of section 5 over plain values.

``check_sheet`` takes a ``SheetEntry`` (the sheet as typed, see ``entry``) and a ``TableSetup``
(who sits where, how many deals, the ruleset, the bid bans) and returns every deal it could
read, with its marks per seat, and every problem found, each naming the line, the field of
``DealEntry`` and, for marks and poignées, the seat at fault. The live preview and the save
service both call it, so what the page shows is what the server stores. It must not touch the
database nor translate: ``messages`` turns problems into text, and the entry form places them
next to its fields. Lines are dealt in order: a line with nothing typed before a typed one is
an error.
"""

from dataclasses import dataclass, replace

from scoring.engine import Severity
from scoring.engine.entry import ARBITRE_MODES, MODES, NOT_PLAYED_MODES, PETIT_SEC, SheetEntry
from scoring.engine.sheet_lines import CheckedDeal, Problem, check_line, seat_of
from scoring.engine.sheet_setup import TableSetup

# What the ledger, the bans and the arbitration read from here.
__all__ = [
    "ARBITRE_MODES",
    "MODES",
    "NOT_PLAYED_MODES",
    "CheckedDeal",
    "Problem",
    "SheetCheck",
    "TableSetup",
    "check_sheet",
]


@dataclass
class SheetCheck:
    deals: list[CheckedDeal]  # the lines read without error, in order
    problems: list[Problem]
    played: int  # lines typed, valid or not
    setup: TableSetup | None = None  # the table as read, with the sheet's first dealer

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if not p.is_error]

    @property
    def is_valid(self) -> bool:
        return not self.errors

    def totals(self, size: int) -> list[dict[str, int]]:
        """Per seat: the + column, the − column and the bilan over the valid deals."""
        rows = []
        for seat in range(size):
            marks = [deal.marks[seat] for deal in self.deals]
            plus = sum(m for m in marks if m > 0)
            minus = sum(m for m in marks if m < 0)
            rows.append({"plus": plus, "minus": minus, "bilan": plus + minus})
        return rows


def check_sheet(setup: TableSetup, entry: SheetEntry) -> SheetCheck:
    """Read every deal line of ``entry``; never raises for anything a user can type."""
    problems: list[Problem] = []
    setup = _read_dealers(setup, entry, problems)
    deals = []
    typed = [n for n in range(1, setup.deals + 1) if entry.deal(n).is_typed(setup.size)]
    last = typed[-1] if typed else 0
    for number in range(1, last + 1):
        if number not in typed:
            problems.append(Problem("deal_missing", number, "contract", params={"deal": number}))
            continue
        deal, line_problems = check_line(setup, entry.deal(number))
        problems.extend(line_problems)
        if deal is not None:
            deals.append(deal)
    if setup.dealer_sits_out and last == setup.deals:
        problems.extend(_uneven_dealers(setup))
    return SheetCheck(deals=deals, problems=problems, played=len(typed), setup=setup)


def _uneven_dealers(setup: TableSetup) -> list[Problem]:
    """Where the dealer sits out, each player sits out as many deals as the others: a warning
    on the first line whose dealer sits out one deal too many (a dealer mistyped, most often)."""
    share, counts = setup.deals // setup.size, [0] * setup.size
    for number in range(1, setup.deals + 1):
        seat = setup.dealer(number)
        counts[seat] += 1
        if counts[seat] > share:
            params = {"deal": number, "share": share}
            return [Problem("dealers_uneven", number, "dealer", None, params, Severity.WARNING)]
    return []


def _read_dealers(setup: TableSetup, entry: SheetEntry, problems: list) -> TableSetup:
    """The setup with the dealer of every line (as typed, else in turn after the line before)
    and the lines annulled before the bidding."""
    first = seat_of(setup, entry.first_dealer)
    setup = replace(setup, first_dealer=setup.first_dealer if first is None else first, dealers=())
    dealers: list[int] = []
    for number in range(1, setup.deals + 1):
        typed = entry.deal(number).dealer
        seat = seat_of(setup, typed)
        if typed is not None and seat is None:
            problems.append(Problem("dealer_invalid", number, "dealer", params={"deal": number}))
        if seat is None:
            seat = setup.next_dealer(dealers[-1]) if dealers else setup.first_dealer
        dealers.append(seat)
    unbid = frozenset(n for n in range(1, setup.deals + 1) if entry.deal(n).mode == PETIT_SEC)
    return replace(
        setup, first_dealer=dealers[0] if dealers else 0, dealers=tuple(dealers), unbid=unbid
    )
