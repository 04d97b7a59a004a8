"""The team forms of duplicate (scoring.engine.duplicate_teams; fft-duplicate.md §3, §4, §5):
the triplettes' attack order, the étui turned for South, the team match and the quadrettes'
ranking, checked on the rulebook's examples (and its page-24 PM grid) and by properties."""

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import Contract, duplicate
from scoring.engine.boards import ORIENTATIONS, make_boards, right_of, typed_board
from scoring.engine.duplicate import (
    ScoreProblem,
    check_score,
    match_points,
    opposition_points,
    percentages,
)
from scoring.engine.duplicate_teams import (
    COLOURS,
    MATCH_CONTRACTS,
    TRIPLETTE_ATTACK_WEIGHT,
    MatchResult,
    attack_flags,
    check_match_score,
    collation_key,
    colour_order,
    competition_table,
    expected_attackers,
    match_result,
    match_total,
    member_colours,
    quadrette_ranking,
    quadrette_result,
    quarter_differences,
    triplette_percentages,
    turn_description,
    turn_to_south,
    turned_board,
)

REPO_ROOT = Path(__file__).resolve().parents[3]
PM_GRID = Path(__file__).with_name("data") / "pm_grid.txt"


# Triplettes: French collation of the surnames (§3)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Élodie", "ELODIE"),
        ("Lefèvre", "lefevre"),
        ("Œuvray", "oeuvray"),
        ("Lætitia", "LAETITIA"),
        ("Le Gall", "Legall"),
        ("Le-Gall", "LE GALL"),
        ("D'Arc", "darc"),
        ("D’Arc", "Darc"),
        ("Straß", "STRASS"),
        ("Ñúñez", "nunez"),
    ],
)
def test_collation_ignores_case_accents_and_punctuation(one, other):
    assert collation_key(one) == collation_key(other)


def test_collation_orders_accented_capitals_among_their_letters():
    names = ["Fabre", "Élie", "Dupont", "Zola", "Éluard", "eastwood", "de la Tour"]
    assert sorted(names, key=collation_key) == [
        "de la Tour", "Dupont", "eastwood", "Élie", "Éluard", "Fabre", "Zola",
    ]  # fmt: skip
    # By code point, É (U+00C9) would come after every plain letter.
    assert sorted(names)[-1] == "Éluard"


def test_colour_order_by_surname_then_first_name_then_key():
    members = [("Rouvier", "Anne", 3), ("Ébrard", "Luc", 1), ("martin", "Zoé", 2)]
    assert colour_order(members) == [1, 2, 3]
    same_surname = [("Martin", "Paul", 1), ("MARTIN", "anne", 2), ("Martín", "Jean", 3)]
    assert colour_order(same_surname) == [2, 3, 1]
    same_names = [("Petit", "Jean", 9), ("Petit", "Jean", 4), ("PETIT", "Jéan", 7)]
    assert colour_order(same_names) == [4, 7, 9]
    assert member_colours([4, 7, 9]) == {4: "Bleu", 7: "Blanc", 9: "Rouge"}


@given(st.permutations([("Lefèvre", "Anne", 1), ("Le Gall", "Yves", 2), ("Lefevre", "Zoé", 3)]))
def test_colour_order_does_not_depend_on_the_order_given(members):
    # "lefevre" < "legall"; the two Lefèvre, equal without the accent, then by first name.
    assert colour_order(members) == [1, 3, 2]


@pytest.mark.parametrize(
    "members",
    [
        [("A", "a", 1), ("B", "b", 2)],
        [("A", "a", 1), ("B", "b", 2), ("C", "c", 3), ("D", "d", 4)],
        [("A", "a", 1), ("B", "b", 1), ("C", "c", 3)],
    ],
)
def test_colour_order_wants_three_distinct_members(members):
    with pytest.raises(ValueError):
        colour_order(members)


# Triplettes: the attack rotation (§3)


def test_expected_attackers_start_at_the_drawn_colour_and_cycle():
    assert COLOURS == ("Bleu", "Blanc", "Rouge")
    order = ["bleu", "blanc", "rouge"]
    assert expected_attackers(order, "Blanc", [1, 3, 5, 7]) == {
        1: "blanc", 3: "rouge", 5: "bleu", 7: "blanc",
    }  # fmt: skip
    assert expected_attackers(order, "Rouge", [2]) == {2: "rouge"}
    assert expected_attackers(order, "Bleu", []) == {}


