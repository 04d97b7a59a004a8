"""The team duplicates' movements (fft-duplicate.md §3, §4: ``duplicate_teams``), checked by
brute force apart from the engine's own reasoning: the Mitchell for every number of tables from 2
to 30 and every allowed number of positions, the Howell for every supported field, the
quadrettes' round-robin for 2 to 20 teams; the shapes the web layer reads; the refusals."""

import time
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.seating import duplicate_howell
from tournaments.seating.duplicate_teams import (
    byes,
    copies_needed,
    duplication_duty,
    howell_byes,
    howell_movement,
    howell_positions,
    mitchell_max_rounds,
    mitchell_movement,
    opening_tables,
    quadrette_schedule,
    series_count,
    team_lines,
)


def check_triplettes(movement, rounds):
    """The hard rules of any triplette movement; returns who met whom."""
    assert len(movement) == rounds
    met, played = Counter(), Counter()
    for position in movement:
        assert all(set(table) == {"NS", "EW", "set"} for table in position)
        teams = [table[line] for table in position for line in ("NS", "EW")]
        assert len(teams) == len(set(teams))  # nobody at two tables
        assert None not in teams
        sets = [table["set"] for table in position]
        assert len(sets) == len(set(sets))  # a série at one table
        for table in position:
            met[frozenset((table["NS"], table["EW"]))] += 1
            played[table["NS"], table["set"]] += 1
            played[table["EW"], table["set"]] += 1
    assert max(met.values()) == 1  # no pair meets twice
    assert max(played.values()) == 1  # no triplette plays a série twice
    return met


def check_mitchell(movement, tables, rounds):
    check_triplettes(movement, rounds)
    for r, position in enumerate(movement):
        assert len(position) == tables
        assert [table["NS"] for table in position] == list(range(tables))  # NS stay
        assert sorted(table["EW"] for table in position) == list(range(tables, 2 * tables))
        assert sorted(table["set"] for table in position) == list(range(tables))
        if r:  # EW move up one table (two at the skip), séries down one
            before = movement[r - 1]
            ew = {table["EW"]: x for x, table in enumerate(before)}
            skip = 2 if tables % 2 == 0 and r == tables // 2 else 1
            assert all(ew[t["EW"]] == (x - skip) % tables for x, t in enumerate(position))
            at = {table["set"]: x for x, table in enumerate(before)}
            assert all(at[t["set"]] == (x + 1) % tables for x, t in enumerate(position))


@pytest.mark.parametrize("tables", range(2, 31))
def test_every_mitchell_keeps_the_hard_rules(tables):
    for rounds in range(1, mitchell_max_rounds(tables) + 1):
        check_mitchell(mitchell_movement(tables=tables, rounds=rounds), tables, rounds)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 80).flatmap(lambda t: st.tuples(st.just(t), st.integers(1, t - 1 + t % 2))))
def test_larger_mitchells_keep_the_hard_rules(case):
    tables, rounds = case
    check_mitchell(mitchell_movement(tables=tables, rounds=rounds), tables, rounds)


@pytest.mark.parametrize(("tables", "most"), [(2, 1), (3, 3), (4, 3), (5, 5), (10, 9), (13, 13)])
def test_the_most_positions_of_a_mitchell(tables, most):
    assert mitchell_max_rounds(tables) == most
    mitchell_movement(tables=tables, rounds=most)
    with pytest.raises(ValueError, match=f"between 1 and {most}"):
        mitchell_movement(tables=tables, rounds=most + 1)


