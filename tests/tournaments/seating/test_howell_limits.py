"""The draw's checks (``services_triplettes.howell_problem`` and ``triplettes_problem``) refuse
exactly the triplettes' movements the engines cannot make: what the page offers can be drawn,
and what it refuses the engine refuses too. No database: the triplettes are plain stand-ins."""

import pytest

from tournaments.seating.duplicate_teams import howell_movement, mitchell_movement
from tournaments.services_triplettes import howell_problem, triplettes_problem


class Triplette:
    name = "T"


def members(teams: int) -> dict:
    return {Triplette(): [1, 2, 3] for _ in range(teams)}


def makes(build) -> bool:
    try:
        build()
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("teams", range(1, 21))
def test_the_howell_check_agrees_with_the_engine(teams):
    for positions in range(1, 18):
        made = makes(lambda: howell_movement(teams=teams, rounds=positions))  # noqa: B023
        assert (howell_problem(members(teams), positions) is None) == made, (teams, positions)


@pytest.mark.parametrize("teams", range(1, 21))
def test_the_mitchell_check_agrees_with_the_engine(teams):
    for positions in range(1, 12):
        made = teams % 2 == 0 and makes(
            lambda: mitchell_movement(tables=teams // 2, rounds=positions)  # noqa: B023
        )
        assert (triplettes_problem(members(teams), positions) is None) == made, (teams, positions)


def test_a_triplette_without_three_members_stops_both():
    short = {Triplette(): [1, 2], **members(6)}
    assert howell_problem(short, 3).code == triplettes_problem(short, 3).code == "team_size"
