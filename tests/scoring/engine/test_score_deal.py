"""Table-driven checks of score_deal: the rulebook's examples and sample sheet, our own cases."""

import dataclasses
from decimal import Decimal

import pytest

from scoring.engine import Camp, Contract, DealResult, PoigneeLevel, score_deal

from .strategies import deal

CASES = [
    # Official examples, 4 players.
    (
        "E1",
        deal(
            contract="garde",
            bouts=2,
            points=Decimal("49"),
            petit_au_bout="attack",
            poignees=(("attack", "simple"),),
        ),
        106,
        318,
        0,
        -106,
    ),
    (
        "E2 garde sans made by 4, defence takes the petit au bout",
        deal(contract="garde_sans", bouts=1, points=55, petit_au_bout="defence"),
        76,
        228,
        0,
        -76,
    ),
    (
        "E4",
        deal(contract="garde", bouts=2, points=52, poignees=(("defence", "simple"),)),
        92,
        276,
        0,
        -92,
    ),
    # Sample sheet deal 3: a Prise lost, A = -42, three plausible ways.
    ("sheet 3: lost by 17", deal(contract="prise", bouts=1, points=34), -42, -126, 0, 42),
    (
        "sheet 3: lost by 7, defence takes the petit",
        deal(contract="prise", bouts=2, points=34, petit_au_bout="defence"),
        -42,
        -126,
        0,
        42,
    ),
    (
        "sheet 3: 49 with no bout, lost by 7, defence takes the petit",
        deal(contract="prise", bouts=0, points=49, petit_au_bout="defence"),
        -42,
        -126,
        0,
        42,
    ),
    # Sample sheet deal 5: a Garde giving A = 582, which only a chelem announced and made reaches
    # (the defence keeps its Excuse, which counts 4 for it: 87 points, 2 bouts, made by 46).
    (
        "sheet 5: chelem, petit au bout, simple poignée",
        deal(
            contract="garde",
            bouts=2,
            points=87,
            petit_au_bout="attack",
            poignees=(("attack", "simple"),),
            chelem_announced=True,
            chelem="attack",
        ),
        582,
        1746,
        0,
        -582,
    ),
    (
        "sheet 5: chelem and a triple poignée",
        deal(
            contract="garde",
            bouts=2,
            points=87,
            poignees=(("attack", "triple"),),
            chelem_announced=True,
            chelem="attack",
        ),
        582,
        1746,
        0,
        -582,
    ),
    # Half points (3 and 5 players only): the half goes to the camp that won.
    (
        "3p 40.5 with 2 bouts: lost by 1",
        deal(players=3, contract="garde", bouts=2, points="40.5"),
        -52,
        -104,
        0,
        52,
    ),
    (
        "3p 41.5 with 2 bouts: made by 1",
        deal(players=3, contract="garde", bouts=2, points="41.5"),
        52,
        104,
        0,
        -52,
    ),
    (
        "5p 55.5 with no bout: lost by 1",
        deal(players=5, contract="prise", bouts=0, points="55.5"),
        -26,
        -104,
        0,
        26,
    ),
    ("56 with no bout: juste fait", deal(contract="prise", bouts=0, points=56), 25, 75, 0, -25),
    (
        "3p 50.5 with 1 bout: lost by 1",
        deal(players=3, contract="prise", bouts=1, points="50.5"),
        -26,
        -52,
        0,
        26,
    ),
    (
        "3p 36.5 with 3 bouts: made by 1",
        deal(players=3, contract="prise", bouts=3, points="36.5"),
        26,
        52,
        0,
        -26,
    ),
    (
        "3p 35.5 with 3 bouts: lost by 1",
        deal(players=3, contract="prise", bouts=3, points="35.5"),
        -26,
        -52,
        0,
        26,
    ),
    (
        "0 points: the defence takes every trick of a garde contre",
        deal(contract="garde_contre", bouts=0, points=0, chelem="defence"),
        -686,
        -2058,
        0,
        686,
    ),
    (
        "91 points: a chelem, unannounced",
        deal(contract="prise", bouts=3, points=91, chelem="attack"),
        280,
        840,
        0,
        -280,
    ),
    # Poignées: every one to the camp that won, not multiplied.
    (
        "two simples at 4 players, contract lost",
        deal(
            contract="garde_sans",
            bouts=1,
            points=45,
            poignees=(("attack", "simple"), ("defence", "simple")),
        ),
        -164,
        -492,
        0,
        164,
    ),
    (
        "a double shown by the defence, attack wins",
        deal(contract="prise", bouts=2, points=41, poignees=(("defence", "double"),)),
        55,
        165,
        0,
        -55,
    ),
    # 3 players: taker 2A, two defenders.
    ("3p garde made by 9", deal(players=3, contract="garde", bouts=1, points=60), 68, 136, 0, -68),
    (
        "3p prise lost, petit au bout and poignée to the defence",
        deal(
            players=3,
            contract="prise",
            bouts=2,
            points=30,
            petit_au_bout="defence",
            poignees=(("defence", "simple"),),
        ),
        -66,
        -132,
        0,
        66,
    ),
    # 5 players: taker 2A and partner A, or taker 4A alone.
    (
        "5p garde sans juste fait with a partner",
        deal(players=5, partner=True, contract="garde_sans", bouts=0, points=56),
        100,
        200,
        100,
        -100,
    ),
    (
        "5p garde contre lost by 1, taker alone",
        deal(players=5, contract="garde_contre", bouts=2, points="40.5"),
        -156,
        -624,
        0,
        156,
    ),
    (
        "5p simple and double",
        deal(
            players=5,
            partner=True,
            contract="prise",
            bouts=1,
            points=51,
            poignees=(("attack", "simple"), ("defence", "double")),
        ),
        75,
        150,
        75,
        -75,
    ),
    (
        "5p two attack poignées with a partner",
        deal(
            players=5,
            partner=True,
            contract="prise",
            bouts=1,
            points=51,
            poignees=(("attack", "simple"), ("attack", "triple")),
        ),
        85,
        170,
        85,
        -85,
    ),
    (
        "5p two doubles by the defence",
        deal(
            players=5,
            contract="prise",
            bouts=1,
            points=40,
            poignees=(("defence", "double"), ("defence", "double")),
        ),
        -96,
        -384,
        0,
        96,
    ),
    # Chelem, each case (4 players, garde).
    (
        "chelem announced and made, 91 points",
        deal(
            contract="garde",
            bouts=3,
            points=91,
            petit_au_bout="attack",
            chelem_announced=True,
            chelem="attack",
        ),
        580,
        1740,
        0,
        -580,
    ),
    (
        "chelem announced and made, the defence keeps its Excuse: 87",
        deal(contract="garde", bouts=2, points=87, chelem_announced=True, chelem="attack"),
        542,
        1626,
        0,
        -542,
    ),
    (
        "chelem made without announcement",
        deal(contract="garde", bouts=3, points=91, chelem="attack"),
        360,
        1080,
        0,
        -360,
    ),
    (
        "chelem announced and failed, contract made",
        deal(contract="garde", bouts=3, points=80, chelem_announced=True),
        -62,
        -186,
        0,
        62,
    ),
    (
        "chelem announced, the defence takes every trick: the écart's 3 points",
        deal(contract="garde", bouts=0, points=3, chelem_announced=True, chelem="defence"),
        -556,
        -1668,
        0,
        556,
    ),
    (
        "defence chelem, not announced",
        deal(contract="garde", bouts=0, points=3, chelem="defence"),
        -356,
        -1068,
        0,
        356,
    ),
]


