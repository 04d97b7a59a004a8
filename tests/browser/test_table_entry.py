"""Entry at the table in a real browser, one phone (browser context) per player at 390 px: a
libre position played deal by deal (the taker's side enters, the other camp approves, a phone
sees the others' entries at its next refresh) until the arbitre's dashboard shows the sheet
confirmed; a duplicate séance's étuis entered by North and approved by the other side; an entry
whose answer is lost, then sent while the phone is offline: kept on the phone ("not sent yet",
a reload keeps it), sent again when the connection is back, recorded once; an entry the server
refuses is never sent again by itself: the table put on paper meanwhile (410: kept in the list with
the reason until dismissed), an edited entry whose first sending was recorded unheard (a new key:
refused, "look at it", then corrected from the list), a 403 (reload the page: sent again then);
and axe on the page.
"""

from contextlib import suppress
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from scoring.at_table import services
from scoring.formats.libre.selectors import current_sheet
from scoring.models import TableEntry, TravellingSheet
from tests.browser.conftest import DEFAULT_TIMEOUT_MS
from tests.browser.test_accessibility import AXE, WCAG_AA
from tests.factories import StaffRoleFactory, TournamentFactory, UserFactory
from tests.scoring.conftest import seat_and_publish
from tests.scoring.duplicate.helpers import drawn_session, duplicate_tournament

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DEALS = 5  # a table of 4 plays five deals at a position


@pytest.fixture
def phones(browser, live_server):
    """``phone(secret, seat)``: a new phone (browser context) on the table's page, its player's
    seat chosen as a player does it."""
    contexts, pages = [], []

    def phone(secret, seat):
        context = browser.new_context(base_url=live_server.url, viewport=PHONE, locale="en-US")
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        pages.append(page)
        page.goto(f"/table/{secret}/")
        page.locator(f'input[name="me"][value="{seat}"]').check()
        page.get_by_role("button", name="This is my seat").click()
        expect(page).to_have_url(f"{live_server.url}/table/{secret}/?me={seat}")
        return page

    yield phone
    for page in pages:  # a handler still sending must not fail the next test on this worker
        page.unroute_all(behavior="ignoreErrors")
    for context in contexts:
        context.close()


def libre_table():
    tournament = TournamentFactory(table_entry=True)
    organiser = UserFactory(username="organiser")
    StaffRoleFactory(tournament=tournament, user=organiser, role="organiser")
    arbitre = UserFactory(username="arbitre")
    StaffRoleFactory(tournament=tournament, user=arbitre, role="arbitre")
    round_ = seat_and_publish(tournament, organiser, 4)
    return services.access_of(round_.tables.get()), arbitre


def enter_garde_by_east(phone, number, points="45"):
    """Garde by East, 2 bouts: made by 4 with 45 points."""
    phone.get_by_role("radio", name="Garde", exact=True).check()
    phone.locator(f'input[name="d{number}-taker"][value="1"]').check()
    phone.locator(f'input[name="d{number}-bouts"][value="2"]').check()
    phone.get_by_label("Points of the attack").fill(points)
    phone.get_by_role("button", name="Send").click()


