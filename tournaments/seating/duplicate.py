"""Movements of the duplicate individuel (fft-duplicate.md §2 and §6): who sits where, and which
série each table plays, at every position.

``individual_movement(tables=T, rounds=R)`` returns ``rounds[r][x] == {"N": p, "E": p, "S": p,
"W": p, "set": s}`` for position r (from 0) and table x (from 0): 4T players, numbered 0..4T-1,
line k's players being k*T .. k*T+T-1 (N, E, S, W), each always in the same orientation; séries
0..T-1. The hard rule holds in every movement this returns: no player plays a série twice.

- T a prime power ≥ 5: the finite field GF(T) (``algebra``): the player of line k who starts at
  table p sits at p + a_k·ρ_r, the série at table x is x − b·ρ_r; zero repeated meetings for
  every R ≤ T.
- T = 6 (R ≤ 5) and T = 10 (R ≤ 9): the difference tables of the spec.
- T = 12, 14, 15: four mutually orthogonal Latin squares of the literature (data/mols-4.json);
  and their direct products with the fields (MacNeish): 35, 40, 45, 55, 56, 60, 63, … tables,
  zero repeats for every R ≤ T.
- Anything else: ``duplicate_search`` (hard rule always kept). What it achieves, Σ(m − 1):

  | T | R | repeats | proven least |
  |---|---|---|---|
  | 2 | 2 | 12 | 12 (the séries swap, so nobody else may move) |
  | 3 | 2, 3 | 6, 12 | 6 per position after the first |
  | 4 | 2, 3, 4 | 4, 8, 12 | 4 per position after the first |
  | 6 | 6 | 28 (the spec had 32) | 12 |
  | 10 | 10 | 60 | unknown (0 would give 3 MOLS of order 10) |
  | 18 … 62 not above | ≤ 13 | 0 (difference rows found at once) | 0 |
  | 18 … 62 not above | T − 1, T | 4T … 37T, searched for 0.2 s | 6T among difference rows, T even |

  The small ones (2, 3, 4 tables; 6 and 10 at R = T) are stored in data/duplicate-searched.json
  from longer runs of the same search; without repeats, difference rows reach about T − 5 (18)
  to 0.8 T (62) positions.

Pure: no Django, no database.
"""

import json
from functools import lru_cache
from itertools import combinations
from pathlib import Path

from .algebra import prime_power, ring
from .duplicate_search import search_movement

LINES = ("N", "E", "S", "W")
D6 = [[0, 0, 0, 0, 0], [0, 1, 2, 3, 4], [0, 2, 4, 1, 3], [0, 4, 1, 5, 2], [0, 5, 3, 2, 1]]
D10 = [
    [0, 0, 0, 0, 0],
    [0, 1, 2, 3, 4],
    [0, 2, 1, 6, 8],
    [0, 4, 7, 1, 5],
    [0, 5, 9, 8, 3],
    [0, 6, 8, 5, 1],
    [0, 7, 4, 2, 9],
    [0, 8, 3, 9, 2],
    [0, 9, 5, 7, 6],
]
MOLS_FILE = Path(__file__).parent / "data" / "mols-4.json"


def individual_movement(tables: int, rounds: int) -> list[list[dict]]:
    """The movement of ``tables`` tables over ``rounds`` positions (see the module)."""
    if type(tables) is not int or tables < 2:
        raise ValueError("a duplicate needs two tables at least: one has nothing to compare")
    if type(rounds) is not int or not 1 <= rounds <= tables:
        raise ValueError(
            f"{rounds} positions at {tables} tables: between 1 and the number of tables "
            "(beyond, an East player would meet a North player twice)"
        )
    pe = prime_power(tables)
    if pe is not None and tables >= 5:
        return _field(tables, rounds)
    if tables in (6, 10) and rounds < tables:
        return _differences(tables, rounds, D6 if tables == 6 else D10)
    squares = _squares_of(tables)
    if squares is not None:
        return _latin(tables, rounds, squares)
    # 6 and 10 at R = T: the spec's T − 1 rows without repeats, then the search
    return _searched(tables, rounds, {6: D6, 10: D10}.get(tables, ()))


