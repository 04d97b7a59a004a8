"""The fields with a proven zero-repeat maximum: a construction, no search, nobody twice. How
long they take is the benchmark's (``python -m benchmarks seating_limits``), not a test's."""

import pytest

from tournaments.seating import SeatingRequest, cliques, developed, fitting, plan_rounds
from tournaments.seating.fairness import odd_breaches

from .checks import assert_valid, meetings, repeats

MAXIMA = [
    (16, 5),
    (20, 5),
    (24, 7),
    (28, 9),
    (32, 10),
    (40, 13),
    (52, 17),
    (64, 21),
    (76, 25),
    (88, 29),
    (100, 33),
]


@pytest.mark.parametrize(("players", "rounds"), MAXIMA)
def test_a_proven_maximum_comes_out_with_zero_repeats_at_once(players, rounds):
    request = SeatingRequest(players=range(1, players + 1), rounds=rounds, seed=3)
    plan = plan_rounds(request)
    assert_valid(request, plan)
    met = meetings(plan)
    assert max(met.values()) == 1  # recounted here, not taken from the report
    assert len(met) == rounds * players // 4 * 6
    assert plan.report.repeats == plan.report.repeats_bound == 0
    assert plan.report.method == "construction"  # no search: instant


@pytest.mark.parametrize(
    ("players", "rounds", "team", "remainder"),
    [
        (28, 8, 2, "3"),  # a class not played keeps team-mates apart
        (24, 6, 2, "3"),
        (27, 9, 0, "3"),  # one empty seat: each player once at the table of 3, nobody twice
        (27, 8, 0, "3"),
        (39, 13, 0, "3"),
        (87, 29, 0, "3"),
        (26, 8, 0, "3"),
        (75, 24, 0, "3"),
        (87, 28, 4, "3"),
        (30, 10, 0, "3"),  # GF(2)^5: two empty seats on one of the pairs that never meet
        (31, 10, 0, "3"),
        (32, 10, 2, "3"),  # team-mates on those pairs
        (32, 9, 4, "3"),  # the position not played keeps teams of 4 apart
        (36, 10, 0, "3"),  # Z_5 on six orbits: six fixed points never meet
        (34, 10, 0, "3"),  # two or three empty seats among them
        (33, 10, 0, "3"),
        (36, 10, 2, "3"),  # team-mates on points that never meet
        (36, 9, 4, "3"),
    ],
)
def test_fields_near_a_maximum_keep_nobody_meeting_twice(players, rounds, team, remainder):
    ids = list(range(1, players + 1))
    teams = [ids[i : i + team] for i in range(0, players - team + 1, team)] if team else []
    request = SeatingRequest(players=ids, rounds=rounds, teams=teams, remainder=remainder, seed=5)
    plan = plan_rounds(request)
    assert_valid(request, plan)
    assert max(meetings(plan).values()) == 1
    assert plan.report.repeats == 0


@pytest.mark.parametrize(("players", "rounds"), [(29, 9), (41, 13), (77, 25), (89, 29)])
def test_one_player_more_at_tables_of_five_joins_the_design_at_the_bound(players, rounds):
    # The extra player meets 4 a position: 4q meetings among 3q + 1 players over q positions,
    # so at least q - 1 repeats, no pair three times. The search alone ended with 40 at 29 x 9,
    # 77 at 41 x 13, 248 at 77 x 25 and 330 at 89 x 29.
    request = SeatingRequest(players=range(players), rounds=rounds, remainder="5", seed=20240601)
    plan = plan_rounds(request)
    assert_valid(request, plan)
    met = meetings(plan)
    assert repeats(met) == plan.report.repeats == plan.report.repeats_bound == rounds - 1
    assert max(met.values()) == 2


def test_teams_go_on_never_meeting_points_by_backtracking_where_greedy_tries_fail():
    design = developed.stored(36)
    meets = [set() for _ in range(36)]
    for blocks in design.classes:
        for block in blocks:
            for x in block:
                meets[x].update(block)
    pairs = cliques.search(set(range(36)), meets, [2] * 18)
    assert sorted(x for pair in pairs for x in pair) == list(range(36))
    assert not any(b in meets[a] for a, b in pairs)
    # Six fixed points meet nobody but the thirty others: no way to split 36 into fours.
    assert cliques.search(set(range(36)), meets, [4] * 9) is None
    # With this seed the greedy tries all fail: 15 repeated meetings before the backtracking.
    ids = list(range(1, 37))
    teams = [ids[i : i + 2] for i in range(0, 36, 2)]
    request = SeatingRequest(players=ids, rounds=10, teams=teams, seed=20240601)
    plan = plan_rounds(request)
    assert_valid(request, plan)
    assert max(meetings(plan).values()) == 1
    assert plan.report.method == "construction"


@pytest.mark.parametrize("extras", [1, 2, 3])
def test_one_to_three_players_more_than_32_at_ten_positions_join_the_design(extras):
    # Each extra player sits at a table of 5 every position: 40 meetings among 32 players, so
    # at least 8 of them meet the extra twice. The search alone ended with 38, 49 and 58.
    players = 32 + extras
    request = SeatingRequest(players=range(players), rounds=10, remainder="5", seed=20240601)
    plan = plan_rounds(request)
    assert_valid(request, plan)
    met = meetings(plan)
    assert repeats(met) == plan.report.repeats <= 9 * extras
    assert max(met.values()) == 2
    assert plan.report.method == "construction"


@pytest.mark.parametrize(
    ("players", "rounds", "most"),
    [(26, 9, 2), (25, 9, 3), (38, 13, 2), (37, 13, 3), (50, 17, 2), (98, 33, 2), (97, 33, 3)],
)
def test_two_or_three_empty_seats_on_a_design_played_whole_meet_again_at_one_table(
    players, rounds, most
):
    # Every pair meets once in these designs, so no group keeps two empty points apart: they
    # are taken from one table, whose position is remade (its table of 2 or 1 joined with one
    # or two tables of 4). The search alone ended with 26 at 26 x 9, 44 at 38 x 13, 93 at
    # 50 x 17 and 346 at 98 x 33.
    request = SeatingRequest(players=range(players), rounds=rounds, remainder="3", seed=1)
    plan = plan_rounds(request)
    assert_valid(request, plan)
    met = meetings(plan)
    assert repeats(met) == plan.report.repeats <= most
    assert max(met.values()) == 2
    assert plan.report.method == "construction"


def test_a_mended_design_orders_its_positions_so_the_tables_of_3_go_round():
    # Seven players, a table of 4 and one of 3. In the order given, players 0 and 1 sit at
    # the table of 3 a second time (position C) while 3 to 6 have had none: 2 breaches.
    a = [[3, 4, 5, 6], [0, 1, 2]]
    b = [[0, 1, 2, 6], [3, 4, 5]]
    c = [[2, 3, 4, 5], [6, 0, 1]]
    d = [[0, 1, 5, 6], [2, 3, 4]]
    odd = [{p for t in position if len(t) == 3 for p in t} for position in (a, c, b, d)]
    assert odd_breaches([0] * 7, odd) == 2
    ordered = fitting._fair_order([a, c, b, d], (0,) * 7)
    assert sorted(map(str, ordered)) == sorted(map(str, [a, b, c, d]))
    odd = [{p for t in position if len(t) == 3 for p in t} for position in ordered]
    assert odd_breaches([0] * 7, odd) == 0
