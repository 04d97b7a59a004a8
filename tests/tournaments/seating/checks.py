"""Independent checks of a seating plan, written apart from the engine's own counting."""

from collections import Counter
from itertools import combinations

from tournaments.seating import table_sizes


def meetings(positions):
    """How often each pair (smaller id first) shared a table."""
    met = Counter()
    for position in positions:
        for table in position:
            for a, b in combinations(table, 2):
                met[min(a, b), max(a, b)] += 1
    return met


def repeats(met):
    """Repeated meetings: the sum over pairs of C(m, 2), m from ``meetings``."""
    return sum(m * (m - 1) // 2 for m in met.values())


def assert_valid(request, plan):
    """The hard rules: one entry per position, everyone once, the table sizes, teams apart."""
    players = sorted(request.players)
    sizes = table_sizes(len(players), request.remainder)
    assert len(plan) == request.rounds
    mates = {
        frozenset(pair)
        for team in request.teams
        for pair in combinations([p for p in team if p in players], 2)
    }
    for position in plan:
        assert sorted(p for table in position for p in table) == players
        assert tuple(sorted(map(len, position), reverse=True)) == sizes
        for table in position:
            assert not any(frozenset(pair) in mates for pair in combinations(table, 2))
