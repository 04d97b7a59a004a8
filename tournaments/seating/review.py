"""What an organiser reviews before publishing one position: counted from plain ids.

``review_position`` takes the position as it now stands (after any swap made by hand), the
positions already played and the teams, and returns a JSON-ready dict. It never changes a
seating and knows nothing of the database.
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

Table = Sequence[int]
Position = Sequence[Table]


def review_position(
    *, position: Position, history: Iterable[Position] = (), teams: Iterable[Sequence[int]] = ()
) -> dict:
    """Repeats (pairs of this position who met before), team clashes, sizes, Nord balance.

    ``repeats`` is the sum over pairs of C(m, 2), m the meetings counting this position: 0 when
    nobody meets twice, and the figure the engine minimises.
    """
    history = list(history)
    meetings: Counter = Counter()
    nord: Counter = Counter()
    for played in (*history, position):
        for table in played:
            nord[table[0]] += 1
            for pair in combinations(sorted(table), 2):
                meetings[pair] += 1
    here = [pair for table in position for pair in combinations(sorted(table), 2)]
    mates = {pair for team in teams for pair in combinations(sorted(team), 2)}
    seated = [player for table in position for player in table]
    nord_counts = [nord[player] for player in seated] or [0]
    return {
        "repeats": sum(m * (m - 1) // 2 for m in meetings.values()),
        "repeated_pairs": sorted([a, b, meetings[a, b]] for a, b in here if meetings[a, b] > 1),
        "team_clashes": sorted([a, b] for a, b in here if (a, b) in mates),
        "table_sizes": {
            str(size): count for size, count in sorted(Counter(map(len, position)).items())
        },
        "nord_min": min(nord_counts),
        "nord_max": max(nord_counts),
        "players": len(seated),
    }
