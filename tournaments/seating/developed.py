"""Designs developed from base blocks by a group: the proven maxima ``designs`` lacks.

A base position (blocks of 4 partitioning the points) is shifted by each element of a group
acting on the "finite" points, which lie in orbits (point ``o * g + x`` is x of orbit o), while
a few "infinite" points stay put; every shift is a position. No pair meets twice because the
differences of the base blocks are distinct (each difference, once developed, is one orbit of
pairs). Two families, and one design developed by another group:

- ``tripled``: 3q + 1 points, q a prime power = 1 (mod 4): three copies of GF(q) and one
  infinite point, q positions, every pair meeting exactly once (a resolvable 2-(3q+1, 4, 1)
  design; Handbook of Combinatorial Designs, VII.7.5.a). With w a primitive element and
  e = w^((q-1)/4) (so e^2 = -1) the base position is {(0,0), (0,1), (0,2), inf} and
  {(w^i, j), (-w^i, j), (e w^i, j+1), (-e w^i, j+1)} for i < (q-1)/4, j in Z_3: the
  differences inside copy j are 2 w^i <e>, those from copy j to j+1 (e-1) w^i <e>, and the
  w^i <e> are the cosets of the fourth roots of unity, so each nonzero element comes once.
  28 (9 positions), 76 (25) and 88 points (29) come from here; 40, 52 too.
- ``STORED``: base positions found once by search where no algebra is at hand, each verified
  by a test recounting every pair: 24 points, 7 positions (Z_7 on three orbits, three infinite
  points never meeting each other); 36 points, 10 positions (Z_5 on six orbits, two base
  positions, six infinite points never meeting each other: a group for up to three empty
  seats; found by a SAT solver under that symmetry in about a minute).
- ``BINARY``: 32 points, 10 positions, the one proven maximum neither the algebra nor a cyclic
  group gave (the affine space over GF(2) alone stops at 9: PG(4, 2) has at most 9 disjoint
  lines). The points are the vectors of GF(2)^5 numbered 0..31, addition being xor, and each
  position is mapped onto itself by adding any of the 8 vectors 0..7; it is stored as one block
  per orbit and developed by xor. Found once by a SAT solver under that symmetry (seconds),
  verified by a test recounting every pair. Each point misses exactly one other, x ^ 2: those
  16 pairs are the groups (teams of 2, two empty seats).

Builds point structures only, like ``designs``; ``fitting`` maps players onto them.
"""

from .algebra import prime_power, ring
from .designs import Design

# points: (group order g, orbits, infinite points, base positions); see the module docstring.
STORED = {
    24: (
        7,
        3,
        3,
        (
            (
                (4, 12, 17, 21),
                (1, 7, 18, 22),
                (3, 8, 15, 23),
                (10, 11, 13, 19),
                (5, 14, 16, 20),
                (0, 2, 6, 9),
            ),
        ),
    ),
    36: (
        5,
        6,
        6,
        (
            (
                (0, 3, 9, 25),
                (1, 6, 11, 31),
                (2, 22, 26, 34),
                (4, 12, 21, 32),
                (5, 16, 20, 35),
                (7, 10, 14, 29),
                (8, 17, 27, 33),
                (13, 18, 19, 24),
                (15, 23, 28, 30),
            ),
            (
                (0, 1, 17, 19),
                (2, 13, 25, 35),
                (3, 6, 12, 30),
                (4, 11, 23, 33),
                (5, 14, 18, 34),
                (7, 8, 21, 24),
                (9, 16, 27, 32),
                (10, 20, 26, 28),
                (15, 22, 29, 31),
            ),
        ),
    ),
}


# points: (xor span, base blocks of each position, the vector whose pairs never meet).
BINARY = {
    32: (
        8,
        (
            ((0, 8, 17, 26),),
            ((0, 1, 4, 5), (8, 9, 14, 15), (16, 17, 30, 31)),
            ((0, 7, 18, 21), (8, 13, 27, 30)),
            ((0, 11, 16, 28),),
            ((0, 12, 19, 25),),
            ((0, 9, 20, 29),),
            ((0, 6, 24, 30), (8, 12, 18, 22)),
            ((0, 15, 23, 31),),
            ((0, 3, 13, 14), (16, 19, 21, 22), (24, 27, 28, 31)),
            ((0, 10, 22, 27),),
        ),
        2,
    ),
}


def develop(g: int, orbits: int, base, name: str, groups=()) -> Design:
    """The positions ``base`` + c, c in Z_g (finite points shift within their orbit)."""
    finite = g * orbits

    def shift(x, c):
        return x if x >= finite else x - x % g + (x % g + c) % g

    classes = tuple(
        tuple(tuple(shift(x, c) for x in block) for block in position)
        for position in base
        for c in range(g)
    )
    points = sum(len(block) for block in base[0])
    return Design(points, classes, tuple(groups), name, own_draws=True)


def stored(points: int) -> Design | None:
    """The stored developed design on ``points``, if any."""
    entry = STORED.get(points)
    if entry is None:
        return None
    g, orbits, infinite, base = entry
    finite = g * orbits
    return develop(g, orbits, base, f"Z{g}x{orbits}+{infinite}", [tuple(range(finite, points))])


def binary(points: int) -> Design | None:
    """The stored design over GF(2)^5 on ``points`` (32), if any: each base block moved by xor
    with every vector of the span, the copies that coincide kept once."""
    entry = BINARY.get(points)
    if entry is None:
        return None
    span, base, apart = entry
    classes = []
    for blocks in base:
        moved = {}
        for block in blocks:
            for t in range(span):
                copy = tuple(x ^ t for x in block)
                moved.setdefault(frozenset(copy), copy)
        classes.append(tuple(moved.values()))
    groups = tuple((x, x ^ apart) for x in range(points) if x < x ^ apart)
    return Design(points, tuple(classes), groups, "GF(2)^5", own_draws=True)


def tripled(points: int) -> Design | None:
    """The resolvable design on 3q + 1 ``points`` (q a prime power, q = 1 mod 4), or None."""
    q, rest = divmod(points - 1, 3)
    if rest or q % 4 != 1 or prime_power(q) is None:
        return None
    field = ring(q, True)
    w = _primitive(field)
    minus = prime_power(q)[0] - 1  # the constant -1
    powers = [1]
    for _ in range(q - 2):
        powers.append(field.mul(powers[-1], w))
    e = powers[(q - 1) // 4]
    blocks = [(0, q, 2 * q, 3 * q)]
    for i in range((q - 1) // 4):
        x, y = powers[i], field.mul(e, powers[i])
        pair_x, pair_y = (x, field.mul(minus, x)), (y, field.mul(minus, y))
        for j in range(3):
            k = (j + 1) % 3
            blocks.append(tuple(j * q + a for a in pair_x) + tuple(k * q + a for a in pair_y))
    classes = tuple(
        tuple(tuple(_translate(field, q, x, g) for x in block) for block in blocks)
        for g in range(q)
    )
    return Design(points, classes, (), f"3GF({q})+1", own_draws=True)


def _translate(field, q, x, g):
    if x == 3 * q:
        return x
    copy, a = divmod(x, q)
    return copy * q + field.add(a, g)


def _primitive(field):
    """An element of multiplicative order q - 1."""
    q = field.size
    for w in range(2, q) if q > 2 else (1,):
        x, order = w, 1
        while x != 1:
            x, order = field.mul(x, w), order + 1
        if order == q - 1:
            return w
    raise AssertionError("every finite field has a primitive element")
