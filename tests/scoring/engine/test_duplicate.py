"""The duplicate's pure arithmetic (scoring.engine.duplicate; fft-duplicate.md §1.2, §1.3, §2, §4,
§5, §6): the rulebook's examples, the spec's facts about Garde scores checked against the engine's
own set, hypothesis properties (its isolation: test_isolation.py)."""

import csv
from decimal import Decimal, localcontext
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import Camp, Contract
from scoring.engine.duplicate import (
    TRIPLETTE_ATTACK_WEIGHT,
    NoteSum,
    ScoreProblem,
    alternate_ranking,
    check_score,
    defence_note,
    general_ranking,
    match_points,
    note_parts,
    opposition_points,
    percentages,
    percentages_of,
    scores_for,
    top_notes,
    valid_scores,
)

REPO_ROOT = Path(__file__).resolve().parents[3]
RULEBOOK_SCORES = (56, 62, -56, -52, 50, 82, 66, 68, -76, -68, -58)
CASES = [(chelem, announced) for chelem in (None, *Camp) for announced in (False, True)]

# Topage (§2)


@pytest.mark.parametrize(
    ("scores", "notes"),
    [
        ([56, 62, -56, -52, 50], (75, 100, 0, 25, 50)),  # the rulebook's étui 1, taker North
        ([56], (50,)),  # a lone line (choice)
        ([], ()),
        ([10, 10], (50, 50)),  # equal scores share the notes they span
        ([0, 10, 10, 20], (0, 50, 50, 100)),
        ([5, 5, 5], (50, 50, 50)),
        ([20, 10, 10, 10], (100, Fraction(100, 3), Fraction(100, 3), Fraction(100, 3))),
        ([1, 2, 3, 4], (0, Fraction(100, 3), Fraction(200, 3), 100)),
    ],
)
def test_top_notes(scores, notes):
    counted = top_notes(scores)
    assert counted == notes
    assert all(type(note) is Fraction for note in counted)


def test_the_defenders_get_the_rest():
    assert [defence_note(n) for n in top_notes([56, 62, -56, -52, 50])] == [25, 0, 100, 75, 50]
    assert defence_note(Fraction(100, 3)) == Fraction(200, 3)


@given(st.lists(st.integers(-1000, 1000), min_size=2, max_size=40))
def test_notes_lie_in_0_100_sum_to_50_n_and_keep_the_order(scores):
    notes = top_notes(scores)
    assert len(notes) == len(scores)
    assert all(0 <= note <= 100 for note in notes)
    assert sum(notes) == 50 * len(scores)
    for score, note in zip(scores, notes, strict=True):
        for other, other_note in zip(scores, notes, strict=True):
            assert (score < other) == (note < other_note)
            assert (score == other) == (note == other_note)
    assert sum(defence_note(note) for note in notes) == 50 * len(scores)


@given(st.lists(st.integers(-1000, 1000), min_size=2, max_size=40), st.randoms())
def test_notes_follow_the_lines_whatever_their_order(scores, random):
    shuffled = list(enumerate(scores))
    random.shuffle(shuffled)
    by_index = dict(zip((i for i, _ in shuffled), top_notes(s for _, s in shuffled), strict=True))
    assert tuple(by_index[i] for i in range(len(scores))) == top_notes(scores)


# Percentages (§2, §3)


def test_percentages():
    counted = percentages(attack=[75, 25], defence=[100, 0, 50], attack_weight=Fraction(1, 4))
    assert (counted.attack, counted.defence, counted.overall) == (50, 50, 50)
    counted = percentages(attack=[100], defence=[0, 50])
    assert counted.overall == Fraction(1, 4) * 100 + Fraction(3, 4) * 25
    counted = percentages(attack=[80], defence=[20], attack_weight=TRIPLETTE_ATTACK_WEIGHT)
    assert counted.overall == 50
    counted = percentages(attack=[], defence=[30, 60])
    assert (counted.attack, counted.defence, counted.overall) == (None, 45, 45)
    third = Fraction(100, 3)
    counted = percentages(attack=[third], defence=[])
    assert (counted.attack, counted.defence, counted.overall) == (third, None, third)
    counted = percentages(attack=[], defence=[])
    assert (counted.attack, counted.defence, counted.overall) == (None, None, None)
    with pytest.raises(AttributeError):
        counted.overall = 1  # frozen


