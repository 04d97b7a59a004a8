"""Benchmark of the seating engine: repeated meetings and time per request.

For each case: players N, positions R, teams (none, pairs or fours), remainder policy ("3" or
"5", only where the count is not a multiple of 4), then the repeats achieved (sum over pairs of
C(m, 2)), the counting lower bound, the most meetings of one pair, the times a table of 3 or 5
went to someone who had had more of them than a player left at a table of 4, the method, and
seconds. Then a few re-plans of a live tournament (history, withdrawals, late arrivals).
Targets (issue 4): zero repeats for 40 to 1,000 players over 10 positions, each under 1 s
(1,000 players under 5 s); zero for 16 x 5 and 32 x 8; 16 x 6 at the bound of 24.
Set BENCH_SEATING_QUICK=1 for a short run. Measures and prints; never fails a build.
"""

import os
import time

from tournaments.seating import SeatingError, SeatingRequest, plan_rounds, table_sizes

FIELDS = (40, 41, 42, 43, 44, 48, 52, 60, 64, 77, 99, 100, 128, 200, 333, 500, 1000)
SMALL = ((16, 5), (16, 6), (20, 5), (24, 6), (28, 7), (32, 8))
SEED = 20240601


def cases(quick: bool):
    for players, rounds in SMALL:
        yield players, rounds, 0, "3"
    fields = FIELDS[::4] if quick else FIELDS
    for players in fields:
        remainders = ("3",) if players % 4 == 0 else ("3", "5")
        for team in (0, 2, 4):
            for remainder in remainders:
                if table_sizes(players, remainder) is not None:
                    yield players, 10, team, remainder


def run(players: int, rounds: int, team: int, remainder: str) -> str:
    ids = list(range(1, players + 1))
    teams = [ids[i : i + team] for i in range(0, players - team + 1, team)] if team else []
    request = SeatingRequest(
        players=ids, rounds=rounds, teams=teams, remainder=remainder, seed=SEED
    )
    start = time.perf_counter()
    try:
        report = plan_rounds(request).report
    except SeatingError as error:
        return f"{players:>5} {rounds:>3} {team or '-':>5} {remainder:>4}  refused: {error.code}"
    elapsed = time.perf_counter() - start
    return (
        f"{players:>5} {rounds:>3} {team or '-':>5} {remainder:>4} {report.repeats:>7} "
        f"{report.repeats_bound:>5} {report.max_meetings:>4} {report.odd_breaches:>6} "
        f"{report.method:>12} {elapsed:>7.2f}"
    )


def replan(players: int, rounds: int, played: int, gone: int, late: int) -> str:
    """A live tournament: ``played`` positions from a first plan, then ``gone`` withdrawals and
    ``late`` arrivals, and the remaining positions planned with the played ones as history."""
    ids = list(range(1, players + 1))
    first = plan_rounds(SeatingRequest(players=ids, rounds=rounds, seed=SEED))
    present = ids[gone:] + list(range(players + 1, players + 1 + late))
    request = SeatingRequest(
        players=present, rounds=rounds - played, history=first[:played], seed=SEED
    )
    start = time.perf_counter()
    report = plan_rounds(request).report
    elapsed = time.perf_counter() - start
    return (
        f"{players:>5} {rounds:>3} {played:>6} {gone:>4} {late:>4} {report.repeats:>7} "
        f"{report.max_meetings:>4} {report.method:>12} {elapsed:>7.2f}"
    )


REPLANS = ((1000, 10, 5, 2, 3), (200, 10, 3, 1, 0), (48, 10, 4, 0, 2), (40, 5, 2, 0, 0))


def main() -> None:
    quick = os.environ.get("BENCH_SEATING_QUICK") == "1"
    print("    N   R teams rem. repeats bound  max breach       method seconds")
    for case in cases(quick):
        print(run(*case), flush=True)
    print("re-planned after positions played (history), with withdrawals and late arrivals:")
    print("    N   R played gone late repeats  max       method seconds")
    for case in REPLANS[:1] if quick else REPLANS:
        print(replan(*case), flush=True)


if __name__ == "__main__":
    main()