@pytest.mark.parametrize(
    ("the_deal", "amount", "taker", "partner", "defender"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_score_deal(the_deal, amount, taker, partner, defender):
    result = score_deal(the_deal)
    assert (result.amount, result.taker, result.partner, result.defender) == (
        amount,
        taker,
        partner,
        defender,
    )
    parts = (
        result.contract_value
        + result.petit_au_bout_value
        + result.poignees_value
        + result.chelem_value
    )
    assert parts == result.amount == result.A


def test_e1_parts():
    result = score_deal(CASES[0][1])
    assert result.won and result.diff == 8 and result.target == 41 and result.counted == 49
    assert result.contract_value == 66
    assert result.petit_au_bout_value == 20
    assert result.poignees_value == 20
    assert result.chelem_value == 0
    assert result.contract is Contract.GARDE
    assert result.defender_count == 3


def test_half_point_counted():
    lost = score_deal(deal(players=3, contract="garde", bouts=2, points="40.5"))
    made = score_deal(deal(players=3, contract="garde", bouts=2, points="41.5"))
    assert (lost.won, lost.counted, lost.diff) == (False, 40, 1)
    assert (made.won, made.counted, made.diff) == (True, 42, 1)


def test_enum_members_and_strings_are_the_same():
    as_strings = deal(
        players=3,
        contract="garde_sans",
        bouts=1,
        points="60.5",
        petit_au_bout="attack",
        poignees=(("defence", "double"),),
    )
    as_members = deal(
        players=3,
        contract=Contract.GARDE_SANS,
        bouts=1,
        points=Decimal("60.5"),
        petit_au_bout=Camp.ATTACK,
        poignees=((Camp.DEFENCE, PoigneeLevel.DOUBLE),),
    )
    assert score_deal(as_strings) == score_deal(as_members)
    assert Contract.GARDE_SANS == "garde_sans" and Camp.DEFENCE == "defence"


@pytest.mark.parametrize("points", [49, "49", " 49.0 ", Decimal("49.00"), 49.0])
def test_points_forms(points):
    assert score_deal(deal(contract="prise", bouts=2, points=points)).amount == 33


def test_float_points_are_read_exactly():
    assert score_deal(deal(players=3, contract="prise", bouts=2, points=49.5)).counted == 50


def test_empty_string_means_nobody():
    result = score_deal(deal(contract="prise", bouts=2, points=49, petit_au_bout="", chelem=""))
    assert result.amount == 33


def test_fast_result_is_a_plain_result():
    """score_deal builds DealResult without its __init__; it must be the same object."""
    result = score_deal(CASES[0][1])
    rebuilt = DealResult(**dataclasses.asdict(result))
    assert rebuilt == result and hash(rebuilt) == hash(result) and repr(rebuilt) == repr(result)
    assert set(vars(result)) == {f.name for f in dataclasses.fields(DealResult)}
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.taker = 0


# (id, deal, code, field, params that must be present)
