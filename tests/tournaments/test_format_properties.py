"""What callers ask a tournament's format instead of testing which format it is."""

import pytest

from tournaments.models import Tournament
from tournaments.models.formats import TRAITS, CancelledLine, Movement, PenaltyUnit, PlayUnit

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


def test_every_format_is_described():
    assert set(TRAITS) == set(F.values)


@pytest.mark.parametrize(
    ("format", "plays_in", "movement", "penalty_unit", "chooses_kind", "stand_ins"),
    [
        (F.LIBRE, PlayUnit.POSITIONS, Movement.POSITIONS, PenaltyUnit.POINTS, True, False),
        (F.DUPLICATE, PlayUnit.SEANCES, Movement.INDIVIDUEL, PenaltyUnit.PERCENT, False, True),
        (
            F.TRIPLETTES, PlayUnit.SEANCES, Movement.TEAMS_NS_EW, PenaltyUnit.TEAM_PERCENT,
            False, False,
        ),
        (
            F.QUADRETTES, PlayUnit.SEANCES, Movement.OPPOSITIONS, PenaltyUnit.TEAM_MATCH_POINTS,
            False, False,
        ),
        (F.MATCH, PlayUnit.MATCHES, Movement.MATCHES, PenaltyUnit.MATCH_SHEET, False, False),
    ],
)  # fmt: skip
def test_each_format_says_what_it_is_played_in_and_what_a_penalty_is_taken_off(
    format, plays_in, movement, penalty_unit, chooses_kind, stand_ins
):
    tournament = Tournament(format=format)
    assert tournament.plays_in == plays_in
    assert tournament.plays_positions is (plays_in == PlayUnit.POSITIONS)
    assert tournament.plays_matches is (plays_in == PlayUnit.MATCHES)
    assert tournament.plays_duplicate is (plays_in == PlayUnit.SEANCES)
    assert tournament.seating_movement == movement
    assert tournament.penalty_unit == penalty_unit
    assert tournament.chooses_kind is chooses_kind
    assert tournament.has_stand_ins is stand_ins