@pytest.mark.parametrize("tables", [4, 6, 8, 12])
def test_without_the_skip_an_even_mitchell_replays_a_serie_at_half_way(tables):
    # EW triplette T + e at table e + r, série s at table s − r: they share a table when
    # s − e = 2r, which comes back at r = T/2: why the module skips.
    def plain(r):
        return {(tables + (x - r) % tables, (x + r) % tables) for x in range(tables)}

    before = [pair for r in range(tables // 2) for pair in plain(r)]
    assert len(before) == len(set(before))
    assert plain(tables // 2) == plain(0)


def test_a_mitchell_at_five_tables():
    movement = mitchell_movement(tables=5, rounds=5)
    assert movement[0][0] == {"NS": 0, "EW": 5, "set": 0}
    assert movement[1][0] == {"NS": 0, "EW": 9, "set": 1}  # EW 9 came up from table 4
    where = [next(x for x, t in enumerate(position) if t["set"] == 0) for position in movement]
    assert where == [0, 4, 3, 2, 1]  # série 0 goes down one table a position
    assert series_count(movement) == 5
    lines = team_lines(movement)
    assert list(lines) == list(range(10))
    assert lines[0] == ["NS"] * 5 and lines[9] == ["EW"] * 5


@pytest.mark.parametrize(
    ("tables", "rounds"), [(1, 1), (0, 1), (5, 0), (5, 6), (4, 4), (30, 30), (True, 1), (5, 2.0)]
)
def test_impossible_mitchells_are_refused(tables, rounds):
    with pytest.raises(ValueError):
        mitchell_movement(tables=tables, rounds=rounds)


HOWELL_SERIES = {
    5: 6,
    6: 6,
    7: 7,
    8: 7,
    9: 9,
    10: 9,
    11: 11,
    12: 11,
    13: 13,
    14: 13,
    15: 15,
    16: 15,
}


@pytest.mark.parametrize("teams", range(5, 17))
def test_every_howell_meets_everyone_once_and_never_a_serie_twice(teams):
    movement = howell_movement(teams=teams)
    positions = howell_positions(teams)
    assert positions == teams - 1 + teams % 2
    met = check_triplettes(movement, positions)
    assert set(met) == {frozenset(pair) for pair in combinations(range(teams), 2)}
    for position in movement:
        assert len(position) == teams // 2  # the phantom's table is left out
    series = series_count(movement)
    assert series == HOWELL_SERIES[teams]
    first_seen = list(dict.fromkeys(t["set"] for position in movement for t in position))
    assert first_seen == list(range(series))  # numbered as they first appear
    if teams % 2:
        assert howell_byes(movement) == {r: r for r in range(positions)}
    else:
        assert howell_byes(movement) == {}


@pytest.mark.parametrize("teams", range(5, 17))
def test_howell_lines_are_balanced_and_printed_per_position(teams):
    movement = howell_movement(teams=teams)
    lines = team_lines(movement)
    assert list(lines) == list(range(teams))
    for team, per_position in lines.items():
        assert len(per_position) == len(movement)
        for r, line in enumerate(per_position):
            sits = [t for t in movement[r] if team in (t["NS"], t["EW"])]
            assert line == (next(k for k in ("NS", "EW") if sits[0][k] == team) if sits else "")
        assert abs(per_position.count("NS") - per_position.count("EW")) <= 1


def test_a_howell_cut_short_is_the_start_of_the_whole_one():
    for teams in (5, 8, 10, 13):
        whole = howell_movement(teams=teams)
        for rounds in range(1, len(whole) + 1):
            part = howell_movement(teams=teams, rounds=rounds)
            assert part == whole[:rounds]
            check_triplettes(part, rounds)


@pytest.mark.parametrize("teams", [5, 6])
def test_five_series_are_too_few_for_five_or_six_triplettes(teams):
    pairs = duplicate_howell._pairs(teams)
    assert duplicate_howell.search_series(pairs, teams, 5, limit=10**7) is None
    assert duplicate_howell.search_series(pairs, teams, 6) is not None


def test_every_howell_is_found_well_under_a_second():
    duplicate_howell._series.cache_clear()
    duplicate_howell._adder.cache_clear()
    start = time.perf_counter()
    for teams in range(5, 17):
        howell_movement(teams=teams)
    assert time.perf_counter() - start < 0.5


def test_a_howell_is_deterministic_and_not_shared_between_callers():
    first = howell_movement(teams=10)
    first[0][0]["NS"] = -1
    duplicate_howell._series.cache_clear()
    again = howell_movement(teams=10)
    assert again[0][0]["NS"] != -1
    assert again == howell_movement(teams=10)


@pytest.mark.parametrize(
    ("teams", "rounds"), [(4, None), (3, None), (17, None), (6, 0), (6, 6), (7, 8), (True, None)]
)
def test_impossible_howells_are_refused(teams, rounds):
    with pytest.raises(ValueError):
        howell_movement(teams=teams, rounds=rounds)


def tables_of(schedule):
    """Each opposition as its two tables: (round, home table, attacker, defence, série)."""
    for r, rnd in enumerate(schedule):
        for o in rnd:
            yield r, o["B"], o["A"], o["B"], o["set"]  # A's attacker at B's home table
            yield r, o["A"], o["B"], o["A"], o["set"]


@pytest.mark.parametrize("teams", range(2, 21))
def test_the_quadrettes_round_robin(teams):
    schedule = quadrette_schedule(teams=teams)
    assert len(schedule) == teams - 1 + teams % 2
    pairs = Counter()
    for rnd in schedule:
        assert all(set(o) == {"A", "B", "set"} and o["A"] < o["B"] for o in rnd)
        present = [o[side] for o in rnd for side in "AB"]
        assert len(present) == len(set(present))  # nobody twice in a round
        assert len(present) == teams - teams % 2
        pairs.update(frozenset((o["A"], o["B"])) for o in rnd)
    assert pairs == Counter({frozenset(p): 1 for p in combinations(range(teams), 2)})
    expected_byes = {r: r for r in range(teams)} if teams % 2 else {}
    assert byes(schedule) == expected_byes


@pytest.mark.parametrize("teams", range(2, 21))
def test_each_quadrette_plays_each_etui_it_meets_once_in_attack_once_in_defence(teams):
    schedule = quadrette_schedule(teams=teams)
    roles = Counter()
    for _r, home, attacker, defence, serie in tables_of(schedule):
        assert attacker != defence == home  # the defence stays home
        roles[attacker, serie, "attack"] += 1
        roles[defence, serie, "defence"] += 1
    met = {(team, serie) for team, serie, _ in roles}
    assert all(roles[t, s, "attack"] == roles[t, s, "defence"] == 1 for t, s in met)
    assert len(met) == teams * (teams - 1)  # a new série at every opposition of a team


@pytest.mark.parametrize("teams", range(2, 21))
def test_the_quadrettes_series_copies_and_opening_tables(teams):
    schedule = quadrette_schedule(teams=teams)
    oppositions = [o for rnd in schedule for o in rnd]
    assert [o["set"] for o in oppositions] == list(range(len(oppositions)))
    assert series_count(schedule) == teams * (teams - 1) // 2
    assert copies_needed(schedule) == {o["set"]: 2 for o in oppositions}
    assert opening_tables(schedule) == {o["set"]: [o["A"], o["B"]] for o in oppositions}


def test_four_quadrettes():
    assert quadrette_schedule(teams=4) == [
        [{"A": 0, "B": 3, "set": 0}, {"A": 1, "B": 2, "set": 1}],
        [{"A": 0, "B": 2, "set": 2}, {"A": 1, "B": 3, "set": 3}],
        [{"A": 0, "B": 1, "set": 4}, {"A": 2, "B": 3, "set": 5}],
    ]


@pytest.mark.parametrize("teams", [1, 0, -3, True, 4.0])
def test_impossible_quadrettes_are_refused(teams):
    with pytest.raises(ValueError):
        quadrette_schedule(teams=teams)


@pytest.mark.parametrize(("board", "line"), [(1, "NS"), (2, "EW"), (3, "NS"), (24, "EW")])
def test_duplication_duty_goes_to_ns_for_odd_etuis_and_ew_for_even(board, line):
    assert duplication_duty(board) == line
