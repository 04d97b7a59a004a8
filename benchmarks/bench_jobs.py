"""Benchmark of the documents made off the request (tournaments.jobs), against issue 18's
targets: a ready document downloaded in under 200 ms; the score sheets of a 100-table position
ready under 5 s after its publication; the progress of a 1,000-page PDF shown within 1 s of
asking and written at least every 2 s.

On an in-memory SQLite database, so the worker runs in this process, after the asking (the
real worker's code, ``tournaments.jobs.run``): "ready after publication" is the time the worker
takes once it picks the jobs up (``db_worker`` looks every second, ``--interval``). Set
BENCH_JOBS_PLAYERS (400) and BENCH_JOBS_PAGES (1,000) for other sizes. Measures and prints;
never fails a build.
"""

import os
import statistics
import time

from ._django import memory_django


def main() -> None:
    user = memory_django()
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from tournaments import jobs, services_seating
    from tournaments.models import DocumentJob, StaffRole
    from tournaments.simulation import tournament_simulate

    players = int(os.environ.get("BENCH_JOBS_PLAYERS", 400))
    pages = int(os.environ.get("BENCH_JOBS_PAGES", 1000))
    organiser = get_user_model().objects.get_or_create(username="bench-jobs")[0]
    tournament = tournament_simulate(slug="bench-jobs", players=players, user=organiser)
    services_seating.round_seat_players(tournament=tournament, number=1, user=organiser, seed=1)
    StaffRole.objects.get_or_create(
        tournament=tournament, user=user, defaults={"role": "organiser"}
    )
    client = Client(HTTP_HOST="localhost")
    client.force_login(organiser)

    # Publication: the four documents queued, the score sheets first.
    client.post(reverse("manage:round_publish", args=[tournament.slug, 1]))
    start = time.perf_counter()
    for job in DocumentJob.objects.order_by("pk"):
        jobs.run(job.pk)
        job.refresh_from_db()
        print(
            f"{job.kind} ({job.size / 1024:.0f} KiB) ready "
            f"{time.perf_counter() - start:.2f} s after publication"
        )
    sheets_url = reverse("manage:round_document", args=[tournament.slug, 1, "sheets"])
    times = []
    for _ in range(10):
        begin = time.perf_counter()
        response = client.get(sheets_url)
        times.append(time.perf_counter() - begin)
        assert response.status_code == 200, response.status_code
    median = statistics.median(times) * 1000
    print(f"download of the ready score sheets: median {median:.0f} ms (target < 200 ms)")

    # A thousand players' pages: when the progress is written.
    big = tournament_simulate(slug="bench-pages", players=pages, user=organiser, positions=1)
    job = jobs.ask(
        tournament=big,
        user=organiser,
        kind="results",
        params={"kind": "players", "fmt": "pdf", "up_to": 1, "official": False},
    )
    written = []
    original = jobs.Progress._write

    def timed(self, force=False):
        before = self._written
        original(self, force)
        if self._written != before:
            written.append((time.perf_counter(), self.done, self.total))

    jobs.Progress._write = timed
    try:
        begin = time.perf_counter()
        jobs.run(job.pk)
        end = time.perf_counter()
    finally:
        jobs.Progress._write = original
    job.refresh_from_db()
    moments = [begin] + [t for t, _done, _total in written] + [end]
    gaps = [b - a for a, b in zip(moments, moments[1:], strict=False)]
    print(
        f"{pages} players' pages: {job.status} in {end - begin:.1f} s; progress first written "
        f"{written[0][0] - begin:.2f} s after the worker took it (target < 1 s, plus the worker's "
        f"1 s look), then {len(written)} times, at most {max(gaps):.2f} s apart (target < 2 s)"
    )


if __name__ == "__main__":
    main()
