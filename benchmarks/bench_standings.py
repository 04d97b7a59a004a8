"""Benchmark of the standings and the results' files on a full tournament.

In an in-memory SQLite database: 1,000 players seated at 10 positions (``tournament_simulate``),
every sheet entered and confirmed with 5 deals (``sheets_simulate``; this takes the better part
of a minute), then the time of (a) ``standings`` (median of several runs, with its queries),
(b) right after a change (a penalty applied), the write's time and the public standings page's
server time for its first viewer, without then with the recomputation on commit
(``scoring.extension``), (c) the Excel workbook, (d) the individual rankings PDF, (e) every
player's result sheet (one PDF page each). Targets: the standings page under 150 ms for the
first viewer too; workbook and rankings PDF under 10 s each. BENCH_STANDINGS_DOCUMENTS=0
leaves the documents out. Set BENCH_STANDINGS_PLAYERS
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

    from scoring.formats.libre import exports
    from scoring.formats.libre.simulation import sheets_simulate
    from scoring.formats.libre.standings import standings
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
    _after_a_change(tournament)
    if os.environ.get("BENCH_STANDINGS_DOCUMENTS") == "0":
        return
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


def _after_a_change(tournament) -> None:
    """The public page, as a phone asks for it right after a change (a penalty applied: a new
    stamp, so neither ranking nor rendered page is in the cache), and the time of that write:
    first without the recomputation on commit (the first viewer computes, as before), then with
    it. Then the page once cached. Target: 150 ms of server time, for the first viewer too."""
    from django.test import Client

    from scoring.extension import ScoringExtension
    from scoring.services_ledger import penalty_apply
    from scoring.simulation_staff import simulation_accounts
    from tournaments.extensions import Extension

    _scorer, arbitre = simulation_accounts(tournament)
    people = list(tournament.registrations.order_by("number"))
    rng = random.Random(SEED)
    client = Client(HTTP_HOST="127.0.0.1")
    address = f"/t/{tournament.slug}/standings/"
    client.get(address)  # templates compiled, as on a server that has been running

    def timed(call) -> float:
        start = time.perf_counter()
        call()
        return time.perf_counter() - start

    def change():
        penalty_apply(registration=rng.choice(people), points=1, reason="bench", user=arbitre)

    hears = ScoringExtension.after_audit
    for label, connected in (
        ("without recomputation on commit (before)", False),
        ("with the recomputation on commit (now)", True),
    ):
        if not connected:  # scoring hears of no write
            ScoringExtension.after_audit = Extension.after_audit
        writes, pages, officials = [], [], []
        for _ in range(RUNS):
            writes.append(timed(change))
            pages.append(timed(lambda: _ok(client.get(address))))
            officials.append(timed(lambda: _ok(client.get(address, {"official": "1"}))))
        ScoringExtension.after_audit = hears
        print(f"right after a change, {label}:")
        print(f"  the write (a penalty applied): {_ms(writes)}")
        print(f"  standings page, first viewer: {_ms(pages)} (target < 150 ms)")
        print(f"  official standings, first viewer: {_ms(officials)} (target < 150 ms)")
    cached = [timed(lambda: _ok(client.get(address))) for _ in range(RUNS)]
    print(f"standings page, cached: {_ms(cached)}")


def _ok(response) -> None:
    assert response.status_code == 200


def _ms(times: list[float]) -> str:
    return (
        f"median {statistics.median(times) * 1000:.0f} ms over {len(times)} runs "
        f"(max {max(times) * 1000:.0f})"
    )


if __name__ == "__main__":
    main()
