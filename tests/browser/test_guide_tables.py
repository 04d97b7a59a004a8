"""The user guide's "Entry at the table" walk, in a real browser and in French: the organiser
switches it on, players reach their table with its short code, choose their seat, enter a deal
and have it approved by the other camp on another phone; the arbitre follows the tables on the
live board, opens a table and puts it back on paper. With ``GUIDE_SCREENSHOTS=1`` (``make
guide``) each step saves the picture that docs/guide-utilisateur.md shows (docs/images/6N-*.png);
every run checks what the pictures show.
"""

import pytest
from playwright.sync_api import expect

from scoring.at_table import services
from scoring.formats.libre.selectors import current_sheet
from tests.browser.test_guide import PHONE_VIEWPORT, PLAYERS, log_in, new_page, shot  # noqa: F401
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    RegistrationFactory,
    SiteOrganiserFactory,
    StaffRoleFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments import services_seating
from tournaments.models import StaffRole

pytestmark = pytest.mark.browser

SEED = 20261205  # the draw of position 1, fixed so that the pictures stay the same
GARDE_BY_EAST = {"contract": "garde", "taker": "1", "bouts": "2", "points": "45"}


@pytest.fixture
def guide_tables(db):
    """A libre tournament of eight players (two tables of 4), its position 1 published."""
    organiser = SiteOrganiserFactory(username="organisatrice")
    arbitre = UserFactory(username="arbitre")
    tournament = TournamentFactory(
        name="Open d'hiver", slug="open-d-hiver", created_by=organiser, positions=3
    )
    StaffRoleFactory(tournament=tournament, user=organiser, role=StaffRole.Role.ORGANISER)
    StaffRoleFactory(tournament=tournament, user=arbitre, role=StaffRole.Role.ARBITRE)
    clubs = [ClubFactory(name=name) for name in ("Tarot Club Lyon", "Excuse Villeurbanne")]
    for number, (licence, last, first, club) in enumerate(PLAYERS[:8], start=1):
        player = PlayerFactory(
            licence=licence, last_name=last, first_name=first, club=clubs[club % 2]
        )
        RegistrationFactory(tournament=tournament, player=player, number=number, checked_in=True)
    round_ = services_seating.round_seat_players(
        tournament=tournament, number=1, user=organiser, seed=SEED
    )
    services_seating.round_publish(round=round_, user=organiser)
    return tournament, round_


def phone(new_page):  # noqa: F811 (the fixture imported above)
    return new_page(PHONE_VIEWPORT, mobile=True)


def test_guide_entry_at_the_table(new_page, guide_tables):  # noqa: F811
    tournament, round_ = guide_tables
    table = round_.tables.get(number=1)

    # 1. The organiser ticks the switch in the tournament's settings.
    staff = new_page()
    log_in(staff, "organisatrice")
    staff.goto(f"/manage/t/{tournament.slug}/settings/")
    switch = staff.locator("input[name=table_entry]")
    switch.check()
    switch.scroll_into_view_if_needed()
    shot(staff, "60-saisie-a-la-table-reglage")
    staff.locator("form").filter(has=switch).locator("button[type=submit]").last.click()
    tournament.refresh_from_db()
    assert tournament.table_entry
    access = services.access_of(table)

    # 2. A player types the table's number and code (or scans its QR code).
    east = phone(new_page)
    east.goto(f"/t/{tournament.slug}/table/")
    east.locator("input[name=table]").fill("1")
    east.locator("input[name=code]").fill(access.short_code.lower())
    shot(east, "61-saisie-a-la-table-code")
    east.locator("form.code-form button[type=submit]").click()
    expect(east).to_have_url(f"{east.url.split('/table/')[0]}/table/{access.secret}/")

    # 3. Once, the seat the phone is held at.
    east.locator('input[name="me"][value="1"]').check()
    shot(east, "62-saisie-a-la-table-place")
    east.locator("button.seat-submit").click()
    expect(east.locator("#table-entry")).to_be_visible()

    # 4. Deal 1, by its facts: Garde by East, 2 bouts, 45 points.
    east.locator('input[name="d1-contract"][value="garde"]').check()
    east.locator('input[name="d1-taker"][value="1"]').check()
    east.locator('input[name="d1-bouts"][value="2"]').check()
    east.locator('input[name="d1-points"]').fill("45")
    east.locator("#table-entry button.send").scroll_into_view_if_needed()
    shot(east, "63-saisie-a-la-table-donne")
    east.locator("#table-entry button.send").click()
    row = east.locator('.table-entry-row[data-number="1"]')
    expect(row).to_have_attribute("data-status", "waiting")

    # 5. North, of the defence, approves it on their own phone.
    north = phone(new_page)
    north.goto(f"/table/{access.secret}/?me=0")
    approve = north.locator('.table-entry-row[data-number="1"] button.primary')
    expect(approve).to_be_visible()
    approve.scroll_into_view_if_needed()
    shot(north, "64-saisie-a-la-table-validation")
    approve.click()
    expect(north.locator('.table-entry-row[data-number="1"]')).to_have_attribute(
        "data-status", "approved"
    )
    sheet = current_sheet(table=table)
    assert sheet.deals.count() == 1 and sheet.entered_by.username == services.TABLES_USERNAME

    # 6. The other table sends an impossible count: refused with the reason, and an alert.
    other = services.access_of(round_.tables.get(number=2))
    with pytest.raises(services.EntryRefused):
        services.submit(
            access=other, number=1, seat=1, client_key="guide",
            post={f"d1-{k}": v for k, v in {**GARDE_BY_EAST, "points": "95"}.items()},
        )  # fmt: skip

    # 7. The arbitre's live board of the position.
    board = new_page()
    log_in(board, "arbitre")
    board.goto(f"/manage/t/{tournament.slug}/positions/1/sheets/tables/")
    expect(board.get_by_test_id("table-1-1")).to_have_attribute("data-state", "playing")
    expect(board.get_by_test_id("alert-refused")).to_be_visible()
    shot(board, "65-saisie-a-la-table-tableau-arbitre")

    # 8. A table's record; the arbitre puts it back on paper, with a reason.
    board.get_by_test_id("table-1-1").get_by_role("link").first.click()
    expect(board.get_by_test_id("entries")).to_be_visible()
    board.locator("textarea[name=reason], input[name=reason]").fill("Téléphone déchargé")
    shot(board, "66-saisie-a-la-table-une-table")
    board.get_by_test_id("put-on-paper").click()
    expect(board.get_by_test_id("on-paper")).to_be_visible()
    access.refresh_from_db()
    assert access.on_paper
    east.reload()
    assert east.locator("#table-entry").count() == 0  # the code no longer works
