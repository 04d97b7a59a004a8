"""The attack's possible counts, derived from the cards (section 3 of fft-rules.md).

What a table reports at the end of a deal, the bouts and the points in the attack's pile, is
possible only if some pile of real cards gives it. This module derives, for each table size,
contract and chelem (nobody, the attack, the defence took every trick), the exact set of
(bouts, points) the cards allow, from these facts and nothing else:

- the cards and their values (``DECK``), in half-points so that nothing is a float;
- the piles: tricks of one card per player (24 tricks at 3, 18 at 4, 15 at 5), a chien of 6
  cards (3 at 5 players) that belongs to the attack in a prise, a garde and a garde sans and
  to the defence in a garde contre; in a prise or a garde it is the taker's écart, which holds
  neither a king nor a bout;
- the Excuse exchange: the Excuse stays with the camp that played it and the trick's winner gets
  a low card instead, so no pile changes its number of cards;
- the chelem rule for the Excuse: when one camp takes every trick, an Excuse played by the other
  camp stays with it and counts 4 points (the rulebook says so for the attack's chelem; our
  choice: the same for the defence's, which keeps every count whole at 4 players).

A deal in which nobody took every trick gave each camp at least one trick; a chelem is every
trick to one camp. The sets are computed once per (players, contract, chelem) and cached.
``deal.score_deal`` refuses what is not in them, ``marks.achievable_amounts`` enumerates them.
Must not import Django or any app, nor word anything for people (codes and values only).
"""

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from itertools import product
from types import MappingProxyType

from .enums import CAMPS, CONTRACTS, Camp, Contract

# Card values in half-points and how many of each the deck holds. Bouts are the Petit, the 21
# and the Excuse; "low" is every other card worth half a point (suit cards 1-10, trumps 2-20).
BOUT, KING, QUEEN, KNIGHT, JACK, LOW = 9, 9, 7, 5, 3, 1
BOUTS = 3
HONOURS = ((KING, 4), (QUEEN, 4), (KNIGHT, 4), (JACK, 4))
LOW_CARDS = 59
DECK_CARDS = BOUTS + sum(count for _, count in HONOURS) + LOW_CARDS  # 78
DECK_HALF_POINTS = BOUTS * BOUT + sum(v * n for v, n in HONOURS) + LOW_CARDS * LOW  # 182: 91
EXCUSE_KEPT = 8  # the Excuse kept without an exchange after a chelem counts 4 points

TRICKS = {3: 24, 4: 18, 5: 15}  # one card per player in each trick
CHIEN = {3: 6, 4: 6, 5: 3}
# Whose the chien is at the end of the deal, by contract; an écart holds no king and no bout.
ATTACK_CHIEN = frozenset({Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS})
ECART = frozenset({Contract.PRISE, Contract.GARDE})

NOBODY = None  # the chelem value of a deal in which each camp took a trick


@lru_cache(maxsize=1)
def _honour_piles() -> tuple[tuple[int, int, int], ...]:
    """(kings, honours, extra) for every choice of honours: ``extra`` is what they add, in
    half-points, over as many low cards (a pile's value is its size plus its extras)."""
    found = set()
    for counts in product(*(range(n + 1) for _, n in HONOURS)):
        extra = sum((value - LOW) * c for (value, _), c in zip(HONOURS, counts, strict=True))
        found.add((counts[0], sum(counts), extra))
    return tuple(sorted(found))


@lru_cache(maxsize=512)
def pile_values(size: int, bouts: int, plain: int = 0) -> frozenset[int]:
    """Every value, in half-points, of ``size`` cards holding exactly ``bouts`` bouts, of
    which at least ``plain`` cards are neither a king nor a bout (an écart's cards)."""
    if not 0 <= bouts <= BOUTS or not 0 <= size <= DECK_CARDS:
        return frozenset()
    values = set()
    for kings, honours, extra in _honour_piles():
        lows = size - bouts - honours
        if 0 <= lows <= LOW_CARDS and size - bouts - kings >= plain:
            values.add(size + (BOUT - LOW) * bouts + extra)
    return frozenset(values)


def _nobody(players: int, contract: Contract) -> dict[int, frozenset[int]]:
    """Each camp took a trick: the attack's pile is k tricks (and the chien if it is its)."""
    chien = CHIEN[players] if contract in ATTACK_CHIEN else 0
    plain = CHIEN[players] if contract in ECART else 0
    sizes = [k * players + chien for k in range(1, TRICKS[players])]
    return {
        bouts: frozenset().union(*(pile_values(size, bouts, plain) for size in sizes))
        for bouts in range(BOUTS + 1)
    }


def _attack(players: int, contract: Contract) -> dict[int, set[int]]:
    """The attack took every trick: the defence keeps the chien of a garde contre, and an
    Excuse it played (4 points)."""
    found: dict[int, set[int]] = {}
    chien = 0 if contract in ATTACK_CHIEN else CHIEN[players]
    for kept in range(BOUTS + 1):  # bouts in the defence's chien
        for value in pile_values(chien, kept):
            found.setdefault(BOUTS - kept, set()).add(DECK_HALF_POINTS - value)
            if kept < BOUTS:  # the Excuse was in a defender's hand, and played
                attack = DECK_HALF_POINTS - value - EXCUSE_KEPT
                found.setdefault(BOUTS - kept - 1, set()).add(attack)
    return found


