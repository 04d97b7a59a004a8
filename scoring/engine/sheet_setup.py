"""What a score sheet knows of its table: who sits where, how many deals, who dealt each line,
and the bid bans in force, resolved deal by deal (sections 1 and 6 of the rules).

A ``TableSetup`` is a plain frozen value: the selectors build it from the database, the sheet
check completes it with the dealers the sheet records, and the bans, the arbitration and the
simulation ask it who deals, who sits out and who may not bid. It must not touch the database
nor translate.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from scoring.engine import DEFAULT_RULESET, Ruleset

PETIT_SEC = "petit_sec"  # a line dealt and annulled before anyone bid


@dataclass(frozen=True)
class TableSetup:
    """What the form knows about a table: seats in order (registration ids), deals to play,
    who dealt each line, the bid bans."""

    registrations: tuple[int, ...]  # by seat: 0 Nord, 1 Est, 2 Sud, 3 Ouest, 4 fifth
    deals: int
    called_king: bool = False  # table of 5 playing the called-king game (else the dealer sits out)
    ruleset: Ruleset = DEFAULT_RULESET
    # (registration id, deal) -> reason: the player may not bid on the first deal they play
    # from that deal on (None: from the first); a deal they sit out passes the ban on.
    bans: dict[tuple[int, int | None], str] = field(default_factory=dict)
    # deal -> reason: whoever deals that deal may not bid on it (a misdeal, dealt again).
    dealer_bans: dict[int, str] = field(default_factory=dict)
    first_dealer: int = 0  # the seat that deals the first deal, unless ``dealers`` says
    dealers: tuple[int, ...] = ()  # the seat that dealt each line, as the sheet records it
    # Lines annulled before anyone bid (a petit sec): a ban passes on to the next line.
    unbid: frozenset[int] = frozenset()

    @property
    def size(self) -> int:
        return len(self.registrations)

    @property
    def dealer_sits_out(self) -> bool:
        return self.size == 5 and not self.called_king

    def next_dealer(self, seat: int) -> int:
        """Who deals after ``seat``: the right-hand neighbour, play being anticlockwise.

        Seats go clockwise Nord, Est, Sud, Ouest and, at a table of 5, the fifth seat between
        Ouest and Nord (our choice): the deal passes Nord, Ouest, Sud, Est at 4, Nord, fifth,
        Ouest, Sud, Est at 5, Nord, Sud, Est at 3.
        """
        return (seat - 1) % self.size

    def dealer(self, number: int) -> int:
        """The seat that deals line ``number``: as recorded, else in turn after the last one
        recorded (or after ``first_dealer``)."""
        if number <= len(self.dealers):
            return self.dealers[number - 1]
        known, seat = (len(self.dealers), self.dealers[-1]) if self.dealers else (1, None)
        seat = self.first_dealer if seat is None else seat
        for _ in range(number - known):
            seat = self.next_dealer(seat)
        return seat

    def sitting_out(self, number: int) -> int | None:
        """The seat of the dealer who sits out deal ``number`` at a table of 5, or None."""
        return self.dealer(number) if self.dealer_sits_out else None

    def first_deal_played(self, seat: int, after: int = 0) -> int | None:
        """The first deal after deal ``after`` that ``seat`` plays (not sitting out), or None
        when the sheet has no such deal."""
        return next(
            (n for n in range(after + 1, self.deals + 1) if self.sitting_out(n) != seat), None
        )

    def first_bid(self, seat: int, start: int = 1) -> int | None:
        """The first deal from deal ``start`` on where ``seat`` could bid: played (not sitting
        out) and not annulled before the bidding. None when the sheet has no such deal."""
        return next(
            (
                n
                for n in range(start, self.deals + 1)
                if self.sitting_out(n) != seat and n not in self.unbid
            ),
            None,
        )

    def as_recorded(self, deals: Iterable) -> "TableSetup":
        """This setup with what a stored sheet records (its deals read back, each with
        ``number``, ``dealer`` and ``mode``): who dealt each line, and its petit sec lines."""
        deals = list(deals)
        dealers = tuple(d.dealer for d in deals)
        unbid = frozenset(d.number for d in deals if d.mode == PETIT_SEC)
        return replace(self, dealers=() if None in dealers else dealers, unbid=unbid)

    def ban(self, seat: int, number: int) -> str | None:
        """Why the player in ``seat`` may not bid on deal ``number``, or None if they may."""
        registration = self.registrations[seat]
        for (barred, start), reason in self.bans.items():
            if barred == registration and self.first_bid(seat, start or 1) == number:
                return reason
        if number in self.dealer_bans and self.dealer(number) == seat:
            return self.dealer_bans[number]
        return None
