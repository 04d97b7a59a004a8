"""The duplicate individuel's movements (fft-duplicate.md §2, §6: ``individual_movement``): the
shape outside checks rely on, the hard rule (no player plays a série twice) for every number of
tables, zero repeated meetings where the spec proves them possible or a construction or the
search gives them, and the search's figures where it cannot (3, 4, 6 and 10 tables)."""

import pytest

from tournaments.seating import duplicate_search
from tournaments.seating.duplicate import (
    LINES,
    individual_movement,
    repeated_meetings,
    series_played_twice,
)

ZERO_REPEATS = [5, 7, 8, 9, 11, 13, 16, 25, 27, 32]  # prime powers: every R ≤ T


def check_shape(movement, tables, rounds):
    assert len(movement) == rounds
    line_of = {}
    for position in movement:
        assert len(position) == tables
        assert sorted(t["set"] for t in position) == list(range(tables))
        players = [t[line] for t in position for line in LINES]
        assert sorted(players) == list(range(4 * tables))  # everyone, once
        for table in position:
            assert set(table) == {"N", "E", "S", "W", "set"}
            for line in LINES:
                assert line_of.setdefault(table[line], line) == line  # one orientation
    for k, line in enumerate(LINES):  # line k's players are k·T .. k·T + T − 1
        assert {p for p, got in line_of.items() if got == line} == set(
            range(k * tables, (k + 1) * tables)
        )


@pytest.mark.parametrize("tables", ZERO_REPEATS)
def test_a_prime_power_of_tables_never_meets_twice(tables):
    for rounds in range(1, tables + 1):
        movement = individual_movement(tables=tables, rounds=rounds)
        check_shape(movement, tables, rounds)
        assert series_played_twice(movement) == 0
        assert repeated_meetings(movement) == 0, (tables, rounds)


@pytest.mark.parametrize(("tables", "rounds"), [(6, 5), (10, 9), (12, 12), (14, 14), (15, 15)])
def test_the_known_constructions_never_meet_twice(tables, rounds):
    movement = individual_movement(tables=tables, rounds=rounds)
    check_shape(movement, tables, rounds)
    assert series_played_twice(movement) == 0
    assert repeated_meetings(movement) == 0


@pytest.mark.parametrize("tables", range(2, 41))
def test_no_player_plays_a_serie_twice_at_any_number_of_tables(tables):
    for rounds in sorted({1, 2, tables // 2, tables - 1, tables} - {0}):
        movement = individual_movement(tables=tables, rounds=rounds)
        check_shape(movement, tables, rounds)
        assert series_played_twice(movement) == 0, (tables, rounds)


# fft-duplicate.md §2: 3 tables, 6 repeats per position after the first (proven); 4 tables, 4
# (proven); 2 tables cannot do better than 12 (the séries swap, so nobody else may move).
PROVEN_LEAST = {(2, 2): 12, (3, 2): 6, (3, 3): 12, (4, 2): 4, (4, 3): 8, (4, 4): 12}


@pytest.mark.parametrize(("tables", "rounds"), sorted(PROVEN_LEAST))
def test_small_tables_repeat_no_more_than_the_proven_least(tables, rounds):
    movement = individual_movement(tables=tables, rounds=rounds)
    check_shape(movement, tables, rounds)
    assert series_played_twice(movement) == 0
    assert repeated_meetings(movement) == PROVEN_LEAST[(tables, rounds)]


@pytest.mark.parametrize(("tables", "most"), [(6, 32), (10, 60)])
def test_six_and_ten_tables_at_as_many_positions_do_as_well_as_the_spec(tables, most):
    movement = individual_movement(tables=tables, rounds=tables)
    check_shape(movement, tables, tables)
    assert series_played_twice(movement) == 0
    assert repeated_meetings(movement) <= most


@pytest.mark.parametrize("tables", [35, 40, 45, 55, 56, 60, 63])
def test_products_of_orders_with_four_squares_never_meet_twice(tables):
    # MacNeish: 5×7, 5×8, 5×9, 5×11, 7×8, 5×12, 7×9
    for rounds in (2, 13, tables):
        movement = individual_movement(tables=tables, rounds=rounds)
        check_shape(movement, tables, rounds)
        assert series_played_twice(movement) == 0
        assert repeated_meetings(movement) == 0, (tables, rounds)


@pytest.mark.parametrize("tables", [18, 20, 21, 22, 24, 26, 28, 30, 33, 34, 36, 38, 39, 62])
def test_the_search_finds_movements_without_repeats_over_thirteen_positions(tables):
    movement = individual_movement(tables=tables, rounds=13)
    check_shape(movement, tables, 13)
    assert series_played_twice(movement) == 0
    assert repeated_meetings(movement) == 0


def test_the_stored_movements_are_what_they_claim():
    stored = duplicate_search._searched()
    assert {tuple(map(int, key.split("x"))) for key in stored} == set(duplicate_search.STORED)
    for key, found in stored.items():
        tables, rounds = map(int, key.split("x"))
        movement = individual_movement(tables=tables, rounds=rounds)
        check_shape(movement, tables, rounds)
        assert series_played_twice(movement) == 0
        assert repeated_meetings(movement) == found["repeats"], key
        assert duplicate_search.score(tables, found["series"]) == (found["repeats"], 0)


def test_the_search_itself_reaches_the_least_at_four_tables():
    repeats, rows = duplicate_search.search(4, 3)
    movement = [
        [{line: k * 4 + t[k] for k, line in enumerate(LINES)} | {"set": t[4]} for t in position]
        for position in rows
    ]
    check_shape(movement, 4, 3)
    assert series_played_twice(movement) == 0
    assert repeated_meetings(movement) == repeats == 8


def test_the_search_is_deterministic():
    assert duplicate_search.search(18, 18) == duplicate_search.search(18, 18)
    duplicate_search._found.cache_clear()
    first = individual_movement(tables=22, rounds=22)
    duplicate_search._found.cache_clear()
    assert individual_movement(tables=22, rounds=22) == first


def test_a_movement_is_not_shared_between_callers():
    first = individual_movement(tables=18, rounds=18)
    first[0][0]["N"] = -1
    assert individual_movement(tables=18, rounds=18)[0][0]["N"] == 0


def test_the_series_go_down_one_table_a_position_as_in_the_rulebook():
    movement = individual_movement(tables=5, rounds=5)
    where = [next(x for x, t in enumerate(position) if t["set"] == 0) for position in movement]
    assert [x + 1 for x in where] == [1, 5, 4, 3, 2]  # étui 1 at tables 1, 5, 4, 3, 2


@pytest.mark.parametrize(("tables", "rounds"), [(1, 1), (0, 0), (5, 6), (5, 0), (8, 9)])
def test_impossible_movements_are_refused(tables, rounds):
    with pytest.raises(ValueError):
        individual_movement(tables=tables, rounds=rounds)
