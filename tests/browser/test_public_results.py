"""A player follows the standings on a phone: the page updates by itself when a sheet is
confirmed, and the phone-sized page is usable (no sideways scrolling, the player's page opens)."""

import pytest
from playwright.sync_api import expect

from scoring.formats.libre import services
from scoring.formats.libre.forms import read_entry
from tests.factories import RegistrationFactory, StaffRoleFactory, TournamentFactory, UserFactory
from tests.scoring.conftest import SAMPLE, VISAS
from tournaments import services_seating

pytestmark = pytest.mark.browser


def test_standings_update_by_themselves_on_a_phone(browser, live_server, settings):
    settings.PUBLIC_REFRESH_SECONDS = 1
    arbitre, scorer = UserFactory(username="lea"), UserFactory(username="max")
    tournament = TournamentFactory(slug="open-printemps", name="Open de printemps")
    StaffRoleFactory(tournament=tournament, user=arbitre, role="arbitre")
    StaffRoleFactory(tournament=tournament, user=scorer, role="scorer")
    RegistrationFactory.create_batch(8, tournament=tournament, checked_in=True)
    round_ = services_seating.round_seat_players(
        tournament=tournament, number=1, user=arbitre, seed=2
    )
    services_seating.round_publish(round=round_, user=arbitre)
    table = round_.tables.get(number=1)
    south = table.seats.get(number=2).registration
    sheet = services.scoresheet_save(
        table=table, user=scorer, entry=read_entry({**SAMPLE, **VISAS}), base_version=0
    )

    phone = browser.new_context(
        base_url=live_server.url, locale="en-US", viewport={"width": 390, "height": 800}
    )
    page = phone.new_page()
    page.goto(f"/t/{tournament.slug}/")
    page.get_by_test_id("standings-link").click()
    page.evaluate("window.loadedOnce = true")
    expect(page.get_by_test_id(f"total-{south.number}")).to_contain_text("1346")
    page.get_by_label("official (confirmed sheets only)").check()
    page.get_by_role("button", name="Show").click()
    page.evaluate("window.loadedOnce = true")
    expect(page.get_by_test_id("ranking-kind")).to_contain_text("0 of 2 sheets")
    expect(page.get_by_test_id(f"total-{south.number}")).to_have_text("0")

    services.scoresheet_confirm(sheet=sheet, user=arbitre)  # at the arbitres' desk
    expect(page.get_by_test_id(f"total-{south.number}")).to_contain_text("1346")
    expect(page.get_by_test_id("ranking-kind")).to_contain_text("1 of 2 sheets")
    assert page.evaluate("window.loadedOnce") is True  # no reload: htmx swapped the table
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    page.get_by_test_id(f"row-{south.number}").get_by_role("link").click()
    expect(page.get_by_test_id("player-total")).to_have_text("1346")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    phone.close()
