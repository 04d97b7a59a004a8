"""Every impossible deal of section 3 is refused with its code and the field at fault."""

from decimal import Decimal

import pytest

from scoring.engine import InvalidDeal, Span, score_deal

from .strategies import deal

REFUSALS = [
    (
        "3 bouts are 13.5 points at least",
        deal(contract="prise", bouts=3, points=13),
        "points_bouts_mismatch",
        "points",
    ),
    (
        "with no bout the defence holds 13.5 points",
        deal(contract="garde", bouts=0, points="78"),
        "points_bouts_mismatch",
        "points",
    ),
    (
        "two players",
        deal(players=2, contract="prise", bouts=1, points=51),
        "players_invalid",
        "players",
    ),
    (
        "six players",
        deal(players=6, contract="prise", bouts=1, points=51),
        "players_invalid",
        "players",
    ),
    (
        "players as str",
        deal(players="4", contract="prise", bouts=1, points=51),
        "players_invalid",
        "players",
    ),
    (
        "players as bool",
        deal(players=True, contract="prise", bouts=1, points=51),
        "players_invalid",
        "players",
    ),
    (
        "partner at 4 players",
        deal(partner=True, contract="prise", bouts=1, points=51),
        "partner_not_five_players",
        "partner",
    ),
    (
        "partner at 3 players",
        deal(players=3, partner=True, contract="prise", bouts=1, points=51),
        "partner_not_five_players",
        "partner",
    ),
    (
        "partner not a bool",
        deal(players=5, partner=1, contract="prise", bouts=1, points=51),
        "partner_invalid",
        "partner",
    ),
    (
        "unknown contract",
        deal(contract="petite", bouts=1, points=51),
        "contract_invalid",
        "contract",
    ),
    ("no contract", deal(contract=None, bouts=1, points=51), "contract_invalid", "contract"),
    ("4 bouts", deal(contract="prise", bouts=4, points=51), "bouts_out_of_range", "bouts"),
    ("-1 bouts", deal(contract="prise", bouts=-1, points=51), "bouts_out_of_range", "bouts"),
    ("bouts as str", deal(contract="prise", bouts="1", points=51), "bouts_out_of_range", "bouts"),
    (
        "91.5 points",
        deal(contract="prise", bouts=1, points="91.5"),
        "points_out_of_range",
        "points",
    ),
    (
        "-0.5 points",
        deal(contract="prise", bouts=1, points=Decimal("-0.5")),
        "points_out_of_range",
        "points",
    ),
    ("92 points", deal(contract="prise", bouts=1, points=92), "points_out_of_range", "points"),
    (
        "49.3 points",
        deal(contract="prise", bouts=1, points="49.3"),
        "points_not_half_multiple",
        "points",
    ),
    (
        "49.25 points",
        deal(contract="prise", bouts=1, points=Decimal("49.25")),
        "points_not_half_multiple",
        "points",
    ),
    (
        "49.3 as a float",
        deal(contract="prise", bouts=1, points=49.3),
        "points_not_half_multiple",
        "points",
    ),
    (
        "points not a number",
        deal(contract="prise", bouts=1, points="abc"),
        "points_invalid",
        "points",
    ),
    ("points missing", deal(contract="prise", bouts=1, points=None), "points_invalid", "points"),
    ("points as bool", deal(contract="prise", bouts=1, points=True), "points_invalid", "points"),
    (
        "NaN points",
        deal(contract="prise", bouts=1, points=Decimal("NaN")),
        "points_invalid",
        "points",
    ),
    (
        "infinite points",
        deal(contract="prise", bouts=1, points=float("inf")),
        "points_invalid",
        "points",
    ),
    (
        "petit au bout to the attack without a bout",
        deal(contract="garde", bouts=0, points=60, petit_au_bout="attack"),
        "petit_au_bout_without_bout",
        "petit_au_bout",
    ),
    (
        "petit au bout to the defence with every bout",
        deal(contract="garde", bouts=3, points=60, petit_au_bout="defence"),
        "petit_au_bout_defence_all_bouts",
        "petit_au_bout",
    ),
    (
        "petit au bout to the defence in the attack's chelem",
        deal(contract="garde", bouts=2, points=87, chelem="attack", petit_au_bout="defence"),
        "petit_au_bout_against_chelem",
        "petit_au_bout",
    ),
    (
        "petit au bout to the attack in the defence's chelem",
        deal(contract="garde", bouts=1, points=7, chelem="defence", petit_au_bout="attack"),
        "petit_au_bout_against_chelem",
        "petit_au_bout",
    ),
    (
        "all 91 points without a chelem",
        deal(contract="prise", bouts=3, points=91),
        "chelem_not_recorded",
        "chelem",
    ),
    (
        "petit au bout to nobody known",
        deal(contract="garde", bouts=1, points=60, petit_au_bout="nord"),
        "petit_au_bout_invalid",
        "petit_au_bout",
    ),
    (
        "two attack poignées at 4 players",
        deal(contract="garde", bouts=1, points=60, poignees=(("attack", "simple"),) * 2),
        "too_many_poignees",
        "poignees",
    ),
    (
        "three attack poignées at 5 with a partner",
        deal(
            players=5,
            partner=True,
            contract="garde",
            bouts=1,
            points=60,
            poignees=(("attack", "simple"),) * 3,
        ),
        "too_many_poignees",
        "poignees",
    ),
    (
        "three defence poignées at 3 players",
        deal(
            players=3, contract="garde", bouts=1, points=60, poignees=(("defence", "simple"),) * 3
        ),
        "too_many_poignees",
        "poignees",
    ),
    (
        "four defence poignées at 5 with a partner",
        deal(
            players=5,
            partner=True,
            contract="garde",
            bouts=1,
            points=60,
            poignees=(("defence", "simple"),) * 4,
        ),
        "too_many_poignees",
        "poignees",
    ),
    (
        "simple and double at 4 players: 23 trumps",
        deal(
            contract="garde",
            bouts=1,
            points=60,
            poignees=(("attack", "simple"), ("defence", "double")),
        ),
        "poignees_exceed_trumps",
        "poignees",
    ),
    (
        "two simples at 3 players: 26 trumps",
        deal(
            players=3,
            contract="garde",
            bouts=1,
            points=60,
            poignees=(("attack", "simple"), ("defence", "simple")),
        ),
        "poignees_exceed_trumps",
        "poignees",
    ),
    (
        "three simples at 5 players: 24 trumps",
        deal(
            players=5,
            contract="garde",
            bouts=1,
            points=60,
            poignees=(("attack", "simple"), ("defence", "simple"), ("defence", "simple")),
        ),
        "poignees_exceed_trumps",
        "poignees",
    ),
    (
        "unknown poignée level",
        deal(contract="garde", bouts=1, points=60, poignees=(("attack", "quadruple"),)),
        "poignee_invalid",
        "poignees",
    ),
    (
        "poignée by nobody known",
        deal(contract="garde", bouts=1, points=60, poignees=(("nord", "simple"),)),
        "poignee_invalid",
        "poignees",
    ),
    (
        "poignée not a pair",
        deal(contract="garde", bouts=1, points=60, poignees=(("attack",),)),
        "poignee_invalid",
        "poignees",
    ),
    (
        "poignées as a string",
        deal(contract="garde", bouts=1, points=60, poignees="simple"),
        "poignee_invalid",
        "poignees",
    ),
    (
        "chelem by the attack with 86 points",
        deal(contract="garde", bouts=2, points=86, chelem="attack"),
        "chelem_points_mismatch",
        "chelem",
    ),
    (
        "chelem by the defence, contract made",
        deal(contract="garde", bouts=2, points=41, chelem="defence"),
        "chelem_defence_contract_won",
        "chelem",
    ),
    (
        "chelem by nobody known",
        deal(contract="garde", bouts=2, points=41, chelem="nobody"),
        "chelem_invalid",
        "chelem",
    ),
    (
        "chelem announcement not a bool",
        deal(contract="garde", bouts=2, points=41, chelem_announced="yes"),
        "chelem_announced_invalid",
        "chelem_announced",
    ),
]


