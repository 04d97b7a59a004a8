import pytest

from tests.scoring.conftest import seat_and_publish


@pytest.fixture
def round1(tournament, staff):
    """Position 1 of ``tournament`` published: 8 players at two tables of 4; 2 positions."""
    tournament.positions = 2
    tournament.save()
    return seat_and_publish(tournament, staff["organiser"], 8)


@pytest.fixture
def table(round1):
    return round1.tables.get(number=1)


def seat(table, number):
    return table.seats.get(number=number).registration
