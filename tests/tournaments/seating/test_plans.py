"""Table-driven plans: the perfect fields, past the limit, the plan as a sequence, the seats."""

import pytest

from tournaments.seating import SEAT_NAMES, SeatingPlan, SeatingRequest, plan_rounds, table_sizes

from .checks import assert_valid, meetings, repeats


def plan_for(players, rounds, *, team=0, remainder="3", seed=7):
    ids = list(range(1, players + 1))
    teams = [ids[i : i + team] for i in range(0, players - team + 1, team)] if team else []
    request = SeatingRequest(
        players=ids, rounds=rounds, teams=teams, remainder=remainder, seed=seed
    )
    plan = plan_rounds(request)
    assert_valid(request, plan)
    return plan


@pytest.mark.parametrize(
    ("players", "rounds", "team", "remainder"),
    [
        (16, 5, 0, "3"),  # the limit: AG(2, 4)
        (20, 5, 0, "3"),
        (28, 7, 0, "3"),
        (32, 8, 0, "3"),  # the limit reached by GF(8)
        (40, 10, 0, "3"),
        (40, 13, 0, "3"),  # the limit: the stored 1-rotational design
        (40, 12, 2, "3"),  # teams of 2: limit floor(38 / 3) = 12
        (40, 10, 4, "3"),
        (41, 10, 0, "3"),
        (44, 10, 4, "3"),
        (41, 10, 2, "5"),  # PG(3, 3) with an extra at the table of 5
        (43, 10, 4, "5"),
        (45, 10, 0, "5"),
        (50, 10, 4, "5"),  # Z_12 with a stored difference matrix
        (51, 10, 4, "5"),
        (52, 17, 0, "3"),
        (64, 21, 0, "3"),  # the limit: AG(3, 4)
        (99, 10, 2, "5"),
        (128, 10, 4, "3"),
    ],
)
def test_nobody_meets_twice_where_the_numbers_allow(players, rounds, team, remainder):
    plan = plan_for(players, rounds, team=team, remainder=remainder)
    assert plan.report.repeats == 0
    assert plan.report.max_meetings == 1
    assert max(meetings(plan).values()) == 1


def test_past_the_limit_as_few_repeats_as_counting_allows():
    # 16 players meet everyone in 5 positions: a sixth forces 24 pairs to meet again, no more.
    plan = plan_for(16, 6)
    assert plan.report.repeats == plan.report.repeats_bound == 24
    assert plan.report.max_meetings == 2


@pytest.mark.parametrize(
    ("players", "rounds", "least"),
    [
        # Tables of 5, fewer tables than a table seats: a table of 5 meets again at the next
        # position's 4 tables (one pair), or 3 tables (two pairs); a table of 4 at 3 tables, one.
        (19, 5, 30),  # 5, 5, 5, 4: 3 pairs for each two positions, 10 of them
        (18, 5, 20),  # 5, 5, 4, 4: 2 x 10
        (17, 5, 10),  # 5, 4, 4, 4: 1 x 10
        (15, 5, 60),  # 5, 5, 5: 6 x 10
        (13, 5, 40),  # 5, 4, 4: 2 + 1 + 1 = 4 x 10
        (13, 6, 60),  # 4 x 15
    ],
)
def test_few_tables_of_5_reach_the_pigeonhole_bound(players, rounds, least):
    plan = plan_for(players, rounds, remainder="5")
    assert plan.report.repeats_bound == least
    assert plan.report.repeats == least
    assert repeats(meetings(plan)) == least


def test_a_pair_never_meets_three_times_when_twice_suffices():
    plan = plan_for(12, 4)  # 3 tables: every position after the first forces repeats
    assert plan.report.max_meetings == 2


def test_the_plan_is_the_sequence_of_positions():
    plan = plan_for(10, 3)
    assert isinstance(plan, SeatingPlan)
    assert len(plan) == 3
    assert list(plan) == list(plan.positions)
    assert plan[0] == plan.positions[0]
    assert plan[0][0] == plan.positions[0][0]
    assert isinstance(plan.positions, tuple)
    assert all(isinstance(table, tuple) for position in plan for table in position)
    assert tuple(len(table) for table in plan[0]) == table_sizes(10, "3")
    assert SEAT_NAMES[:4] == ("Nord", "Est", "Sud", "Ouest")


def test_request_takes_lists_and_keeps_tuples():
    request = SeatingRequest(players=[3, 1, 2], rounds=1, teams=[[1, 2]], history=[[[1, 2, 3]]])
    assert request.players == (3, 1, 2)
    assert request.teams == ((1, 2),)
    assert request.history == (((1, 2, 3),),)
    assert request.remainder == "3"


def test_players_listed_in_another_order_get_the_same_plan():
    forward = plan_rounds(SeatingRequest(players=range(30), rounds=3, seed=4))
    backward = plan_rounds(SeatingRequest(players=range(29, -1, -1), rounds=3, seed=4))
    assert forward == backward


def test_another_seed_another_first_position():
    plans = {plan_rounds(SeatingRequest(players=range(40), rounds=1, seed=s))[0] for s in range(5)}
    assert len(plans) == 5


@pytest.mark.parametrize(("players", "rounds"), [(16, 4), (32, 8), (40, 10), (100, 10)])
def test_seats_within_one_for_everyone_at_tables_of_4(players, rounds):
    report = plan_for(players, rounds).report
    assert report.seat_spread <= 1
    assert report.nord_spread <= 1


def test_odd_tables_go_round_before_anyone_has_a_second():
    report = plan_for(43, 10).report  # one table of 3: 3 seats a position, 30 in all
    assert report.odd_breaches == 0
    assert max(count for _, count in report.odd_tables) == 1
    report = plan_for(42, 10).report  # two tables of 3: everyone once, then some a second time
    assert report.odd_breaches == 0
    assert report.odd_spread <= 1


def test_seats_take_history_into_account():
    history = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 5, 2, 6], [3, 7, 4, 8]], [[1, 7, 6, 4]]]
    history[2].append([3, 5, 8, 2])
    plan = plan_rounds(SeatingRequest(players=range(1, 9), rounds=1, history=history, seed=2))
    nord = {table[0] for table in plan[0]}
    assert 1 not in nord  # three times Nord already
    assert dict(plan.report.seats)[1][0] == 3
