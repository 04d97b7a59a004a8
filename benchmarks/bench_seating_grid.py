"""Benchmark of the seating engine over the whole grid of issue 21, beside the best lower bound
this file can prove and the engine's figures before issue 21.

Cases: every N from 8 to 64 players x 3 to 10 positions, tables of 3 and of 5 for the
remainder, teams of 2 and of 4 (at tables of 3) for every fourth N, and N = 100 to 1,000 at 10
positions. For each: the repeats (sum over pairs of C(m, 2), recounted here from the plan), the
lower bound (below), the gap, the figure of the engine before issue 21 (stored in
``data/seating_grid_before.csv``; ``-`` where not measured), and the seconds.

The lower bound is the larger of two, neither of which looks at the engine's plan:
- counting: each position gives every player (table size - 1) meetings; spread the field's
  total as evenly as possible over the players, and each player's over the players they may
  meet (not their team-mates); C(m, 2) is convex, so nothing can do better;
- pigeonhole: the sum of C(m, 2) over pairs is, over every two positions, the pairs sharing a
  table at both; a table of s players spreads over the T tables of the other position, at best
  evenly, so each two positions cost at least the sum over tables of that spread's pairs
  (17 to 19 players at tables of 5, 13 players: four or three tables for five players).
- and the cited maximum: 20 players cannot have 6 positions without a repeat (at least 1).

Run: ``python -m benchmarks seating_grid``; ``BENCH_SEATING_GRID=quick`` runs N = 8 to 40 at 5 to
10 positions only; ``BENCH_SEATING_GRID=record`` rewrites the stored figures from this engine
(done once, from commit ebf97e8, the engine before issue 21). Measures and prints; never fails.
"""

import csv
import os
import time
from pathlib import Path

from benchmarks.bench_seating_limits import repeats
from tournaments.seating import SeatingError, SeatingRequest, plan_rounds, table_sizes

SEED = 20240601
BEFORE = Path(__file__).parent / "data" / "seating_grid_before.csv"
CITED = {(20, 6, 1): 1}  # (players, positions, team size): a proven lower bound beyond counting


def cases(quick=False):
    """(players, positions, remainder, team size) for every case of the grid."""
    fields = range(8, 41) if quick else range(8, 65)
    positions = range(5, 11) if quick else range(3, 11)
    for n in fields:
        for r in positions:
            for remainder in ("3", "5"):
                yield n, r, remainder, 1
            if not quick and n % 4 == 0:
                for team in (2, 4):
                    yield n, r, "3", team
    if not quick:
        for n in range(100, 1001, 100):
            yield n, 10, "3", 1


def request(players, rounds, remainder, team):
    ids = range(1, players + 1)
    teams = tuple(tuple(ids[i : i + team]) for i in range(0, players, team)) if team > 1 else ()
    return SeatingRequest(players=ids, rounds=rounds, remainder=remainder, teams=teams, seed=SEED)


def spread(total, parts):
    """The sum of C(m, 2) when ``total`` is split over ``parts`` as evenly as can be."""
    q, r = divmod(total, parts)
    return r * (q + 1) * q // 2 + (parts - r) * q * (q - 1) // 2


def counting_bound(players, rounds, sizes, team):
    total = rounds * sum(s * (s - 1) for s in sizes)  # meetings summed over players
    each, extra = divmod(total, players)
    partners = players - team
    doubled = extra * spread(each + 1, partners) + (players - extra) * spread(each, partners)
    return (doubled + 1) // 2


def pigeonhole_bound(rounds, sizes):
    per_two = sum(spread(s, len(sizes)) for s in sizes)
    return rounds * (rounds - 1) // 2 * per_two


def bound(players, rounds, sizes, team):
    return max(
        counting_bound(players, rounds, sizes, team),
        pigeonhole_bound(rounds, sizes),
        CITED.get((players, rounds, team), 0),
    )


def measure(players, rounds, remainder, team):
    """(repeats, seconds), or (refusal code, 0)."""
    start = time.perf_counter()
    try:
        plan = plan_rounds(request(players, rounds, remainder, team))
    except SeatingError as error:
        return error.code, 0.0
    return repeats(plan), time.perf_counter() - start


def key(players, rounds, remainder, team):
    return f"{players}x{rounds}/{remainder}/t{team}"


def record() -> None:
    BEFORE.parent.mkdir(exist_ok=True)
    with BEFORE.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["case", "repeats", "seconds"])
        for case in cases():
            found, seconds = measure(*case)
            writer.writerow([key(*case), found, f"{seconds:.2f}"])
            out.flush()


def main() -> None:
    mode = os.environ.get("BENCH_SEATING_GRID", "")
    if mode == "record":
        record()
        return
    before = {}
    if BEFORE.exists():
        with BEFORE.open() as stored:
            before = {row["case"]: row["repeats"] for row in csv.DictReader(stored)}
    print("    N   R rem. team repeats bound  gap before seconds")
    at_bound = near = worse = better = total = 0
    gaps, slowest = [], 0.0
    for case in cases(quick=mode == "quick"):
        players, rounds, remainder, team = case
        sizes = table_sizes(players, remainder)
        if sizes is None:
            continue
        found, seconds = measure(*case)
        was = before.get(key(*case), "-")
        head = f"{players:>5} {rounds:>3} {remainder:>4} {team:>4}"
        if isinstance(found, str):
            print(f"{head}  refused: {found} (before: {was})", flush=True)
            continue
        low = bound(players, rounds, sizes, team)
        gap = found - low
        total += 1
        at_bound += gap == 0
        near += 0 < gap <= max(3, low // 10)
        gaps.append((gap, case))
        slowest = max(slowest, seconds)
        if was.isdigit():
            worse += found > int(was)
            better += found < int(was)
        flag = "  worse than before" if was.isdigit() and found > int(was) else ""
        print(f"{head} {found:>7} {low:>5} {gap:>4} {was:>6} {seconds:>7.2f}{flag}", flush=True)
    print(
        f"{total} cases: {at_bound} at the bound, {near} within 10% of it (or 3), "
        f"{total - at_bound - near} further; against before: {better} better, {worse} worse; "
        f"slowest {slowest:.2f} s"
    )
    print("largest gaps:", ", ".join(f"{key(*c)} +{g}" for g, c in sorted(gaps)[-8:][::-1]))


if __name__ == "__main__":
    main()
