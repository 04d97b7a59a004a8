"""What a format answers for its tables to enter their own deals (``TournamentFormat.table_game``).

A ``TableGame`` says what one table plays at one position (its ``Item``s: the deals of a libre
position, the étuis of a duplicate position, in the order they are played), who sits where, how
the values a phone sent read (``read``: the values kept, or the problems next to their fields),
which seats are the two sides of an entry (an approval comes from the side that did not enter
it), and how approved entries reach the ledger (``record``). The services of
``scoring.at_table.services`` do the rest once, for every format: codes, approvals, retries,
the arbitre's corrections and the table put back on paper.
"""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SeatView:
    seat: int
    label: str  # "Nord", "N"
    name: str  # the player's name
    number: int | None = None  # the player's number in the tournament


@dataclass(frozen=True)
class Item:
    """One deal or étui that the table plays at this position."""

    number: int
    label: str  # "Deal 3", "Étui 7"
    # Seats that may enter it; empty: anyone at the table.
    writers: frozenset[int] = frozenset()
    notes: tuple[str, ...] = ()  # shown before it is played: the dealer, the bans in force
    extra: dict = field(default_factory=dict)  # what the format's form needs


@dataclass(frozen=True)
class Reading:
    """What a phone sent for one item, read: ``data`` to keep, or ``problems`` by field name."""

    data: dict
    problems: dict[str, list[str]]
    summary: str = ""  # one line in words: "Garde by Anne, made by 12"

    @property
    def is_valid(self) -> bool:
        return not self.problems


class TableGame:
    """The default answers; a format's game overrides what differs."""

    kind = ""  # "deals" or "lines": which form the table's page shows
    template = ""  # the form's template

    def unit(self, table):
        """The closable unit whose closing ends the table's entry (a position, a séance)."""
        raise NotImplementedError

    def seats(self, table) -> list[SeatView]:
        raise NotImplementedError

    def items(self, table, entries: dict[int, dict] | None = None) -> list[Item]:
        """What the table plays, given the entries so far (number -> data): a libre deal's bans
        depend on the deals before it."""
        raise NotImplementedError

    def read(self, table, number: int, post, approved: dict[int, dict]) -> Reading:
        """``post`` (the phone's fields) as item ``number``, given the approved entries
        (number -> data) before it."""
        raise NotImplementedError

    def summary(self, table, number: int, data: dict) -> str:
        raise NotImplementedError

    def sides(self, table, number: int, data: dict) -> tuple[frozenset[int], frozenset[int]]:
        """The two sides of the item as entered: an entry from a seat of one is approved by a
        seat of the other. A seat in neither (a dealer sitting out) approves nothing."""
        raise NotImplementedError

    def approvers(self, table, number: int, data: dict, seat: int) -> frozenset[int]:
        """The seats that may approve what ``seat`` entered."""
        one, other = self.sides(table, number, data)
        if not one and not other:  # nobody took (not played, marks only): any other player
            return frozenset(s.seat for s in self.seats(table)) - {seat}
        if seat in one:
            return other
        if seat in other:
            return one
        return (one | other) - {seat}

    def record(self, table, entries: dict[int, dict], *, user, complete: bool, confirm: bool):
        """Write the approved ``entries`` (number -> data) to the ledger as ``user`` (the
        tables' account); ``complete``: every item is approved; ``confirm``: confirm the sheet
        too once complete."""
        raise NotImplementedError

    def ledger(self, table) -> dict[int, dict]:
        """What the ledger holds for the table (number -> data as an entry would have it):
        an arbitre's corrections show on the table's page through it."""
        return {}

    def totals(self, table, entries: dict[int, dict]) -> list[tuple[SeatView, int]] | None:
        """The running totals by seat, or None where the format shows none before closing."""
        return None
