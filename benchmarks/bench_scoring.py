"""Benchmark of the deal-scoring engine: a million random valid deals, deals per second.

Inputs are generated first and not timed; only ``score_deal`` is. Set BENCH_SCORING_DEALS to
score another number of deals. Measures and prints; never fails a build.
"""

import os
import random
import time
from decimal import Decimal

from scoring.engine import Contract, DealInput, score_deal

DEFAULT_COUNT = 1_000_000
SEED = 20120701
TARGETS = (56, 51, 41, 36)
POINTS = [Decimal(half) / 2 for half in range(183)]
# Poignée sets every table allows, whatever the partner: none, or one shown by either camp.
POIGNEES = [()] + [
    ((camp, level),) for camp in ("attack", "defence") for level in ("simple", "double", "triple")
]


def random_deal(rng: random.Random) -> DealInput:
    """A valid deal, with primes and chelems more often than at a real table."""
    players = rng.choice((3, 4, 4, 4, 5))
    partner = players == 5 and rng.random() < 0.8
    chelem = rng.choice((None,) * 18 + ("attack", "defence"))
    bouts = rng.randint(2, 3) if chelem == "attack" else rng.randrange(4)
    low, high = 9 * bouts, 182 - 9 * (3 - bouts)  # a bout is worth 4.5 points
    if chelem == "attack":
        half_points = rng.randint(max(173, low), high)
    elif chelem == "defence":
        half_points = rng.randrange(low, 2 * TARGETS[bouts])
    else:
        half_points = rng.randint(low, min(high, 181))  # all 91 points would be a chelem
    camps = ("attack",) * (bouts > 0) + ("defence",) * (bouts < 3)
    if chelem:  # petit au bout in a chelem is the chelem camp's
        camps = tuple(c for c in camps if c == chelem)
    petit_au_bout = rng.choice((None,) * 8 + camps)
    return DealInput(
        players=players,
        contract=rng.choice(list(Contract)),
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