@given(
    st.lists(st.fractions(0, 100), min_size=1, max_size=10),
    st.lists(st.fractions(0, 100), min_size=1, max_size=10),
    st.fractions(0, 1),
)
def test_the_overall_lies_between_the_two_means(attack, defence, weight):
    counted = percentages(attack=attack, defence=defence, attack_weight=weight)
    assert counted.attack == sum(attack) / len(attack)
    assert min(counted.attack, counted.defence) <= counted.overall
    assert counted.overall <= max(counted.attack, counted.defence)


@given(st.lists(st.integers(-700, 700), min_size=1, max_size=40))
def test_note_parts_are_the_notes_unreduced_on_one_denominator(scores):
    parts = note_parts(scores)
    assert tuple(Fraction(n, d) for n, d in parts) == top_notes(scores)
    assert len({d for _n, d in parts}) == 1  # one étui, one denominator: sums add integers


@given(
    st.lists(st.fractions(0, 100), max_size=12),
    st.lists(st.fractions(0, 100), max_size=12),
    st.fractions(0, 1),
)
def test_sums_of_notes_give_the_percentages_of_the_notes(attack, defence, weight):
    by_hand = NoteSum(), NoteSum()
    for total, notes in zip(by_hand, (attack, defence), strict=True):
        for note in notes:
            total.add(note.numerator * 3, note.denominator * 3)  # unreduced, as note_parts
    expected = percentages(attack=attack, defence=defence, attack_weight=weight)
    assert percentages_of(*by_hand, attack_weight=weight) == expected
    assert percentages_of(NoteSum.of(attack), NoteSum.of(defence), weight) == expected


# Rankings (§2)


def test_general_ranking_shares_places_and_keeps_the_order_given():
    items = [("a", 60), ("b", 55), ("c", 55), ("d", 40), ("e", 70)]
    assert general_ranking(items) == [(1, "e"), (2, "a"), (3, "b"), (3, "c"), (5, "d")]
    assert general_ranking([]) == []
    assert general_ranking([("x", 0), ("y", 0)]) == [(1, "x"), (1, "y")]


def test_alternate_ranking_bands():
    items = [
        ("n1", "N", 70), ("n2", "N", 40), ("e1", "E", 60), ("e2", "E", 50),
        ("s1", "S", 65), ("s2", "S", 45), ("w1", "W", 60), ("w2", "W", 55), ("w3", "W", 20),
    ]  # fmt: skip
    assert alternate_ranking(items) == [
        (1, "n1"), (2, "s1"), (3, "e1"), (3, "w1"),
        (5, "w2"), (6, "e2"), (7, "s2"), (8, "n2"),
        (9, "w3"),
    ]  # fmt: skip


def test_alternate_ranking_keeps_the_order_given_inside_a_line():
    # The caller ordered the equal overalls by defence, attack, number: "b" stays before "a".
    items = [("b", "NS", 55), ("a", "NS", 55), ("x", "EW", 60), ("y", "EW", 50)]
    assert alternate_ranking(items) == [(1, "x"), (2, "b"), (3, "a"), (4, "y")]


def test_alternate_ranking_shorter_last_bands_and_lines_of_any_kind():
    items = [(1, "N", 50), (2, "N", 40), (3, "N", 30), (4, "E", 45), (5, "S", 45), (6, "S", 10)]
    assert alternate_ranking(items) == [(1, 1), (2, 4), (2, 5), (4, 2), (5, 6), (6, 3)]
    assert alternate_ranking([]) == []


items_strategy = st.lists(st.tuples(st.sampled_from("NSEW"), st.integers(0, 8)), max_size=30).map(
    lambda rows: [(key, line, overall) for key, (line, overall) in enumerate(rows)]
)


@given(items_strategy)
def test_alternate_ranking_places_everyone_once_by_bands(items):
    ranked = alternate_ranking(items)
    assert sorted(key for _, key in ranked) == [key for key, _, _ in items]
    places = [place for place, _ in ranked]
    assert places == sorted(places)
    lines = {key: line for key, line, _ in items}
    overalls = {key: overall for key, _, overall in items}
    # Each line's players come in their line's order: overall descending, the order given kept.
    for line in set(lines.values()):
        members = [key for _, key in ranked if lines[key] == line]
        expected = sorted((k for k, _, _ in items if lines[k] == line), key=lambda k: -overalls[k])
        assert members == expected
    # A line's k-th player is in the k-th band: after the first k − 1 players of every line.
    sizes = [sum(1 for k in lines if lines[k] == line) for line in set(lines.values())]
    seen = dict.fromkeys(lines.values(), 0)
    for place, key in ranked:
        band = seen[lines[key]]
        seen[lines[key]] += 1
        assert sum(min(size, band) for size in sizes) < place
        assert place <= sum(min(size, band + 1) for size in sizes)


