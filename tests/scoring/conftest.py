import pytest

from scoring.formats.libre.forms import field_name
from scoring.messages import problem_message
from tests.factories import RegistrationFactory
from tournaments import services_seating


def seat_and_publish(tournament, user, players, number=1):
    if number == 1:
        RegistrationFactory.create_batch(players, tournament=tournament, checked_in=True)
    round_ = services_seating.round_seat_players(
        tournament=tournament, number=number, user=user, seed=number
    )
    return services_seating.round_publish(round=round_, user=user)


@pytest.fixture
def round1(tournament, staff):
    """Position 1 of ``tournament`` published: 8 players at two tables of 4."""
    return seat_and_publish(tournament, staff["organiser"], 8)


@pytest.fixture
def table(round1):
    return round1.tables.get(number=1)


# The official sample sheet of fft-rules.md section 2, seats 0 Nord, 1 Est, 2 Sud, 3 Ouest.
SAMPLE = {
    "d1-contract": "garde", "d1-taker": "1",
    "d1-mark0": "-106", "d1-mark1": "318", "d1-mark2": "-106", "d1-mark3": "-106",
    "d2-contract": "garde_sans", "d2-taker": "3",
    "d2-mark0": "-76", "d2-mark1": "-76", "d2-mark2": "-76", "d2-mark3": "228",
    "d3-contract": "prise", "d3-taker": "2",
    "d3-mark0": "42", "d3-mark1": "42", "d3-mark2": "-126", "d3-mark3": "42",
    "d4-contract": "garde", "d4-taker": "0",
    "d4-mark0": "276", "d4-mark1": "-92", "d4-mark2": "-92", "d4-mark3": "-92",
    "d5-contract": "garde", "d5-taker": "2",
    "d5-mark0": "-582", "d5-mark1": "-582", "d5-mark2": "1746", "d5-mark3": "-582",
}  # fmt: skip
SAMPLE_BILANS = [-446, -390, 1346, -510]
VISAS = {f"visa{seat}": "on" for seat in range(4)}


def refused(error) -> dict[str, list[str]]:
    """What the sheet page shows of a refused save (``SheetRefused``): {page field: [message]}."""
    shown: dict[str, list[str]] = {}
    for problem in error.problems:
        shown.setdefault(field_name(problem), []).append(
            str(problem_message(problem.code, problem.params))
        )
    return shown
