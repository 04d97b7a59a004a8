"""Searches for duplicate-individuel movements where no construction of ``duplicate`` applies
(fft-duplicate.md §2: "a search that keeps the hard rule and minimises repeated meetings").

Two representations, both keeping the hard rule (no player plays a série twice) by design or
checking it exactly:

- **Difference rows** over Z_T: row r = (0, d_E, d_S, d_W, d_série); at position r table h hosts
  the player d_k + h of line k and série d_série + h. Write π_k(r) = d_k − d_série (π_N = −d_série):
  the player u of line k plays série u − π_k(r), so the hard rule is "each π_k injective", kept by
  every move. Two lines i, j repeat exactly when π_i − π_j takes a value twice, and then T pairs
  meet again: repeats = T × (duplicated differences). ``difference_rows`` finds rows with none
  by depth-first search; ``anneal_differences`` minimises the duplicates.
- **Latin rectangles**: ``series[k][r][p]`` = the série the player p of line k plays in position r
  (each row a permutation; the hard rule is "no column repeats"). Players meet when they play the
  same série in the same position; the table is the North player's. ``anneal_latin`` improves a
  movement by swaps in one row, the hard rule as a heavy penalty, keeping the best movement that
  has no violation. This breaks the cyclic symmetry the difference rows keep: at 6 tables and 6
  positions they cannot do better than 36 (for T even and R = T each π_i − π_j repeats a value,
  as Σ π_i − Σ π_j = 0 ≠ T/2 = Σ Z_T), the rectangles reach 28.

Deterministic: every random choice comes from ``random.Random`` with a fixed seed, and every
budget counts steps, never seconds. Pure: no Django; knows nothing about tournaments.
"""

import json
import math
import random
from functools import lru_cache
from pathlib import Path

SEED = 20240601
NODES = 30_000  # depth-first tries for rows without repeats
STEPS = 30_000  # annealing steps over the difference rows
LATIN_STEPS = 150_000  # annealing steps over the Latin rectangles, for small movements only
LATIN_CELLS = 100  # tables × positions up to which the Latin rectangles are annealed
HOT = 0.6  # starting temperature (in duplicated differences) of the difference rows
SEARCHED_FILE = Path(__file__).parent / "data" / "duplicate-searched.json"
HARD = 3  # the hard rule's weight while annealing: 8 froze every Latin square (R = T)
STORED = ((2, 2), (3, 2), (3, 3), (4, 2), (4, 3), (4, 4), (6, 6), (10, 10))
PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


def difference_rows(tables: int, rounds: int, nodes: int, seed: int = SEED) -> list:
    """Up to ``rounds`` rows (0, d_E, d_S, d_W, d_série) over Z_T whose differences between any
    two columns are all distinct (zero repeats, hard rule kept): all of them, or the most that
    ``nodes`` tries of a depth-first search found."""
    rng = random.Random(seed)
    t = tables
    used = {(i, j): {0} for i in range(5) for j in range(i + 1, 5)}  # row 0 is (0, 0, 0, 0, 0)
    rows = [[0] * 5]
    longest = [list(rows)]
    order = (4, 1, 2, 3)  # the série's column first: it has the hard rule with every other
    budget = [nodes]

    def keys(row, col, value, depth):
        for c in (0, *order[:depth]):
            yield ((c, col), (value - row[c]) % t) if c < col else ((col, c), (row[c] - value) % t)

    def place(row, depth):
        if depth == 4:
            added = [((i, j), (row[j] - row[i]) % t) for i in range(5) for j in range(i + 1, 5)]
            for pair, d in added:
                used[pair].add(d)
            rows.append(list(row))
            if len(rows) > len(longest[0]):
                longest[0] = list(rows)
            if len(rows) == rounds or place([0] * 5, 0):
                return True
            rows.pop()
            for pair, d in added:
                used[pair].discard(d)
            return False
        col = order[depth]
        values = list(range(1, t))
        rng.shuffle(values)
        for value in values:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            if all(d not in used[pair] for pair, d in keys(row, col, value, depth)):
                row[col] = value
                if place(row, depth + 1):
                    return True
        return False

    if rounds > 1:
        place([0] * 5, 0)
    return longest[0]


