"""The change stamp against commits in another order than the audit ids, on PostgreSQL.

Two arbitres confirm the sheets of two tables at once: the first writes its audit entry, the
second writes a later one and commits first. Someone reading the public pages between the two
commits sees (and caches, under the stamp) a ranking without the first sheet. When the first
commits, the stamp must move: otherwise every poll is answered "nothing new" and every server
keeps serving the cached ranking without that sheet until the next change. Threads need a real
shared database: skipped on SQLite; CI runs them on PostgreSQL.
"""

import time

import pytest
from django.db import connection

from scoring.formats.libre import services
from scoring.formats.libre.forms import read_entry
from scoring.formats.libre.standings import cached_standings, ledger_stamp
from scoring.models import ScoreSheet
from tests.factories import StaffRoleFactory, TournamentFactory, UserFactory
from tests.scoring.conftest import SAMPLE, VISAS, seat_and_publish
from tests.threads import POLL, TIMEOUT, Checkpoint, Worker
from tournaments.models import Table

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="needs a database shared by threads"
    ),
]


def test_a_change_committed_after_a_later_one_still_moves_the_stamp(monkeypatch):
    tournament = TournamentFactory()
    users = {}
    for role in ("organiser", "arbitre", "scorer"):
        users[role] = UserFactory(username=f"{role}-{tournament.pk}")
        StaffRoleFactory(tournament=tournament, user=users[role], role=role)
    round_ = seat_and_publish(tournament, users["organiser"], 8)
    sheets = [
        services.scoresheet_save(
            table=Table.objects.select_related("round__tournament").get(pk=table.pk),
            user=users["scorer"],
            entry=read_entry({**SAMPLE, **VISAS}),
            base_version=0,
        )
        for table in round_.tables.order_by("number")
    ]

    def confirm(sheet):
        return lambda: services.scoresheet_confirm(sheet=sheet, user=users["arbitre"]).pk

    # The first confirmation stops once its audit entry is written, before it commits.
    held = Checkpoint(monkeypatch, services, "audit_log", hold=True)
    first = Worker(confirm(sheets[0]))
    first.start()
    try:
        deadline = time.monotonic() + TIMEOUT
        while not held.reached.is_set():
            assert first.is_alive() and time.monotonic() < deadline, first.outcome
            time.sleep(POLL)
        second = Worker(confirm(sheets[1]))
        second.start()
        second.join(TIMEOUT)
        assert second.outcome and second.outcome[0] == "ok", second.outcome
        # A viewer between the two commits: one sheet confirmed, cached under this stamp.
        between = ledger_stamp(tournament=tournament)
        ranking = cached_standings(tournament=tournament, official=True, stamp=between)
        assert ranking.sheets == 1
    finally:
        held.release()
        first.join(TIMEOUT)
    assert first.outcome and first.outcome[0] == "ok", first.outcome
    assert ScoreSheet.objects.filter(status="confirmed").count() == 2
    after = ledger_stamp(tournament=tournament)
    assert after != between
    assert cached_standings(tournament=tournament, official=True, stamp=after).sheets == 2
