"""check_marks on transcribed marks: the official sheet, each error, the warning, bad arguments."""

from itertools import product

import pytest

from scoring.engine import (
    Contract,
    DealInput,
    InvalidDeal,
    Ruleset,
    Severity,
    achievable_amounts,
    check_marks,
    score_deal,
)

from .strategies import POIGNEE_VALUES, valid_poignee_sets

# The sample sheet of fft-rules.md: (contract, taker's mark, the defenders' marks).
SHEET = [
    ("garde", 318, [-106, -106, -106]),
    ("garde_sans", 228, [-76, -76, -76]),
    ("prise", -126, [42, 42, 42]),
    ("garde", 276, [-92, -92, -92]),
    ("garde", 1746, [-582, -582, -582]),
]


@pytest.mark.parametrize(("contract", "taker", "defenders"), SHEET)
def test_official_sheet_has_no_problem(contract, taker, defenders):
    assert check_marks(players=4, contract=contract, taker=taker, defenders=defenders) == []


def test_official_sheet_bilan_from_the_deal_facts():
    """The sample sheet's bilan, scored from deal facts that give its marks."""
    facts = [  # (taker's seat, the deal)
        ("Est", DealInput(4, "garde", 2, 49, "attack", (("attack", "simple"),))),  # E1
        ("Ouest", DealInput(4, "garde_sans", 1, 55, "defence")),  # E2: made by 4
        ("Sud", DealInput(4, "prise", 1, 34)),  # lost by 17
        ("Nord", DealInput(4, "garde", 2, 52, poignees=(("defence", "simple"),))),  # E4
        (
            "Sud",
            DealInput(4, "garde", 2, 87, "attack", (("attack", "simple"),), True, "attack"),
        ),
    ]
    seats = ["Nord", "Sud", "Est", "Ouest"]
    bilan = dict.fromkeys(seats, 0)
    for (taker_seat, deal), (contract, taker, defenders) in zip(facts, SHEET, strict=True):
        result = score_deal(deal)
        assert (deal.contract, result.taker, [result.defender] * 3) == (contract, taker, defenders)
        for seat in seats:
            bilan[seat] += result.taker if seat == taker_seat else result.defender
    assert bilan == {"Nord": -446, "Sud": 1346, "Est": -390, "Ouest": -510}


@pytest.mark.parametrize(
    "marks",
    [
        {"players": 3, "contract": "garde", "taker": 136, "defenders": [-68, -68]},
        {
            "players": 5,
            "contract": "garde_sans",
            "taker": 200,
            "partner": 100,
            "defenders": [-100] * 3,
        },
        {"players": 5, "contract": Contract.GARDE_CONTRE, "taker": -624, "defenders": [156] * 4},
    ],
)
def test_other_tables_clean(marks):
    assert check_marks(**marks) == []


def codes(problems):
    return [(p.code, p.severity) for p in problems]


def test_not_zero_sum_and_not_multiple():
    problems = check_marks(players=4, contract="garde", taker=300, defenders=[-106] * 3)
    assert codes(problems) == [
        ("marks_not_zero_sum", Severity.ERROR),
        ("taker_not_multiple", Severity.ERROR),
    ]
    assert problems[0].params == {"sum": -18}
    assert problems[1].params == {"taker": 300, "expected": 318, "factor": 3}
    assert problems[1].field == "taker"


def test_defenders_unequal():
    problems = check_marks(players=4, contract="garde", taker=318, defenders=[-100, -112, -106])
    assert codes(problems) == [("defenders_unequal", Severity.ERROR)]
    assert problems[0].params == {"defenders": [-100, -112, -106]}


def test_defenders_unequal_and_not_zero_sum():
    problems = check_marks(players=4, contract="garde", taker=318, defenders=[-106, -106, -105])
    assert [p.code for p in problems] == ["marks_not_zero_sum", "defenders_unequal"]


def test_partner_not_multiple_though_zero_sum():
    problems = check_marks(
        players=5, contract="garde", taker=150, partner=150, defenders=[-100] * 3
    )
    assert [p.code for p in problems] == ["taker_not_multiple", "partner_not_multiple"]
    assert problems[1].params == {"partner": 150, "expected": 100}