def anneal_differences(
    tables: int, rounds: int, steps: int, start: list = (), seed: int = SEED
) -> tuple:
    """(duplicated differences, rows) after annealing the maps π_k (see the module), from the
    rows ``start`` (without repeats, say) completed at random."""
    rng = random.Random(seed)
    t, n = tables, rounds
    pi = [[(d[k] - d[4]) % t if k else -d[4] % t for d in start] for k in range(4)]
    for p in pi:
        rest = sorted(set(range(t)) - set(p))
        p.extend(rng.sample(rest, n - len(p)))
    free = [sorted(set(range(t)) - set(p)) for p in pi]
    counts = {pair: [0] * t for pair in PAIRS}
    partners = [[pair for pair in PAIRS if k in pair] for k in range(4)]
    cost = 0
    for i, j in PAIRS:
        c = counts[(i, j)]
        for r in range(n):
            d = (pi[i][r] - pi[j][r]) % t
            cost += c[d] > 0
            c[d] += 1

    def change(k, r, value):
        """Give π_k(r) the value; returns the change in duplicates."""
        delta = 0
        old = pi[k][r]
        for i, j in partners[k]:
            c = counts[(i, j)]
            d = (pi[i][r] - pi[j][r]) % t
            c[d] -= 1
            delta -= c[d] > 0
        pi[k][r] = value
        for i, j in partners[k]:
            c = counts[(i, j)]
            d = (pi[i][r] - pi[j][r]) % t
            delta += c[d] > 0
            c[d] += 1
        return delta, old

    best = (cost, [list(p) for p in pi])
    hot, cold = HOT, 0.05
    for step in range(steps):
        if not best[0]:
            break
        temperature = hot * (cold / hot) ** (step / steps)
        k, r = rng.randrange(4), rng.randrange(n)
        if free[k] and (n == 1 or rng.random() < 0.5):
            f = rng.randrange(len(free[k]))
            delta, old = change(k, r, free[k][f])
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                free[k][f] = old
                cost += delta
            else:
                change(k, r, old)
                continue
        else:
            s = rng.randrange(n - 1)
            s += s >= r
            a, b = pi[k][r], pi[k][s]
            d1, _ = change(k, r, b)
            d2, _ = change(k, s, a)
            delta = d1 + d2
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                cost += delta
            else:
                change(k, s, b)
                change(k, r, a)
                continue
        if cost < best[0]:
            best = (cost, [list(p) for p in pi])
    cost, pi = best
    # back to rows (0, d_E, d_S, d_W, d_série): d_série = −π_N, d_k = π_k − π_N
    rows = [[(pi[k][r] - pi[0][r]) % t for k in range(4)] + [-pi[0][r] % t] for r in range(n)]
    return cost, rows


def search_movement(tables: int, rounds: int, start: list = ()) -> list:
    """The movement found for ``tables`` tables and ``rounds`` positions, as rows of tables
    [n, e, s, w, série] (players by their index in their line): a stored result of a longer run
    of this same search where there is one (``refresh``), else difference rows without repeats
    (``start``, or found by ``difference_rows``), completed by annealing them when there are
    too few, then improved as Latin rectangles when the movement is small."""
    found = _found(tables, rounds, tuple(tuple(row) for row in start))
    return [[list(table) for table in position] for position in found]


@lru_cache(maxsize=256)
def _found(tables: int, rounds: int, start: tuple) -> tuple:
    """Kept: the search takes up to a second, and a séance's pages ask for its movement often."""
    stored = _searched().get(f"{tables}x{rounds}")
    if stored is not None:
        movement = from_series(tables, stored["series"])
    else:
        movement = search(tables, rounds, start)[1]
    return tuple(tuple(tuple(table) for table in position) for position in movement)


def search(tables: int, rounds: int, start=(), seed: int = SEED, latin_steps: int = LATIN_STEPS):
    """(repeated meetings, movement) of the search itself, without the stored results."""
    start = list(start) or difference_rows(tables, rounds, NODES, seed)
    if len(start) == rounds:
        return 0, _developed(tables, start[:rounds])
    dups, rows = anneal_differences(tables, rounds, STEPS, start, seed)
    movement = _developed(tables, rows)
    if tables * rounds > LATIN_CELLS:
        return dups * tables, movement
    found = anneal_latin(tables, to_series(tables, movement), latin_steps, seed)
    return found[0], from_series(tables, found[1])


def refresh(cases, seeds: int = 8, factor: int = 10, start: dict | None = None) -> dict:
    """Runs the search ``factor`` times longer over ``seeds`` seeds for each (tables, rounds)
    and writes the best movements to ``SEARCHED_FILE`` (how data/duplicate-searched.json was
    made: ``refresh(STORED, start={(6, 6): D6, (10, 10): D10})``)."""
    movements = {}
    for tables, rounds in cases:
        first = (start or {}).get((tables, rounds), ())
        runs = (search(tables, rounds, first, s, LATIN_STEPS * factor) + (s,) for s in range(seeds))
        repeats, movement, seed = min(runs, key=lambda run: (run[0], run[2]))
        movements[f"{tables}x{rounds}"] = {
            "repeats": repeats,
            "seed": seed,
            "latin_steps": LATIN_STEPS * factor,
            "series": to_series(tables, movement),
        }
    about = "Movements found by duplicate_search.refresh (longer runs of the same search)."
    SEARCHED_FILE.write_text(json.dumps({"about": about, "movements": movements}))
    _searched.cache_clear()
    _found.cache_clear()
    return movements


