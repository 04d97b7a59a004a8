"""Two people at once on PostgreSQL (the production database): a double click, a save against a
confirmation, a seat correction against a save. Each ends in one clean outcome or a clear
conflict, never a deadlock, a database error or a silent overwrite. Threads need a real shared
database: on SQLite (in-memory test database) these tests are skipped; CI runs them on
PostgreSQL.

The order is forced, not hoped for (``tests/threads.py``): the first writer is held right after
it has locked its table, and the test goes on once PostgreSQL shows the second one waiting for
it (or, for two tables of one position, once the second has saved beside it)."""

import pytest
from django.db import connection

from scoring import services
from scoring.forms import read_entry
from scoring.models import ScoreSheet
from tests.factories import StaffRoleFactory, TournamentFactory, UserFactory
from tests.scoring.conftest import SAMPLE, VISAS, seat_and_publish
from tests.threads import Checkpoint, second_runs_beside_first, second_waits_for_first
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
def held_table(monkeypatch):
    """The next ``lock_table`` to return holds its locks until the second action has shown
    what it does meanwhile. Install it after the setup's own saves."""
    return lambda: Checkpoint(monkeypatch, services, "lock_table", hold=True)


def fresh(table):
    return Table.objects.select_related("round__tournament").get(pk=table.pk)


def test_double_click_saves_once(setting, held_table):
    users, table = setting

    def click():
        return services.scoresheet_save(
            table=fresh(table), user=users["scorer"], entry=read_entry({**SAMPLE, **VISAS}),
            base_version=0, token="same-form",
        ).pk  # fmt: skip

    # The second click arrives while the first holds the table, its sheet not yet committed.
    held = held_table()
    first, second = second_waits_for_first(
        click, click, held=held, got_through=lambda: held.ended > 1
    )
    assert first[0] == second[0] == "ok" and first[1] == second[1]
    assert ScoreSheet.objects.filter(table=table).count() == 1


def test_save_against_confirmation(setting, held_table):
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

    held = held_table()
    results = second_waits_for_first(save, confirm, held=held, got_through=lambda: held.ended > 1)
    assert [kind for kind, _ in results] == ["ok", "refused"], results
    assert results[1][1].code == "stale"
    versions = sorted(ScoreSheet.objects.filter(table=table).values_list("version", "status"))
    # The save came first and held the lock: version 2 stands; confirming version 1 was refused.
    assert versions == [(1, "superseded"), (2, "entered")]


def test_seat_correction_against_a_save(setting, held_table, monkeypatch):
    users, table = setting
    services.scoresheet_save(
        table=fresh(table),
        user=users["scorer"],
        entry=read_entry({**SAMPLE, **VISAS}),
        base_version=0,
    )
    other = table.round.tables.get(number=2)
    a, b = table.seats.get(number=0).registration, other.seats.get(number=0).registration

    def save():
        return services.scoresheet_save(
            table=fresh(table), user=users["scorer"], entry=read_entry(EDITED), base_version=1
        )

    def swap():
        round_ = Round.objects.get(pk=table.round_id)
        return services_seating.round_swap_players(
            round=round_, user=users["arbitre"], first=a, second=b, reason="wrong table"
        )

    # The swap checks the position right after locking it: it must not get there, nor move
    # anyone, while the save holds the position.
    swap_locked = Checkpoint(monkeypatch, services_seating, "refuse_if_closed")
    held = held_table()
    results = second_waits_for_first(
        save, swap, held=held, got_through=lambda: swap_locked.begun > 0
    )
    assert [kind for kind, _ in results] == ["ok", "ok"], results
    current = ScoreSheet.objects.filter(table=table).exclude(status="superseded").get()
    assert current.version == 3
    assert current.marks.filter(registration=b).exists()
    assert not current.marks.filter(registration=a).exists()


def test_sheets_of_one_position_are_saved_side_by_side(setting, held_table):
    """The first save holds its position (shared) and its table, its transaction open; a save
    at another table of the position is made meanwhile, without waiting for it (a seat move
    still does: test above)."""
    users, table = setting
    other = table.round.tables.get(number=2)

    def save(t):
        return lambda: services.scoresheet_save(
            table=fresh(t),
            user=users["arbitre"],
            entry=read_entry({**SAMPLE, **VISAS}),
            base_version=0,
        )

    results = second_runs_beside_first(save(table), save(other), held=held_table())
    assert results[0][0] == results[1][0] == "ok", results
    assert ScoreSheet.objects.filter(table__round=table.round).count() == 2
