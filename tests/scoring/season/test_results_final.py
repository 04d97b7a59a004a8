"""A tournament's results are final once every unit it is played in is closed, whatever its
format: a challenge counts it, the read API and a player's history show its ranking, a prize
list stops being provisional only from then on."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from scoring.formats.libre.services_rounds import round_close, round_reopen
from scoring.formats.registry import format_of
from scoring.results_final import results_declare_final
from tests.factories import RegistrationFactory, TournamentFactory
from tests.scoring.conftest import seat_and_publish
from tests.support import enter
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def test_the_arbitre_declares_a_libre_tournament_final_once_its_positions_are_closed(
    tournament, staff
):
    arbitre = staff["arbitre"]
    final = format_of(tournament).results_final
    with pytest.raises(ValidationError, match="Nothing has been played yet"):
        results_declare_final(tournament=tournament, user=arbitre)
    round1 = seat_and_publish(tournament, staff["organiser"], 4)
    enter(round1.tables.get(), staff["scorer"], confirm_by=arbitre)
    with pytest.raises(ValidationError, match="1 of 1 units of play is still open"):
        results_declare_final(tournament=tournament, user=arbitre)
    with pytest.raises(PermissionDenied):  # a scorer signs nothing
        results_declare_final(tournament=tournament, user=staff["scorer"])
    round_close(round=round1, user=arbitre)
    assert not final(tournament)  # closed, not declared: position 2 may still be played
    results_declare_final(tournament=tournament, user=arbitre)
    tournament.refresh_from_db()
    assert final(tournament)
    assert AuditEntry.objects.filter(tournament=tournament, action="results.final").exists()
    # A position reopened withdraws it, in the same step.
    round_reopen(round=round1, user=arbitre, reason="a mark to correct")
    tournament.refresh_from_db()
    assert not final(tournament)
    withdrawn = AuditEntry.objects.get(tournament=tournament, action="results.final_withdrawn")
    assert withdrawn.data["reason"] == "a mark to correct"


def test_the_arbitre_withdraws_final_results_with_a_reason_from_the_results_page(
    client, tournament, staff
):
    round1 = seat_and_publish(tournament, staff["organiser"], 4)
    enter(round1.tables.get(), staff["scorer"], confirm_by=staff["arbitre"])
    client.force_login(staff["arbitre"])
    url = f"/manage/t/{tournament.slug}/results/final/"
    page = client.get(f"/manage/t/{tournament.slug}/results/").content.decode()
    assert "still open" in page and 'data-testid="results-final-declare"' not in page
    round_close(round=round1, user=staff["arbitre"])
    page = client.get(f"/manage/t/{tournament.slug}/results/").content.decode()
    assert 'data-testid="results-final-declare"' in page
    client.post(url)
    tournament.refresh_from_db()
    assert tournament.results_final_at is not None
    client.post(url, {"reopen": "1", "reason": " "})  # no reason: refused, still final
    tournament.refresh_from_db()
    assert tournament.results_final_at is not None
    client.post(url, {"reopen": "1", "reason": "an appeal"})
    tournament.refresh_from_db()
    assert tournament.results_final_at is None


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