def _developed(tables: int, rows: list) -> list:
    """The movement of difference rows: at position r, table h hosts d_k + h and série d + h."""
    return [[[(d[k] + h) % tables for k in range(5)] for h in range(tables)] for d in rows]


@lru_cache(maxsize=1)
def _searched() -> dict:
    return json.loads(SEARCHED_FILE.read_text())["movements"] if SEARCHED_FILE.exists() else {}


def to_series(tables: int, movement: list) -> list:
    """series[k][r][p] from a movement given as rows of tables [n, e, s, w, série] (players by
    their index in their line; North at its own table)."""
    series = [[[0] * tables for _ in movement] for _ in range(4)]
    for r, position in enumerate(movement):
        for table in position:
            for k in range(4):
                series[k][r][table[k]] = table[4]
    return series


def from_series(tables: int, series: list) -> list:
    """Back to rows of tables [n, e, s, w, série], table x hosting North player x."""
    movement = []
    for r in range(len(series[0])):
        player = [[0] * tables for _ in range(4)]
        for k in range(4):
            for p, s in enumerate(series[k][r]):
                player[k][s] = p
        movement.append(
            [
                [x] + [player[k][series[0][r][x]] for k in (1, 2, 3)] + [series[0][r][x]]
                for x in range(tables)
            ]
        )
    return movement


def score(tables: int, series: list) -> tuple[int, int]:
    """(repeated meetings, hard-rule violations) of a movement as Latin rectangles."""
    t = tables
    repeats = violations = 0
    for i, j in PAIRS:
        met = {}
        for r in range(len(series[0])):
            where = {s: p for p, s in enumerate(series[j][r])}
            for p, s in enumerate(series[i][r]):
                key = (p, where[s])
                repeats += key in met
                met[key] = 1
    for k in range(4):
        for p in range(t):
            column = [row[p] for row in series[k]]
            violations += len(column) - len(set(column))
    return repeats, violations


def anneal_latin(
    tables: int,
    series: list,
    steps: int,
    seed: int = SEED,
    hard_weight: int = HARD,
    hot: float = 1.0,
) -> tuple:
    """(repeats, series) after annealing a movement given as Latin rectangles; the result keeps
    the hard rule (the start must)."""
    rng = random.Random(seed)
    t, n = tables, len(series[0])
    series = [[list(row) for row in line] for line in series]
    inv = [[[0] * t for _ in range(n)] for _ in range(4)]
    for k in range(4):
        for r in range(n):
            for p, s in enumerate(series[k][r]):
                inv[k][r][s] = p
    meet = {pair: [0] * (t * t) for pair in PAIRS}
    seen = [[0] * (t * t) for _ in range(4)]
    for i, j in PAIRS:
        for r in range(n):
            for p, s in enumerate(series[i][r]):
                meet[(i, j)][p * t + inv[j][r][s]] += 1
    for k in range(4):
        for row in series[k]:
            for p, s in enumerate(row):
                seen[k][p * t + s] += 1
    soft = sum(c - 1 for counts in meet.values() for c in counts if c > 1)
    hard = sum(c - 1 for counts in seen for c in counts if c > 1)
    # for line k, the other lines with the counter and whether k comes first in it
    others = [
        [(j, meet[(min(k, j), max(k, j))], k < j) for j in range(4) if j != k] for k in range(4)
    ]

    def swap(k, r, p, q):
        """Swap the séries of players p and q of line k in position r; the change in cost."""
        row, rinv = series[k][r], inv[k][r]
        a, b = row[p], row[q]
        ds = dh = 0
        for j, counts, first in others[k]:
            pa, pb = inv[j][r][a], inv[j][r][b]
            for x, old, new in ((p, pa, pb), (q, pb, pa)):
                i_old = x * t + old if first else old * t + x
                i_new = x * t + new if first else new * t + x
                counts[i_old] -= 1
                ds -= counts[i_old] > 0
                ds += counts[i_new] > 0
                counts[i_new] += 1
        line = seen[k]
        for x, old, new in ((p, a, b), (q, b, a)):
            line[x * t + old] -= 1
            dh -= line[x * t + old] > 0
            dh += line[x * t + new] > 0
            line[x * t + new] += 1
        row[p], row[q] = b, a
        rinv[a], rinv[b] = q, p
        return ds, dh

    best = (soft, [[list(row) for row in line] for line in series]) if not hard else None
    cold = 0.1
    for step in range(steps):
        temperature = hot * (cold / hot) ** (step / steps)
        k, r = rng.randrange(4), rng.randrange(n)
        p = rng.randrange(t)
        q = rng.randrange(t - 1)
        q += q >= p
        ds, dh = swap(k, r, p, q)
        delta = ds + hard_weight * dh
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            soft += ds
            hard += dh
            if not hard and (best is None or soft < best[0]):
                best = (soft, [[list(row) for row in line] for line in series])
        else:
            swap(k, r, p, q)
    return best
