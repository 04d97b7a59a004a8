"""Attacks on the tables' codes (issue 37): another table's entry sent with this table's secret, a
closed position's secret, a guessed secret, guessed short codes, a replayed sending, a seat that
is not at the table, and the arbitre's board asked by the wrong accounts. Each is refused and
changes nothing. Every attack is made on the services, and again through HTTP on the players'
pages (``at_table``)."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring.at_table import services
from scoring.formats.libre.selectors import current_sheet
from scoring.formats.libre.services import round_close
from scoring.models import ScoreSheet, TableEntry, TableRefusal
from tests.scoring.at_table.test_services import GARDE_BY_EAST, deal_post, play_libre_deal
from tests.scoring.conftest import seat_and_publish
from tournaments.models import AuditEntry, Round

pytestmark = pytest.mark.django_db


JSON = {"Accept": "application/json"}


def snapshot() -> dict:
    """What an attack could change: the entries, codes, refusals, sheets and the audit log."""
    models = (TableEntry, services.TableAccess, ScoreSheet, AuditEntry)
    return {m.__name__: list(m.objects.order_by("pk").values_list()) for m in models}


@pytest.fixture
def position(tournament, staff):
    tournament.table_entry = True
    tournament.save()
    return seat_and_publish(tournament, staff["organiser"], 8)


@pytest.fixture
def one(position):
    return services.access_of(position.tables.get(number=1))


@pytest.fixture
def two(position):
    return services.access_of(position.tables.get(number=2))


def enter(access, number=1, key="k", seat=1, **changes):
    post = deal_post(number, **dict(GARDE_BY_EAST, **changes))
    return services.submit(access=access, number=number, seat=seat, post=post, client_key=key)


def url(name, access):
    return reverse(f"at_table:{name}", kwargs={"secret": access.secret})


# Another table's entry


def test_another_tables_entry_is_not_approved_or_disputed_through_this_secret(one, two):
    theirs = enter(two, key="theirs")
    before = snapshot()
    for act in (services.approve, services.dispute):
        with pytest.raises(services.EntryRefused):
            act(access=one, entry_id=theirs.pk, seat=0)
    assert snapshot() == before
    theirs.refresh_from_db()
    assert theirs.status == TableEntry.Status.WAITING


def test_another_tables_entry_is_not_replaced_through_this_secret(one, two):
    theirs = enter(two, key="theirs")
    services.submit(
        access=one,
        number=1,
        seat=1,
        post=deal_post(1, **GARDE_BY_EAST),
        client_key="mine",
        replaces=theirs.pk,
    )
    theirs.refresh_from_db()
    assert theirs.status == TableEntry.Status.WAITING and theirs.table_id == two.table_id


def test_another_tables_entry_through_http(client, one, two):
    theirs = enter(two, key="theirs")
    before = snapshot()
    for name in ("approve", "dispute"):
        response = client.post(url(name, one), {"entry": theirs.pk, "seat": 0}, headers=JSON)
        assert response.status_code == 422, name
    assert snapshot() == before


# Closed, guessed


def test_a_closed_positions_secret_no_longer_works(position, one, staff):
    for number in range(1, 6):
        play_libre_deal(one, number, f"a{number}", seat=1, approver=0)
        play_libre_deal(
            services.access_of(position.tables.get(number=2)),
            number,
            f"b{number}",
            seat=1,
            approver=0,
        )
    round_close(round=position, user=staff["arbitre"])
    with pytest.raises(services.Closed):
        enter(one, number=1, key="late")
    with pytest.raises(services.Closed):
        services.access_by_code(tournament=position.tournament, table_number=1, code=one.short_code)


def test_a_closed_positions_secret_is_gone_through_http(client, position, one, staff):
    Round.objects.filter(pk=position.pk).update(closed_at=services.timezone.now())
    before = snapshot()
    assert client.get(url("page", one)).status_code == 410
    assert client.get(url("state", one)).status_code == 410
    post = {"number": 1, "seat": 1, "client_key": "late", **deal_post(1, **GARDE_BY_EAST)}
    assert client.post(url("enter", one), post, headers=JSON).status_code == 410
    assert snapshot() == before


def test_a_guessed_secret_finds_nothing(one):
    near = one.secret[:-1] + ("A" if one.secret[-1] != "A" else "B")
    assert services.access_by_secret(near) is None
    assert services.access_by_secret("x" * 500) is None
    assert len(one.secret) >= 43  # 32 random bytes


def test_a_guessed_secret_is_a_404(client, one):
    for secret in ("guess", one.secret.upper() if one.secret.upper() != one.secret else "Z"):
        assert client.get(reverse("at_table:page", kwargs={"secret": secret})).status_code == 404
        response = client.post(
            reverse("at_table:enter", kwargs={"secret": secret}), {"number": 1}, headers=JSON
        )
        assert response.status_code == 404
    assert not TableEntry.objects.exists()


# Short codes


def guess(tournament, table, code="WRONG1"):
    return services.access_by_code(tournament=tournament, table_number=table, code=code)


def test_ten_wrong_codes_throttle_that_table_for_fifteen_minutes(position, one, two):
    tournament = position.tournament
    for _i in range(services.WRONG_CODES):
        with pytest.raises(ValidationError) as wrong:
            guess(tournament, 1)
        assert wrong.value.code == "wrong_code"
    with pytest.raises(ValidationError) as refused:
        guess(tournament, 1, one.short_code)  # even the right one
    assert refused.value.code == "throttled"
    assert guess(tournament, 2, two.short_code).table == two.table  # another table is not
    TableRefusal.objects.filter(kind=TableRefusal.Kind.WRONG_CODE).update(
        at=services.timezone.now() - services.WRONG_CODE_WINDOW - timedelta(seconds=1)
    )
    assert guess(tournament, 1, one.short_code).table == one.table


def test_ten_wrong_codes_through_http(client, position, one):
    address = reverse("at_table:code", kwargs={"slug": position.tournament.slug})
    for _i in range(services.WRONG_CODES):
        response = client.post(address, {"table": 1, "code": "WRONG1"})
        assert response.status_code == 422
    response = client.post(address, {"table": 1, "code": one.short_code})
    assert response.status_code == 422
    assert "Too many" in response.content.decode()


# Replays


def test_a_replayed_entry_and_approval_record_once(one):
    first = enter(one, key="same")
    assert enter(one, key="same").pk == first.pk
    services.approve(access=one, entry_id=first.pk, seat=0)
    version = current_sheet(table=one.table).version
    services.approve(access=one, entry_id=first.pk, seat=0)
    assert TableEntry.objects.count() == 1
    assert current_sheet(table=one.table).version == version
    assert AuditEntry.objects.filter(action="table.approved").count() == 1
    assert ScoreSheet.objects.filter(table=one.table).count() == 1


def test_a_replayed_entry_through_http_records_once(client, one):
    post = {"number": 1, "seat": 1, "client_key": "replay", **deal_post(1, **GARDE_BY_EAST)}
    answers = [client.post(url("enter", one), post, headers=JSON) for _i in range(2)]
    assert [a.json()["entry"] for a in answers] == [answers[0].json()["entry"]] * 2
    entry = answers[0].json()["entry"]
    for _i in range(2):
        client.post(url("approve", one), {"entry": entry, "seat": 0}, headers=JSON)
    assert TableEntry.objects.count() == 1
    assert AuditEntry.objects.filter(action="table.approved").count() == 1


# Seats


def test_a_seat_not_at_the_table_neither_enters_nor_approves(one):
    for seat in (4, 7, -1, "N", None):
        with pytest.raises(services.EntryRefused) as refused:
            enter(one, key=f"s{seat}", seat=seat)
        assert "seat" in refused.value.problems
    assert not TableEntry.objects.exists()
    entry = enter(one, key="ok")
    with pytest.raises(services.EntryRefused):
        services.approve(access=one, entry_id=entry.pk, seat=4)
    entry.refresh_from_db()
    assert entry.status == TableEntry.Status.WAITING


def test_a_seat_not_at_the_table_through_http(client, one):
    post = {"number": 1, "seat": 6, "client_key": "far", **deal_post(1, **GARDE_BY_EAST)}
    assert client.post(url("enter", one), post, headers=JSON).status_code == 422
    assert not TableEntry.objects.exists()


# The arbitre's board


def board(position, name="tables_board", *extra):
    return reverse(f"scoring:{name}", args=(position.tournament.slug, position.number, *extra))


def test_scorers_watch_the_board_and_only_arbitres_act(client, position, two, staff):
    enter(two, key="w")
    client.force_login(staff["scorer"])
    assert client.get(board(position)).status_code == 200
    assert client.get(board(position, "tables_table", 2)).status_code == 200
    before = snapshot()
    assert client.post(board(position), {}).status_code == 403
    response = client.post(board(position, "tables_table", 2), {"act": "paper", "reason": "x"})
    assert response.status_code == 403
    assert snapshot() == before


def test_other_tournaments_staff_find_no_board(client, position, staff):
    client.force_login(staff["other_organiser"])
    position.tournament.is_public = False
    position.tournament.save()
    before = snapshot()
    assert client.get(board(position)).status_code == 404
    assert client.post(board(position, "tables_table", 1), {"act": "back"}).status_code == 404
    assert snapshot() == before
