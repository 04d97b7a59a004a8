"""The Howell movement of the triplettes (fft-duplicate.md §3): every triplette meets every other
once, its line changing from position to position, for small fields. ``duplicate_teams`` holds
the contract; this module builds the movement.

``howell_movement(teams=n, rounds=None)`` returns ``rounds[r][x] == {"NS": t, "EW": t, "set":
s}`` for position r (from 0) and table x (from 0); triplettes 0..n−1, séries 0..S−1 numbered in
the order they first appear (position by position, table by table).

- Pairings: the circle method over N = n (n even) or n + 1 (n odd) places, v = N − 1 positions.
  Team N − 1 is fixed and meets team r at position r; the others are the elements of Z_v, and
  position r pairs r + x with r − x for x = 1 … (v − 1)/2. With n odd team N − 1 is a phantom:
  team r sits out position r and that table is simply left out of the position **(choice)**, so
  a position has (n − 1)/2 tables, numbered from 0.
- Lines **(choice)**: at the pair (r + x, r − x), r + x is NS when x is odd, r − x when x is even;
  team N − 1 is NS at even positions. Each team is as often NS as EW, give or take one.
- Séries. Hard rule: no team plays a série twice; each table of a position plays its own série.
  With exactly v séries every team plays each série once (n even) or all but one (n odd): for n
  even this is a Room square of side v, which does not exist for v = 3 and v = 5. **(choice)**:
  where a cyclic adder exists (a_x distinct, the points a_x ± x, and a_0 when n is even, all
  distinct in Z_v), the table of pair x at position r plays série r + a_x: v séries, each
  moving one table with the positions (7, 8 and 11 … 16 teams). Otherwise an exact search
  (fewest remaining choices first, a new série only when no used one fits) tries the fewest séries
  first:

  | teams | séries | |
  |---|---|---|
  | 5, 6 | 6 | 5 proven impossible by the search |
  | 9 | 9 | no cyclic adder in Z_9 |
  | 10 | 9 | a Room square of side 9 on the circle method's pairings |

- Limits **(choice)**: 5 to 16 teams. Fewer cannot be topped (3 teams: one table; 4 teams: a série
  could only come back in the same position, so each is played once); beyond 16 a Howell lasts
  more than 15 positions, and the Mitchell is the movement for larger fields.

Pure: no Django, no database; deterministic.
"""

from functools import lru_cache

FEWEST_TEAMS, MOST_TEAMS = 5, 16
SEARCH_LIMIT = 200_000  # nodes per number of séries; the supported fields need far fewer


def howell_movement(teams: int, rounds: int | None = None) -> list[list[dict]]:
    """The Howell of ``teams`` triplettes over its first ``rounds`` positions (all of them,
    ``teams − 1`` rounded up to odd, when None); see the module."""
    if type(teams) is not int or not FEWEST_TEAMS <= teams <= MOST_TEAMS:
        raise ValueError(
            f"a Howell for {teams} triplettes: between {FEWEST_TEAMS} and {MOST_TEAMS} "
            "(fewer cannot be compared; more play a Mitchell)"
        )
    positions = howell_positions(teams)
    if rounds is None:
        rounds = positions
    if type(rounds) is not int or not 1 <= rounds <= positions:
        raise ValueError(
            f"{rounds} positions in a Howell of {teams} triplettes: between 1 and {positions} "
            "(then every triplette has met every other)"
        )
    pairs = _pairs(teams)[:rounds]
    series = _relabel(_series(teams)[:rounds])
    return [
        [{"NS": ns, "EW": ew, "set": s} for (ns, ew), s in zip(position, sets, strict=True)]
        for position, sets in zip(pairs, series, strict=True)
    ]


def howell_positions(teams: int) -> int:
    """Positions of a whole Howell: every triplette meets every other once."""
    return teams - 1 + teams % 2


def howell_byes(movement: list[list[dict]]) -> dict[int, int]:
    """Position -> the triplette that sits out (odd fields only; empty for even ones)."""
    teams = {table[line] for position in movement for table in position for line in ("NS", "EW")}
    byes = {}
    for r, position in enumerate(movement):
        out = teams - {table[line] for table in position for line in ("NS", "EW")}
        if out:
            (byes[r],) = out
    return byes


