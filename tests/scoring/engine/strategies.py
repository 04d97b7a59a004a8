"""Hypothesis strategies and a reference scorer for the engine's tests.

Built from the rules text (fft-rules.md sections 2 and 3), not from the engine's code, so the
properties compare the engine with an independent reading of the rules.
"""

from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from functools import cache
from itertools import combinations_with_replacement

from hypothesis import strategies as st

from scoring.engine import Contract, DealInput

from .piles import attack_counts

TARGETS = {0: 56, 1: 51, 2: 41, 3: 36}
COEFFICIENTS = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
THRESHOLDS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
LEVELS = ("simple", "double", "triple")
POIGNEE_VALUES = {"simple": 20, "double": 30, "triple": 40}


def deal(**fields) -> DealInput:
    """A DealInput at 4 players unless told otherwise."""
    fields.setdefault("players", 4)
    return DealInput(**fields)


@cache
def valid_poignee_sets(players: int, partner: bool) -> tuple[tuple[tuple[str, str], ...], ...]:
    """Every multiset of poignées section 3 allows at this table (one per player, 22 trumps)."""
    attack_players = 2 if partner else 1
    defence_players = players - attack_players
    kinds = [(camp, level) for camp in ("attack", "defence") for level in LEVELS]
    found = []
    for count in range(players + 1):
        for combo in combinations_with_replacement(kinds, count):
            attack = sum(camp == "attack" for camp, _ in combo)
            if attack > attack_players or count - attack > defence_players:
                continue
            if sum(THRESHOLDS[players][LEVELS.index(level)] for _, level in combo) > 22:
                continue
            found.append(combo)
    return tuple(found)


def reference_amount(deal: DealInput) -> int:
    """A, seen from the attack, computed with Decimal straight from the rules' wording."""
    points = Decimal(str(deal.points))
    target = TARGETS[deal.bouts]
    won = points >= target
    counted = points.to_integral_value(ROUND_CEILING if won else ROUND_FLOOR)
    diff = int(abs(counted - target))
    coefficient = COEFFICIENTS[str(deal.contract)]
    amount = (25 + diff) * coefficient * (1 if won else -1)
    if deal.petit_au_bout:
        amount += 10 * coefficient * (1 if deal.petit_au_bout == "attack" else -1)
    amount += sum(POIGNEE_VALUES[level] for _, level in deal.poignees) * (1 if won else -1)
    if deal.chelem == "attack":
        amount += 400 if deal.chelem_announced else 200
    else:
        if deal.chelem_announced:
            amount -= 200
        if deal.chelem == "defence":
            amount -= 200
    return amount


def _points_value(draw, half_points: int):
    """The same points as an int, a str or a Decimal (the engine accepts all three)."""
    value = Decimal(half_points) / 2
    forms = [value, str(value)]
    if half_points % 2 == 0:
        forms.append(half_points // 2)
    return draw(st.sampled_from(forms))


ALL_PLAYERS = st.sampled_from([3, 4, 5])
ALL_CONTRACTS = st.sampled_from([*Contract, *(c.value for c in Contract)])


@st.composite
def deals(draw, players=ALL_PLAYERS, contracts=ALL_CONTRACTS, primes: bool = True):
    """Valid deals; with ``primes=False`` no petit au bout, poignée or chelem."""
    n = draw(players)
    partner = draw(st.booleans()) if n == 5 else False
    contract = draw(contracts)
    chelem = draw(st.sampled_from([None, None, "attack", "defence"])) if primes else None
    # What the cards allow: the piles enumerated from the rules (piles.py), not the engine.
    bouts, half_points = draw(st.sampled_from(sorted(attack_counts(n, str(contract), chelem))))
    petit_au_bout = None
    poignees = ()
    announced = False
    if primes:
        camps = [None] + ["attack"] * (bouts > 0) + ["defence"] * (bouts < 3)
        if chelem:  # Petit au bout in a chelem is the chelem camp's
            camps = [c for c in camps if c in (None, chelem)]
        petit_au_bout = draw(st.sampled_from(camps))
        poignees = draw(st.sampled_from(valid_poignee_sets(n, partner)))
        announced = draw(st.booleans())
    return DealInput(
        players=n,
        contract=contract,
        bouts=bouts,
        points=_points_value(draw, half_points),
        petit_au_bout=petit_au_bout,
        poignees=poignees,
        chelem_announced=announced,
        chelem=chelem,
        partner=partner,
    )


def anything():
    """Any value a careless caller could pass for a field."""
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-5, 200),
        st.decimals(allow_nan=True, allow_infinity=True),
        st.floats(),
        st.text(max_size=6),
        st.sampled_from(["attack", "defence", "simple", "garde", "49.5", ""]),
    )