def _seat(tables: int, starts: list[int], serie: int) -> dict:
    """A table's four players, by their start table in each line, and its série."""
    return {line: k * tables + p for k, (line, p) in enumerate(zip(LINES, starts, strict=True))} | {
        "set": serie
    }


def _field(q: int, rounds: int) -> list[list[dict]]:
    f = ring(q, True)
    p = prime_power(q)[0]
    minus_one = p - 1  # −1 in GF(p^e): the constant p − 1

    def sub(x, y):
        return f.add(x, f.mul(y, minus_one))

    # With b = −1 the séries go down one table a position (in GF(2^e), −1 = 1: another one).
    b = minus_one if p != 2 else 4
    a = tuple(e for e in range(q) if e != b)[:4]  # five distinct elements; a_N = 0: North stays
    movement = []
    for r in range(rounds):
        rho = r  # distinct elements, ρ_0 = 0
        movement.append(
            [
                _seat(q, [sub(x, f.mul(ak, rho)) for ak in a], sub(x, f.mul(b, rho)))
                for x in range(q)
            ]
        )
    return movement


def _differences(tables: int, rounds: int, d: list[list[int]]) -> list[list[dict]]:
    return [
        [
            _seat(tables, [(d[r][k] + h) % tables for k in range(4)], (d[r][4] + h) % tables)
            for h in range(tables)
        ]
        for r in range(rounds)
    ]


@lru_cache(maxsize=1)
def _squares() -> dict:
    return json.loads(MOLS_FILE.read_text())["squares"]


@lru_cache(maxsize=64)
def _squares_of(order: int):
    """Four mutually orthogonal Latin squares of the order (East, South, West, série; North is
    the column), or None: from the field, from the literature (data/mols-4.json), or the direct
    product of two smaller orders that have them (MacNeish: 35, 40, 45, 55, 56, 60, 63 …).
    In the product, position (r1, r2) at table (x1, x2) holds (A[r1][x1], B[r2][x2]): two
    players of the product meet at most as often as their two halves do, each at most once."""
    if str(order) in _squares():
        return _squares()[str(order)]
    pe = prime_power(order)
    if pe is not None:
        if order < 5:
            return None
        movement = _field(order, order)
        return [
            [[table[line] - k * order for table in position] for position in movement]
            for k, line in ((1, "E"), (2, "S"), (3, "W"))
        ] + [[[table["set"] for table in position] for position in movement]]
    for m in range(5, order // 5 + 1):
        if order % m == 0:
            a, b = _squares_of(m), _squares_of(order // m)
            if a is not None and b is not None:
                return [_product(sa, sb) for sa, sb in zip(a, b, strict=True)]
    return None


def _product(a: list, b: list) -> list:
    n = len(b)
    return [[x * n + y for x in row_a for y in row_b] for row_a in a for row_b in b]


def _latin(tables: int, rounds: int, squares) -> list[list[dict]]:
    l0, l1, l2, l3 = squares
    return [
        [_seat(tables, [x, l0[r][x], l1[r][x], l2[r][x]], l3[r][x]) for x in range(tables)]
        for r in range(rounds)
    ]


def _searched(tables: int, rounds: int, start=()) -> list[list[dict]]:
    return [
        [_seat(tables, table[:4], table[4]) for table in position]
        for position in search_movement(tables, rounds, start)
    ]


def repeated_meetings(movement: list[list[dict]]) -> int:
    """Σ (m − 1) over the pairs of players who sit at one table in m ≥ 2 positions."""
    met: dict[tuple[int, int], int] = {}
    for position in movement:
        for table in position:
            players = sorted(table[line] for line in LINES)
            for pair in combinations(players, 2):
                met[pair] = met.get(pair, 0) + 1
    return sum(m - 1 for m in met.values() if m > 1)


def series_played_twice(movement: list[list[dict]]) -> int:
    """How many times a player meets a série again (the hard rule wants none)."""
    seen: set[tuple[int, int]] = set()
    twice = 0
    for position in movement:
        for table in position:
            for line in LINES:
                key = (table[line], table["set"])
                twice += key in seen
                seen.add(key)
    return twice