def test_expected_attackers_continue_across_seances():
    order = ["x", "y", "z"]
    first = [(1, 1), (1, 2), (1, 5), (1, 6)]  # séance 1: étuis 1, 2 then 5, 6
    second = [(2, 3), (2, 4)]
    whole = expected_attackers(order, "Bleu", first + second)
    assert [whole[board] for board in second] == ["y", "z"]


@given(
    st.sampled_from(COLOURS),
    st.lists(st.integers(1, 200), unique=True, max_size=40),
    st.integers(0, 40),
)
def test_the_rotation_is_one_colour_per_etui_attacked(start, attacked, cut):
    order = ["p", "q", "r"]
    expected = expected_attackers(order, start, attacked)
    assert list(expected) == attacked
    first = COLOURS.index(start)
    for index, board in enumerate(attacked):
        assert member_colours(order)[expected[board]] == COLOURS[(first + index) % 3]
    counts = [list(expected.values()).count(member) for member in order]
    assert max(counts, default=0) - min(counts, default=0) <= 1
    # Cutting the list anywhere (a new séance) and going on from the next colour changes nothing.
    cut = min(cut, len(attacked))
    going_on = COLOURS[(first + cut) % 3]
    assert expected == {
        **expected_attackers(order, start, attacked[:cut]),
        **expected_attackers(order, going_on, attacked[cut:]),
    }


def test_expected_attackers_refusals():
    with pytest.raises(ValueError):
        expected_attackers(["a", "b", "c"], "Vert", [1])
    with pytest.raises(ValueError):
        expected_attackers(["a", "b", "c"], "Bleu", [1, 2, 1])
    with pytest.raises(ValueError):
        expected_attackers(["a", "b"], "Bleu", [1])
    with pytest.raises(ValueError):
        expected_attackers(["a", "b", "a"], "Bleu", [1])


def test_attack_flags_mark_the_other_attackers_and_never_shift_the_sequence():
    order = ["a", "b", "c"]
    expected = expected_attackers(order, "Bleu", [1, 3, 5, 7, 9])
    # Étui 3 was taken by the wrong member; 5 and 7 still expect c and a.
    actual = {1: "a", 3: "c", 5: "c", 7: None, 11: "b"}
    assert attack_flags(expected, actual) == [3]
    assert attack_flags(expected, {}) == []
    assert attack_flags(expected, {9: "a", 1: "b"}) == [1, 9]


# Triplettes: the global percentage (§3)


def test_the_triplette_global_is_half_attack_half_defence():
    assert Fraction(1, 2) == TRIPLETTE_ATTACK_WEIGHT
    assert TRIPLETTE_ATTACK_WEIGHT is duplicate.TRIPLETTE_ATTACK_WEIGHT  # one constant, not two
    counted = percentages(attack=[75, 25], defence=[100, 0, 20], attack_weight=Fraction(1, 2))
    assert (counted.attack, counted.defence, counted.overall) == (50, 40, 45)
    assert triplette_percentages(attack=[75, 25], defence=[100, 0, 20]) == counted
    assert triplette_percentages(attack=[], defence=[30, 60]).overall == 45


@given(
    st.lists(st.fractions(0, 100), min_size=1, max_size=12),
    st.lists(st.fractions(0, 100), min_size=1, max_size=12),
)
def test_the_triplette_global_is_the_mean_of_the_two_means(attack, defence):
    counted = triplette_percentages(attack=attack, defence=defence)
    assert counted.overall == (sum(attack) / len(attack) + sum(defence) / len(defence)) / 2


# Quadrettes and team match: the étui turned for South (§4)


def test_the_spec_example_e_to_south_s_to_west():
    assert turn_to_south("E") == {"E": "S", "S": "W", "W": "N", "N": "E"}
    assert turn_to_south("S") == {o: o for o in ORIENTATIONS}
    assert turn_to_south("N") == {"N": "S", "S": "N", "E": "W", "W": "E"}
    assert turn_description("E", "N") == {"hands": turn_to_south("E"), "dealer": "E", "leader": "N"}


