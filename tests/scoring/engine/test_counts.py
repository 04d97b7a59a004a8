"""The counts the engine accepts are exactly what the cards allow: not one more, not one less."""

from decimal import Decimal

import pytest

from scoring.engine import (
    Contract,
    DealInput,
    InvalidDeal,
    check_marks,
    possible_points,
    score_deal,
)

from .piles import attack_counts

CHELEMS = (None, "attack", "defence")
CASES = [(n, c.value, chelem) for n in (3, 4, 5) for c in Contract for chelem in CHELEMS]


@pytest.mark.parametrize(("players", "contract", "chelem"), CASES)
def test_each_set_is_what_an_enumeration_of_the_piles_allows(players, contract, chelem):
    engine = {
        (bouts, half_points)
        for bouts, counts in possible_points(players, contract, chelem).items()
        for half_points in counts.half_points
    }
    expected = attack_counts(players, contract, chelem)
    assert engine - expected == set(), "accepted, but no pile gives it"
    assert expected - engine == set(), "a pile gives it, but it is refused"


@pytest.mark.parametrize(("players", "contract", "chelem"), CASES)
def test_score_deal_accepts_exactly_the_set(players, contract, chelem):
    """Every (bouts, points) is tried: score_deal accepts it exactly when a pile gives it."""
    allowed = attack_counts(players, contract, chelem)
    for bouts in range(4):
        for half_points in range(183):
            deal = DealInput(
                players=players,
                contract=contract,
                bouts=bouts,
                points=Decimal(half_points) / 2,
                chelem=chelem,
            )
            try:
                score_deal(deal)
                accepted = True
            except InvalidDeal as exc:
                accepted = False
                refused = exc.code
            assert accepted == ((bouts, half_points) in allowed), (bouts, half_points)
            if not accepted and players == 4 and half_points % 2:
                assert refused == "points_half_four_players"


@pytest.mark.parametrize(("players", "contract", "chelem"), CASES)
def test_spans_describe_the_set_exactly(players, contract, chelem):
    for counts in possible_points(players, contract, chelem).values():
        listed = set()
        for span in counts.spans():
            value = span.first
            while value <= span.last:
                listed.add(int(value * 2))
                value += span.step
        assert listed == set(counts.half_points)


def test_a_form_can_say_what_two_bouts_allow():
    counts = possible_points(4, "prise")[2]
    assert (counts.minimum, counts.maximum) == (13, 85)
    assert [(s.first, s.last, s.step) for s in counts.spans()] == [(13, 85, 1)]
    # At 3 players some counts in the middle of the range are missing at its ends.
    three = possible_points(3, "prise")[0]
    assert [(str(s.first), str(s.last), str(s.step)) for s in three.spans()] == [
        ("4.5", "4.5", "1"),
        ("5.5", "75", "0.5"),
        ("76", "76", "1"),
        ("77.5", "77.5", "1"),
    ]


def test_a_chelem_without_the_excuse_counts_87_with_two_bouts():
    """The rulebook's own example: garde, chelem announced and made, simple poignée, Petit au
    bout, the defence keeps its Excuse: 87 points with 2 bouts, A = 582."""
    deal = DealInput(
        players=4,
        contract="garde",
        bouts=2,
        points=87,
        petit_au_bout="attack",
        poignees=(("attack", "simple"),),
        chelem_announced=True,
        chelem="attack",
    )
    result = score_deal(deal)
    assert (result.amount, result.taker, result.defender) == (582, 1746, -582)
    assert check_marks(players=4, contract="garde", taker=1746, defenders=[-582] * 3) == []
    for points in ("86.5", 86, 88, 91):
        with pytest.raises(InvalidDeal):
            score_deal(
                DealInput(players=4, contract="garde", bouts=2, points=points, chelem="attack")
            )


def test_a_garde_contre_chelem_leaves_the_chien_to_the_defence():
    deal = DealInput(
        players=4,
        contract="garde_contre",
        bouts=3,
        points=80,
        chelem_announced=True,
        chelem="attack",
    )
    assert score_deal(deal).amount == 814
    assert (
        check_marks(players=4, contract="garde_contre", taker=3 * 814, defenders=[-814] * 3) == []
    )


@pytest.mark.parametrize(
    ("deal", "code", "field"),
    [
        # Both camps hold an even number of cards at 4 players.
        (
            DealInput(players=4, contract="prise", bouts=1, points="40.5"),
            "points_half_four_players",
            "points",
        ),
        # A defence chelem leaves the attack its écart (no king, no bout) and a played Excuse.
        (
            DealInput(players=4, contract="garde", bouts=1, points=30, chelem="defence"),
            "chelem_points_mismatch",
            "chelem",
        ),
        # The écart alone holds 3 points; a trick more, 5.
        (
            DealInput(players=4, contract="prise", bouts=0, points=2),
            "points_bouts_mismatch",
            "points",
        ),
        (
            DealInput(players=4, contract="prise", bouts=0, points=4),
            "chelem_not_recorded",
            "chelem",
        ),
        (
            DealInput(players=4, contract="prise", bouts=3, points=91),
            "chelem_not_recorded",
            "chelem",
        ),
        (
            DealInput(players=4, contract="prise", bouts=2, points=87),
            "chelem_not_recorded",
            "chelem",
        ),
        (
            DealInput(players=4, contract="prise", bouts=1, points=80, chelem="attack"),
            "chelem_points_mismatch",
            "chelem",
        ),
    ],
)
def test_impossible_counts_are_refused_with_what_to_fix(deal, code, field):
    with pytest.raises(InvalidDeal) as caught:
        score_deal(deal)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_chelem_not_recorded_names_the_camp():
    with pytest.raises(InvalidDeal) as caught:
        score_deal(DealInput(players=4, contract="prise", bouts=0, points=3))
    assert caught.value.params["camp"] == "defence"
    with pytest.raises(InvalidDeal) as caught:
        score_deal(DealInput(players=4, contract="prise", bouts=2, points=87))
    assert caught.value.params["camp"] == "attack"


def test_half_points_stay_possible_at_three_and_five():
    for players in (3, 5):
        assert (
            score_deal(DealInput(players=players, contract="prise", bouts=2, points="40.5")).won
            is False
        )


@pytest.mark.parametrize(
    "arguments",
    [(2, "prise", None), (4, "petite", None), (4, "prise", "both"), ("4", "prise", None)],
)
def test_possible_points_refuses_arguments_that_name_nothing(arguments):
    with pytest.raises(ValueError):
        possible_points(*arguments)


def test_the_sets_cannot_be_changed_by_a_caller():
    possible = possible_points(4, "garde")
    with pytest.raises(TypeError):
        del possible[2]
    with pytest.raises(AttributeError):
        possible[2].half_points.add(1)
    assert score_deal(DealInput(players=4, contract="garde", bouts=2, points=49)).amount == 66
