"""Benchmark of the deal-scoring engine: a million random valid deals, deals per second.

Inputs are generated first and not timed; only ``score_deal`` is. Set BENCH_SCORING_DEALS to
score another number of deals. Measures and prints; never fails a build.
"""

import os
import random
import time
from decimal import Decimal
from functools import cache

from scoring.engine import Contract, DealInput, possible_points, score_deal

DEFAULT_COUNT = 1_000_000
SEED = 20120701
POINTS = [Decimal(half) / 2 for half in range(183)]
# Poignée sets every table allows, whatever the partner: none, or one shown by either camp.
POIGNEES = [()] + [
    ((camp, level),) for camp in ("attack", "defence") for level in ("simple", "double", "triple")
]


@cache
def _counts(players: int, contract: Contract, chelem: str | None) -> list[tuple[int, int]]:
    """Every (bouts, half-points) the cards allow for this kind of deal."""
    possible = possible_points(players, contract, chelem)
    return [
        (bouts, half) for bouts, counts in possible.items() for half in sorted(counts.half_points)
    ]


def random_deal(rng: random.Random) -> DealInput:
    """A valid deal, with primes and chelems more often than at a real table."""
    players = rng.choice((3, 4, 4, 4, 5))
    partner = players == 5 and rng.random() < 0.8
    contract = rng.choice(list(Contract))
    chelem = rng.choice((None,) * 18 + ("attack", "defence"))
    bouts, half_points = rng.choice(_counts(players, contract, chelem))
    camps = ("attack",) * (bouts > 0) + ("defence",) * (bouts < 3)
    if chelem:  # petit au bout in a chelem is the chelem camp's
        camps = tuple(c for c in camps if c == chelem)
    petit_au_bout = rng.choice((None,) * 8 + camps)
    return DealInput(
        players=players,
        contract=contract,
        bouts=bouts,
        points=POINTS[half_points],
        petit_au_bout=petit_au_bout,
        poignees=rng.choice(POIGNEES) if rng.random() < 0.2 else (),
        chelem_announced=chelem == "attack" and rng.random() < 0.5,
        chelem=chelem,
        partner=partner,
    )


def main() -> None:
    count = int(os.environ.get("BENCH_SCORING_DEALS", DEFAULT_COUNT))
    rng = random.Random(SEED)
    deals = [random_deal(rng) for _ in range(count)]
    score = score_deal
    start = time.perf_counter()
    for deal in deals:
        score(deal)
    elapsed = time.perf_counter() - start
    print(f"scored {count:,} random valid deals in {elapsed:.2f} s: {count / elapsed:,.0f} deals/s")


if __name__ == "__main__":
    main()