@given(st.lists(st.integers(0, 5), max_size=30))
def test_general_ranking_place_is_one_plus_those_strictly_ahead(overalls):
    ranked = general_ranking(list(enumerate(overalls)))
    assert [key for _, key in ranked] == sorted(range(len(overalls)), key=lambda k: -overalls[k])
    for place, key in ranked:
        assert place == 1 + sum(1 for other in overalls if other > overalls[key])


# Match points (§4, §5)


@pytest.mark.parametrize(
    ("ecart", "points"),
    [
        (16, "4.000"), (-16, "-4.000"), (144, "12.000"), (-10, "-3.162"), (0, "0.000"),
        (2, "1.414"), (4, "2.000"), (6, "2.449"), (10, "3.162"), (100, "10.000"),
        (696, "26.382"), (698, "26.420"),  # the end of the rulebook's grid
        (1236, "35.157"),  # beyond it the formula holds: the widest Garde écart, 620 + 616
    ],
)  # fmt: skip
def test_match_points(ecart, points):
    assert match_points(ecart) == Decimal(points)
    assert str(match_points(ecart)) == points


def test_match_points_agree_with_the_whole_conversion_grid_of_the_rulebook():
    """Every écart of the FFT's conversion grid (0 to 698 by 2), transcribed in pm_grid.csv."""
    grid = list(csv.DictReader((Path(__file__).parent / "pm_grid.csv").open()))
    assert [int(row["ecart"]) for row in grid] == list(range(0, 700, 2))
    for row in grid:
        ecart, points = int(row["ecart"]), Decimal(row["pm"])
        assert match_points(ecart) == points, ecart
        assert match_points(-ecart) == -points, ecart


@given(st.integers(-(10**9), 10**9))
def test_match_points_are_the_square_root_rounded_half_up(ecart):
    with localcontext() as context:
        context.prec = 50
        exact = Decimal(abs(ecart)).sqrt().quantize(Decimal("0.001"), rounding="ROUND_HALF_UP")
    points = match_points(ecart)
    assert points == (exact if ecart >= 0 else -exact)
    assert points.as_tuple().exponent == -3
    assert match_points(-ecart) == -points


def test_opposition_points_the_rulebook_examples():
    pairs = [(82, 66), (68, -76), (-68, -58)]  # écarts 16, 144, −10
    assert opposition_points(pairs, zero_sum=True) == (Decimal("12.838"), Decimal("-12.838"))
    assert opposition_points(pairs) == (Decimal("12.838"), Decimal("-12.838"))
    assert opposition_points(pairs, zero_sum=False) == (Decimal("16.000"), Decimal("3.162"))
    assert opposition_points([(50, 50)], zero_sum=False) == (Decimal("0.000"), Decimal("0.000"))
    assert opposition_points([]) == (Decimal("0.000"), Decimal("0.000"))


def test_each_etui_is_rounded_before_the_sum():
    # √2 = 1.41421…: three étuis give 3 × 1.414 = 4.242, not 3√2 rounded (4.243).
    assert opposition_points([(2, 0)] * 3) == (Decimal("4.242"), Decimal("-4.242"))


pairs_strategy = st.lists(st.tuples(st.integers(-616, 620), st.integers(-616, 620)), max_size=24)


@given(pairs_strategy)
def test_opposition_points_zero_sum_and_the_team_match(pairs):
    a, b = opposition_points(pairs, zero_sum=True)
    assert a + b == 0
    assert a == sum((match_points(x - y) for x, y in pairs), Decimal(0))
    team_a, team_b = opposition_points(pairs, zero_sum=False)
    assert team_a >= 0 and team_b >= 0
    assert team_a - team_b == a
    swapped = opposition_points([(y, x) for x, y in pairs], zero_sum=False)
    assert swapped == (team_b, team_a)


# The entry check (§1.2, §1.3)


