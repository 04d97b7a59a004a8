"""The report of a plan, counted afresh from player ids (history and plan together).

Independent of how the plan was made: constructions and search results go through the same
counting, so what the organiser sees is what the positions contain. Also the final check of
the hard rules, which a plan must pass before it leaves the engine. Changes nothing.
"""

from collections import Counter
from itertools import combinations

from .fairness import odd_breaches
from .request import SeatingReport


def build_report(request, problem, positions, *, bound, method):
    """``positions``: the plan, tables of player ids in seat order."""
    meetings: Counter = Counter()
    for position in (*request.history, *positions):
        for table in position:
            for a, b in combinations(sorted(table), 2):
                meetings[a, b] += 1
    repeats = sum(m * (m - 1) // 2 for m in meetings.values())
    mate_pairs = {(a, b) for team in request.teams for a, b in combinations(sorted(team), 2)}
    clashes = sum(
        1
        for position in positions
        for table in position
        for pair in combinations(sorted(table), 2)
        if pair in mate_pairs
    )
    index = {player: i for i, player in enumerate(problem.ids)}
    odd = list(problem.odd0)
    seats = [list(c) for c in problem.seats0]
    odd_sets = []
    for position in positions:
        odd_sets.append({index[p] for table in position if len(table) in (3, 5) for p in table})
        for table in position:
            for seat, player in enumerate(table):
                seats[index[player]][min(seat, 4)] += 1
    breaches = odd_breaches(list(problem.odd0), odd_sets)
    for chosen in odd_sets:
        for i in chosen:
            odd[i] += 1
    sizes = Counter(len(table) for table in positions[0])
    return SeatingReport(
        repeats=repeats,
        repeated_pairs=sum(1 for m in meetings.values() if m > 1),
        max_meetings=max(meetings.values(), default=0),
        repeats_bound=bound + _absent_repeats(request, index),
        team_clashes=clashes,
        table_size_counts=tuple(sorted(sizes.items(), reverse=True)),
        odd_tables=tuple(zip(problem.ids, odd, strict=True)),
        odd_spread=max(odd) - min(odd),
        odd_breaches=breaches,
        seats=tuple((p, tuple(c)) for p, c in zip(problem.ids, seats, strict=True)),
        nord_spread=max(c[0] for c in seats) - min(c[0] for c in seats),
        seat_spread=max(max(c[:4]) - min(c[:4]) for c in seats),
        method=method,
        seed=request.seed,
    )


def _absent_repeats(request, index):
    """Repeats among pairs involving an absent player: history's, beyond any plan's reach."""
    meetings: Counter = Counter()
    for position in request.history:
        for table in position:
            for a, b in combinations(sorted(table), 2):
                if a not in index or b not in index:
                    meetings[a, b] += 1
    return sum(m * (m - 1) // 2 for m in meetings.values())


def check(problem, positions, *, partial=False):
    """Raise RuntimeError (a bug, not a user error) unless ``positions`` (indices) keep every
    hard rule; ``partial`` allows fewer positions than asked (a design's, before the search
    completes them)."""
    everyone = list(range(problem.n))
    if not partial and len(positions) != problem.rounds:
        raise RuntimeError("seating: one entry per position")
    for position in positions:
        if sorted(p for table in position for p in table) != everyone:
            raise RuntimeError("seating: each player exactly once per position")
        if tuple(len(table) for table in position) != problem.sizes:
            raise RuntimeError("seating: table sizes")
        for table in position:
            if any(set(problem.mates[p]) & set(table) for p in table):
                raise RuntimeError("seating: team-mates at one table")
