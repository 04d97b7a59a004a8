"""The ways back against the writes they must not cross, on PostgreSQL (threads need a shared
database; on SQLite these tests are skipped, CI runs them on PostgreSQL): each waits for the
write under way, then sees it and refuses (or says the right position), never a half state."""

import pytest
from django.db import connection

from scoring.formats.libre import services as scoring
from scoring.formats.libre.forms import read_entry
from tests.factories import StaffRoleFactory, TournamentFactory, UserFactory
from tests.scoring.conftest import SAMPLE, VISAS
from tests.threads import Checkpoint, second_waits_for_first
from tests.tournaments.test_undo import places, present, seat, swap, withdraw
from tournaments import services_seating, services_undo
from tournaments.models import Round, Table
from tournaments.selectors_seating import last_swap

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="needs a database shared by threads"
    ),
]


@pytest.fixture
def people():
    tournament = TournamentFactory()
    users = {}
    for role in ("organiser", "scorer"):
        users[role] = UserFactory(username=f"{role}-{tournament.pk}")
        StaffRoleFactory(tournament=tournament, user=users[role], role=role)
    return tournament, users


def unpublish(round_, user):
    return lambda: services_undo.round_unpublish(round=Round.objects.get(pk=round_.pk), user=user)


def test_unpublish_waits_for_a_sheet_being_entered_then_refuses(people, monkeypatch):
    tournament, users = people
    present(tournament, 8)
    round_ = seat(tournament, users["organiser"], 1)
    table = round_.tables.get(number=1)

    def enter():
        return scoring.scoresheet_save(
            table=Table.objects.get(pk=table.pk),
            user=users["scorer"],
            entry=read_entry({**SAMPLE, **VISAS}),
            base_version=0,
        ).pk

    held = Checkpoint(monkeypatch, scoring, "lock_table", hold=True)
    saved, unpublished = second_waits_for_first(
        enter, unpublish(round_, users["organiser"]), held=held, got_through=lambda: False
    )
    assert saved[0] == "ok" and unpublished[0] == "refused", (saved, unpublished)
    assert unpublished[1].code == "round_locked"
    assert Round.objects.get(pk=round_.pk).is_published


def test_unpublish_waits_for_the_next_position_being_seated_then_refuses(people, monkeypatch):
    tournament, users = people
    present(tournament, 8)
    round_ = seat(tournament, users["organiser"], 1)

    def seat_next():
        return services_seating.round_seat_players(
            tournament=tournament, number=2, user=users["organiser"], seed=2
        ).pk

    # Held once it has read who plays position 2, position 1 still published.
    held = Checkpoint(monkeypatch, services_seating, "players_for", hold=True)
    seated, unpublished = second_waits_for_first(
        seat_next, unpublish(round_, users["organiser"]), held=held, got_through=lambda: False
    )
    assert seated[0] == "ok" and unpublished[0] == "refused", (seated, unpublished)
    assert unpublished[1].code == "later_position_exists"


def test_a_double_click_on_undo_undoes_one_swap(people, monkeypatch):
    tournament, users = people
    present(tournament, 12)
    round_ = seat(tournament, users["organiser"], 1, publish=False)
    swap(round_, users["organiser"], 1, 2)
    after_first = places(round_)
    swap(round_, users["organiser"], 2, 3)
    offered = last_swap(round=round_).entry

    def click():
        return services_undo.round_swap_undo(
            round=Round.objects.get(pk=round_.pk), user=users["organiser"], swap=offered
        ).pk

    held = Checkpoint(monkeypatch, services_undo, "exchange_seats", hold=True)
    first, second = second_waits_for_first(
        click, click, held=held, got_through=lambda: held.begun > 1
    )
    assert first[0] == "ok" and second[0] == "refused", (first, second)
    assert second[1].code == "swap_changed"
    assert places(round_) == after_first


def test_restore_waits_for_the_position_being_seated_and_names_the_next(people, monkeypatch):
    tournament, users = people
    gone = present(tournament, 9)[0]
    withdraw(gone, users["organiser"], after=1)
    seat(tournament, users["organiser"], 1)

    def seat_next():
        return services_seating.round_seat_players(
            tournament=tournament, number=2, user=users["organiser"], seed=2
        ).pk

    def restore():
        return services_undo.registration_restore(registration=gone, user=users["organiser"])

    held = Checkpoint(monkeypatch, services_seating, "players_for", hold=True)
    seated, restored = second_waits_for_first(
        seat_next, restore, held=held, got_through=lambda: False
    )
    # Position 2 was drawn without the player: a draft, so they come back from position 2 once
    # it is drawn again (the page says so), not from position 3.
    assert seated == ("ok", seated[1]) and restored == ("ok", 2), (seated, restored)
    assert gone.pk not in places(Round.objects.get(pk=seated[1]))
