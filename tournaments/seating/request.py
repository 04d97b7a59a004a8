"""What the seating engine is asked and what it answers: frozen dataclasses, no behaviour.

``SeatingRequest`` accepts lists and turns them into tuples; it does not validate (the engine
does, raising ``SeatingError``), so building a request never fails on a user error.
``SeatingPlan`` is the sequence of positions (``plan[0][0]`` is the first table of the first
position, seats in the order Nord, Est, Sud, Ouest, then the fifth seat) plus its report.
"""

from collections.abc import Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass

from .tables import Remainder

Table = tuple[int, ...]
Position = tuple[Table, ...]

SEAT_NAMES = ("Nord", "Est", "Sud", "Ouest", "Cinquieme")


def _positions(value: Iterable[Iterable[Iterable[int]]]) -> tuple[Position, ...]:
    return tuple(tuple(tuple(table) for table in position) for position in value)


@dataclass(frozen=True)
class SeatingRequest:
    """Players to seat for ``rounds`` positions, after the ``history`` already played.

    ``teams``: groups whose members must never share a table (members absent from ``players``,
    e.g. withdrawn, are ignored). ``remainder``: "3" or "5", which tables absorb a count that is
    not a multiple of 4. ``history``: positions already played, shaped like a plan; players who
    have withdrawn still count for the meetings of those who remain.
    """

    players: tuple[int, ...]
    rounds: int
    teams: tuple[tuple[int, ...], ...] = ()
    remainder: Remainder | str = Remainder.THREE
    history: tuple[Position, ...] = ()
    seed: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "teams", tuple(tuple(team) for team in self.teams))
        object.__setattr__(self, "history", _positions(self.history))
        with suppress(ValueError):  # else kept as given: the engine refuses it with a code
            object.__setattr__(self, "remainder", Remainder(self.remainder))


@dataclass(frozen=True)
class SeatingReport:
    """What a plan achieves, counted over ``history`` and the plan together.

    - ``repeats``: sum over pairs of C(m, 2), m = times the pair met (the objective; 0 when
      nobody meets twice, 1 per pair meeting twice, 3 per pair meeting three times).
    - ``repeated_pairs``: pairs meeting more than once; ``max_meetings``: the most any pair met.
    - ``repeats_bound``: a lower bound for ``repeats`` given the table sizes, teams and
      history, the larger of the counting and the pigeonhole bound (a plan reaching it cannot
      be improved on that score).
    - ``team_clashes``: pairs of team-mates sharing a table in the plan (always 0).
    - ``table_size_counts``: (size, tables) per position, largest first.
    - ``odd_tables``: (player, tables of 3 or 5 sat at) per player of the request;
      ``odd_spread`` is max - min of those counts; ``odd_breaches`` counts the times in the plan
      someone sat at a table of 3 or 5 while a player at a table of 4 had had fewer.
    - ``seats``: (player, counts of Nord, Est, Sud, Ouest, fifth seat) per player;
      ``nord_spread`` is max - min of the Nord counts; ``seat_spread`` the largest max - min of
      one player's Nord..Ouest counts.
    - ``method``: "construction" (an algebraic design) or "search"; ``seed`` as requested.
    """

    repeats: int
    repeated_pairs: int
    max_meetings: int
    repeats_bound: int
    team_clashes: int
    table_size_counts: tuple[tuple[int, int], ...]
    odd_tables: tuple[tuple[int, int], ...]
    odd_spread: int
    odd_breaches: int
    seats: tuple[tuple[int, tuple[int, ...]], ...]
    nord_spread: int
    seat_spread: int
    method: str
    seed: int


@dataclass(frozen=True)
class SeatingPlan:
    """The planned positions (each a tuple of tables of player ids) and their report."""

    positions: tuple[Position, ...]
    report: SeatingReport

    def __iter__(self) -> Iterator[Position]:
        return iter(self.positions)

    def __getitem__(self, index):
        return self.positions[index]

    def __len__(self) -> int:
        return len(self.positions)
