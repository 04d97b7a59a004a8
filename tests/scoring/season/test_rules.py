"""The season's arithmetic, worked by hand: a challenge's points and standings, prizes in
cents with equal places sharing."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scoring.season import rules
from scoring.season.rules import Result


def result(tournament, place, points, field_size=10):
    return Result(tournament, place, False, field_size, None, Fraction(1), Fraction(points))


def test_points_by_place_field_and_percentage():
    assert rules.points_for(rules.SCALE, place=2, field_size=30, scale=[25, 20, 16]) == 20
    assert rules.points_for(rules.SCALE, place=4, field_size=30, scale=[25, 20, 16]) == 0
    assert rules.points_for(rules.FIELD, place=1, field_size=24) == 24
    assert rules.points_for(rules.FIELD, place=24, field_size=24) == 1
    assert rules.points_for(rules.PERCENT, place=3, field_size=8, figure=Fraction(1153, 20)) == (
        Fraction("57.65")
    )


def test_best_of_counts_the_best_results_and_the_minimum_leaves_players_unranked():
    found = rules.standings(
        {
            "anne": [result(1, 1, 25), result(2, 5, 11), result(3, 2, 20)],
            "bob": [result(1, 2, 20), result(2, 1, 25)],
            "cleo": [result(3, 1, 25)],
        },
        best_of=2,
        min_participations=2,
    )
    assert [(s.key, s.place, s.total) for s in found] == [
        ("anne", 1, 45),  # 25 + 20, the 11 not counted
        ("bob", 2, 45),  # level on 45 and on the best (25): fewer participations
        ("cleo", None, 25),  # one tournament of the two required
    ]
    assert found[0].counted == frozenset({1, 3})
    assert found[0].decided_by == found[1].decided_by == rules.BY_PARTICIPATIONS


def test_a_better_best_result_breaks_a_tie_and_equal_on_everything_share_a_place():
    found = rules.standings(
        {
            "anne": [result(1, 2, 20), result(2, 2, 20)],
            "bob": [result(1, 1, 25), result(2, 5, 15)],
            "cleo": [result(1, 3, 16), result(2, 3, 16)],
            "dan": [result(1, 3, 16), result(2, 3, 16)],
        }
    )
    assert [(s.key, s.place, s.tied, s.decided_by) for s in found] == [
        ("bob", 1, False, rules.BY_BEST),
        ("anne", 2, False, rules.BY_BEST),
        ("cleo", 3, True, rules.SHARED),
        ("dan", 3, True, rules.SHARED),
    ]


def test_a_share_of_the_fees_by_hand():
    # 23 players x 12 EUR = 276 EUR; 90 %: 248.40 EUR over 4 places weighted 4, 3, 2, 1.
    pot = rules.pot_cents(27600, 90)
    assert pot == 24840
    assert rules.share_by_place(pot, 4) == [9936, 7452, 4968, 2484]
    # 100.00 EUR over 3 places weighted 1, 1, 1: 33.33 each and the cent left to the first.
    assert rules.share_by_place(10000, 3, [1, 1, 1]) == [3334, 3333, 3333]


def test_equal_places_share_to_the_cent_and_the_rest_is_stated():
    by_place = [5000, 3000, 2001, 1000]
    prizes = rules.share_ties([("a", 1), ("b", 2), ("c", 2), ("d", 2), ("e", 5)], by_place)
    # b, c, d cover places 2, 3 and 4: 60.01 EUR, 20.00 each, 1 cent not paid out.
    assert prizes.amounts == {"a": 5000, "b": 2000, "c": 2000, "d": 2000}
    assert prizes.unpaid_cents == 1


@given(
    pot=st.integers(min_value=0, max_value=10**7),
    scale=st.lists(st.integers(min_value=0, max_value=100), min_size=1, max_size=20),
)
def test_a_share_pays_the_whole_pot_and_never_more(pot, scale):
    amounts = rules.share_by_place(pot, len(scale), scale)
    if pot and sum(scale):
        assert sum(amounts) == pot
    assert all(a >= 0 for a in amounts)


@given(
    by_place=st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=12),
    places=st.lists(st.integers(min_value=1, max_value=12), min_size=1, max_size=12),
)
def test_shared_places_pay_what_their_places_give_less_the_unpaid_cents(by_place, places):
    ranked = [(index, place) for index, place in enumerate(sorted(places))]
    prizes = rules.share_ties(ranked, by_place)
    groups = {}
    for _key, place in ranked:
        groups[place] = groups.get(place, 0) + 1
    owed = sum(sum(by_place[p - 1 : p - 1 + n]) for p, n in groups.items())
    assert sum(prizes.amounts.values()) + prizes.unpaid_cents == owed
    assert prizes.unpaid_cents < max(sum(groups.values()), 1)
