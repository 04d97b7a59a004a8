"""An arbitre logs a renonce at a table: the ban refuses that player as taker on the next deal;
a penalty then takes points from the player's total."""

import pytest
from playwright.sync_api import expect

from scoring.formats.libre import services as sheets
from scoring.formats.libre.forms import read_entry
from tests.factories import RegistrationFactory, StaffRoleFactory, TournamentFactory, UserFactory
from tests.scoring.conftest import SAMPLE, VISAS
from tournaments import services_seating

pytestmark = pytest.mark.browser


def test_renonce_ban_and_penalty(page, log_in):
    arbitre, scorer = UserFactory(username="odile"), UserFactory(username="remi")
    tournament = TournamentFactory(slug="grand-prix", name="Grand Prix")
    StaffRoleFactory(tournament=tournament, user=arbitre, role="arbitre")
    StaffRoleFactory(tournament=tournament, user=scorer, role="scorer")
    RegistrationFactory.create_batch(8, tournament=tournament, checked_in=True)
    round_ = services_seating.round_seat_players(
        tournament=tournament, number=1, user=arbitre, seed=5
    )
    services_seating.round_publish(round=round_, user=arbitre)
    table = round_.tables.get(number=1)
    west = table.seats.get(number=3).registration

    log_in(arbitre)
    page.goto(f"/manage/t/{tournament.slug}/positions/1/sheets/")
    page.get_by_test_id("table-1").get_by_role("link", name="Incident").click()
    expect(page.get_by_test_id("table-players")).to_contain_text("table 1")
    form = page.get_by_test_id("incident-form")
    form.locator("[name=deal_number]").fill("2")
    form.locator("[name=kind]").select_option("renonce")
    form.locator("[name=offender]").select_option(str(west.pk))
    # No sheet has the deal yet: the arbitre says the offender was defending.
    form.locator("[name=offender_defending][value=on]").check()
    form.locator("[name=description]").fill("Did not follow hearts with hearts in hand")
    page.get_by_test_id("save-incident").click()
    expect(page.locator(".messages")).to_contain_text("may not bid on deal 3")
    incident_url = page.url

    # The sheet refuses West as the taker of deal 3, next to the field, as it is typed.
    page.get_by_test_id("sheet-link").click()
    # htmx binds the live check once the page has loaded; a busy machine can select before.
    page.wait_for_load_state("load")
    page.locator("select[name=d3-contract]").select_option("prise")
    page.locator("select[name=d3-taker]").select_option("3")
    expect(page.locator("#err-d3-taker")).to_contain_text("barred from bidding")
    expect(page.locator("#err-d3-taker")).to_contain_text("renonce on deal 2")
    expect(page.locator("#err-d3-taker")).to_contain_text("Incident")

    # The scorer's sheet (deal 3 taken by South) goes in; the penalty then lowers the total.
    sheets.scoresheet_save(
        table=table, user=scorer, entry=read_entry({**SAMPLE, **VISAS}), base_version=0
    )
    page.goto(incident_url)
    page.get_by_test_id("offender-record").click()
    expect(page.get_by_test_id("total")).to_have_text("-510")
    page.goto(incident_url)
    decide = page.get_by_test_id("decision-form")
    decide.locator("[name=kind]").select_option("penalty")
    decide.locator("[name=points]").fill("40")
    decide.locator("[name=note]").fill("Second renonce of the day")
    page.get_by_test_id("decide").click()
    expect(page.get_by_test_id("decisions")).to_contain_text("40")
    page.get_by_test_id("offender-record").click()
    expect(page.get_by_test_id("total")).to_have_text("-550")
