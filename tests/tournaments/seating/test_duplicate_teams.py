"""The team duplicates' movements (fft-duplicate.md §3, §4: ``duplicate_teams``), checked by
brute force apart from the engine's own reasoning: the Mitchell for every number of tables from 2
to 30 and every allowed number of positions, the Howell for every supported field, the
quadrettes' round-robin for 2 to 20 teams; the shapes the web layer reads; the refusals."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.seating import duplicate_howell
from tournaments.seating.duplicate_teams import (
    board_relay,
    byes,
    copies_needed,
    duplication_duty,
    howell_byes,
    howell_movement,
    howell_positions,
    mitchell_max_rounds,
    mitchell_movement,
    opening_tables,
    quadrette_movement,
    quadrette_schedule,
    schedule_movement,
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


def test_every_howell_is_found_from_a_cold_cache():
    """Every size from 5 to 16 triplettes has its Howell (how fast: ``python -m benchmarks
    movement``; a timed assertion here failed on a busy machine)."""
    duplicate_howell._series.cache_clear()
    duplicate_howell._adder.cache_clear()
    for teams in range(5, 17):
        assert howell_movement(teams=teams)


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
def test_every_quadrette_plays_the_same_series_once_in_attack_once_in_defence(teams):
    schedule = quadrette_schedule(teams=teams)
    roles = Counter()
    for r, home, attacker, defence, serie in tables_of(schedule):
        assert attacker != defence == home  # the defence stays home
        assert serie == r  # every table of a round plays the round's série
        roles[attacker, serie, "attack"] += 1
        roles[defence, serie, "defence"] += 1
    byes_ = byes(schedule)
    for team in range(teams):
        for serie in range(len(schedule)):
            expected = 0 if byes_.get(serie) == team else 1
            assert roles[team, serie, "attack"] == roles[team, serie, "defence"] == expected
    assert series_count(schedule) == teams - 1 + teams % 2


def played_boards(movement, boards):
    """(round, table, étui, slot, attacker, defence) of every étui played, from the movement."""
    for r, tables in enumerate(movement):
        for table, found in tables.items():
            for slot, board in enumerate(found["boards"]):
                yield r, table, (found["set"], board), slot, found["attack"], found["defence"]


@settings(max_examples=150, deadline=None)
@given(teams=st.integers(2, 24), boards=st.integers(1, 12))
def test_every_etui_is_played_at_every_table_and_compared_inside_each_pair(teams, boards):
    movement = quadrette_movement(teams=teams, boards=boards)
    schedule = quadrette_schedule(teams=teams)
    byes_ = byes(schedule)
    assert len(movement) == len(schedule)
    at_table, attacked, defended = Counter(), Counter(), Counter()
    attacker_at = {}  # étui -> attacker -> defence
    for _r, table, board, _slot, attack, defence in played_boards(movement, boards):
        assert attack != defence  # no quadrette meets itself
        assert table == defence  # the defence keeps its table
        at_table[board, table] += 1
        attacked[board, attack] += 1
        defended[board, defence] += 1
        attacker_at.setdefault(board, {})[attack] = defence
    etuis = {(serie, board) for serie in range(len(schedule)) for board in range(boards)}
    assert set(attacker_at) == etuis
    for serie, board in etuis:
        # every table, every attacker, every defence once: all but the round's bye (odd fields)
        present = [team for team in range(teams) if byes_.get(serie) != team]
        assert [at_table[(serie, board), t] for t in present] == [1] * len(present)
        assert [attacked[(serie, board), t] for t in present] == [1] * len(present)
        assert [defended[(serie, board), t] for t in present] == [1] * len(present)
        pairing = attacker_at[serie, board]
        assert all(pairing[pairing[a]] == a for a in pairing)  # A at B's exactly when B at A's
        assert sorted(pairing) == present


@settings(max_examples=150, deadline=None)
@given(teams=st.integers(2, 24), boards=st.integers(1, 12))
def test_the_relay_needs_the_fewest_copies_and_hands_each_copy_on(teams, boards):
    movement = quadrette_movement(teams=teams, boards=boards)
    schedule = quadrette_schedule(teams=teams)
    copies = copies_needed(schedule, boards=boards)
    opening = opening_tables(schedule, boards=boards)
    for r, tables in enumerate(movement):
        assert copies[r] == -(-len(tables) // boards)  # ⌈tables ÷ étuis⌉: the fewest
        for slot in range(boards):
            playing = Counter(found["boards"][slot] for found in tables.values())
            assert max(playing.values()) <= copies[r]  # never more étuis out than copies
        for board in range(boards):
            # follow each copy from its opening table along "next": it visits its group once
            visited = []
            for start in opening[r][board]:
                table, seen = start, []
                group = tables[start]["group"]
                while table is not None:
                    found = tables[table]
                    assert found["group"] == group
                    seen.append(table)
                    table = found["next"][found["boards"].index(board)]
                visited += seen
                slots = [tables[t]["boards"].index(board) for t in seen]
                assert slots == sorted(slots) and len(set(slots)) == len(slots)
            assert sorted(visited) == sorted(tables)  # every table once, from the copies
        assert len(opening[r][0]) == copies[r]


def test_eight_quadrettes_play_28_etuis_at_8_tables_from_2_copies():
    movement = quadrette_movement(teams=8, boards=4)
    assert len(movement) == 7
    assert all(len(tables) == 8 for tables in movement)
    assert copies_needed(quadrette_schedule(teams=8), boards=4) == dict.fromkeys(range(7), 2)
    first = movement[0]
    assert [first[t]["boards"] for t in range(4)] == [
        (0, 1, 2, 3),
        (1, 2, 3, 0),
        (2, 3, 0, 1),
        (3, 0, 1, 2),
    ]
    assert first[1]["next"] == (0, 0, 0, None)  # each étui goes to the table before
    assert first[0]["next"] == (3, 3, 3, None)  # the group's first hands on to its last


@settings(max_examples=60, deadline=None)
@given(teams=st.integers(2, 16), boards=st.integers(1, 8), data=st.data())
def test_a_seances_first_rounds_with_its_own_team_ids_move_as_the_whole_round_robin(
    teams, boards, data
):
    """What the web layer reads for a séance drawn (its positions are the first rounds; teams
    by id, tables by number) is ``quadrette_movement``'s, the last round's attackers going
    nowhere."""
    rounds = data.draw(st.integers(1, teams - 1 + teams % 2))
    ids = data.draw(st.permutations([100 + t for t in range(teams)]))
    numbers = {team: 1 + ids[team] % 50 for team in range(teams)}  # distinct table numbers
    whole = quadrette_movement(teams=teams, boards=boards, numbers=numbers)
    renamed = [
        [{"A": ids[o["A"]], "B": ids[o["B"]], "set": o["set"] + 1} for o in rnd]
        for rnd in quadrette_schedule(teams=teams)[:rounds]
    ]
    by_id = {ids[team]: number for team, number in numbers.items()}
    drawn = schedule_movement(renamed, boards, by_id)
    assert len(drawn) == rounds
    for r, tables in enumerate(drawn):
        expected = whole[r]
        assert list(tables) == list(expected)
        for table, found in tables.items():
            was = expected[table]
            assert (found["defence"], found["attack"]) == (ids[was["defence"]], ids[was["attack"]])
            assert found["set"] == was["set"] + 1
            assert [found[k] for k in ("group", "boards", "next")] == [
                was[k] for k in ("group", "boards", "next")
            ]
            going = None if r == rounds - 1 else was["attacker_next"]
            assert found["attacker_next"] == going


def test_the_relay_of_a_group_smaller_than_the_serie_waits_rather_than_doubles():
    relay = board_relay([1, 2, 3], boards=4)
    assert relay[1] == {"group": 0, "boards": (0, 1, 2, 3), "next": (3, 3, None, None)}
    assert relay[3] == {"group": 0, "boards": (2, 3, 0, 1), "next": (2, 2, 2, None)}
    assert opening_tables([[{"A": 0, "B": 1, "set": 0}]], boards=4, numbers={0: 7, 1: 3}) == {
        0: [[3], [7], [7], [7]]
    }


def test_the_attackers_next_table():
    movement = quadrette_movement(teams=4, boards=4, numbers={0: 11, 1: 12, 2: 13, 3: 14})
    # round 0: 0-3, 1-2; round 1: 0-2, 1-3: team 3's attacker goes from table 11 to table 12
    assert movement[0][11]["attack"] == 3
    assert movement[0][11]["attacker_next"] == 12 and movement[1][12]["attack"] == 3
    assert all(found["attacker_next"] is None for found in movement[-1].values())


def test_four_quadrettes():
    assert quadrette_schedule(teams=4) == [
        [{"A": 0, "B": 3, "set": 0}, {"A": 1, "B": 2, "set": 0}],
        [{"A": 0, "B": 2, "set": 1}, {"A": 1, "B": 3, "set": 1}],
        [{"A": 0, "B": 1, "set": 2}, {"A": 2, "B": 3, "set": 2}],
    ]


@pytest.mark.parametrize("teams", [1, 0, -3, True, 4.0])
def test_impossible_quadrettes_are_refused(teams):
    with pytest.raises(ValueError):
        quadrette_schedule(teams=teams)


@pytest.mark.parametrize("boards", [0, -1, True, 4.0])
def test_impossible_series_are_refused(boards):
    with pytest.raises(ValueError):
        quadrette_movement(teams=4, boards=boards)


@pytest.mark.parametrize(("board", "line"), [(1, "NS"), (2, "EW"), (3, "NS"), (24, "EW")])
def test_duplication_duty_goes_to_ns_for_odd_etuis_and_ew_for_even(board, line):
    assert duplication_duty(board) == line
