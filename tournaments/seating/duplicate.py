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
- T = 12, 14, 15: four mutually orthogonal Latin squares of the literature (data/mols-4.json).
- Anything else (2, 3, 4 tables; other orders; 6 or 10 at R = T): the cyclic movements over the
  integers mod T that keep the hard rule, the one with the fewest repeated meetings chosen. It
  does not search beyond that family: the spec's search for those orders is still to come.

Pure: no Django, no database.
"""

import json
from functools import lru_cache
from itertools import combinations, product
from math import gcd
from pathlib import Path

from .algebra import prime_power, ring

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
CANDIDATES = 40  # cyclic movements measured, the most promising first


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
    if str(tables) in _squares():
        return _latin(tables, rounds, _squares()[str(tables)])
    return _cyclic(tables, rounds)


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


def _latin(tables: int, rounds: int, squares) -> list[list[dict]]:
    l0, l1, l2, l3 = squares
    return [
        [_seat(tables, [x, l0[r][x], l1[r][x], l2[r][x]], l3[r][x]) for x in range(tables)]
        for r in range(rounds)
    ]


def _cyclic(tables: int, rounds: int) -> list[list[dict]]:
    """Over the integers mod T: line k at p + a_k·r, séries at x + r (down one table a
    position). A player of line k meets série p + (a_k + 1)·r, never twice while a_k + 1 is
    prime to T. Of those choices (North fixed, a_N = 0), the ones whose lines differ by steps
    prime to T first (two such lines meet at most once), the one with the fewest repeated
    meetings."""
    steps = [a for a in range(tables) if gcd(a + 1, tables) == 1]

    def units(a) -> int:
        return sum(gcd(x - y, tables) == 1 for x, y in combinations(a, 2))

    candidates = sorted(((0, *rest) for rest in product(steps, repeat=3)), key=units, reverse=True)
    best = None
    for a in candidates[:CANDIDATES]:
        movement = [
            [
                _seat(tables, [(x - ak * r) % tables for ak in a], (x + r) % tables)
                for x in range(tables)
            ]
            for r in range(rounds)
        ]
        cost = repeated_meetings(movement)
        if best is None or cost < best[0]:
            best = (cost, movement)
    return best[1]


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