def test_the_garde_scores_the_spec_states():
    valid = valid_scores()
    assert valid == valid_scores(Contract.GARDE) == valid_scores("garde")
    assert all(value % 2 == 0 for value in valid)  # so every écart is even
    assert (min(valid), max(valid)) == (-616, 620)
    for example in RULEBOOK_SCORES:
        assert example in valid and example in scores_for()  # plain Gardes
        assert check_score(example) is None
        assert check_score(example, chelem=False) is None
    assert not valid & set(range(18, 29))  # +18 … +28 never occur


def test_the_six_chelem_cases_make_the_engine_set_exactly():
    for contract in (Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE):
        found = frozenset().union(*(scores_for(contract, chelem=c, announced=a) for c, a in CASES))
        assert found == valid_scores(contract)


def test_the_plain_gardes():
    plain = scores_for(Contract.GARDE)
    assert max(plain) == 216  # 3 bouts, 89 points (one trick to the defence), petit, triple
    # The spec says −216; the engine says −212: the attack keeps at least its écart and one
    # trick, 5 points with no bout, lost by 51: 2 × 76 + petit au bout 20 + poignées 40 = 212.
    assert min(plain) == -212
    assert -214 not in valid_scores() and -216 not in valid_scores()
    assert plain == frozenset(range(-212, -31, 2)) | frozenset(range(30, 217, 2))


def test_values_near_zero_need_a_failed_announcement():
    near_zero = sorted(v for v in valid_scores() if -30 <= v <= 28)
    assert near_zero == list(range(-30, 17, 2))
    failed = scores_for(Contract.GARDE, announced=True)  # announced, each camp took a trick
    for value in near_zero:
        cases = [(c, a) for c, a in CASES if value in scores_for(chelem=c, announced=a)]
        assert cases == [(None, True)], value
        assert value in failed
    # The announcement costs 200 whatever happened: made by 198 points' worth, the value is −2.
    assert failed == {value - 200 for value in scores_for()}
    assert -2 in failed and 198 in scores_for()


def test_made_chelems():
    unannounced = scores_for(chelem=Camp.ATTACK)
    announced = scores_for(chelem=Camp.ATTACK, announced=True)
    assert (min(unannounced), max(unannounced)) == (342, 420)
    assert (min(announced), max(announced)) == (542, 620)
    # The spec's "+342 … +420" is a span, not every even value in it.
    assert sorted(unannounced) == [342, 360, 362, 372, 380, 382, 390, 392, 400, 402, 410, 420]
    assert announced == {value + 200 for value in unannounced}
    assert 344 not in valid_scores()


@pytest.mark.parametrize(
    ("score", "chelem", "code", "params"),
    [
        (57, True, "score_odd", {}),
        (-1, True, "score_odd", {}),
        (622, True, "score_out_of_range", {"min": -616, "max": 620}),
        (-618, True, "score_out_of_range", {"min": -616, "max": 620}),
        (20, True, "score_unreachable", {"below": 16, "above": 30}),
        (300, True, "score_unreachable", {"below": 216, "above": 342}),
        (-214, True, "score_unreachable", {"below": -232, "above": -212}),
        (10, False, "score_needs_chelem", {}),  # a failed announcement on a made Garde
        (420, False, "score_needs_chelem", {}),  # a made chelem
        (-600, False, "score_needs_chelem", {}),  # announced, and the defence took every trick
        (20, False, "score_unreachable", {"below": -32, "above": 30}),
        (300, False, "score_out_of_range", {"min": -212, "max": 216}),
    ],
)
def test_check_score_says_why(score, chelem, code, params):
    assert check_score(score, chelem=chelem) == ScoreProblem(code, {"score": score, **params})


@pytest.mark.parametrize("score", [10, -30, 400, 620, -616, -600, 56, -212])
def test_check_score_accepts_every_value_a_garde_gives(score):
    assert check_score(score) is None


def test_check_score_per_contract():
    assert check_score(-784, Contract.GARDE_SANS) is None
    assert check_score(-784).code == "score_out_of_range"
    assert check_score(962, "garde_contre") is None


@given(st.integers(-2000, 2000), st.booleans())
def test_check_score_refuses_exactly_what_the_set_lacks(score, chelem):
    allowed = valid_scores() if chelem else scores_for()
    problem = check_score(score, chelem=chelem)
    assert (problem is None) == (score in allowed)
    if problem is not None and problem.code == "score_unreachable":
        below, above = problem.params["below"], problem.params["above"]
        assert below in allowed and above in allowed and below < score < above
        assert not any(below < value < above for value in allowed)
