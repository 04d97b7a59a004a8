"""Benchmark of the standings and the results' files on a full tournament.

In an in-memory SQLite database: 1,000 players seated at 10 positions (``tournament_simulate``),
every sheet entered and confirmed with 5 deals (``sheets_simulate``; this takes the better part
of a minute), then the time of (a) ``standings`` (median of several runs, with its queries),
(b) the Excel workbook, (c) the individual rankings PDF, (d) every player's result sheet (one
PDF page each). Targets: workbook and rankings PDF under 10 s each. Set BENCH_STANDINGS_PLAYERS
and BENCH_STANDINGS_POSITIONS for another size. Measures and prints; never fails a build.
"""

import os
import random
import statistics
import time

from ._django import memory_django

SEED = 20240901
RUNS = 5


def main() -> None:
    user = memory_django()
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    from scoring import exports
    from scoring.simulation import sheets_simulate
    from scoring.standings import standings
    from tournaments.simulation import tournament_simulate

    players = int(os.environ.get("BENCH_STANDINGS_PLAYERS", 1000))
    positions = int(os.environ.get("BENCH_STANDINGS_POSITIONS", 10))
    start = time.perf_counter()
    tournament = tournament_simulate(
        slug="bench-standings", players=players, user=user, positions=positions
    )
    count = sheets_simulate(tournament=tournament, rng=random.Random(SEED))
    print(
        f"{players} players, {positions} positions, {count} sheets entered and confirmed "
        f"in {time.perf_counter() - start:.1f} s"
    )

    times = []
    for _ in range(RUNS):
        reset_queries()
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            ranking = standings(tournament=tournament, official=True)
            times.append(time.perf_counter() - start)
    print(
        f"standings: {len(ranking.rows)} rows, {len(captured)} queries, median "
        f"{statistics.median(times) * 1000:.0f} ms over {RUNS} runs (max {max(times) * 1000:.0f})"
    )
    # The public page, as a phone asks for it: just after a change (ranking computed), then
    # again (ranking from the cache, keyed by the change stamp). Target: 150 ms of server time.
    from django.core.cache import cache
    from django.test import Client

    client = Client(HTTP_HOST="127.0.0.1")
    address = f"/t/{tournament.slug}/standings/"
    for label, clear in (("just after a change", True), ("cached", False)):
        times = []
        for _ in range(RUNS):
            if clear:
                cache.clear()
            start = time.perf_counter()
            assert client.get(address).status_code == 200
            times.append(time.perf_counter() - start)
        print(
            f"standings page, {label}: median {statistics.median(times) * 1000:.0f} ms over "
            f"{RUNS} runs (max {max(times) * 1000:.0f}; target < 150 ms)"
        )
    for label, make, target in (
        ("Excel workbook", exports.results_xlsx, 10),
        ("individual rankings PDF", exports.rankings_pdf, 10),
        ("player result sheets PDF", exports.player_sheets_pdf, None),
    ):
        reset_queries()
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            _name, _type, content = make(tournament=tournament, official=True)
            elapsed = time.perf_counter() - start
        goal = f" (target < {target} s)" if target else ""
        print(
            f"{label}: {len(content) / 1024:.0f} KiB, {len(captured)} queries "
            f"in {elapsed:.2f} s{goal}"
        )


if __name__ == "__main__":
    main()
