"""An organiser seats position 1 in a real browser: generate, swap two players, publish, print;
then a player finds their table and table-mates on the public page from a phone, and opens their
own page."""

import io

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from common.text import folded
from tests.browser.conftest import fetch_document
from tests.factories import RegistrationFactory, StaffRoleFactory, TournamentFactory, UserFactory
from tournaments.models import Round, Seat

pytestmark = pytest.mark.browser


def test_seat_swap_publish_print_and_find_your_table(page, log_in, browser, live_server):
    organiser = UserFactory(username="claire")
    tournament = TournamentFactory(slug="open-noel", name="Open de Noël")
    StaffRoleFactory(tournament=tournament, user=organiser, role="organiser")
    regs = RegistrationFactory.create_batch(10, tournament=tournament, checked_in=True)
    log_in(organiser)

    page.goto(f"/manage/t/{tournament.slug}/")
    page.get_by_role("link", name="Positions").click()
    page.get_by_test_id("generate-1").click()
    expect(page.get_by_test_id("round-status")).to_have_text("Draft")
    expect(page.get_by_test_id("repeats")).to_have_text("0")
    assert page.locator(".seating-table").count() == 3  # 4 + 3 + 3

    round_ = Round.objects.get(tournament=tournament, number=1)
    a = Seat.objects.get(round=round_, table__number=1, number=0).registration
    b = Seat.objects.get(round=round_, table__number=2, number=0).registration
    page.get_by_label("Player no.", exact=True).fill(str(a.number))
    page.get_by_label("with player no.", exact=True).fill(str(b.number))
    page.get_by_role("button", name="Swap", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Players swapped.")
    assert Seat.objects.get(round=round_, registration=a).table.number == 2

    page.get_by_test_id("publish").click()
    expect(page.get_by_test_id("round-status")).to_have_text("Published")

    for label in ("Table plan (PDF)", "Score sheets (PDF)", "Alphabetical list (PDF)"):
        href = page.get_by_role("link", name=label).get_attribute("href")
        response = fetch_document(page, href)  # made by the worker once published
        assert response.ok and response.headers["content-type"] == "application/pdf"
        text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages)
        assert a.player.last_name.upper() in text

    # A player, no account, on a phone.
    phone = browser.new_context(
        base_url=live_server.url, locale="en-US", viewport={"width": 390, "height": 800}
    )
    player_page = phone.new_page()
    player_page.goto(f"/t/{tournament.slug}/")
    player_page.get_by_role("link", name="Where do I sit?").click()
    me = regs[5]
    player_page.get_by_placeholder("Type your name").fill(me.player.last_name)
    seat = Seat.objects.select_related("table").get(round=round_, registration=me)
    expect(player_page.get_by_test_id(f"table-{me.number}")).to_have_text(str(seat.table.number))
    # Who else sits there, by seat, and the way to the player's own page.
    mates = player_page.get_by_test_id(f"mates-{me.number}").locator("li")
    others = Seat.objects.filter(table=seat.table).exclude(pk=seat.pk).order_by("number")
    expect(mates).to_have_text([f"{m.seat_name} {m.registration.name}" for m in others])
    # The count of players found is said in the page's live region.
    # The search finds every name, first names included, that holds what was typed, accents
    # and case aside ("Martin" finds "Martinez" and "Martine" too).
    found = Seat.objects.filter(
        round=round_, registration__sort_name__contains=folded(me.player.last_name)
    ).count()
    expect(player_page.locator("#search-count[role=status]")).to_have_text(
        f"{found} player found." if found == 1 else f"{found} players found."
    )
    assert player_page.evaluate("document.documentElement.scrollWidth") <= 390
    player_page.get_by_test_id(f"player-link-{me.number}").click()
    expect(player_page.get_by_role("heading", level=1)).to_contain_text(me.name)
    phone.close()
