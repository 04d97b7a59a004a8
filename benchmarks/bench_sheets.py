"""Benchmark of score sheets: saving, confirming, the position's dashboard, a simulated position.

In an in-memory SQLite database: (a) a 5-deal sheet saved through ``scoresheet_save`` at 100
tables of a 400-player position, median and 95th percentile (target: under 100 ms), with its
SQL queries; (b) the same sheets confirmed through ``scoresheet_confirm``; (c) the queries and
time of ``round_dashboard`` for a 250-table position (1,000 players) once every sheet is
confirmed; (d) the time ``simulate_tournament --sheets`` spends filling that position
(``sheets_simulate``). Set BENCH_SHEETS_PLAYERS for another size of (c) and (d), and
BENCH_SHEETS_POSITIONS to seat and fill more positions there. Measures and prints; never fails
a build.
"""

import os
import random
import statistics
import time

from ._django import memory_django

SEED = 20240901


def _summary(label: str, times: list[float], queries: list[int]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * len(ordered)) - 1)]
    return (
        f"{label}: {len(times)} sheets, median {statistics.median(times) * 1000:.1f} ms, "
        f"p95 {p95 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms, "
        f"{statistics.median(queries):.0f} queries each"
    )


def main() -> None:
    user = memory_django()
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    from scoring.formats.libre.selectors import round_dashboard, table_setup
    from scoring.formats.libre.services import scoresheet_confirm, scoresheet_save
    from scoring.formats.libre.simulation import random_sheet, sheets_simulate
    from scoring.simulation_staff import simulation_accounts
    from tournaments.simulation import tournament_simulate

    rng = random.Random(SEED)

    # (a) and (b): one sheet at a time, as the scorers and the arbitre would.
    tournament = tournament_simulate(slug="bench-save", players=400, user=user, positions=1)
    scorer, arbitre = simulation_accounts(tournament)
    round_ = tournament.rounds.get(number=1)
    tables = list(round_.tables.select_related("round__tournament").order_by("number")[:100])
    forms = [(table, random_sheet(table_setup(table=table), rng)) for table in tables]
    saves, save_queries, sheets = [], [], []
    for table, entry in forms:
        reset_queries()  # the log keeps 9,000 queries: a full log would count none
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            sheets.append(scoresheet_save(table=table, user=scorer, entry=entry, base_version=0))
            saves.append(time.perf_counter() - start)
        save_queries.append(len(captured))
    print(_summary("save a 5-deal sheet (scoresheet_save)", saves, save_queries))
    confirms, confirm_queries = [], []
    for sheet in sheets:
        reset_queries()
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            scoresheet_confirm(sheet=sheet, user=arbitre)
            confirms.append(time.perf_counter() - start)
        confirm_queries.append(len(captured))
    print(_summary("confirm it (scoresheet_confirm)", confirms, confirm_queries))

    # (d) then (c): a whole position filled by the simulation, then its dashboard.
    players = int(os.environ.get("BENCH_SHEETS_PLAYERS", 1000))
    positions = int(os.environ.get("BENCH_SHEETS_POSITIONS", 1))
    start = time.perf_counter()
    tournament = tournament_simulate(
        slug="bench-position", players=players, user=user, positions=positions
    )
    print(
        f"{players} players registered and {positions} position(s) seated "
        f"in {time.perf_counter() - start:.2f} s"
    )
    start = time.perf_counter()
    count = sheets_simulate(tournament=tournament, rng=rng)
    elapsed = time.perf_counter() - start
    print(
        f"--sheets (sheets_simulate): {count} sheets entered and confirmed in {elapsed:.2f} s, "
        f"{elapsed / count * 1000:.1f} ms per sheet"
    )
    for number in range(1, positions + 1):
        round_ = tournament.rounds.get(number=number)
        reset_queries()
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            dashboard = round_dashboard(round=round_)
            elapsed = time.perf_counter() - start
        print(
            f"round_dashboard, position {number}: {len(dashboard.rows)} tables "
            f"({dashboard.counts['confirmed']} confirmed), {len(captured)} queries "
            f"in {elapsed * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
