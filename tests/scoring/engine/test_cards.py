"""The cards (scoring.engine.cards): the deck, codes, labels, display order, the hand count.

Expected values come from the rules text (fft-rules.md §1) and from the published examples of
Chavey's bidding count, not from the module's code.
"""

from collections import Counter
from decimal import Decimal

import pytest

from scoring.engine import counts
from scoring.engine.cards import (
    DECK,
    card_code,
    card_label,
    hand_strength,
    parse_card,
    petit_sec,
    sort_cards,
)


def hand(codes: str) -> tuple:
    return tuple(parse_card(code) for code in codes.split())


def codes(cards) -> list[str]:
    return [card_code(card) for card in cards]


# The deck


def test_the_deck_has_78_distinct_cards():
    assert len(DECK) == 78
    assert len(set(DECK)) == 78
    kinds = Counter(card.suit for card in DECK)
    assert kinds == {"T": 21, "EX": 1, "S": 14, "H": 14, "D": 14, "C": 14}


def test_the_deck_is_worth_91_points_card_by_card():
    # fft-rules §1: bout 4.5, king 4.5, queen 3.5, knight 2.5, jack 1.5, any other 0.5.
    expected = {"T1": "4.5", "T21": "4.5", "EX": "4.5", "T20": "0.5", "T2": "0.5"}
    for suit in "SHDC":
        expected |= {suit + "R": "4.5", suit + "D": "3.5", suit + "C": "2.5", suit + "V": "1.5"}
        expected |= {suit + str(n): "0.5" for n in range(1, 11)}
    for code, points in expected.items():
        assert Decimal(parse_card(code).half_points) / 2 == Decimal(points), code
    assert sum(card.half_points for card in DECK) == counts.DECK_HALF_POINTS == 2 * 91
    assert sum(card.is_bout for card in DECK) == counts.BOUTS


def test_every_code_round_trips_and_codes_are_compact():
    all_codes = codes(DECK)
    assert len(set(all_codes)) == 78
    assert all(parse_card(card_code(card)) == card for card in DECK)
    assert all(len(code) <= 3 for code in all_codes)
    assert all_codes[:22] == [f"T{n}" for n in range(21, 0, -1)] + ["EX"]
    assert all_codes[22:36] == [f"S{rank}" for rank in ("R", "D", "C", "V", *range(10, 0, -1))]
    assert {"T1", "EX", "S1", "S10", "SV", "SC", "SD", "SR", "H7", "DR", "CC"} <= set(all_codes)


@pytest.mark.parametrize("code", ["T0", "T22", "S0", "S11", "SK", "X", "", "ex", "t1", "S01", None])
def test_a_code_that_names_no_card_is_refused(code):
    with pytest.raises(ValueError):
        parse_card(code)


@pytest.mark.parametrize(
    ("code", "label"),
    [
        ("T21", "21 d'atout"),
        ("T2", "2 d'atout"),
        ("T1", "Petit"),
        ("EX", "Excuse"),
        ("HR", "Roi de cœur"),
        ("SD", "Dame de pique"),
        ("DC", "Cavalier de carreau"),
        ("CV", "Valet de trèfle"),
        ("C1", "As de trèfle"),
        ("H10", "10 de cœur"),
    ],
)
def test_french_labels(code, label):
    assert card_label(parse_card(code)) == label


def test_labels_are_distinct():
    assert len({card_label(card) for card in DECK}) == 78


def test_a_hand_sorts_trumps_down_then_the_excuse_then_each_colour_from_the_king():
    shuffled = hand("C1 EX H10 T1 SR T21 HV T7 S2")
    assert codes(sort_cards(shuffled)) == codes(hand("T21 T7 T1 EX SR S2 HV H10 C1"))


# Petit sec and the hand count


@pytest.mark.parametrize(
    ("codes_", "sec"),
    [
        ("T1 SR S2", True),
        ("T1", True),
        ("T1 EX SR", False),  # the Excuse protects it
        ("T1 T2 SR", False),
        ("T2 SR", False),  # no Petit
        ("SR S2", False),
    ],
)
def test_petit_sec(codes_, sec):
    assert petit_sec(hand(codes_)) is sec


CHAVEY_60 = "T21 T19 T12 T6 T1 EX HR HC H10 H8 H1 DV D8 CD CC C7 S6 S4"
CHAVEY_34 = "T20 T18 T14 T13 T9 T8 T6 HR H10 H5 H4 DR DD C7 C8 S8 S7 S5"
# 45 in trumps (21: 10, Excuse: 8, 8 trumps: 16, 4 majors: 8, run 21-20-19: 3), ♥ mariage 10
# and a 6-card long 7, ♦ singleton king 6 + 3, ♣ nothing, ♠ void 6.
CHAVEY_77 = "T21 T20 T19 T16 T14 T12 T8 EX HR HD H8 H5 H2 H4 DR C8 C9 C3"


@pytest.mark.parametrize(
    ("codes_", "strength"), [(CHAVEY_60, 60), (CHAVEY_34, 34), (CHAVEY_77, 77)]
)
def test_hand_strength_of_the_published_examples(codes_, strength):
    cards = hand(codes_)
    assert len(set(cards)) == 18
    assert hand_strength(cards) == strength


@pytest.mark.parametrize(
    ("trumps", "strength"),
    [
        # Petit guarded by 3 trumps: no Petit points, no length points.
        ("T1 T2 T3 T4", 0),
        # With 5 trumps the Petit is worth 5 and each trump 2; 6 trumps: 7; 7 or more: 9.
        ("T1 T2 T3 T4 T5", 5 + 10),
        ("T1 T2 T3 T4 EX", 5 + 10 + 8),  # the Excuse counts as a trump (and 8 of its own)
        ("T1 T2 T3 T4 T5 T6", 7 + 12),
        ("T1 T2 T3 T4 T5 T6 T7", 9 + 14),
        ("T1 T2 T3 T4 T5 T6 T7 T8 T9", 9 + 18),
        # Majors: 2 each, 1 more each in a run of majors; 15 is not a major.
        ("T21", 10 + 2),
        ("T18 T16", 4),
        ("T17 T16", 4 + 2),
        ("T16 T15", 2),
    ],
)
def test_hand_strength_of_trumps(trumps, strength):
    # Three low cards in each colour count nothing (no honour, long colour, void or singleton).
    assert hand_strength(hand(trumps) + padding("SHDC")) == strength


def padding(suits: str) -> tuple:
    return hand(" ".join(f"{suit}{n}" for suit in suits for n in (2, 3, 4)))


@pytest.mark.parametrize(
    ("colours", "strength"),
    [
        ("SR SD", 10),  # mariage
        ("SR", 6 + 3),  # a king without the queen, and a singleton
        ("SD S2", 3),  # a queen without the king
        ("SC SV", 2 + 1),
        ("SR HD", 6 + 3 + 3 + 3),  # two singletons
        ("S2 S3 S4 S5 S6", 5),
        ("S2 S3 S4 S5 S6 S7", 7),
        ("S2 S3 S4 S5 S6 S7 S8 S9", 9),
    ],
)
def test_hand_strength_of_colours(colours, strength):
    # The colours not named get three low cards each, which count nothing.
    named = hand(colours)
    others = "".join(suit for suit in "SHDC" if suit not in {card.suit for card in named})
    assert hand_strength(named + padding(others)) == strength


def test_a_void_colour_counts_6():
    assert hand_strength(padding("HDC")) == 6