@pytest.mark.parametrize("taker", ORIENTATIONS)
@pytest.mark.parametrize("dealer", ORIENTATIONS)
def test_the_turn_is_a_rotation_putting_the_taker_south(taker, dealer):
    seats = turn_to_south(taker)
    assert seats[taker] == "S"
    assert sorted(seats) == sorted(seats.values()) == sorted(ORIENTATIONS)
    for o in ORIENTATIONS:  # every hand keeps its neighbours
        assert seats[right_of(o)] == right_of(seats[o])
    turned = turn_description(taker, dealer)
    assert turned["hands"] == seats
    # The dealer and the leader keep their places relative to the taker.
    steps = next(k for k in range(4) if right_of(taker, k) == dealer)
    assert turned["dealer"] == right_of("S", steps)
    assert turned["leader"] == right_of("S", steps + 1) == right_of(turned["dealer"])
    assert turned["leader"] == seats[right_of(dealer)]


def test_turned_board_moves_the_hands_with_the_taker():
    for board in make_boards(8, 4, seed=11):
        turned = turned_board(board)
        assert (turned.number, turned.taker, turned.chien) == (board.number, "S", board.chien)
        seats = turn_to_south(board.taker)
        assert all(turned.hands[seats[o]] == board.hands[o] for o in ORIENTATIONS)
        assert turned.hands["S"] == board.hands[board.taker]
        assert turned.dealer == seats[board.dealer]
        assert turned.leader == seats[board.leader]
    # Taker W, dealer N on his left: turned, the dealer sits on South's left, West.
    typed = typed_board(3, "W", "N", ["T1", "T2", "T3", "SR", "HR", "D1"])
    turned = turned_board(typed)
    assert (turned.hands, turned.taker, turned.dealer) == (None, "S", "W")
    assert turned.chien == typed.chien


# Team match: contracts and score sheets (§5)


def test_check_match_score():
    assert [str(c) for c in MATCH_CONTRACTS] == ["garde", "garde_sans", "garde_contre"]
    not_allowed = {"allowed": ["garde", "garde_sans", "garde_contre"]}
    assert check_match_score("prise", 56) == ScoreProblem(
        "contract_not_allowed", {"contract": "prise", **not_allowed}
    )
    assert check_match_score("passe", 0).code == "contract_not_allowed"
    assert check_match_score(None, 0).code == "contract_not_allowed"
    assert check_match_score("garde", -76) is None  # the rulebook's Garde
    # Each score against its own contract: −76 no Garde Contre gives, −976 no Garde.
    assert check_match_score("garde_contre", -76).code == "score_unreachable"
    assert check_match_score("garde_contre", -976) is None
    assert check_match_score("garde", -976).code == "score_out_of_range"
    assert check_match_score("garde_sans", 57).code == "score_odd"


@given(st.sampled_from(MATCH_CONTRACTS), st.integers(-1000, 1000), st.booleans())
def test_check_match_score_is_the_entry_check_of_its_contract(contract, score, chelem):
    assert check_match_score(contract, score, chelem=chelem) == check_score(
        score, contract, chelem=chelem
    )


def test_quarter_differences():
    attacker = {1: ("garde", 56), 2: ("garde_sans", 112), 3: ("garde", -52), 4: ("garde", 40)}
    defence = {4: ("garde", 40), 3: ("garde", -54), 2: ("garde_contre", 112), 5: ("garde", 0)}
    assert quarter_differences(attacker, defence) == [1, 2, 3, 5]
    assert quarter_differences(attacker, dict(attacker)) == []
    assert quarter_differences({}, {}) == []
    assert quarter_differences({1: (Contract.GARDE, 56)}, {1: ["garde", 56]}) == []


# Team match: totals and the competition (§5)


def test_match_total_only_the_side_ahead_scores():
    # The rulebook's three étuis, in two quarters: A ahead by 16 and 144, B by 10.
    quarters = [[(82, 66)], [(68, -76), (-68, -58)], [], [(50, 50)]]
    assert match_total(quarters) == (Decimal("16.000"), Decimal("3.162"))
    assert match_total(quarters, bonus_a=Decimal("1.5"), bonus_b=2) == (
        Decimal("17.500"),
        Decimal("5.162"),
    )
    assert match_total([]) == (0, 0)


pairs = st.lists(st.tuples(st.integers(-986, 962), st.integers(-986, 962)), max_size=6)


