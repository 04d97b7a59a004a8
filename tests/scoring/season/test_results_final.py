"""A tournament's results are final once every unit it is played in is closed, whatever its
format: a challenge counts it, the read API and a player's history show its ranking, a prize
list stops being provisional only from then on."""

import random

import pytest

from scoring.formats.duplicate.services import session_reopen
from scoring.formats.duplicate.simulation import duplicate_simulate, session_sheets_simulate
from scoring.formats.libre.services_rounds import round_close
from scoring.formats.registry import format_of
from scoring.models import Challenge, ChallengeTournament
from scoring.season.standings import challenge_standings
from tests.factories import RegistrationFactory, TournamentFactory
from tests.scoring.conftest import seat_and_publish
from tests.support import enter
from tournaments.simulation import tournament_simulate

pytestmark = pytest.mark.django_db


def test_a_libre_tournament_is_final_once_every_seated_position_is_closed(tournament, staff):
    final = format_of(tournament).results_final
    assert not final(tournament)  # nothing played
    round1 = seat_and_publish(tournament, staff["organiser"], 4)
    enter(round1.tables.get(), staff["scorer"], confirm_by=staff["arbitre"])
    assert not final(tournament)  # confirmed, the position still open
    round_close(round=round1, user=staff["arbitre"])
    assert final(tournament)


def test_a_duplicate_is_final_once_its_seances_are_closed_and_not_while_one_is_reopened(staff):
    organiser = staff["organiser"]
    tournament = tournament_simulate(
        slug="final-duplicate", players=8, user=organiser, positions=2, seed=5, format="duplicate"
    )
    challenge = Challenge.objects.create(name="Saison", slug="saison", scale=[10, 6, 4, 2])
    ChallengeTournament.objects.create(challenge=challenge, tournament=tournament)
    session = duplicate_simulate(tournament=tournament, user=organiser, seed=5)
    session_sheets_simulate(session=session, rng=random.Random(5), close=False)
    assert not format_of(tournament).results_final(tournament)
    assert challenge_standings(challenge=challenge).rows == []
    session_sheets_simulate(session=session, rng=random.Random(5), close=True)
    assert format_of(tournament).results_final(tournament)
    counted = challenge_standings(challenge=challenge)
    assert counted.final == {tournament.pk} and len(counted.rows) == 8
    assert sorted(row.total for row in counted.rows)[-1] == 10  # the winner's 10 points
    session.refresh_from_db()
    session_reopen(session=session, user=organiser, reason="an étui to correct")
    assert not format_of(tournament).results_final(tournament)
    assert challenge_standings(challenge=challenge).rows == []


@pytest.mark.parametrize(
    ("game", "unit"),
    [
        ("libre", "tournaments.Round"),
        ("duplicate", "tournaments.Session"),
        ("triplettes", "tournaments.Session"),
        ("quadrettes", "tournaments.Session"),
        ("match", "scoring.MatchQuarter"),
    ],
)
def test_each_format_names_the_units_its_results_wait_for(game, unit):
    tournament = TournamentFactory(format=game)
    units = format_of(tournament).play_units(tournament)
    assert units.model._meta.label == unit
    assert not format_of(tournament).results_final(tournament)  # nothing played yet


def test_fees_payments_and_prize_rules_move_no_public_stamp(tournament, staff):
    """The door's payments are the staff's: the public pages, the API and the challenges keyed
    by the tournament's change stamp stay as they were (200 payments, 200 recomputations
    otherwise)."""
    from scoring.season.services_prizes import PrizeRuleValues, prize_rule_add
    from tournaments import services_fees
    from tournaments.selectors import change_stamp

    organiser = staff["organiser"]
    registration = RegistrationFactory(tournament=tournament)
    before = change_stamp(tournament=tournament)
    services_fees.fees_set(user=organiser, tournament=tournament, amounts={"licensed": 1000})
    services_fees.registration_pay(
        user=organiser, registration=registration, category="licensed", payment="cash"
    )
    prize_rule_add(
        user=organiser,
        tournament=tournament,
        values=PrizeRuleValues("fixed", amounts_cents=(1000,)),
    )
    assert change_stamp(tournament=tournament) == before
