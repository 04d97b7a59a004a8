"""The lower bounds on repeats: the engine's (in its report) and the grid benchmark's, which is
computed without the engine's plan. Both must stay below what any plan achieves, and name the
same figure where the plan cannot change it."""

import pytest

from benchmarks.bench_seating_grid import bound, counting_bound, pigeonhole_bound, spread
from tournaments.seating import SeatingRequest, plan_rounds, table_sizes


def test_spread_is_the_even_split():
    assert spread(5, 4) == 1  # 2, 1, 1, 1
    assert spread(5, 3) == 2  # 2, 2, 1
    assert spread(4, 4) == 0
    assert spread(32, 24) == 8  # eight partners twice


def test_pigeonhole_counts_every_two_positions():
    assert pigeonhole_bound(5, (5, 5, 5, 4)) == 10 * 3
    assert pigeonhole_bound(5, (4, 4, 4, 4, 4)) == 0


def test_counting_spreads_the_meetings_over_the_partners():
    assert counting_bound(16, 5, (4, 4, 4, 4), 1) == 0  # 15 meetings, 15 others
    assert counting_bound(16, 6, (4, 4, 4, 4), 1) == 24  # 18 meetings: 3 again each, halved
    assert counting_bound(16, 5, (4, 4, 4, 4), 2) == 8  # 14 others: one again each, halved


@pytest.mark.parametrize(
    ("players", "rounds", "remainder"),
    [(13, 5, "5"), (19, 6, "5"), (16, 6, "3"), (21, 8, "3"), (25, 8, "5"), (12, 4, "3")],
)
def test_no_plan_goes_below_the_bounds(players, rounds, remainder):
    request = SeatingRequest(
        players=range(1, players + 1), rounds=rounds, remainder=remainder, seed=3
    )
    report = plan_rounds(request).report
    sizes = table_sizes(players, remainder)
    assert bound(players, rounds, sizes, 1) <= report.repeats
    assert report.repeats_bound <= report.repeats
    if pigeonhole_bound(rounds, sizes) > counting_bound(players, rounds, sizes, 1):
        assert report.repeats_bound == bound(players, rounds, sizes, 1)