@given(st.lists(pairs, min_size=4, max_size=4), st.integers(0, 20), st.integers(0, 20))
def test_match_total_is_the_sum_of_the_quarters(quarters, bonus_a, bonus_b):
    total_a, total_b = match_total(quarters, Decimal(bonus_a), Decimal(bonus_b))
    every = [pair for quarter in quarters for pair in quarter]
    assert (total_a - bonus_a, total_b - bonus_b) == opposition_points(every, zero_sum=False)
    assert total_a - total_b - bonus_a + bonus_b == opposition_points(every, zero_sum=True)[0]
    swapped = [[(b, a) for a, b in quarter] for quarter in quarters]
    assert match_total(swapped, bonus_b, bonus_a) == (total_b, total_a)
    assert (
        match_result(total_a, total_b)
        == {
            MatchResult.A: MatchResult.B,
            MatchResult.B: MatchResult.A,
            MatchResult.DRAW: MatchResult.DRAW,
        }[match_result(total_b, total_a)]
    )


def test_match_result():
    assert match_result(Decimal("16.000"), Decimal("3.162")) == "A"
    assert match_result(Decimal("3.162"), Decimal("16")) == "B"
    assert match_result(Decimal("4.000"), Decimal("4")) == MatchResult.DRAW == "draw"


def test_competition_table_points_then_pm_difference():
    d = Decimal
    results = [("A", "B", d(30), d(10)), ("B", "C", d(20), d(10)), ("C", "A", d(20), d(10))]
    # 2 points each; A +10 (40 for, 30 against), C 0 (30, 30), B −10 (30, 40).
    assert competition_table(results) == [
        (1, "A", 2, d(40), d(30)), (2, "C", 2, d(30), d(30)), (3, "B", 2, d(30), d(40)),
    ]  # fmt: skip
    results = [
        ("W", "X", d(20), d(10)), ("Y", "Z", d(10), d(20)),  # W and Z win
        ("W", "Y", d(5), d(5)), ("X", "Z", d(7), d(7)),  # two draws
    ]  # fmt: skip
    assert competition_table(results) == [
        (1, "W", 3, d(25), d(15)), (1, "Z", 3, d(27), d(17)),
        (3, "X", 1, d(17), d(27)), (3, "Y", 1, d(15), d(25)),
    ]  # fmt: skip
    assert competition_table([]) == []


teams = st.sampled_from("ABCDEF")
matches = st.lists(
    st.tuples(
        teams, teams, st.integers(0, 60).map(Decimal), st.integers(0, 60).map(Decimal)
    ).filter(lambda m: m[0] != m[1]),
    max_size=15,
)


@given(matches)
def test_competition_table_properties(results):
    table = competition_table(results)
    assert sorted(team for _, team, *_ in table) == sorted({t for m in results for t in m[:2]})
    assert sum(points for _, _, points, _, _ in table) == 2 * len(results)
    assert (
        sum(f for *_, f, _ in table)
        == sum(a for *_, a, _ in table)
        == sum(m[2] + m[3] for m in results)
    )
    standings = [(points, f - a) for _, _, points, f, a in table]
    assert standings == sorted(standings, reverse=True)
    for (place, *_), standing in zip(table, standings, strict=True):
        assert place == 1 + sum(other > standing for other in standings)


# Quadrettes: result and ranking (§4)


def test_quadrette_result_and_ranking():
    a, b = opposition_points([(82, 66), (68, -76), (-68, -58)], zero_sum=True)
    assert quadrette_result([a, Decimal("-2.000")]) == Decimal("10.838")
    assert quadrette_result([b], penalties=1) == Decimal("-13.838")
    assert quadrette_result([]) == 0
    items = [("q1", Decimal("10.838")), ("q2", Decimal("-13.838")), ("q3", Decimal("10.838"))]
    assert quadrette_ranking(items + [("q4", Decimal("12"))]) == [
        (1, "q4"), (2, "q1"), (2, "q3"), (4, "q2"),
    ]  # fmt: skip


# The rulebook's PM grid (page 24)


def test_match_points_give_the_rulebook_grid():
    rows = [
        line.split()
        for line in PM_GRID.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    assert len(rows) == 350
    assert [int(ecart) for ecart, _ in rows] == list(range(0, 700, 2))
    for ecart, pm in rows:
        assert match_points(int(ecart)) == Decimal(pm)
        assert match_points(-int(ecart)) == -Decimal(pm)
