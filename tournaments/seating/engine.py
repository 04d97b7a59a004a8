"""``plan_rounds``: the seating engine's entry point.

Order of work: check the request; try an algebraic design (only when present players have not
met yet, since a design knows nothing of history), done if it is perfect and shares the tables
of 3 or 5 out fairly; otherwise, or to finish a design with too few positions, decide who sits
at the odd tables (round robin), build each remaining position greedily and improve the plan by
local search. If nobody-meets-twice (or the lower bound) is still out of reach, repeats come
first: a perfect but unfair design wins, else the search goes on with the odd tables free to
go to whoever avoids repeats, and a design covering every position with fewer repeats than the
search ended with (extra players slipped in at tables of 5) wins. Then seat each table, verify
the hard rules, count the report.
Deterministic: one ``random.Random(seed)`` drives every choice and all budgets count steps, not
seconds. No Django, no database, no I/O.
"""

import random
from collections import Counter

from . import errors
from .board import Board
from .errors import SeatingError
from .fairness import odd_players, odd_sets
from .fitting import candidates, fit
from .problem import build_problem
from .report import build_report, check
from .request import SeatingPlan, SeatingRequest
from .search import improve
from .seats import assign_seats

MAX_STEPS = 200_000  # local-search moves
MAX_WORK = 2_000_000  # swaps evaluated by the local search (about 1 s at worst)
WORK_PER_PAIR = 100  # smaller fields get less: players^2 x positions x this
MIN_WORK = 20_000  # but at least this
QUICK_WORK = 1_000_000  # the same, when a perfect design with uneven odd tables is at hand
STRICT_SHARE = 40  # percent of the budget for a search keeping the odd-table round robin
LONGER = 150  # percent of the budget for the whole search when the bound is out of reach,
LONGEST = 1_800_000  # up to this (about 1 s at 36 players x 10 positions on two slow cores)


def plan_rounds(request: SeatingRequest) -> SeatingPlan:
    """Plan ``request.rounds`` positions; raises ``SeatingError`` when it cannot be done."""
    problem = build_problem(request)
    rng = random.Random(request.seed)
    order = list(range(problem.n))
    rng.shuffle(order)
    rank = [0] * problem.n
    for place, p in enumerate(order):
        rank[p] = place
    positions, bound, method = _tables(problem, rng)
    check(problem, positions)
    seated = assign_seats(positions, problem.seats0, rank)
    ids = problem.ids
    plan = tuple(tuple(tuple(ids[p] for p in table) for table in position) for position in seated)
    report = build_report(request, problem, plan, bound=bound, method=method)
    return SeatingPlan(plan, report)


