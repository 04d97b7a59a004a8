"""Benchmark of the duplicate's printed documents and workbook (fft-duplicate.md §2
"Documents").

In an in-memory SQLite database: (a) a séance of 100 étuis (100 players at 25 tables, 12
positions, 4 étuis a série), its travelling sheets blank and topped: target under 5 s for the
100 étuis; (b) a large séance (400 players at 100 tables, 13 positions: 400 étuis, 52 a
player), its rankings, the 400 feuilles de route, the table cards and the Excel export. Every
séance is played through the services (``duplicate_simulate``: every travelling sheet entered
and confirmed), which takes a while. BENCH_DOCUMENTS_PLAYERS and BENCH_DOCUMENTS_POSITIONS set
another size for (b). Measures and prints; never fails a build.

Run as ``python -m benchmarks duplicate_documents`` or
``python benchmarks/bench_duplicate_documents.py``.
"""

import io
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHEETS_TARGET = 5.0  # seconds for the travelling sheets of 100 étuis


def _seance(slug, players, positions, user):
    from scoring.formats.duplicate.simulation import duplicate_simulate
    from tournaments.models import Tournament
    from tournaments.simulation import tournament_simulate

    start = time.perf_counter()
    tournament = tournament_simulate(
        slug=slug,
        players=players,
        user=user,
        positions=positions,
        format=Tournament.Format.DUPLICATE,
    )
    session = duplicate_simulate(tournament=tournament, user=user, seed=7, sheets=True)
    print(
        f"{players} players, {positions} positions, {session.boards.count()} étuis played "
        f"and confirmed in {time.perf_counter() - start:.1f} s"
    )
    return session


def _timed(label, make, session, target=None):
    from pypdf import PdfReader

    start = time.perf_counter()
    _name, content_type, content = make(session)
    elapsed = time.perf_counter() - start
    pages = ""
    if content_type == "application/pdf":
        pages = f"{len(PdfReader(io.BytesIO(content)).pages)} pages, "
    goal = f" (target < {target:.0f} s)" if target else ""
    print(f"{label}: {pages}{len(content) / 1024:.0f} KiB in {elapsed:.2f} s{goal}")


def main() -> None:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from benchmarks._django import memory_django

    user = memory_django()
    from scoring.formats.duplicate import documents as documents_duplicate
    from scoring.formats.duplicate import documents_results as documents_duplicate_results
    from scoring.formats.duplicate import excel as excel_duplicate

    sheets = _seance("bench-sheets", 100, 12, user)
    _timed(
        "travelling sheets, 100 étuis",
        documents_duplicate.travelling_sheets_pdf,
        sheets,
        SHEETS_TARGET,
    )
    _timed(
        "topped travelling sheets, 100 étuis",
        lambda s: documents_duplicate.travelling_sheets_pdf(s, topped=True),
        sheets,
        SHEETS_TARGET,
    )

    players = int(os.environ.get("BENCH_DOCUMENTS_PLAYERS", 400))
    positions = int(os.environ.get("BENCH_DOCUMENTS_POSITIONS", 13))
    large = _seance("bench-large", players, positions, user)
    _timed("rankings (alterné and général)", documents_duplicate_results.ranking_pdf, large)
    _timed("feuilles de route", documents_duplicate_results.roadmaps_pdf, large)
    _timed("table cards", documents_duplicate_results.cards_pdf, large)
    _timed("Excel export of every score and note", excel_duplicate.session_workbook, large)


if __name__ == "__main__":
    main()
