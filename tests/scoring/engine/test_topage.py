"""The duplicate's arithmetic (scoring.engine.duplicate, fft-duplicate.md §2, §4, §6): the
rulebook's examples and properties."""

from decimal import Decimal
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.duplicate import (
    alternate_ranking,
    check_score,
    general_ranking,
    match_points,
    opposition_points,
    percentages,
    top_notes,
    valid_scores,
)


def test_the_rulebook_example():
    assert top_notes([56, 62, -56, -52, 50]) == (75, 100, 0, 25, 50)


def test_equal_scores_share_the_notes_they_span_and_a_lone_line_gets_50():
    assert top_notes([10, 10]) == (50, 50)
    assert top_notes([0, 10, 10, 20]) == (0, 50, 50, 100)
    assert top_notes([5, 5, 5]) == (50, 50, 50)
    assert top_notes([56]) == (50,)
    assert top_notes([1, 2, 3, 4]) == (0, Fraction(100, 3), Fraction(200, 3), 100)


@given(st.lists(st.integers(-616, 620), min_size=2, max_size=30))
def test_notes_are_between_0_and_100_sum_to_50_n_and_keep_the_order(scores):
    notes = top_notes(scores)
    assert all(0 <= n <= 100 for n in notes)
    assert sum(notes) == 50 * len(scores)
    for a, b in zip(scores, notes, strict=True):
        for c, d in zip(scores, notes, strict=True):
            assert (a < c) == (b < d)


def test_percentages_quarter_attack_and_the_other_mean_alone():
    counted = percentages(attack=[75, 25], defence=[100, 0, 50], attack_weight=Fraction(1, 4))
    assert (counted.attack, counted.defence, counted.overall) == (50, 50, 50)
    counted = percentages(attack=[], defence=[30, 60])
    assert (counted.attack, counted.defence, counted.overall) == (None, 45, 45)
    counted = percentages(attack=[80], defence=[20], attack_weight=Fraction(1, 2))
    assert counted.overall == 50
    assert percentages(attack=[], defence=[]).overall is None


def test_general_ranking_shares_places():
    assert general_ranking([("a", 60), ("b", 55), ("c", 55), ("d", 40)]) == [
        (1, "a"), (2, "b"), (2, "c"), (4, "d"),
    ]  # fmt: skip


def test_alternate_ranking_bands_of_the_lines():
    items = [
        ("n1", "N", 70), ("n2", "N", 40), ("e1", "E", 60), ("e2", "E", 50),
        ("s1", "S", 65), ("s2", "S", 45), ("w1", "W", 60), ("w2", "W", 55), ("w3", "W", 20),
    ]  # fmt: skip
    assert alternate_ranking(items) == [
        (1, "n1"), (2, "s1"), (3, "e1"), (3, "w1"),
        (5, "w2"), (6, "e2"), (7, "s2"), (8, "n2"),
        (9, "w3"),
    ]  # fmt: skip


def test_match_points():
    assert match_points(16) == Decimal("4.000")
    assert match_points(-10) == Decimal("-3.162")
    assert match_points(0) == Decimal("0.000")
    assert match_points(2) == Decimal("1.414")
    assert match_points(698) == Decimal("26.420")
    assert match_points(1236) == Decimal("35.157")


def test_opposition_points():
    pairs = [(82, 66), (68, -76), (-68, -58)]
    assert opposition_points(pairs, zero_sum=True) == (Decimal("12.838"), Decimal("-12.838"))
    assert opposition_points(pairs, zero_sum=False) == (Decimal("16.000"), Decimal("3.162"))


def test_the_garde_scores_and_the_reasons_for_the_others():
    valid = valid_scores()
    assert all(v % 2 == 0 for v in valid)
    assert (min(valid), max(valid)) == (-616, 620)
    for example in (56, 62, -56, -52, 50, 82, 66, 68, -76, -68, -58):
        assert check_score(example) is None
    assert not any(v in valid for v in range(18, 29))
    assert check_score(57).code == "score_odd"
    assert check_score(1000).code == "score_out_of_range"
    assert check_score(20).code in {"score_unreachable", "score_needs_chelem"}
