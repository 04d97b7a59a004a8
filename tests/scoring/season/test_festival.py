"""A challenge over a three-tournament festival played through the services: its standings
worked by hand from the sample sheet's places (``festival``)."""

from decimal import Decimal

import pytest

from scoring.models import Challenge, ChallengeTournament
from scoring.season.standings import challenge_standings
from tests.scoring.season.festival import festival, organiser_account, places

pytestmark = pytest.mark.django_db


def test_a_festival_challenge_by_places_best_two_with_a_final_counting_double():
    organiser = organiser_account()
    players, days = festival(organiser)
    challenge = Challenge.objects.create(
        name="Festival", slug="festival", scale=[10, 6, 4, 2], best_of=2, min_participations=2
    )
    for day, tournament in days.items():
        coefficient = Decimal(2) if day == "dimanche" else Decimal(1)
        ChallengeTournament.objects.create(
            challenge=challenge, tournament=tournament, coefficient=coefficient
        )
    expected = {}
    for day, tournament in days.items():
        coefficient = 2 if day == "dimanche" else 1
        for player, (place, _total) in places(tournament).items():
            expected.setdefault(player, []).append([10, 6, 4, 2][place - 1] * coefficient)
    totals = {player: sum(sorted(points)[-2:]) for player, points in expected.items()}
    standings = challenge_standings(challenge=challenge)
    assert {row.player_id: row.total for row in standings.rows} == totals
    # Player 0 plays all three days, player 3 only Friday: under the minimum, unranked.
    assert [row.participations for row in standings.rows if row.player_id == players[0].pk] == [3]
    assert standings.row_of(players[3].pk).place is None
    assert standings.rows[-1].player_id == players[3].pk
    ranked = [row for row in standings.rows if row.place is not None]
    assert len(ranked) == 5
    assert [row.total for row in ranked] == sorted(
        (t for p, t in totals.items() if p != players[3].pk), reverse=True
    )
