"""Benchmark of the printed documents: every score sheet, table plan, list and table card of one
position.

Builds a 400-player tournament (100 tables) in an in-memory SQLite database, seats position 1,
then times each PDF. Target: all the score sheets of a 100-table position in under 5 seconds.
Set BENCH_PRINTING_PLAYERS for another field size. Measures and prints; never fails a build.
"""

import os
import time

from ._django import memory_django


def main() -> None:
    user = memory_django()

    from tournaments import documents
    from tournaments.simulation import tournament_simulate

    players = int(os.environ.get("BENCH_PRINTING_PLAYERS", 400))
    start = time.perf_counter()
    tournament = tournament_simulate(slug="bench", players=players, user=user, positions=1)
    print(
        f"{players} players registered and position 1 seated in {time.perf_counter() - start:.2f} s"
    )
    round_ = tournament.rounds.get(number=1)
    tables = round_.tables.count()
    address = {"seating_url": "http://192.0.2.2:8000/t/bench/seating/"}
    for label, make, extra in (
        ("score sheets", documents.score_sheets_pdf, {}),
        ("table plan", documents.table_plan_pdf, address),
        ("alphabetical list", documents.alphabetical_list_pdf, address),
        ("table cards", documents.table_cards_pdf, {}),
    ):
        start = time.perf_counter()
        _name, _type, pdf = make(round=round_, **extra)
        elapsed = time.perf_counter() - start
        print(f"{label}: {tables} tables, {len(pdf) / 1024:.0f} KiB in {elapsed:.2f} s")


if __name__ == "__main__":
    main()