def wait_until(phone, done, timeout_ms=12_000):
    """Lets the page run until ``done()`` holds: a route's handler runs while the page waits."""
    for _ in range(timeout_ms // 100):
        if done():
            return
        phone.wait_for_timeout(100)
    raise AssertionError(f"still not done after {timeout_ms} ms")


def lose_the_answer_of(route):
    """The server gets the entry; the phone never hears back (the venue's wifi)."""
    route.fetch()
    with suppress(PlaywrightError):  # the page reloaded meanwhile: the request is gone already
        route.abort()


def test_a_libre_position_played_from_the_phones(phones, page, log_in):
    access, arbitre = libre_table()
    north, east, south = (phones(access.secret, seat) for seat in (0, 1, 2))
    for number in range(1, DEALS + 1):
        expect(east.get_by_role("heading", name=f"Deal {number}", exact=True)).to_be_visible()
        expect(east.get_by_test_id("item-notes")).to_contain_text("Dealer:")
        enter_garde_by_east(east, number)
        # Sent: the phone moves on to the next deal; the entry waits for the other camp.
        after = f"Deal {number + 1}" if number < DEALS else "All entered"
        expect(east.get_by_role("heading", name=after, exact=True)).to_be_visible()
        row = east.locator(f'.table-entry-row[data-number="{number}"]')
        expect(row).to_contain_text("Waiting for approval by")
        expect(row.get_by_role("button")).to_have_count(0)  # the taker approves nothing
        approver = north if number % 2 else south
        if number > 1:
            approver.reload()  # the first deal reaches North by the page's own refresh
        approve = approver.get_by_role("button", name=f"Approve Deal {number}")
        expect(approve).to_be_visible(timeout=12_000)
        approve.click()
        expect(approver.locator(f'.table-entry-row[data-number="{number}"]')).to_have_attribute(
            "data-status", "approved"
        )
    expect(north.get_by_test_id("table-totals")).to_contain_text("290")  # 5 x 58
    sheet = current_sheet(table=access.table)
    assert sheet.is_confirmed and sheet.deals.count() == DEALS
    assert TableEntry.objects.filter(status="approved").count() == DEALS
    log_in(arbitre)
    page.goto(f"/manage/t/{access.table.round.tournament.slug}/positions/1/sheets/")
    expect(page.get_by_test_id("count-confirmed")).to_have_text("1")


def test_a_duplicate_seance_north_enters_the_other_side_approves(phones):
    tournament = duplicate_tournament(players=8, positions=2, table_entry=True)
    session = drawn_session(tournament)
    table = session.rounds.get(number=1).tables.get(number=1)
    access = services.access_of(table)
    game = services.game_of(table)
    items = game.items(table)
    north = phones(access.secret, 0)
    others = {}
    for item in items:
        expect(north.get_by_role("heading", name=item.label, exact=True)).to_be_visible()
        expect(north.get_by_test_id("item-notes")).to_contain_text("Taker:")
        north.get_by_label("The taker's score, with its sign").fill("+56")
        north.get_by_role("button", name="Send").click()
        expect(north.locator(f'.table-entry-row[data-number="{item.number}"]')).to_contain_text(
            "Waiting for approval by"
        )
        seat = min(game.approvers(table, item.number, {"score": 56, "attacker": None}, 0))
        if seat not in others:
            others[seat] = phones(access.secret, seat)
        other = others[seat]
        other.reload()
        other.get_by_role("button", name=f"Approve {item.label}").click()
        row = other.locator(f'.table-entry-row[data-number="{item.number}"]')
        expect(row).to_have_attribute("data-status", "approved")
    expect(north.get_by_role("heading", name="All entered")).to_be_visible()
    for item in items:
        sheet = TravellingSheet.objects.filter(board__session=session, board__number=item.number)
        line = sheet.order_by("-version").first().lines.get(round__number=1, table_number=1)
        assert line.score == 56


def test_an_entry_not_sent_is_kept_sent_again_and_recorded_once(phones):
    access, _arbitre = libre_table()
    east = phones(access.secret, 1)
    lost = []

    def lose_the_answer(route):
        lose_the_answer_of(route)
        lost.append(route.request.url)

    keys = []  # the key of each sending of deal 1: one sending, sent again as it was
    east.on(
        "request",
        lambda request: (
            keys.append(parse_qs(request.post_data or "").get("client_key"))
            if request.url.endswith("/enter/") and "d1-points" in (request.post_data or "")
            else None
        ),
    )
    east.route("**/enter/", lose_the_answer)
    enter_garde_by_east(east, 1)
    pending = east.get_by_test_id("pending")
    expect(pending).to_contain_text("Deal 1")
    expect(pending).to_contain_text("not sent yet")
    wait_until(east, lambda: lost)  # the server answered; the phone never heard it
    east.reload()  # kept on the phone
    expect(pending).to_contain_text("not sent yet")
    assert TableEntry.objects.count() == 1
    east.unroute_all(behavior="wait")  # a sending in a handler ends before the test goes on
    expect(pending).to_be_hidden(timeout=12_000)  # sent again, same key: the same entry
    assert TableEntry.objects.count() == 1
    assert len(keys) >= 2 and all(key == keys[0] for key in keys)
    assert TableEntry.objects.get().client_key == keys[0][0]

    # Deal 2 typed and sent while the phone is offline: sent when the connection is back.
    expect(east.get_by_role("heading", name="Deal 2", exact=True)).to_be_visible()
    east.context.set_offline(True)
    enter_garde_by_east(east, 2, points="50")
    expect(pending).to_contain_text("not sent yet")
    assert TableEntry.objects.filter(number=2).count() == 0
    east.context.set_offline(False)
    expect(east.get_by_role("heading", name="Deal 3", exact=True)).to_be_visible(timeout=12_000)
    east.goto(f"/table/{access.secret}/")  # the phone remembers its seat
    expect(east).to_have_url(f"{east.url.split('?')[0]}?me=1")
    entries = TableEntry.objects.order_by("number")
    assert [(e.number, e.data["points"]) for e in entries] == [(1, "45"), (2, "50")]


def enter_requests(phone):
    """The client_key of each entry the phone sends, as it sends them."""
    keys = []
    phone.on(
        "request",
        lambda request: (
            keys.append(parse_qs(request.post_data or "").get("client_key", [""])[0])
            if request.url.endswith("/enter/")
            else None
        ),
    )
    return keys


RETRY_WAIT_MS = 6_000  # more than a retry (4 s) and a refresh of the live part (5 s)


def test_an_entry_sent_after_the_table_went_on_paper_is_shown_refused_until_dismissed(phones):
    access, arbitre = libre_table()
    east = phones(access.secret, 1)
    sendings = enter_requests(east)
    east.context.set_offline(True)
    enter_garde_by_east(east, 1)
    pending = east.get_by_test_id("pending")
    expect(pending).to_contain_text("not sent yet")
    services.put_on_paper(access=access, user=arbitre, reason="x")
    east.context.set_offline(False)
    refused = pending.locator('.pending-entry[data-state="refused"]')
    expect(refused).to_contain_text("Deal 1")
    expect(refused.get_by_role("alert")).to_contain_text("The arbitre put this table on paper")
    expect(refused).to_contain_text("Write it on the paper score sheet.")
    count = len(sendings)
    east.wait_for_timeout(RETRY_WAIT_MS)  # neither sent again nor hidden by the page's refresh
    expect(refused).to_be_visible()
    assert len(sendings) == count
    assert TableEntry.objects.count() == 0
    found = AXE.run(east, options=WCAG_AA).response["violations"]
    assert not found, [f"{v['id']}: {v['help']} {[n['html'] for n in v['nodes']]}" for v in found]
    assert east.evaluate("document.documentElement.scrollWidth <= innerWidth")
    east.get_by_role("button", name="Dismiss Deal 1").click()
    expect(east.get_by_test_id("closed")).to_contain_text("on paper")  # the page says why


def test_an_entry_edited_after_its_answer_was_lost_is_never_kept_at_its_old_value(phones):
    access, _arbitre = libre_table()
    east = phones(access.secret, 1)
    sendings = enter_requests(east)
    lost = []

    def lose_the_first_sending(route):
        key = parse_qs(route.request.post_data or "")["client_key"][0]
        if lost and key != lost[0]:
            route.continue_()
            return
        lose_the_answer_of(route)
        lost.append(key)

    east.route("**/enter/", lose_the_first_sending)
    enter_garde_by_east(east, 1)
    pending = east.get_by_test_id("pending")
    expect(pending).to_contain_text("not sent yet")
    wait_until(east, lambda: lost)
    assert TableEntry.objects.get().data["points"] == "45"
    # Edited on the form still shown, sent again: a new sending, that the server refuses since
    # the table's entry is there (the page never heard its id); the player is told to look.
    east.get_by_label("Points of the attack").fill("50")
    east.get_by_role("button", name="Send").click()
    expect(east.locator('[data-errors-for=""]')).to_contain_text(
        "has just entered this deal: look at it"
    )
    expect(pending).to_be_hidden()  # neither sending is sent again
    assert sendings[-1] != lost[0]
    count = len(sendings)
    east.wait_for_timeout(RETRY_WAIT_MS)
    assert len(sendings) == count
    assert [e.data["points"] for e in TableEntry.objects.all()] == ["45"]
    # The list shows what the table entered: corrected from there.
    east.get_by_role("link", name="Correct Deal 1").click()
    enter_garde_by_east(east, 1, points="50")
    expect(east.get_by_role("heading", name="Deal 2", exact=True)).to_be_visible()
    assert services.live_entries(access.table)[1].data["points"] == "50"


def test_an_entry_answered_403_is_shown_refused_and_sent_again_after_a_reload(phones):
    access, _arbitre = libre_table()
    east = phones(access.secret, 1)
    sendings = enter_requests(east)
    east.route("**/enter/", lambda route: route.fulfill(status=403, body="CSRF"))
    enter_garde_by_east(east, 1)
    refused = east.get_by_test_id("pending").locator('.pending-entry[data-state="refused"]')
    expect(refused).to_contain_text("Reload the page: it will be sent again.")
    east.wait_for_timeout(RETRY_WAIT_MS)
    assert len(sendings) == 1 and TableEntry.objects.count() == 0
    east.unroute("**/enter/")
    east.reload()
    expect(east.get_by_role("heading", name="Deal 2", exact=True)).to_be_visible(timeout=12_000)
    assert [e.data["points"] for e in TableEntry.objects.all()] == ["45"]


def test_the_table_page_has_no_wcag_violation_on_a_phone(phones, live_server):
    access, _arbitre = libre_table()
    east = phones(access.secret, 1)
    enter_garde_by_east(east, 1, points="95")  # refused: its message next to the field
    expect(east.locator('[data-errors-for="points"]')).not_to_be_empty()
    north = phones(access.secret, 0)
    services.submit(
        access=access,
        number=1,
        seat=1,
        post={
            "d1-mode": "facts",
            "d1-contract": "garde",
            "d1-taker": "1",
            "d1-bouts": "2",
            "d1-points": "45",
        },
        client_key="axe",
    )
    north.reload()
    expect(north.get_by_role("button", name="Approve Deal 1")).to_be_visible()
    for phone in (east, north):
        found = AXE.run(phone, options=WCAG_AA).response["violations"]
        assert not found, [f"{v['id']}: {v['help']}" for v in found]
        assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
    slug = access.table.round.tournament.slug
    north.goto(f"/t/{slug}/table/")
    north.get_by_label("Table number").fill("1")
    north.get_by_label("Table code").fill("AAAAAA")
    north.get_by_role("button", name="Open my table").click()
    expect(north.locator(".field-errors")).to_contain_text("not the code of table 1")
    found = AXE.run(north, options=WCAG_AA).response["violations"]
    assert not found, [f"{v['id']}: {v['help']}" for v in found]
