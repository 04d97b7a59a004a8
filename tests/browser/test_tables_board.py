"""The arbitre watches the tables enter their deals in a real browser: the board shows a new
entry and a refused one at its next refresh without a reload, the alert is marked seen, and a
table is put on paper with a reason and brought back, with the keyboard."""

import pytest
from playwright.sync_api import expect

from scoring.at_table import services
from tests.factories import RegistrationFactory, StaffRoleFactory, TournamentFactory, UserFactory
from tests.scoring.at_table.test_services import GARDE_BY_EAST, deal_post
from tournaments import services_seating

pytestmark = pytest.mark.browser


def test_the_arbitre_watches_the_tables_and_puts_one_on_paper(page, log_in):
    arbitre = UserFactory(username="arbitre")
    tournament = TournamentFactory(slug="open-tables", table_entry=True)
    StaffRoleFactory(tournament=tournament, user=arbitre, role="arbitre")
    organiser = UserFactory(username="claire")
    StaffRoleFactory(tournament=tournament, user=organiser, role="organiser")
    RegistrationFactory.create_batch(8, tournament=tournament, checked_in=True)
    round_ = services_seating.round_seat_players(
        tournament=tournament, number=1, user=organiser, seed=1
    )
    services_seating.round_publish(round=round_, user=organiser)
    two = services.access_of(round_.tables.get(number=2))
    log_in(arbitre)
    page.clock.install()  # time flows; the test jumps to the next refresh

    page.goto("/manage/t/open-tables/positions/1/sheets/")
    page.get_by_test_id("tables-board").click()
    expect(page.get_by_test_id("no-alert")).to_be_visible()
    expect(page.get_by_test_id("table-1-2")).to_have_attribute("data-state", "not_started")
    expect(page.get_by_text(two.short_code)).to_be_visible()

    # Table 2 enters deal 1, then sends an impossible deal 2: at the next refresh, no reload.
    post = deal_post(1, **GARDE_BY_EAST)
    services.submit(access=two, number=1, seat=1, post=post, client_key="one")
    bad = deal_post(2, **dict(GARDE_BY_EAST, points="95"))
    with pytest.raises(services.EntryRefused):
        services.submit(access=two, number=2, seat=1, post=bad, client_key="two")
    page.clock.fast_forward(6_000)
    expect(page.get_by_test_id("table-1-2")).to_have_attribute("data-state", "waiting")
    expect(page.get_by_test_id("alert-refused")).to_be_visible()

    page.get_by_test_id("alert-refused").get_by_role("button", name="Seen").click()
    expect(page.get_by_test_id("no-alert")).to_be_visible()

    page.get_by_role("link", name="Entries of table 2").click()
    expect(page.get_by_test_id("entries")).to_contain_text("Waiting for approval")
    page.get_by_label("Why on paper").fill("the phone fell")
    page.get_by_label("Why on paper").press("Enter")
    expect(page.get_by_test_id("on-paper")).to_be_visible()
    expect(page.get_by_test_id("paper-reason")).to_have_text("the phone fell")
    expect(page.get_by_test_id("entries")).to_contain_text("Waiting for approval")  # kept
    page.get_by_test_id("back-to-table").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("on-paper")).to_have_count(0)
    two.refresh_from_db()
    assert not two.on_paper