def _pairs(teams: int) -> list[list[tuple[int, int]]]:
    """The circle method's pairs (NS, EW) per position, tables in order of x (see the module)."""
    v = howell_positions(teams)
    pairs = []
    for r in range(v):
        position = [] if teams % 2 else [(v, r) if r % 2 == 0 else (r, v)]
        for x in range(1, (v - 1) // 2 + 1):
            up, down = (r + x) % v, (r - x) % v
            position.append((up, down) if x % 2 else (down, up))
        pairs.append(position)
    return pairs


@lru_cache(maxsize=32)
def _series(teams: int) -> tuple[tuple[int, ...], ...]:
    """Série per position and table (not yet numbered in order of appearance)."""
    v = howell_positions(teams)
    adder = _adder(v, with_infinity=teams % 2 == 0)
    if adder is not None:
        return tuple(tuple((r + a) % v for a in adder) for r in range(v))
    pairs = _pairs(teams)
    edges = sum(len(position) for position in pairs)
    count = max(v - teams % 2, -(-edges // (teams // 2)))  # each team's plays; séries' capacity
    while (found := search_series(pairs, teams, count)) is None:
        count += 1
    return found


@lru_cache(maxsize=32)
def _adder(v: int, with_infinity: bool) -> tuple[int, ...] | None:
    """Distinct a_x, for x = 0 (only with the fixed team) and 1 … (v − 1)/2, such that a_0 and
    the points a_x ± x are all distinct in Z_v: then série r + a_x at pair x of position r is
    never met twice by a team (a team t plays série t ∓ x + a_x, or t + a_0), nor twice in one
    position. None when there is none."""
    xs = ([0] if with_infinity else []) + list(range(1, (v - 1) // 2 + 1))

    def extend(chosen: tuple[int, ...], points: frozenset) -> tuple[int, ...] | None:
        if len(chosen) == len(xs):
            return chosen
        x = xs[len(chosen)]
        for a in range(v):
            hit = {a} if x == 0 else {(a + x) % v, (a - x) % v}
            if a not in chosen and not hit & points and len(hit) == (1 if x == 0 else 2):
                found = extend(chosen + (a,), points | hit)
                if found is not None:
                    return found
        return None

    return extend((), frozenset())


def search_series(
    pairs: list[list[tuple[int, int]]], teams: int, count: int, limit: int = SEARCH_LIMIT
) -> tuple[tuple[int, ...], ...] | None:
    """Séries 0..count−1 for every table such that no team plays one twice and no position plays
    one at two tables; None when there is none (or none within ``limit`` nodes). Exact
    backtracking: the table with the fewest séries left goes first (ties: table by table, then
    position by position, which is what finds 10 teams' Room square quickly); a new série is
    opened only as the lowest unused one, since séries are interchangeable."""
    edges = sorted(
        ((r, x, a, b) for r, position in enumerate(pairs) for x, (a, b) in enumerate(position)),
        key=lambda edge: (edge[1], edge[0]),
    )
    every = (1 << count) - 1
    played, in_position = [0] * teams, [0] * len(pairs)
    chosen: dict[tuple[int, int], int] = {}
    nodes = 0

    def extend(left: list[int], opened: int) -> bool:
        nodes_seen()
        if not left:
            return True
        best, free = _most_constrained(left, edges, every, played, in_position)
        if free == 0:
            return False
        r, x, a, b = edges[best]
        rest = [i for i in left if i != best]
        for s in range(min(opened + 1, count)):
            bit = 1 << s
            if not free & bit:
                continue
            played[a] |= bit
            played[b] |= bit
            in_position[r] |= bit
            chosen[r, x] = s
            if extend(rest, max(opened, s + 1)):
                return True
            played[a] ^= bit
            played[b] ^= bit
            in_position[r] ^= bit
        return False

    def nodes_seen() -> None:
        nonlocal nodes
        nodes += 1
        if nodes > limit:
            raise _GaveUp

    try:
        found = extend(list(range(len(edges))), 0)
    except _GaveUp:
        return None
    if not found:
        return None
    return tuple(tuple(chosen[r, x] for x in range(len(p))) for r, p in enumerate(pairs))


class _GaveUp(Exception):
    pass


def _most_constrained(left, edges, every, played, in_position) -> tuple[int, int]:
    """The edge with the fewest séries still allowed (first in order on ties), and those séries
    as a bit mask (0 when one has none left: a dead end)."""
    best, free, fewest = left[0], 0, None
    for i in left:
        r, _x, a, b = edges[i]
        allowed = every & ~(played[a] | played[b] | in_position[r])
        size = allowed.bit_count()
        if fewest is None or size < fewest:
            best, free, fewest = i, allowed, size
            if size == 0:
                break
    return best, free


def _relabel(series) -> list[list[int]]:
    """Séries renumbered 0, 1, 2 … in the order they first appear."""
    number: dict[int, int] = {}
    return [[number.setdefault(s, len(number)) for s in position] for position in series]