def test_taker_alone_at_five_is_four_times():
    problems = check_marks(players=5, contract="prise", taker=225, defenders=[-75] * 4)
    assert [p.code for p in problems] == ["marks_not_zero_sum", "taker_not_multiple"]
    assert problems[1].params["factor"] == 4


def test_three_players_is_twice():
    problems = check_marks(players=3, contract="prise", taker=150, defenders=[-50, -50])
    assert [p.code for p in problems] == ["marks_not_zero_sum", "taker_not_multiple"]
    assert problems[1].params["expected"] == 100


def test_107_cannot_come_from_a_garde():
    problems = check_marks(players=4, contract="garde", taker=321, defenders=[-107] * 3)
    assert len(problems) == 1
    (warning,) = problems
    assert (warning.code, warning.severity) == ("amount_unreachable", Severity.WARNING)
    assert warning.params == {
        "amount": 107,
        "defender": -107,
        "contract": Contract.GARDE,
        "players": 4,
    }


def test_107_can_come_from_a_prise():
    # Made by 52 with 3 bouts (88 points), petit au bout and a simple poignée.
    assert check_marks(players=4, contract="prise", taker=321, defenders=[-107] * 3) == []


@pytest.mark.parametrize("amount", [1, -39, 24, 622, -10_000])
def test_other_unreachable_amounts(amount):
    problems = check_marks(players=4, contract="garde", taker=3 * amount, defenders=[-amount] * 3)
    assert [p.code for p in problems] == ["amount_unreachable"]


def test_warning_depends_on_the_ruleset():
    # A Prise gives at least 25 - 10 when won and at most -26 + 10 when lost, unless a chelem
    # is involved, and a failed chelem cannot pull a won Prise up to 14.
    marks = {"players": 4, "contract": "prise", "taker": 3 * 14, "defenders": [-14] * 3}
    assert [p.code for p in check_marks(**marks)] == ["amount_unreachable"]
    # With a base of 20, a Prise made by 4 with the petit au bout to the defence gives 14.
    assert check_marks(**marks, ruleset=Ruleset(contract_base=20)) == []


@pytest.mark.parametrize(
    ("arguments", "code", "field"),
    [
        ({"players": 6}, "players_invalid", "players"),
        ({"contract": "petite"}, "contract_invalid", "contract"),
        ({"partner": 100}, "partner_not_five_players", "partner"),
        ({"defenders": [-106, -106]}, "defenders_count", "defenders"),
    ],
)
def test_arguments_that_describe_no_table(arguments, code, field):
    marks = {"players": 4, "contract": "garde", "taker": 318, "defenders": [-106] * 3} | arguments
    with pytest.raises(InvalidDeal) as caught:
        check_marks(**marks)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_marks_must_be_ints():
    with pytest.raises(TypeError):
        check_marks(players=4, contract="garde", taker=318.0, defenders=[-106] * 3)


@pytest.mark.parametrize(
    ("players", "partner", "contract"),
    [(3, False, "prise"), (4, False, "garde"), (5, True, "garde_contre")],
)
def test_achievable_amounts_are_exactly_what_score_deal_gives(players, partner, contract):
    """Every input score_deal accepts, scored; the set must equal the enumerated one.

    Valid poignée sets only matter through the sum of their primes: one of each sum will do.
    """
    poignee_sets = {
        sum(POIGNEE_VALUES[level] for _, level in poignees): poignees
        for poignees in valid_poignee_sets(players, partner)
    }
    found = set()
    chelems = [(False, None), (True, None), (False, "attack"), (True, "attack")]
    chelems += [(False, "defence"), (True, "defence")]
    for bouts, half_points, petit, poignees, (announced, chelem) in product(
        range(4),
        range(183),
        (None, "attack", "defence"),
        poignee_sets.values(),
        chelems,
    ):
        deal = DealInput(
            players=players,
            partner=partner,
            contract=contract,
            bouts=bouts,
            points=half_points / 2,
            petit_au_bout=petit,
            poignees=poignees,
            chelem_announced=announced,
            chelem=chelem,
        )
        try:
            found.add(score_deal(deal).amount)
        except InvalidDeal:
            continue
    assert found == achievable_amounts(Contract(contract), players, partner)
