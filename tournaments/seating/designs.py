"""Algebraic seatings: perfect positions without search, where the field size allows.

A ``Design`` is a list of positions ("classes"), each a partition of points into blocks of 4
(5 with a partial fifth class), in which no two points share a block twice, plus ``groups``:
sets of points that never share a block at all (team-mates and the empty seats of tables of 3
go there). A class not played serves as groups too: its blocks never meet in the others.
Three families, all from ``seating-notes.md``:

- direction classes: K tables numbered by a ring of K elements; class c moves by a_c tables per
  position. Over GF(K) (K a prime power) any distinct a_c give K positions; over Z_K the
  positions are limited by the additive orders of the differences a_c - a_c'.
- the affine spaces over GF(4): 16 points (5 positions), 64 points (21 positions).
- 1-rotational resolvable designs on Z_3m + {inf} (40 points, 13 positions; 52, 17): a stored
  base class, verified by a test, developed by adding 0..m-1.

This module builds point structures only; ``fitting`` maps players onto them.
"""

from dataclasses import dataclass
from itertools import combinations
from math import gcd

from .algebra import ring

SPARE = 2  # positions built beyond those asked: their tables can host teams and empty seats

# Base blocks of the 1-rotational designs, found once by search; B0 = {inf, 0, m, 2m}.
ROTATIONAL = {
    13: ((2, 11, 36, 3), (6, 33, 35, 17), (1, 18, 21, 25)),
    17: ((13, 1, 50, 10), (6, 32, 22, 2), (7, 25, 12, 31), (9, 38, 37, 45)),
}


@dataclass(frozen=True)
class Design:
    points: int
    classes: tuple[tuple[tuple[int, ...], ...], ...]
    groups: tuple[tuple[int, ...], ...]
    name: str


def directions(tables: int, rounds: int, fifth: int = 0) -> Design | None:
    """Direction classes over K = ``tables`` (points c*K + j), with ``fifth`` extra points."""
    classes = 5 if fifth else 4
    if tables < classes:
        return None
    field = ring(tables, True)
    if field is not None:
        steps, capacity, r = tuple(range(classes)), tables, field
    else:
        r = ring(tables, False)
        steps, capacity = _cyclic_steps(tables, classes, rounds)
        if capacity < 2:
            return None
    count = min(rounds + SPARE, capacity)
    positions = []
    for i in range(count):
        blocks = [[] for _ in range(tables)]
        for c, a in enumerate(steps):
            shift = r.mul(a, i)
            for j in range(fifth if c == 4 else tables):
                blocks[r.add(j, shift)].append(c * tables + j)
        positions.append(tuple(tuple(block) for block in blocks))
    groups = [tuple(range(c * tables, c * tables + tables)) for c in range(4)]
    if fifth:
        groups.append(tuple(range(4 * tables, 4 * tables + fifth)))
    name = f"{'GF' if field else 'Z'}({tables})"
    return Design(4 * tables + fifth, tuple(positions), tuple(groups), name)


def _cyclic_steps(tables, classes, rounds):
    """Steps a_c in Z_K whose differences have the largest additive order (capped at rounds)."""
    best, best_capacity = (), 0
    for rest in combinations(range(1, min(tables, 12)), classes - 1):
        steps = (0, *rest)
        capacity = min(tables // gcd(b - a, tables) for a, b in combinations(steps, 2))
        if capacity > best_capacity:
            best, best_capacity = steps, capacity
            if capacity >= rounds:
                break
    return best, best_capacity


def affine(points: int) -> Design | None:
    """The lines of AG(n, 4) for 16 or 64 points, one class per direction."""
    n = {16: 2, 64: 3}.get(points)
    if n is None:
        return None
    mul = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))  # GF(4); addition is xor

    def vector(x):
        return [(x >> (2 * k)) & 3 for k in range(n)]

    def number(v):
        return sum(d << (2 * k) for k, d in enumerate(v))

    classes = []
    for d in range(1, points):
        dv = vector(d)
        if next(x for x in reversed(dv) if x) != 1:
            continue  # one direction per line through the origin: leading coordinate 1
        seen, blocks = set(), []
        for x in range(points):
            if x in seen:
                continue
            xv = vector(x)
            line = tuple(
                number([a ^ mul[lam][b] for a, b in zip(xv, dv, strict=True)]) for lam in range(4)
            )
            seen.update(line)
            blocks.append(line)
        classes.append(tuple(blocks))
    return Design(points, tuple(classes), (), f"AG({n},4)")


def rotational(points: int) -> Design | None:
    """The stored 1-rotational resolvable design on ``points`` (40 or 52), if any."""
    m = (points - 1) // 3
    base = ROTATIONAL.get(m)
    if base is None or 3 * m + 1 != points:
        return None
    v, inf = 3 * m, 3 * m
    classes = []
    for g in range(m):
        blocks = [(inf, g % v, (g + m) % v, (g + 2 * m) % v)]
        blocks += [tuple((x + g + m * j) % v for x in b) for b in base for j in range(3)]
        classes.append(tuple(blocks))
    return Design(points, tuple(classes), (), f"rotational({points})")
