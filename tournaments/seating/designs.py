"""Algebraic seatings: perfect positions without search, where the field size allows.

A ``Design`` is a list of positions ("classes"), each a partition of points into blocks of 4
(5 with a partial fifth class), in which no two points share a block twice, plus ``groups``:
sets of points that never share a block at all (team-mates and the empty seats of tables of 3
go there). A class not played serves as groups too: its blocks never meet in the others.
Three families, all from ``seating-notes.md``:

- direction classes: K tables numbered by a ring of K elements; class c moves by a_c tables per
  position. Over GF(K) (K a prime power) any distinct a_c give K positions; over Z_K the
  positions are limited by the additive orders of the differences a_c - a_c', unless a stored
  difference matrix gives class c's move at each position (K = 12).
- the affine spaces over GF(4): 16 points (5 positions), 64 points (21 positions).
- 1-rotational resolvable designs on Z_3m + {inf} (40 points, 13 positions; 52, 17; 100, 33):
  a stored base class, verified by a test, developed by adding 0..m-1.
- 41 to 43 points at 10 tables (tables of 5): the 40 points and 130 lines of PG(3, 3), ten of
  its spreads as positions (no two share a line, so no pair meets twice) and up to three extra
  points, each joining one line per position; an extra's ten lines are disjoint (a spread
  "across" the positions), so it meets all 40 points once. Found once by search, stored as line
  numbers, verified by a test. A spread not played (a packing of PG(3, 3) has 13) gives the
  groups: points on one of its lines never meet.

This module builds point structures only; ``fitting`` maps players onto them.
"""

from dataclasses import dataclass
from itertools import combinations, product
from math import gcd

from .algebra import ring

SPARE = 2  # positions built beyond those asked: their tables can host teams and empty seats

# Base blocks of the 1-rotational designs, found once by search; B0 = {inf, 0, m, 2m}.
ROTATIONAL = {
    13: ((2, 11, 36, 3), (6, 33, 35, 17), (1, 18, 21, 25)),
    17: ((13, 1, 50, 10), (6, 32, 22, 2), (7, 25, 12, 31), (9, 38, 37, 45)),
    # 100 points: 33 is no prime power, so ``developed.tripled`` cannot make it.
    33: (
        (90, 12, 96, 80),
        (32, 9, 64, 56),
        (61, 27, 91, 5),
        (92, 46, 87, 7),
        (68, 88, 86, 95),
        (10, 67, 39, 50),
        (41, 16, 77, 4),
        (81, 84, 36, 85),
    ),
}


# PG(3, 3): line numbers (see ``_pg33_lines``) of ten disjoint spreads; the extra point k joins
# the k-th line of each. Then the three spreads that complete the packing.
PROJECTIVE_PLAYED = (
    (113, 94, 42, 1, 20, 35, 79, 93, 108, 128),
    (26, 22, 81, 4, 43, 53, 74, 91, 120, 124),
    (49, 90, 15, 8, 36, 41, 64, 83, 105, 116),
    (45, 71, 50, 2, 16, 34, 65, 111, 117, 123),
    (24, 104, 66, 5, 31, 37, 69, 76, 92, 127),
    (126, 118, 11, 19, 28, 39, 56, 59, 78, 97),
    (87, 7, 119, 13, 29, 47, 61, 75, 98, 121),
    (80, 30, 85, 3, 21, 46, 55, 63, 68, 102),
    (6, 38, 106, 23, 32, 51, 72, 89, 95, 112),
    (70, 57, 33, 10, 14, 40, 82, 96, 107, 122),
)
PROJECTIVE_SPARE = (
    (0, 52, 58, 73, 84, 86, 99, 110, 114, 125),
    (12, 17, 27, 44, 54, 60, 88, 100, 103, 129),
    (9, 18, 25, 48, 62, 67, 77, 101, 109, 115),
)


# Where Z_K's arithmetic gives too few positions: class c moves by DIFFERENCES[K][c][i] tables
# at position i. Each row minus another takes each value at most once over the positions (a
# difference matrix, found once by search, verified by a test), so no pair meets twice; row 4
# moves the fifth class. Z_12: 10 positions instead of 4 (48 to 51 players, teams of 4 too).
DIFFERENCES = {
    12: (
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        (0, 7, 9, 8, 5, 2, 10, 1, 4, 11),
        (0, 8, 5, 2, 7, 9, 3, 11, 1, 10),
        (0, 4, 7, 1, 8, 6, 9, 2, 11, 5),
        (0, 6, 4, 11, 9, 10, 8, 7, 5, 1),
    ),
}


@dataclass(frozen=True)
class Design:
    points: int
    classes: tuple[tuple[tuple[int, ...], ...], ...]
    groups: tuple[tuple[int, ...], ...]
    name: str
    own_draws: bool = False  # fitted on a copy of the engine's random draws (see ``fitting``)


def directions(tables: int, rounds: int, fifth: int = 0) -> Design | None:
    """Direction classes over K = ``tables`` (points c*K + j), with ``fifth`` extra points."""
    classes = 5 if fifth else 4
    if tables < classes:
        return None
    field = ring(tables, True)
    r = field or ring(tables, False)
    if field is not None:
        steps, capacity = tuple(range(classes)), tables
    else:
        steps, capacity = _cyclic_steps(tables, classes, rounds)
    stored = DIFFERENCES.get(tables)  # where Z_K gives too few positions (never a field)
    if stored is not None and len(stored[0]) > capacity:
        shifts, count = stored, len(stored[0])
    elif capacity < 2:
        return None
    else:
        count = min(rounds + SPARE, capacity)
        shifts = [[r.mul(a, i) for i in range(count)] for a in steps]
    positions = []
    for i in range(count):
        blocks = [[] for _ in range(tables)]
        for c in range(classes):
            for j in range(fifth if c == 4 else tables):
                blocks[r.add(j, shifts[c][i])].append(c * tables + j)
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
    """The stored 1-rotational resolvable design on ``points`` (40, 52 or 100), if any."""
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


def projective(points: int) -> Design | None:
    """41, 42 or 43 points: ten positions of PG(3, 3) lines, one to three joined by an extra."""
    extra = points - 40
    if not 1 <= extra <= 3:
        return None
    lines = _pg33_lines()
    classes = []
    for numbers in PROJECTIVE_PLAYED:
        blocks = [lines[n] + ((40 + k,) if k < extra else ()) for k, n in enumerate(numbers)]
        classes.append(tuple(blocks))
    groups = [tuple(range(40, points)), *(lines[n] for n in PROJECTIVE_SPARE[0])]
    return Design(points, tuple(classes), tuple(groups), f"PG(3,3)+{extra}")


def _pg33_lines():
    """The 130 lines of PG(3, 3) as sorted tuples of point numbers, in sorted order. Points are
    the nonzero vectors of GF(3)^4 whose first nonzero coordinate is 1, numbered in sorted
    order."""

    def normal(v):
        lead = next(x for x in v if x)
        return tuple(x * lead % 3 for x in v)  # 1 and 2 are their own inverses mod 3

    vectors = sorted({normal(v) for v in product(range(3), repeat=4) if any(v)})
    number = {v: i for i, v in enumerate(vectors)}
    lines = set()
    for a, b in combinations(vectors, 2):
        span = {
            number[normal(tuple((s * x + t * y) % 3 for x, y in zip(a, b, strict=True)))]
            for s in range(3)
            for t in range(3)
            if s or t
        }
        lines.add(tuple(sorted(span)))
    return sorted(lines)
