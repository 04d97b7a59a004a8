"""Benchmark of the seating engine at the proven limits: the fields where nobody need meet
twice for floor((N - 1) / 3) positions, and the fields of one to three players more or fewer.

For each case: players N, positions R, remainder policy ("3" or "5"), the repeats achieved
(sum over pairs of C(m, 2), recounted here from the plan), the engine's counting lower bound,
the proven figure where one is known (0 at the proven maxima), the method and seconds.
Targets (issue 21): zero repeats in under a second at 16 x 5, 20 x 5, 24 x 7, 28 x 9, 32 x 10,
40 x 13, 52 x 17, 64 x 21, 76 x 25, 88 x 29, 100 x 33. Set BENCH_SEATING_QUICK=1 to skip the
neighbouring fields. Measures and prints; never fails a build.
"""

import os
import time
from collections import Counter
from itertools import combinations

from tournaments.seating import SeatingError, SeatingRequest, plan_rounds, table_sizes

MAXIMA = (
    (16, 5),
    (20, 5),
    (24, 7),
    (28, 9),
    (32, 10),
    (40, 13),
    (52, 17),
    (64, 21),
    (76, 25),
    (88, 29),
    (100, 33),
)
NEAR = (-3, -2, -1, 1, 2, 3)  # players more or fewer, at the same positions
SEED = 20240601


def repeats(plan) -> int:
    met = Counter()
    for position in plan:
        for table in position:
            for a, b in combinations(sorted(table), 2):
                met[a, b] += 1
    return sum(m * (m - 1) // 2 for m in met.values())


def run(players: int, rounds: int, remainder: str, proven: str) -> str:
    request = SeatingRequest(
        players=range(1, players + 1), rounds=rounds, remainder=remainder, seed=SEED
    )
    start = time.perf_counter()
    try:
        plan = plan_rounds(request)
    except SeatingError as error:
        return f"{players:>5} {rounds:>3} {remainder:>4}  refused: {error.code}"
    elapsed = time.perf_counter() - start
    return (
        f"{players:>5} {rounds:>3} {remainder:>4} {repeats(plan):>7} "
        f"{plan.report.repeats_bound:>5} {proven:>6} {plan.report.method:>20} {elapsed:>7.2f}"
    )


def main() -> None:
    quick = os.environ.get("BENCH_SEATING_QUICK") == "1"
    print("    N   R rem. repeats bound proven               method seconds")
    for players, rounds in MAXIMA:
        print(run(players, rounds, "3", "0"), flush=True)
    if quick:
        return
    print("one to three players more or fewer, same positions:")
    for players, rounds in MAXIMA:
        for near in NEAR:
            for remainder in ("3", "5"):
                if table_sizes(players + near, remainder) is not None:
                    print(run(players + near, rounds, remainder, "-"), flush=True)


if __name__ == "__main__":
    main()
