"""The algebraic designs: every class a partition, no pair twice, groups never together."""

from collections import Counter
from itertools import combinations

import pytest

from tournaments.seating import designs, developed
from tournaments.seating.algebra import prime_power, ring

from .checks import meetings


def assert_design(design, block_sizes=(4,)):
    pairs = Counter()
    for blocks in design.classes:
        assert sorted(x for block in blocks for x in block) == list(range(design.points))
        assert {len(block) for block in blocks} <= set(block_sizes)
        for block in blocks:
            pairs.update(combinations(sorted(block), 2))
    assert not pairs or max(pairs.values()) == 1
    for group in design.groups:
        assert not any(pair in pairs for pair in combinations(sorted(group), 2))


@pytest.mark.parametrize(("points", "classes"), [(40, 13), (52, 17), (100, 33)])
def test_rotational_designs_are_resolvable_designs(points, classes):
    design = designs.rotational(points)
    assert len(design.classes) == classes
    assert_design(design)
    assert sum(len(b) * (len(b) - 1) // 2 for c in design.classes for b in c) == (
        points * (points - 1) // 2  # every pair meets exactly once over all classes
    )


@pytest.mark.parametrize("points", [41, 42, 43])
def test_projective_designs_seat_up_to_three_extras_at_tables_of_five(points):
    design = designs.projective(points)
    assert len(design.classes) == 10
    assert_design(design, block_sizes=(4, 5))
    extras = range(40, points)
    for blocks in design.classes:
        fives = [block for block in blocks if len(block) == 5]
        assert sorted(x for block in fives for x in block if x >= 40) == list(extras)
    for extra in extras:  # an extra meets each of the 40 others exactly once
        met = Counter(x for c in design.classes for b in c if extra in b for x in b if x != extra)
        assert sorted(met) == list(range(40)) and set(met.values()) == {1}
    assert sorted(x for group in design.groups for x in group) == list(range(points))


def test_pg33_has_40_points_and_130_lines_two_points_on_exactly_one():
    lines = designs._pg33_lines()
    assert len(lines) == 130
    pairs = Counter(pair for line in lines for pair in combinations(line, 2))
    assert len(pairs) == 40 * 39 // 2 and set(pairs.values()) == {1}
    spreads = [designs.PROJECTIVE_PLAYED, designs.PROJECTIVE_SPARE]
    numbers = [n for group in spreads for spread in group for n in spread]
    assert sorted(numbers) == list(range(130))  # thirteen disjoint spreads: a packing


@pytest.mark.parametrize(("points", "classes"), [(16, 5), (64, 21)])
def test_affine_spaces_over_gf4(points, classes):
    design = designs.affine(points)
    assert len(design.classes) == classes
    assert_design(design)


@pytest.mark.parametrize("tables", [4, 5, 7, 8, 9, 11, 13, 16, 25, 27, 32])
def test_direction_classes_over_a_field_give_as_many_positions_as_tables(tables):
    design = designs.directions(tables, rounds=tables)
    assert len(design.classes) == tables
    assert_design(design)


@pytest.mark.parametrize(("tables", "rounds"), [(20, 10), (22, 10), (250, 10), (30, 9)])
def test_direction_classes_over_z_k_give_the_rounds_asked(tables, rounds):
    design = designs.directions(tables, rounds=rounds)
    assert len(design.classes) >= rounds
    assert_design(design)


@pytest.mark.parametrize(("tables", "fifth"), [(5, 1), (11, 3), (13, 2), (26, 1)])
def test_a_partial_fifth_class_makes_tables_of_five(tables, fifth):
    design = designs.directions(tables, rounds=5, fifth=fifth)
    assert_design(design, block_sizes=(4, 5))
    for blocks in design.classes:
        assert sum(1 for block in blocks if len(block) == 5) == fifth


@pytest.mark.parametrize("fifth", [0, 1, 2, 3, 12])
def test_a_stored_difference_matrix_gives_z12_ten_positions(fifth):
    design = designs.directions(12, rounds=10, fifth=fifth)
    assert len(design.classes) == 10
    assert_design(design, block_sizes=(4, 5))
    rows = designs.DIFFERENCES[12]
    for a, b in combinations(rows, 2):  # each difference at most once: no pair meets twice
        differences = [(y - x) % 12 for x, y in zip(a, b, strict=True)]
        assert len(set(differences)) == len(differences)


def test_fewer_positions_where_the_arithmetic_limits_them():
    # In Z_10 some step difference is even, of order 5 at most: 5 positions, not 10.
    assert len(designs.directions(10, rounds=10).classes) == 5
    assert len(designs.directions(14, rounds=10).classes) == 7
    assert designs.rotational(44) is None
    assert designs.affine(32) is None
    assert designs.projective(40) is None and designs.projective(44) is None


@pytest.mark.parametrize("q", [4, 8, 9, 16, 25, 27])
def test_prime_power_fields_have_inverses_and_distribute(q):
    field = ring(q, True)
    nonzero = range(1, q)
    for a in nonzero:
        assert sorted(field.mul(a, b) for b in nonzero) == list(nonzero)
    for a, b, c in combinations(range(q), 3):
        assert field.mul(a, field.add(b, c)) == field.add(field.mul(a, b), field.mul(a, c))


def test_prime_powers():
    assert [q for q in range(2, 33) if prime_power(q)] == [
        2,
        3,
        4,
        5,
        7,
        8,
        9,
        11,
        13,
        16,
        17,
        19,
        23,
        25,
        27,
        29,
        31,
        32,
    ]
    assert ring(12, True) is None


@pytest.mark.parametrize(
    ("points", "classes"), [(16, 5), (28, 9), (40, 13), (52, 17), (76, 25), (88, 29)]
)
def test_tripled_fields_give_resolvable_designs(points, classes):
    design = developed.tripled(points)
    assert len(design.classes) == classes
    assert_design(design)
    met = Counter(pair for c in design.classes for b in c for pair in combinations(sorted(b), 2))
    assert len(met) == points * (points - 1) // 2 and set(met.values()) == {1}


def test_tripled_needs_a_prime_power_one_mod_four():
    assert developed.tripled(100) is None  # q = 33
    assert developed.tripled(64) is None  # q = 21
    assert developed.tripled(22) is None  # q = 7 = 3 (mod 4)
    assert developed.tripled(30) is None


@pytest.mark.parametrize(("points", "classes", "fixed"), [(24, 7, 3), (36, 10, 6)])
def test_the_stored_designs_have_their_positions_nobody_meeting_twice(points, classes, fixed):
    design = developed.stored(points)
    assert len(design.classes) == classes
    assert_design(design)
    met = meetings(design.classes)
    assert len(met) == classes * points // 4 * 6 and set(met.values()) == {1}  # 6 pairs a table
    finite = points - fixed
    assert design.groups == (tuple(range(finite, points)),)  # the fixed points never meet
    for x in range(finite):  # and each other point meets three new ones a position
        assert sum(1 for y in range(points) if (min(x, y), max(x, y)) in met) == 3 * classes


def test_the_stored_32_point_design_has_ten_positions_nobody_meeting_twice():
    design = developed.binary(32)
    assert len(design.classes) == 10
    assert_design(design)  # each position a partition, no pair twice, the groups never together
    met = meetings(design.classes)
    assert len(met) == 10 * 8 * 6  # 480 of the 496 pairs, each once
    missed = {pair for pair in combinations(range(32), 2) if pair not in met}
    assert missed == {tuple(sorted(g)) for g in design.groups}  # each point misses one other
    assert sorted(x for g in design.groups for x in g) == list(range(32))
    assert developed.binary(28) is None
