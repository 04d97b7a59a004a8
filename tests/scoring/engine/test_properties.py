"""Hypothesis properties of score_deal and check_marks over generated valid deals."""

import dataclasses
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import DealInput, InvalidDeal, check_marks, score_deal

from .piles import attack_counts
from .strategies import TARGETS, anything, deals, reference_amount

SETTINGS = settings(max_examples=400, deadline=None)
TAKER_FACTOR = {(3, False): 2, (4, False): 3, (5, True): 2, (5, False): 4}


@SETTINGS
@given(deals())
def test_marks_sum_to_zero_and_defenders_are_equal(deal):
    result = score_deal(deal)
    defenders = [result.defender] * result.defender_count
    assert result.taker + result.partner + sum(defenders) == 0
    assert result.defender_count == deal.players - 1 - deal.partner


@SETTINGS
@given(deals())
def test_multiples_per_table(deal):
    result = score_deal(deal)
    amount = -result.defender
    assert result.taker == TAKER_FACTOR[deal.players, deal.partner] * amount
    assert result.partner == (amount if deal.partner else 0)


@SETTINGS
@given(deals())
def test_matches_the_reference_reading_of_the_rules(deal):
    assert score_deal(deal).amount == reference_amount(deal)


@SETTINGS
@given(deals())
def test_won_exactly_when_points_reach_the_target(deal):
    result = score_deal(deal)
    half_points = int(Decimal(str(deal.points)) * 2)
    assert result.won == (half_points >= 2 * TARGETS[deal.bouts])
    assert result.diff == abs(result.counted - result.target)
    assert result.diff >= 0 and (result.contract_value > 0) == result.won


@SETTINGS
@given(deals(contracts=st.just("prise"), primes=False), st.booleans())
def test_contract_coefficients_on_the_same_cards(deal, petit_au_bout):
    if petit_au_bout and deal.bouts > 0:  # the petit au bout is multiplied too
        deal = dataclasses.replace(deal, petit_au_bout="attack")
    prise = score_deal(deal).amount
    count = (deal.bouts, int(Decimal(str(deal.points)) * 2))
    compared = 0
    for contract, coefficient in (("garde", 2), ("garde_sans", 4), ("garde_contre", 6)):
        # A garde keeps the prise's piles; a garde sans or contre gives the chien unseen to a
        # camp, so some counts of a prise cannot happen there.
        if count not in attack_counts(deal.players, contract, None):
            continue
        compared += 1
        assert (
            score_deal(dataclasses.replace(deal, contract=contract)).amount == coefficient * prise
        )
    assert compared >= 1  # the garde, at least


@SETTINGS
@given(deals())
def test_every_accepted_deal_passes_check_marks(deal):
    result = score_deal(deal)
    problems = check_marks(
        players=deal.players,
        contract=deal.contract,
        taker=result.taker,
        partner=result.partner if deal.partner else None,
        defenders=[result.defender] * result.defender_count,
    )
    assert problems == []


@SETTINGS
@given(deals(), st.integers(-50, 50).filter(bool))
def test_a_wrong_taker_mark_is_an_error(deal, error):
    result = score_deal(deal)
    problems = check_marks(
        players=deal.players,
        contract=deal.contract,
        taker=result.taker + error,
        partner=result.partner if deal.partner else None,
        defenders=[result.defender] * result.defender_count,
    )
    assert {p.code for p in problems} >= {"marks_not_zero_sum", "taker_not_multiple"}


def mostly(valid):
    """Valid values most of the time, so that later checks get reached too."""
    return st.one_of(valid, valid, valid, anything())


@settings(max_examples=400, deadline=None)
@given(
    st.builds(
        DealInput,
        players=mostly(st.sampled_from([3, 4, 5])),
        contract=mostly(st.sampled_from(["prise", "garde_contre"])),
        bouts=mostly(st.integers(0, 3)),
        points=mostly(st.integers(0, 91)),
        petit_au_bout=mostly(st.sampled_from([None, "attack", "defence"])),
        poignees=st.one_of(
            st.lists(st.tuples(mostly(st.just("defence")), mostly(st.just("simple"))), max_size=5),
            anything(),
        ),
        chelem_announced=mostly(st.booleans()),
        chelem=mostly(st.sampled_from([None, "attack", "defence"])),
        partner=mostly(st.booleans()),
    )
)
def test_any_input_is_scored_or_refused_with_a_code(deal):
    try:
        result = score_deal(deal)
    except InvalidDeal as error:
        assert error.code and error.field in {f.name for f in dataclasses.fields(DealInput)}
    else:
        assert result.taker + result.partner + result.defender * result.defender_count == 0
