"""The duplicate individuel's movements (fft-duplicate.md §2, §6: ``individual_movement``): the
shape outside checks rely on, the hard rule (no player plays a série twice) for every number of
tables, and zero repeated meetings where the spec proves them possible."""

import pytest

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
    movement = individual_movement(tables=tables, rounds=tables)
    check_shape(movement, tables, tables)
    assert series_played_twice(movement) == 0


def test_three_tables_repeat_no_more_than_the_proven_least():
    # fft-duplicate.md §2: at 3 tables, 6 repeated meetings per position after the first.
    assert repeated_meetings(individual_movement(tables=3, rounds=3)) == 12


def test_the_series_go_down_one_table_a_position_as_in_the_rulebook():
    movement = individual_movement(tables=5, rounds=5)
    where = [next(x for x, t in enumerate(position) if t["set"] == 0) for position in movement]
    assert [x + 1 for x in where] == [1, 5, 4, 3, 2]  # étui 1 at tables 1, 5, 4, 3, 2


@pytest.mark.parametrize(("tables", "rounds"), [(1, 1), (0, 0), (5, 6), (5, 0), (8, 9)])
def test_impossible_movements_are_refused(tables, rounds):
    with pytest.raises(ValueError):
        individual_movement(tables=tables, rounds=rounds)