def _tables(problem, rng):
    """Positions as lists of tables of player indices, the repeats bound, and the method."""
    design = _design(problem, rng) if not problem.met else None
    perfect = design is not None and design[1] == 0 and len(design[0]) == problem.rounds
    if perfect and design[2] == 0:
        return design[0], _bound(problem, design[0]), "construction"
    # Search from the fair part of a design (if any), odd tables shared out by round robin.
    board = Board(problem.n, problem.sizes, problem.mates, problem.met, problem.odd0)
    seeded = design is not None and design[1] == 0 and design[2] == 0
    if seeded:
        for tables in design[0]:
            board.add(tables)
    _greedy(problem, board, rng)
    bound = _bound(problem, board.positions)
    budget = max(MIN_WORK, min(MAX_WORK, WORK_PER_PAIR * problem.n**2 * problem.rounds))
    # With a perfect design sharing the odd tables out unevenly at hand, only a short try.
    strict = min(budget, QUICK_WORK) if perfect else budget * STRICT_SHARE // 100
    cost, reached, work = improve(board, rng, bound, MAX_STEPS, strict)
    method = "construction+search" if seeded else "search"
    if reached:
        return board.positions, bound, method
    if perfect:  # repeats first: the uneven design wins
        return design[0], _bound(problem, design[0]), "construction"
    # Repeats first: odd tables may go to whoever avoids repeats, the round robin a lesser cost.
    fair = [[list(t) for t in tables] for tables in board.positions]
    # The same search, only longer, so its plan is never worse than with the budget alone:
    # what it found by then is kept until something better comes.
    longer = max(budget, min(LONGEST, budget * LONGER // 100))
    cost_free, _, _ = improve(board, rng, bound, MAX_STEPS, longer - work, strict=False)
    found = board.positions if cost_free < cost else fair
    # Repeats first: a design with repeats (extra players slipped in at tables of 5, say) still
    # wins when the search ends with more.
    if (
        design is not None
        and len(design[0]) == problem.rounds
        and design[1] < _cost(problem, found)
    ):
        return design[0], min(bound, _bound(problem, design[0])), "construction"
    return found, bound, method


def _design(problem, rng):
    """The best (positions, repeats, odd-table breaches) the algebraic designs give, or None."""
    best, best_key = None, None
    for design in candidates(problem):
        found = fit(design, problem, rng)
        if found is None:
            continue
        positions, breaches = found
        check(problem, positions, partial=True)
        key = (-len(positions), _cost(problem, positions), breaches)
        if best_key is None or key < best_key:
            best, best_key = (positions, key[1], breaches), key
            if key == (-problem.rounds, 0, 0):
                break
    return best


def _greedy(problem, board, rng):
    """Complete the board: odd tables by round robin, then each position greedily."""
    sizes = problem.sizes
    odd_tables = sum(1 for s in sizes if s != 4)
    counts = list(problem.odd0)
    for odd in odd_players(board.positions):
        for p in odd:
            counts[p] += 1
    todo = problem.rounds - len(board.positions)
    sets = odd_sets(
        counts,
        todo,
        rng,
        sum(s for s in sizes if s != 4),
        odd_tables,
        len(sizes) - odd_tables,
        problem.teams,
        past=odd_players(board.positions),
    )
    if sets is None:
        raise SeatingError(errors.TEAMS_UNSEATABLE, {"tables": len(sizes)})
    for odd in sets:
        order = list(range(problem.n))
        rng.shuffle(order)
        tables = board.greedy(odd, order, problem.teams, rng)
        if tables is None:
            tables = board.roomiest(odd, order, problem.teams, rng)
        if tables is None:
            raise SeatingError(errors.TEAMS_UNSEATABLE, {"tables": len(sizes)})
        board.add(tables)


def _cost(problem, positions):
    meetings = Counter(problem.met)
    for tables in positions:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    meetings[min(a, b), max(a, b)] += 1
    return sum(m * (m - 1) // 2 for m in meetings.values())


def _bound(problem, positions):
    """Lower bound on the sum of C(m, 2) over present pairs: the larger of the counting bound
    (each player's new meetings spread as evenly as possible over the players they may still
    meet) and the pigeonhole bound (``_pigeonhole``)."""
    return max(_counting(problem, positions), _pigeonhole(problem, len(positions)))


def _pigeonhole(problem, rounds):
    """The sum of C(m, 2) is at least C(h, 2) + C(p, 2) per pair (h meetings in history, p in
    the plan), and the sum of C(p, 2) counts, for every two planned positions, the pairs sharing
    a table at both. A table of s players spreads over the other position's T tables at best
    evenly: when s > T (13 players, 17 to 19 at tables of 5) some of them meet again."""
    tables = len(problem.sizes)
    per_two = 0
    for s in problem.sizes:
        q, r = divmod(s, tables)
        per_two += r * (q + 1) * q // 2 + (tables - r) * q * (q - 1) // 2
    constant = sum(m * (m - 1) // 2 for m in problem.met.values())
    return constant + rounds * (rounds - 1) // 2 * per_two


def _counting(problem, positions):
    """Counting lower bound on the sum of C(m, 2) over present pairs: each player's new
    meetings spread as evenly as possible over the players they may still meet."""
    n = problem.n
    new = [0] * n
    for tables in positions:
        for table in tables:
            for p in table:
                new[p] += len(table) - 1
    known = [Counter() for _ in range(n)]
    for (a, b), m in problem.met.items():
        known[a][b] = known[b][a] = m
    doubled = 0
    for p in range(n):
        levels = Counter(m for q, m in known[p].items() if q not in problem.mates[p])
        levels[0] += n - 1 - len(problem.mates[p]) - sum(levels.values())
        left, level = new[p], 0
        while left > 0:
            take = min(levels[level], left)
            doubled += take * level
            left -= take
            levels[level + 1] += take
            level += 1
    constant = sum(m * (m - 1) // 2 for m in problem.met.values())
    return constant + (doubled + 1) // 2
