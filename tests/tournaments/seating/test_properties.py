"""Hypothesis properties of ``plan_rounds`` on small fields (kept small: each plan is real work)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.seating import SeatingRequest, plan_rounds, table_sizes

from .checks import assert_valid, meetings

FAST = settings(max_examples=25, deadline=None)


@st.composite
def requests(draw, max_players=20, max_rounds=4):
    remainder = draw(st.sampled_from(["3", "5"]))
    n = draw(st.integers(3, max_players).filter(lambda n: table_sizes(n, remainder)))
    ids = draw(st.lists(st.integers(1, 10_000), min_size=n, max_size=n, unique=True))
    tables = len(table_sizes(n, remainder))
    team = draw(st.sampled_from([t for t in (0, 2, 3, 4) if t <= tables]))
    order = draw(st.permutations(ids))
    teams = [order[i : i + team] for i in range(0, n - team + 1, team)] if team else []
    return SeatingRequest(
        players=ids,
        rounds=draw(st.integers(1, max_rounds)),
        teams=teams,
        remainder=remainder,
        seed=draw(st.integers(0, 2**32)),
    )


@FAST
@given(requests())
def test_everyone_once_per_position_at_the_right_tables_and_team_mates_apart(request):
    plan = plan_rounds(request)
    assert_valid(request, plan)
    assert plan.report.team_clashes == 0
    assert plan.report.repeats >= plan.report.repeats_bound


@settings(max_examples=10, deadline=None)
@given(requests(max_players=16, max_rounds=3))
def test_same_request_and_seed_same_plan(request):
    assert plan_rounds(request) == plan_rounds(request)


@FAST
@given(
    st.integers(15, 40).flatmap(
        lambda n: st.tuples(st.just(n), st.integers(1, min(5, (n - 1) // 3)), st.integers(0, 99))
    )
)
def test_nobody_meets_twice_below_the_limit(case):
    n, rounds, seed = case
    plan = plan_rounds(SeatingRequest(players=range(n), rounds=rounds, seed=seed))
    assert plan.report.repeats == 0
    assert max(meetings(plan).values()) == 1


@FAST
@given(st.integers(20, 40), st.sampled_from([2, 4]), st.integers(1, 4), st.integers(0, 99))
def test_teams_below_the_limit_never_meet_twice(n, team, rounds, seed):
    rounds = min(rounds, (n - team) // 3)
    ids = list(range(100, 100 + n))
    teams = [ids[i : i + team] for i in range(0, n - team + 1, team)]
    plan = plan_rounds(SeatingRequest(players=ids, rounds=rounds, teams=teams, seed=seed))
    assert plan.report.repeats == 0
    assert plan.report.team_clashes == 0


@FAST
@given(
    n=st.integers(20, 40),
    played=st.integers(1, 2),
    more=st.integers(1, 2),
    gone=st.integers(0, 2),
    new=st.integers(0, 2),
    remainder=st.sampled_from(["3", "5"]),
    seed=st.integers(0, 99),
)
def test_history_respected_with_withdrawals_and_late_arrivals(
    n, played, more, gone, new, remainder, seed
):
    if remainder == "5" and n < 24:
        remainder = "3"
    ids = list(range(1, n + 1))
    first = plan_rounds(SeatingRequest(players=ids, rounds=played, remainder=remainder, seed=seed))
    present = ids[gone:] + list(range(1000, 1000 + new))
    request = SeatingRequest(
        players=present, rounds=more, remainder=remainder, history=first.positions, seed=seed
    )
    plan = plan_rounds(request)
    assert_valid(request, plan)
    seated = {p for position in plan for table in position for p in table}
    assert seated == set(present)
    assert max(meetings((*first.positions, *plan.positions)).values()) == 1
    assert plan.report.repeats == 0
