"""Seat order at each table once the tables are fixed: Nord, Est, Sud, Ouest, fifth seat.

Goal: each player's seat counts (history included) within one of each other, which also shares
Nord (who keeps the sheet) out evenly. First, position by position, every table takes the
permutation adding least to the players' squared counts. Then, for each pair of seats (a, b),
the tables holding both form a graph on players (one edge per table, from the player in seat a
to the one in seat b); while a player holds a at least two more times than b, turning round a
path of edges from them to a player short of a evens them out and changes nobody else's counts
(the classic proof that bipartite graphs have equitable edge colourings, de Werra 1971). Never
moves a player to another table.
"""

from collections import deque
from itertools import combinations, permutations

SEATS = 5
_PERMUTATIONS = {size: tuple(permutations(range(size))) for size in range(1, SEATS + 1)}
MAX_ROUNDS_OF_PAIRS = 20  # passes over the seat pairs; each path turned makes strict progress


def assign_seats(positions, seats0, rank):
    """``positions`` with each table reordered into seat order; ``seats0`` are the counts of
    Nord..fifth seat held in history, ``rank`` breaks ties between equal permutations."""
    counts = [list(c) for c in seats0]
    ordered = [[list(table) for table in position] for position in positions]
    for position in ordered:
        for t, table in enumerate(position):
            table.sort(key=rank.__getitem__)
            position[t] = _best(table, counts)
            for seat, p in enumerate(position[t]):
                counts[p][seat] += 1
    tables = [table for position in ordered for table in position]
    for _ in range(MAX_ROUNDS_OF_PAIRS):
        changed = False
        for a, b in combinations(range(SEATS), 2):
            changed |= _balance(tables, counts, a, b)
        if not changed:
            break
    return ordered


def _best(table, counts):
    """The seat order of ``table`` adding least to the squared counts."""
    if len(table) > SEATS:  # no such table in a plan; keep the order rather than try 6! orders
        return list(table)
    best, best_cost = None, None
    for perm in _PERMUTATIONS[len(table)]:
        cost = 0
        for p, seat in zip(table, perm, strict=True):
            cost += counts[p][seat]
        if best_cost is None or cost < best_cost:
            best, best_cost = perm, cost
    ordered = [None] * len(table)
    for p, seat in zip(table, best, strict=True):
        ordered[seat] = p
    return ordered


def _balance(tables, counts, a, b):
    """Even out seats a and b by turning round paths; True if anything changed."""
    edges = [table for table in tables if len(table) > b]
    changed = False
    for _ in range(len(edges) + 1):
        excess = {}
        for table in edges:
            for p in (table[a], table[b]):
                excess[p] = counts[p][a] - counts[p][b]
        start = next((p for p in sorted(excess) if abs(excess[p]) > 1), None)
        if start is None or not _turn_path(edges, counts, excess, start, a, b):
            return changed
        changed = True
    return changed


def _turn_path(edges, counts, excess, start, a, b):
    """Swap seats a and b along a path from ``start`` to a player who can take the change."""
    ahead, behind = (a, b) if excess[start] > 0 else (b, a)  # start gives up ``ahead``
    following = {}
    for i, table in enumerate(edges):
        following.setdefault(table[ahead], []).append(i)
    came = {start: None}
    queue = deque([start])
    while queue:
        x = queue.popleft()
        if x != start and (excess[x] < 0 if ahead == a else excess[x] > 0):
            while came[x] is not None:
                i = came[x]
                table = edges[i]
                giver = table[ahead]
                table[ahead], table[behind] = x, giver
                counts[giver][ahead] -= 1
                counts[giver][behind] += 1
                counts[x][ahead] += 1
                counts[x][behind] -= 1
                x = giver
            return True
        for i in following.get(x, ()):
            y = edges[i][behind]
            if y not in came:
                came[y] = i
                queue.append(y)
    return False
