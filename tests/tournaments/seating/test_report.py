"""The report's figures, counted here independently from the plan and the history."""

from collections import Counter

import pytest

from tournaments.seating import SeatingRequest, plan_rounds

from .checks import meetings, repeats


def expected_report(request, plan):
    """The figures the report must show, counted without the engine's help."""
    players = sorted(request.players)
    met = meetings((*request.history, *plan))
    odd = Counter()
    seats = {p: [0] * 5 for p in players}
    breaches = 0
    for number, position in enumerate((*request.history, *plan)):
        at_odd = {p for table in position if len(table) in (3, 5) for p in table}
        if number >= len(request.history):
            waiting = [odd[p] for p in players if p not in at_odd]
            breaches += sum(1 for p in at_odd if p in seats and waiting and odd[p] > min(waiting))
        for p in at_odd:
            odd[p] += 1
        for table in position:
            for seat, p in enumerate(table):
                if p in seats:
                    seats[p][min(seat, 4)] += 1
    mates = {frozenset((a, b)) for team in request.teams for a in team for b in team if a != b}
    counts = [odd[p] for p in players]
    nord = [seats[p][0] for p in players]
    return {
        "repeats": repeats(met),
        "repeated_pairs": sum(1 for m in met.values() if m > 1),
        "max_meetings": max(met.values()),
        "team_clashes": sum(1 for pair in meetings(plan) if frozenset(pair) in mates),
        "table_size_counts": tuple(sorted(Counter(map(len, plan[0])).items(), reverse=True)),
        "odd_tables": tuple((p, odd[p]) for p in players),
        "odd_spread": max(counts) - min(counts),
        "odd_breaches": breaches,
        "seats": tuple((p, tuple(seats[p])) for p in players),
        "nord_spread": max(nord) - min(nord),
        "seat_spread": max(max(seats[p][:4]) - min(seats[p][:4]) for p in players),
        "seed": request.seed,
    }


def first_positions(players, rounds, remainder="3", seed=1):
    return plan_rounds(
        SeatingRequest(players=players, rounds=rounds, remainder=remainder, seed=seed)
    ).positions


CASES = {
    "fresh, tables of 3": SeatingRequest(players=range(1, 27), rounds=5, seed=3),
    "fresh, tables of 5, teams": SeatingRequest(
        players=range(1, 23),
        rounds=4,
        remainder="5",
        teams=[[1, 2], [3, 4, 5], [6, 7, 8, 9]],
        seed=4,
    ),
    "past the limit": SeatingRequest(players=range(1, 17), rounds=6, seed=5),
    "history, one withdrawn, two late": SeatingRequest(
        players=[*range(2, 21), 30, 31],
        rounds=3,
        history=first_positions(range(1, 21), 2),
        teams=[[1, 2], [30, 3]],
        seed=6,
    ),
    "history with repeats": SeatingRequest(
        players=range(1, 13),
        rounds=2,
        history=first_positions(range(1, 13), 3),
        seed=7,
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_report_figures_match_an_independent_count(name):
    request = CASES[name]
    plan = plan_rounds(request)
    report = plan.report
    for field, value in expected_report(request, plan.positions).items():
        assert getattr(report, field) == value, field
    assert report.method in {"construction", "search", "construction+search"}
    assert 0 <= report.repeats_bound <= report.repeats


def test_the_bound_counts_what_history_made_unavoidable():
    history = first_positions(range(1, 17), 5)  # every pair of the 16 has met once
    report = plan_rounds(SeatingRequest(players=range(1, 17), rounds=1, history=history)).report
    assert report.repeats == report.repeats_bound == 24
