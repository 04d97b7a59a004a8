"""Benchmark of the duplicate individuel's topage and rankings (issue 19's target: 400 players
× 52 étuis each, under 150 ms after a change, first viewer included).

In an in-memory SQLite database: 400 players at 100 tables for 13 positions, 4 étuis a série
(``duplicate_simulate``: the movement drawn, 400 étuis dealt, every travelling sheet entered,
confirmed and the séance closed; this takes a while). Then (a) ``session_results`` (topage of
every étui, percentages, général and alterné), median of several runs with its queries, and
(b) the same right after a change (one travelling sheet corrected by an arbitre), the write's
time and the public standings page's time. BENCH_DUPLICATE_PLAYERS and
BENCH_DUPLICATE_POSITIONS set another size. Measures and prints; never fails a build.
"""

import os
import statistics
import time

from ._django import memory_django

RUNS = 5


def main() -> None:
    user = memory_django()
    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from scoring.formats.duplicate.reads import board_plays, session_results
    from scoring.formats.duplicate.services import (
        LineEntry,
        TravellingEntry,
        session_reopen,
        travelling_sheet_save,
    )
    from scoring.formats.duplicate.simulation import duplicate_simulate
    from scoring.simulation_staff import simulation_accounts
    from tournaments.models import Tournament
    from tournaments.simulation import tournament_simulate

    players = int(os.environ.get("BENCH_DUPLICATE_PLAYERS", 400))
    positions = int(os.environ.get("BENCH_DUPLICATE_POSITIONS", 13))
    start = time.perf_counter()
    tournament = tournament_simulate(
        slug="bench-duplicate",
        players=players,
        user=user,
        positions=positions,
        format=Tournament.Format.DUPLICATE,
    )
    session = duplicate_simulate(tournament=tournament, user=user, seed=7, sheets=True)
    print(
        f"{players} players, {positions} positions, {session.boards.count()} étuis "
        f"({players * positions * 4 // players} played by each player) entered, confirmed "
        f"and closed in {time.perf_counter() - start:.1f} s"
    )

    def timed():
        reset_queries()
        with CaptureQueriesContext(connection) as queries:
            began = time.perf_counter()
            session_results(session, official=True)
            return time.perf_counter() - began, len(queries)

    runs = [timed() for _ in range(RUNS)]
    print(
        f"topage and both rankings: {statistics.median(t for t, _ in runs) * 1000:.0f} ms "
        f"median, {runs[0][1]} queries (target < 150 ms)"
    )

    _scorer, arbitre = simulation_accounts(tournament)
    session_reopen(session=session, user=arbitre, reason="benchmark")
    board = session.boards.order_by("number").first()
    plays = board_plays(session)[board.board_set]
    entry = TravellingEntry(
        tuple(LineEntry(position=p.position, table=p.table, score=56) for p in plays),
        reason="benchmark",
    )
    began = time.perf_counter()
    travelling_sheet_save(board=board, entry=entry, user=arbitre)
    write = time.perf_counter() - began
    began = time.perf_counter()
    session_results(session, official=False)
    after = time.perf_counter() - began
    client = Client(SERVER_NAME="localhost")
    began = time.perf_counter()
    response = client.get(f"/t/{tournament.slug}/standings/")
    page = time.perf_counter() - began
    print(
        f"after a correction: the write {write * 1000:.0f} ms, the provisional topage "
        f"{after * 1000:.0f} ms; the public standings page {page * 1000:.0f} ms "
        f"({response.status_code}; the séance reopened, so it shows no score)"
    )