def _defence(players: int, contract: Contract) -> dict[int, set[int]]:
    """The defence took every trick: the attack keeps its chien or écart, and an Excuse it
    played (4 points)."""
    found: dict[int, set[int]] = {}
    chien = CHIEN[players] if contract in ATTACK_CHIEN else 0
    plain = CHIEN[players] if contract in ECART else 0
    for bouts in range(BOUTS + 1):
        for value in pile_values(chien, bouts, plain):
            found.setdefault(bouts, set()).add(value)
            if bouts < BOUTS:  # the Excuse was in the taker's (or partner's) hand, and played
                found.setdefault(bouts + 1, set()).add(value + EXCUSE_KEPT)
    return found


@dataclass(frozen=True)
class Span:
    """Points from ``first`` to ``last`` by ``step`` (0.5, or 1 for whole points only)."""

    first: Decimal
    last: Decimal
    step: Decimal


@dataclass(frozen=True)
class Counts:
    """The points the attack can have with one number of bouts, in half-points."""

    bouts: int
    half_points: frozenset[int]

    def __contains__(self, half_points: object) -> bool:
        return half_points in self.half_points

    def __bool__(self) -> bool:
        return bool(self.half_points)

    @property
    def minimum(self) -> Decimal:
        return Decimal(min(self.half_points)) / 2

    @property
    def maximum(self) -> Decimal:
        return Decimal(max(self.half_points)) / 2

    def spans(self) -> tuple[Span, ...]:
        """The set as runs a person can read: "13 to 85", "4.5", "5.5 to 75"…

        Runs by half-points first (at least two values); what is left forms runs of whole
        points, or stands alone. At 4 players every count is whole, so every run is by 1.
        """
        values = sorted(self.half_points)
        runs: list[list[int]] = []
        for value in values:
            if runs and value - runs[-1][-1] == 1:
                runs[-1].append(value)
            else:
                runs.append([value])
        spans: list[tuple[int, int, int]] = []
        for run in runs:
            if len(run) > 1:
                spans.append((run[0], run[-1], 1))
                continue
            value = run[0]  # alone: a whole point after a run of whole points joins it
            if spans and spans[-1][2] == 2 and value - spans[-1][1] == 2:
                spans[-1] = (spans[-1][0], value, 2)
            else:
                spans.append((value, value, 2))
        half = Decimal(2)
        return tuple(
            Span(Decimal(a) / half, Decimal(b) / half, Decimal(s) / half) for a, b, s in spans
        )


@lru_cache(maxsize=64)
def counts_by_bouts(players: int, contract: Contract, chelem: Camp | None) -> Mapping[int, Counts]:
    """``possible_points`` for checked values (the engine's own callers). Cached, so read-only:
    a caller that changed it would change what every later deal is checked against."""
    if chelem is Camp.ATTACK:
        found = _attack(players, contract)
    elif chelem is Camp.DEFENCE:
        found = _defence(players, contract)
    else:
        found = _nobody(players, contract)
    return MappingProxyType(
        {bouts: Counts(bouts, frozenset(v)) for bouts, v in sorted(found.items()) if v}
    )


# The hot path of score_deal: (players, contract, chelem) -> {bouts * 256 + half-points},
# filled by ``allowed_counts`` (score_deal reads it first: a miss costs a call).
ALLOWED: dict[tuple, frozenset[int]] = {}


def allowed_counts(players: int, contract: Contract, chelem: Camp | None) -> frozenset[int]:
    """``counts_by_bouts`` flattened for a fast membership test of ``bouts * 256 + half``."""
    key = (players, contract, chelem)
    found = ALLOWED.get(key)
    if found is None:
        found = frozenset(
            bouts * 256 + half
            for bouts, counts in counts_by_bouts(players, contract, chelem).items()
            for half in counts.half_points
        )
        ALLOWED[key] = found
    return found


def possible_points(
    players: int, contract: Contract | str, chelem: Camp | str | None = None
) -> Mapping[int, Counts]:
    """The attack's possible points, by its bouts, for a deal at ``players`` (3, 4 or 5; a
    table of 5 whose dealer sits out plays at 4) in ``contract``, when ``chelem`` (a camp)
    took every trick or nobody did (None). A number of bouts the cards cannot give with that
    chelem is absent (a prise won as a chelem leaves the attack 2 or 3 bouts).

    Raises ``ValueError`` for arguments that name no table, contract or camp: a caller's bug,
    not a user's error (``score_deal`` checks its input before it asks).
    """
    if type(players) is not int or players not in TRICKS:
        raise ValueError(f"players must be 3, 4 or 5, not {players!r}")
    normalized = CONTRACTS.get(contract) if isinstance(contract, str) else None
    if normalized is None:
        raise ValueError(f"no such contract: {contract!r}")
    camp = None
    if chelem is not None and chelem != "":
        camp = CAMPS.get(chelem) if isinstance(chelem, str) else None
        if camp is None:
            raise ValueError(f"no such camp: {chelem!r}")
    return counts_by_bouts(players, normalized, camp)
