"""Benchmark of the duplicate individuel's movements (fft-duplicate.md §2, issue 19): for each
number of tables T and of positions R, the repeated meetings Σ(m − 1) of the movement
``individual_movement`` returns, the proven lower bound where one is known, and the seconds of
the first call (the search keeps what it found, so later calls cost nothing).
Target (issue 19): every call under 2 s up to 64 tables, "64 tables × 13 positions" included.
Also the triplettes' Howells from 5 to 16 teams from a cold cache (target: half a second).
Set BENCH_MOVEMENT_QUICK=1 for a short run. Measures and prints; never fails a build.
"""

import os
import time

from tournaments.seating import duplicate_howell
from tournaments.seating.duplicate import individual_movement, repeated_meetings
from tournaments.seating.duplicate_teams import howell_movement

TABLES = (4, 6, 10, 12, 14, 15, 18, 20, 22, 24, 26, 30, 33, 36, 40, 45, 50, 56, 60, 62, 63, 64)
QUICK = (4, 6, 18, 60, 64)
# what is proven (fft-duplicate.md §2); zero wherever the field or four squares give it
BOUNDS = {3: 6, 4: 4}  # repeats per position after the first


def cases(quick: bool):
    for tables in QUICK if quick else TABLES:
        for rounds in sorted({2, 4, 8, min(tables, 13), tables}):
            if rounds <= tables:
                yield tables, rounds


def run(tables: int, rounds: int) -> tuple[str, float]:
    start = time.perf_counter()
    movement = individual_movement(tables=tables, rounds=rounds)
    elapsed = time.perf_counter() - start
    bound = BOUNDS[tables] * (rounds - 1) if tables in BOUNDS else "-"
    repeats = repeated_meetings(movement)
    return f"{tables:>6} {rounds:>9} {repeats:>8} {bound:>6} {elapsed:>8.2f}", elapsed


def main() -> None:
    quick = os.environ.get("BENCH_MOVEMENT_QUICK") == "1"
    print("tables positions  repeats  bound  seconds")
    slowest = (0.0, None)
    for case in cases(quick):
        line, elapsed = run(*case)
        slowest = max(slowest, (elapsed, case))
        print(line, flush=True)
    print(f"64 tables × 13 positions: {run(64, 13)[1]:.2f} s (target under 2 s)")
    duplicate_howell._series.cache_clear()
    duplicate_howell._adder.cache_clear()
    start = time.perf_counter()
    for teams in range(5, 17):
        howell_movement(teams=teams)
    print(f"Howells of 5 to 16 triplettes, cold: {time.perf_counter() - start:.2f} s (target 0.5)")
    print(f"slowest: {slowest[1][0]} tables × {slowest[1][1]} positions, {slowest[0]:.2f} s")


if __name__ == "__main__":
    main()
