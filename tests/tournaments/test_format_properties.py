"""What callers ask a tournament's format instead of testing which format it is."""

import pytest

from tournaments.models import Tournament
from tournaments.models.formats import CancelledLine

F = Tournament.Format


@pytest.mark.parametrize(
    ("format", "places_teams", "cancelled_line"),
    [
        (F.LIBRE, False, None),
        (F.DUPLICATE, False, CancelledLine.SEAT_NOTES),
        (F.TRIPLETTES, True, CancelledLine.TEAM_NOTES),
        (F.QUADRETTES, True, CancelledLine.MATCH_POINTS),
        (F.MATCH, False, None),
    ],
)
def test_each_format_says_how_it_places_and_what_a_cancelled_line_gives(
    format, places_teams, cancelled_line
):
    tournament = Tournament(format=format)
    assert tournament.places_teams is places_teams
    assert tournament.cancelled_line == cancelled_line
