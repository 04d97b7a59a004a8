import pytest

from scoring.at_table import services
from tests.scoring.conftest import seat_and_publish


@pytest.fixture
def libre_access(tournament, staff):
    """Table 1 of a libre position (8 players at two tables of 4) entering at the table."""
    tournament.table_entry = True
    tournament.save()
    round_ = seat_and_publish(tournament, staff["organiser"], 8)
    return services.access_of(round_.tables.get(number=1))
