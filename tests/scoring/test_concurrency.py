"""Two people at once on PostgreSQL (the production database): a double click, a save against a
confirmation, a seat correction against a save. Each ends in one clean outcome or a clear
conflict, never a deadlock, a database error or a silent overwrite. Threads need a real shared
database: on SQLite (in-memory test database) these tests are skipped; CI runs them on
PostgreSQL."""

import threading
import time

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections

from scoring import services
from scoring.forms import read_entry
from scoring.models import ScoreSheet
from tests.factories import StaffRoleFactory, TournamentFactory, UserFactory
from tests.scoring.conftest import SAMPLE, VISAS, seat_and_publish
from tournaments import services_seating
from tournaments.models import Round, Table

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="needs a database shared by threads"
    ),
]
EDITED = {**SAMPLE, **VISAS, "d1-mark1": "321", "d1-mark0": "-107", "d1-mark2": "-107",
          "d1-mark3": "-107"}  # fmt: skip


@pytest.fixture
def setting():
    tournament = TournamentFactory()
    users = {}
    for role in ("organiser", "arbitre", "scorer"):
        users[role] = UserFactory(username=f"{role}-{tournament.pk}")
        StaffRoleFactory(tournament=tournament, user=users[role], role=role)
    round_ = seat_and_publish(tournament, users["organiser"], 8)
    return users, round_.tables.get(number=1)


@pytest.fixture
def slow_check(monkeypatch):
    """The first sheet check of the test takes a while: the other request arrives meanwhile."""
    real, calls = services.check_sheet, []

    def slow(setup, data):
        calls.append(1)
        if len(calls) == 1:
            time.sleep(0.8)
        return real(setup, data)

    monkeypatch.setattr(services, "check_sheet", slow)


def together(*actions):
    """Run the actions in threads, each started a little after the one before."""
    results = [None] * len(actions)

    def run(i, action):
        try:
            results[i] = ("ok", action())
        except ValidationError as exc:
            results[i] = ("refused", exc)
        except Exception as exc:  # noqa: BLE001 - what the test must never see
            results[i] = ("crash", exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, a)) for i, a in enumerate(actions)]
    for thread in threads:
        thread.start()
        time.sleep(0.2)
    for thread in threads:
        thread.join(20)
    return results


def fresh(table):
    return Table.objects.select_related("round__tournament").get(pk=table.pk)


def test_double_click_saves_once(setting, slow_check):
    users, table = setting

    def click():
        return services.scoresheet_save(
            table=fresh(table), user=users["scorer"], entry=read_entry({**SAMPLE, **VISAS}),
            base_version=0, token="same-form",
        ).pk  # fmt: skip

    first, second = together(click, click)
    assert first[0] == second[0] == "ok" and first[1] == second[1]
    assert ScoreSheet.objects.filter(table=table).count() == 1


def test_save_against_confirmation(setting, slow_check):
    users, table = setting
    v1 = services.scoresheet_save(
        table=fresh(table),
        user=users["scorer"],
        entry=read_entry({**SAMPLE, **VISAS}),
        base_version=0,
    )

    def save():
        return services.scoresheet_save(
            table=fresh(table), user=users["scorer"], entry=read_entry(EDITED), base_version=1
        )

    def confirm():
        return services.scoresheet_confirm(sheet=v1, user=users["arbitre"])

    results = together(save, confirm)
    assert [kind for kind, _ in results] == ["ok", "refused"], results
    assert results[1][1].code == "stale"
    versions = sorted(ScoreSheet.objects.filter(table=table).values_list("version", "status"))
    # The save came first and held the lock: version 2 stands; confirming version 1 was refused.
    assert versions == [(1, "superseded"), (2, "entered")]


def test_seat_correction_against_a_save(setting, slow_check):
    users, table = setting
    services.scoresheet_save(
        table=fresh(table),
        user=users["scorer"],
        entry=read_entry({**SAMPLE, **VISAS}),
        base_version=0,
    )
    other = table.round.tables.get(number=2)
    a, b = table.seats.get(position=0).registration, other.seats.get(position=0).registration

    def save():
        return services.scoresheet_save(
            table=fresh(table), user=users["scorer"], entry=read_entry(EDITED), base_version=1
        )

    def swap():
        round_ = Round.objects.get(pk=table.round_id)
        return services_seating.round_swap_players(
            round=round_, user=users["arbitre"], first=a, second=b, reason="wrong table"
        )

    results = together(save, swap)
    assert [kind for kind, _ in results] == ["ok", "ok"], results
    current = ScoreSheet.objects.filter(table=table).exclude(status="superseded").get()
    assert current.version == 3
    assert current.marks.filter(registration=b).exists()
    assert not current.marks.filter(registration=a).exists()


def test_sheets_of_one_position_are_saved_side_by_side(setting, slow_check):
    """The first save holds its position (shared) while it checks slowly; a save at another
    table of the position does not wait for it (a seat move still does: test above)."""
    users, table = setting
    other = table.round.tables.get(number=2)
    finished = {}

    def save(t):
        def action():
            sheet = services.scoresheet_save(
                table=fresh(t),
                user=users["arbitre"],
                entry=read_entry({**SAMPLE, **VISAS}),
                base_version=0,
            )
            finished[t.number] = time.monotonic()
            return sheet

        return action

    results = together(save(table), save(other))
    assert results[0][0] == results[1][0] == "ok", results
    assert finished[2] < finished[1]  # the second save did not queue behind the slow one
    assert ScoreSheet.objects.filter(table__round=table.round).count() == 2
