"""The arbitre's live board of entry at the table: every table's state, the alerts, the tables
late against the others, a table's record, a table put on paper and back with nothing lost, and
the closing held back by an entry waiting or disputed."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from scoring.at_table import board_services, services
from scoring.at_table.reads import LATE_BY, State, table_record, tables_board
from scoring.formats.duplicate.services import session_close
from scoring.formats.libre.selectors import current_sheet
from scoring.formats.libre.services import round_close
from scoring.models import TableEntry, TableRefusal
from tests.scoring.at_table.test_services import GARDE_BY_EAST, deal_post, play_libre_deal
from tests.scoring.conftest import seat_and_publish
from tests.scoring.duplicate.helpers import drawn_session, duplicate_tournament, staff_of
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def position(tournament, staff):
    """Position 1 of a tournament whose tables enter their deals: 12 players at 3 tables."""
    tournament.table_entry = True
    tournament.save()
    return seat_and_publish(tournament, staff["organiser"], 12)


def access(position, number):
    return services.access_of(position.tables.get(number=number))


def enter(access, number, key, seat=1):
    post = deal_post(number, **GARDE_BY_EAST)
    return services.submit(access=access, number=number, seat=seat, post=post, client_key=key)


def board_url(position):
    return reverse("scoring:tables_board", args=(position.tournament.slug, position.number))


def table_url(position, number):
    args = (position.tournament.slug, position.number, number)
    return reverse("scoring:tables_table", args=args)


def rows_of(position):
    return {row.table.number: row for row in tables_board(tables=position.tables.all()).rows}


def test_each_table_shows_its_state_and_its_code(position, staff):
    one, two, three = (access(position, n) for n in (1, 2, 3))
    play_libre_deal(one, 1, "a1")
    enter(two, 1, "b1")
    disputed = enter(three, 1, "c1")
    services.dispute(access=three, entry_id=disputed.pk, seat=0, note="not 45 but 35")
    rows = rows_of(position)
    assert rows[1].state == State.PLAYING and rows[1].approved == 1
    assert rows[2].state == State.WAITING and rows[2].waiting == 1
    assert rows[3].state == State.DISPUTED and rows[3].disputed == 1
    assert rows[1].access.short_code == one.short_code
    services.put_on_paper(access=two, user=staff["arbitre"], reason="flat battery")
    assert rows_of(position)[2].state == State.PAPER


def test_a_table_two_deals_behind_the_median_is_late(position):
    one, two, three = (access(position, n) for n in (1, 2, 3))
    for number in (1, 2, 3):
        play_libre_deal(one, number, f"a{number}")
        play_libre_deal(two, number, f"b{number}")
    play_libre_deal(three, 1, "c1")
    rows = rows_of(position)
    assert LATE_BY == 2
    assert [n for n, row in rows.items() if row.late] == [3]
    play_libre_deal(three, 2, "c2")  # one behind: not late
    assert not any(row.late for row in rows_of(position).values())


def test_disputes_and_unseen_refusals_raise_alerts_until_seen(position, staff):
    one = access(position, 1)
    entry = enter(one, 1, "a1")
    services.dispute(access=one, entry_id=entry.pk, seat=0, note="wrong taker")
    with pytest.raises(services.EntryRefused):
        services.submit(
            access=access(position, 2),
            number=1,
            seat=1,
            post=deal_post(1, **dict(GARDE_BY_EAST, points="95")),
            client_key="bad",
        )
    board = tables_board(tables=position.tables.all())
    assert sorted(alert.kind for alert in board.alerts) == ["disputed", "refused"]
    refusal = TableRefusal.objects.get(kind=TableRefusal.Kind.REFUSED)
    with pytest.raises(PermissionDenied):
        board_services.refusals_seen(
            user=staff["scorer"], tournament=position.tournament, tables=position.tables.all()
        )
    board_services.refusals_seen(
        user=staff["arbitre"],
        tournament=position.tournament,
        tables=position.tables.all(),
        refusal=refusal.pk,
    )
    kinds = [alert.kind for alert in tables_board(tables=position.tables.all()).alerts]
    assert kinds == ["disputed"]  # a dispute stays until the table or the arbitre settles it
    assert AuditEntry.objects.filter(action="table.alerts_seen").exists()


def test_the_record_shows_who_entered_and_approved_from_which_seat(position):
    one = access(position, 1)
    first = enter(one, 1, "a1")
    second = services.submit(
        access=one,
        number=1,
        seat=1,
        post=deal_post(1, **dict(GARDE_BY_EAST, points="56")),
        client_key="a2",
        device="phone of Est",
        replaces=first.pk,
    )
    services.approve(access=one, entry_id=second.pk, seat=0, device="tablet")
    record = table_record(table=one.table)
    statuses = [(view.entry.pk, view.entry.status) for view in record.entries]
    assert statuses == [(second.pk, "approved"), (first.pk, "replaced")]
    newest = record.entries[0]
    assert (newest.entry.seat, newest.entry.approved_seat) == (1, 0)
    assert newest.seat.endswith(str(one.table.seats.get(number=1).registration.player))
    assert newest.entry.device == "phone of Est" and newest.entry.approved_device == "tablet"
    assert [number for number, _summary in record.ledger] == [1]


def test_on_paper_then_back_loses_nothing(position, staff):
    one = access(position, 1)
    play_libre_deal(one, 1, "a1")
    waiting = enter(one, 2, "a2")
    services.put_on_paper(access=one, user=staff["arbitre"], reason="the phone is gone")
    with pytest.raises(services.Closed):
        services.open_access(services.access_by_secret(one.secret))
    record = table_record(table=one.table)
    assert record.access.on_paper and [n for n, _s in record.ledger] == [1]
    assert [v.entry.pk for v in record.entries if v.entry.status == "waiting"] == [waiting.pk]
    services.back_to_table(access=one, user=staff["arbitre"])
    services.open_access(services.access_by_secret(one.secret))
    approved = services.approve(access=one, entry_id=waiting.pk, seat=0)
    assert approved.status == TableEntry.Status.APPROVED
    assert current_sheet(table=one.table).deals.count() == 2


def test_a_position_waits_for_its_tables_entries(position, staff):
    one = access(position, 1)
    enter(one, 1, "a1")
    with pytest.raises(ValidationError, match="waiting for approval or disputed: 1"):
        round_close(round=position, user=staff["arbitre"])
    services.put_on_paper(access=one, user=staff["arbitre"], reason="gone")
    with pytest.raises(ValidationError) as refused:
        round_close(round=position, user=staff["arbitre"])
    assert refused.value.code == "sheets_unconfirmed"  # the paper sheet decides now


def test_a_seance_waits_for_its_tables_entries():
    tournament = duplicate_tournament(players=8, positions=2, table_entry=True)
    session = drawn_session(tournament)
    _organiser, _scorer, arbitre, _second = staff_of(tournament)
    table = session.rounds.get(number=1).tables.get(number=2)
    board = session.boards.filter(board_set=table.board_set).order_by("number").first()
    services.submit(
        access=services.access_of(table),
        number=board.number,
        seat=0,
        post={"score": "+56"},
        client_key="x",
    )
    with pytest.raises(ValidationError, match=r"2 \(position 1\)"):
        session_close(session=session, user=arbitre)


# Pages


def test_the_board_page_and_its_live_part(client, position, staff):
    enter(access(position, 1), 1, "a1")
    client.force_login(staff["scorer"])
    page = client.get(board_url(position))
    assert page.status_code == 200
    assert access(position, 1).short_code in page.content.decode()
    assert b'hx-trigger="every 5s"' in page.content
    live = client.get(board_url(position), headers={"HX-Request": "true"})
    assert live.status_code == 200 and b"<html" not in live.content
    assert b'data-state="waiting"' in live.content
    dashboard = client.get(
        reverse("scoring:dashboard", args=(position.tournament.slug, position.number))
    )
    assert board_url(position).encode() in dashboard.content


@pytest.mark.parametrize("players", [8, 24])
def test_the_board_costs_the_same_queries_whatever_the_tables(
    client, tournament, staff, django_assert_num_queries, players
):
    tournament.table_entry = True
    tournament.save()
    round_ = seat_and_publish(tournament, staff["organiser"], players)
    for table in round_.tables.all():
        enter(services.access_of(table), 1, f"k{table.number}")
    client.force_login(staff["arbitre"])
    client.get(board_url(round_))  # the codes made
    # The session, the account, the tournament, the role, the position (twice), the tables,
    # their codes (2), the entries counted, the alerts (2), the tables holding the closing back
    # (the board's list, then the closing's check, which stops there).
    with django_assert_num_queries(14):
        client.get(board_url(round_), headers={"HX-Request": "true"})


def test_the_board_is_off_while_the_switch_is(client, tournament, staff):
    round_ = seat_and_publish(tournament, staff["organiser"], 8)
    client.force_login(staff["arbitre"])
    response = client.get(reverse("scoring:tables_board", args=(tournament.slug, 1)))
    assert response.status_code == 302
    dashboard = client.get(reverse("scoring:dashboard", args=(tournament.slug, round_.number)))
    assert b"tables-board" not in dashboard.content


def test_the_arbitre_puts_a_table_on_paper_with_a_reason_and_back(client, position, staff):
    one = access(position, 1)
    play_libre_deal(one, 1, "a1")
    client.force_login(staff["arbitre"])
    url = table_url(position, 1)
    refused = client.post(url, {"act": "paper", "reason": "  "})
    assert refused.status_code == 400 and b'data-testid="reason-error"' in refused.content
    one.refresh_from_db()
    assert not one.on_paper
    assert client.post(url, {"act": "paper", "reason": "phone lost"}).status_code == 302
    one.refresh_from_db()
    assert one.on_paper and one.on_paper_reason == "phone lost"
    page = client.get(url)
    assert b"phone lost" in page.content and b'data-testid="back-to-table"' in page.content
    assert client.post(url, {"act": "back"}).status_code == 302
    one.refresh_from_db()
    assert not one.on_paper
    assert current_sheet(table=one.table).deals.count() == 1  # nothing lost


def test_a_scorer_sees_the_pages_but_does_not_act(client, position, staff):
    enter(access(position, 2), 1, "b1")
    client.force_login(staff["scorer"])
    page = client.get(table_url(position, 2))
    assert page.status_code == 200 and b"put-on-paper" not in page.content
    assert client.post(table_url(position, 2), {"act": "paper", "reason": "x"}).status_code == 403
    assert client.post(board_url(position), {}).status_code == 403
    assert not services.access_of(position.tables.get(number=2)).on_paper


def test_the_seance_board_lists_every_position(client):
    tournament = duplicate_tournament(players=8, positions=2, table_entry=True)
    session = drawn_session(tournament)
    _organiser, scorer, _arbitre, _second = staff_of(tournament)
    client.force_login(scorer)
    url = reverse("scoring:duplicate_live", args=(tournament.slug, session.number))
    page = client.get(url)
    assert page.status_code == 200
    assert b'data-testid="position-1"' in page.content
    assert b'data-testid="position-2"' in page.content
    seance = client.get(reverse("scoring:duplicate", args=(tournament.slug, session.number)))
    assert url.encode() in seance.content
    table = reverse("scoring:duplicate_live_table", args=(tournament.slug, session.number, 2, 1))
    assert client.get(table).status_code == 200


def test_every_refused_entry_is_marked_seen_at_once(client, position, staff):
    for number in (1, 2):
        with pytest.raises(services.EntryRefused):
            services.submit(
                access=access(position, number),
                number=1,
                seat=1,
                post=deal_post(1, **dict(GARDE_BY_EAST, points="95")),
                client_key=f"bad{number}",
            )
    client.force_login(staff["arbitre"])
    page = client.get(board_url(position))
    assert b'data-testid="all-seen"' in page.content
    assert client.post(board_url(position), {}).status_code == 302
    assert not TableRefusal.objects.filter(seen=False).exists()


def test_an_entry_approved_on_the_phone_that_entered_it_is_flagged(client, position, staff):
    """A seat is said, not proved: a deal entered and approved from one phone (handed over, or
    not) is marked on the table's record for the arbitre."""
    one = access(position, 1)
    for number, devices in ((1, ("phone-a", "phone-a")), (2, ("phone-a", "phone-b"))):
        post = deal_post(number, **GARDE_BY_EAST)
        entry = services.submit(
            access=one, number=number, seat=1, post=post, client_key=f"k{number}",
            device=devices[0],
        )  # fmt: skip
        services.approve(access=one, entry_id=entry.pk, seat=0, device=devices[1])
    client.force_login(staff["arbitre"])
    page = client.get(table_url(position, 1)).content
    assert b'data-testid="same-phone-1"' in page
    assert b'data-testid="same-phone-2"' not in page
