import pytest

from tournaments.seating import CODES, SeatingError, SeatingRequest, plan_rounds


def refusal(**fields):
    fields.setdefault("rounds", 2)
    with pytest.raises(SeatingError) as caught:
        plan_rounds(SeatingRequest(**fields))
    assert caught.value.code in CODES
    return caught.value


def test_is_a_value_error_with_code_and_params_in_its_message():
    error = refusal(players=[1, 2])
    assert isinstance(error, ValueError)
    assert error.code == "too_few_players"
    assert error.params == {"players": 2, "minimum": 3}
    assert "too_few_players" in str(error)


@pytest.mark.parametrize("rounds", [0, -1, 101, "3", None])
def test_rounds_out_of_range(rounds):
    error = refusal(players=range(8), rounds=rounds)
    assert error.code == "rounds_out_of_range"
    assert error.params == {"rounds": rounds, "minimum": 1, "maximum": 100}


def test_invalid_remainder():
    error = refusal(players=range(8), remainder="4")
    assert (error.code, error.params) == ("invalid_remainder", {"remainder": "4"})


def test_duplicate_player():
    error = refusal(players=[1, 2, 3, 4, 2, 2])
    assert (error.code, error.params) == ("duplicate_player", {"player": 2, "times": 3})


@pytest.mark.parametrize(
    ("players", "remainder", "minimum"), [(0, "3", 3), (2, "3", 3), (3, "5", 4)]
)
def test_too_few_players(players, remainder, minimum):
    error = refusal(players=range(players), remainder=remainder)
    assert error.code == "too_few_players"
    assert error.params == {"players": players, "minimum": minimum}


@pytest.mark.parametrize(("players", "remainder"), [(5, "3"), (11, "5"), (6, "5"), (7, "5")])
def test_no_table_mix(players, remainder):
    error = refusal(players=range(players), remainder=remainder)
    assert error.code == "no_table_mix"
    assert error.params == {"players": players, "remainder": remainder}


def test_player_in_two_teams():
    error = refusal(players=range(8), teams=[[0, 1], [2, 3], [3, 4]])
    assert (error.code, error.params) == ("player_in_two_teams", {"player": 3, "teams": (1, 2)})


def test_player_twice_in_one_team():
    error = refusal(players=range(8), teams=[[0, 1, 0]])
    assert error.code == "player_in_two_teams"
    assert error.params["player"] == 0


def test_team_larger_than_the_tables():
    # 9 players at tables of 5 and 4: a team of 3 cannot be kept apart.
    error = refusal(players=range(9), remainder="5", teams=[[7], [0, 1, 2]])
    assert error.code == "team_too_large"
    assert error.params == {"team": 1, "members": 3, "tables": 2}


def test_team_members_absent_do_not_count():
    # Member 99 has withdrawn: the team has 2 present members, which 2 tables can keep apart.
    plan = plan_rounds(
        SeatingRequest(players=range(9), rounds=2, remainder="5", teams=[[0, 1, 99]])
    )
    for position in plan:
        assert not any({0, 1} <= set(table) for table in position)


def test_invalid_history():
    error = refusal(players=range(8), history=[[[0, 1, 2, 3], [4, 5, 6, 0]]])
    assert (error.code, error.params) == ("invalid_history", {"position": 0, "player": 0})


def test_no_partial_plan_and_no_hang_on_impossible_teams():
    # Every code is raised before any plan exists; a refusal is immediate.
    error = refusal(players=range(4), remainder="3", teams=[[0, 1]])
    assert error.code == "team_too_large"
