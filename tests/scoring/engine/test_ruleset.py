"""Rulesets: other prime values and thresholds, and a Ruleset is a checked, hashable value."""

import dataclasses

import pytest

from scoring.engine import (
    DEFAULT_RULESET,
    InvalidDeal,
    PoigneeLevel,
    PoigneeThresholds,
    Ruleset,
    score_deal,
)

from .strategies import deal

E1 = deal(
    contract="garde",
    bouts=2,
    points=49,
    petit_au_bout="attack",
    poignees=(("attack", "simple"),),
)


def test_custom_ruleset():
    ruleset = Ruleset(
        petit_au_bout_base=20,
        poignee_simple=10,
        chelem_announced_made=500,
        contract_base=30,
    )
    result = score_deal(E1, ruleset)
    assert result.amount == (30 + 8) * 2 + 20 * 2 + 10
    chelem = deal(contract="prise", bouts=3, points=91, chelem_announced=True, chelem="attack")
    assert score_deal(chelem, ruleset=ruleset).chelem_value == 500


def test_custom_thresholds_change_what_is_possible():
    two_simples = deal(
        contract="prise", bouts=1, points=51, poignees=(("attack", "simple"), ("defence", "simple"))
    )
    assert score_deal(two_simples).poignees_value == 40
    strict = Ruleset(poignee_thresholds_4=PoigneeThresholds(12, 14, 16))
    with pytest.raises(InvalidDeal) as caught:
        score_deal(two_simples, ruleset=strict)
    assert caught.value.code == "poignees_exceed_trumps"


def test_ruleset_is_a_hashable_value():
    assert Ruleset() == DEFAULT_RULESET and hash(Ruleset()) == hash(DEFAULT_RULESET)
    assert Ruleset(poignee_simple=10) != DEFAULT_RULESET
    assert dataclasses.replace(DEFAULT_RULESET, poignee_simple=10).poignee_value("simple") == 10
    assert DEFAULT_RULESET.poignee_threshold(5, PoigneeLevel.TRIPLE) == 13
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_RULESET.poignee_simple = 10


@pytest.mark.parametrize(
    "bad",
    [
        {"poignee_simple": 20.0},
        {"contract_base": "25"},
        {"poignee_thresholds_3": PoigneeThresholds(0, 15, 18)},
    ],
)
def test_ruleset_refuses_bad_numbers(bad):
    with pytest.raises((TypeError, ValueError)):
        Ruleset(**bad)