@pytest.mark.parametrize(
    ("the_deal", "code", "field"),
    [case[1:] for case in REFUSALS],
    ids=[case[0] for case in REFUSALS],
)
def test_refusal(the_deal, code, field):
    with pytest.raises(InvalidDeal) as caught:
        score_deal(the_deal)
    assert (caught.value.code, caught.value.field) == (code, field)
    assert isinstance(caught.value, ValueError)
    assert caught.value.params
    assert code in str(caught.value)


def test_refusal_params():
    with pytest.raises(InvalidDeal) as caught:
        score_deal(deal(contract="garde", bouts=1, points=60, poignees=(("attack", "simple"),) * 2))
    assert caught.value.params == {"camp": "attack", "count": 2, "limit": 1}
    with pytest.raises(InvalidDeal) as caught:
        score_deal(deal(contract="garde", bouts=2, points=86, chelem="attack"))
    assert caught.value.params == {
        "points": Decimal("86"),
        "bouts": 2,
        "players": 4,
        "contract": "garde",
        "camp": "attack",
        # A garde won as a chelem: 87 with 2 bouts (the defence kept its Excuse), 91 with 3.
        "possible": (
            (2, (Span(Decimal(87), Decimal(87), Decimal(1)),)),
            (3, (Span(Decimal(91), Decimal(91), Decimal(1)),)),
        ),
    }
    with pytest.raises(InvalidDeal) as caught:
        score_deal(
            deal(
                contract="garde",
                bouts=1,
                points=60,
                poignees=(("attack", "simple"), ("defence", "double")),
            )
        )
    assert caught.value.params == {"trumps": 23, "limit": 22}
    with pytest.raises(InvalidDeal) as caught:
        score_deal(deal(contract="garde", bouts=1, points="91.5"))
    assert caught.value.params == {"points": "91.5"}


@pytest.mark.parametrize(
    ("players", "partner", "poignees", "value"),
    [
        (5, True, (("attack", "simple"), ("defence", "triple")), 60),  # 8 + 13 = 21 trumps
        (5, True, (("attack", "simple"), ("attack", "simple")), 40),  # taker and partner
        (5, False, (("defence", "double"), ("defence", "double")), 60),  # 10 + 10
        (4, False, (("defence", "simple"), ("defence", "simple")), 40),  # 10 + 10
        (3, False, (("defence", "triple"),), 40),  # 18
    ],
)
def test_poignees_at_the_limit_are_accepted(players, partner, poignees, value):
    accepted = deal(
        players=players, partner=partner, contract="prise", bouts=1, points=51, poignees=poignees
    )
    assert score_deal(accepted).poignees_value == value
