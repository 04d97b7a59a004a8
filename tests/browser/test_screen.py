"""The projector view in a real browser at 1920×1080: the seating, then the standings by
themselves; a sheet saved meanwhile shows up in the standings without a reload; a long list
scrolls and keeps its panel on screen until it has been read through."""

import pytest
from playwright.sync_api import expect

from scoring.formats.libre import services
from scoring.formats.libre.forms import read_entry
from tests.factories import TournamentFactory, UserFactory
from tests.scoring.conftest import SAMPLE, VISAS, seat_and_publish

pytestmark = pytest.mark.browser

FULL_HD = {"width": 1920, "height": 1080}


@pytest.fixture
def projector(browser, live_server):
    context = browser.new_context(base_url=live_server.url, locale="en-US", viewport=FULL_HD)
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def boss():
    return UserFactory(username="boss", is_superuser=True)


def test_screen_alternates_and_refreshes_without_reload(projector):
    user = boss()
    tournament = TournamentFactory(slug="open-paques", name="Open de Pâques")
    round_ = seat_and_publish(tournament, user, 8)
    table = round_.tables.get(number=1)
    south = table.seats.get(number=2).registration

    page = projector
    page.clock.install()  # time flows; the test jumps over the panels' 5 s turns
    navigations = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url))
    page.goto(f"/t/{tournament.slug}/screen/?seconds=5")
    page.evaluate("window.screenTestMarker = 'first load'")
    seating, standings = (
        page.get_by_test_id("panel-seating"),
        page.get_by_test_id("panel-standings"),
    )
    expect(seating).to_be_visible()
    expect(standings).to_be_hidden()
    expect(page.locator(".topbar")).to_be_hidden()
    expect(seating).to_contain_text("Position 1")
    expect(page.get_by_test_id(f"seat-{south.number}")).to_contain_text(
        south.player.last_name.upper()
    )
    expect(page.get_by_test_id(f"seat-{south.number}")).to_contain_text("table 1")

    # Five seconds later the standings come by themselves: nothing entered yet.
    page.clock.fast_forward(5_000)
    expect(standings).to_be_visible()
    expect(seating).to_be_hidden()
    expect(page.get_by_test_id("screen-no-results")).to_be_visible()

    services.scoresheet_save(
        table=table, user=user, entry=read_entry({**SAMPLE, **VISAS}), base_version=0
    )

    # The seating's turn: the standings, hidden, are refreshed meanwhile (after the fade)…
    page.clock.fast_forward(5_000)
    expect(seating).to_be_visible()
    page.clock.fast_forward(1_000)
    expect(page.get_by_test_id(f"total-{south.number}")).to_have_text("1346")
    expect(standings).to_be_hidden()
    # …and their next turn shows the totals.
    page.clock.fast_forward(5_000)
    expect(standings).to_be_visible()
    expect(standings.locator(".rank").first).to_have_text("1")
    assert page.evaluate("window.screenTestMarker") == "first load"
    assert navigations == [page.url]  # the first load only


def test_long_list_scrolls_then_gives_way(projector):
    tournament = TournamentFactory(slug="grand-prix")
    seat_and_publish(tournament, boss(), 48)
    page = projector
    page.clock.install()  # time flows (the scroll is a CSS animation); the test jumps the turn
    page.goto(f"/t/{tournament.slug}/screen/?seconds=5")
    seating = page.get_by_test_id("panel-seating")
    expect(seating).to_be_visible()
    expect(seating).to_have_class("screen-panel is-scrolling")
    seats = page.get_by_test_id("screen-seats")

    def offset():
        return page.evaluate(
            "el => new DOMMatrix(getComputedStyle(el).transform).m42", seats.element_handle()
        )

    assert offset() == 0  # still at the top for a moment
    page.wait_for_timeout(6_500)
    assert offset() < -50  # moving up
    # Longer than 5 s, since the list is longer than the screen: still the seating…
    expect(seating).to_be_visible()
    turn = page.evaluate("parseFloat(getComputedStyle(document.querySelector('main.screen'))"
                         ".getPropertyValue('--panel-time'))")  # fmt: skip
    assert turn > 2 * 3 + 5  # held at the top and at the bottom, and scrolled in between
    page.clock.fast_forward(int(turn * 1000) - 6_500 - 500)
    expect(seating).to_be_visible()
    # …until it has been read through.
    page.clock.fast_forward(1_000)
    expect(page.get_by_test_id("panel-standings")).to_be_visible()
    expect(seating).to_be_hidden()


def test_a_team_tournament_shows_the_team_standings_in_turn(projector):
    from tests.scoring.test_screen import team_tournament

    user = boss()
    tournament, round_ = team_tournament(user)
    for table in round_.tables.all():
        services.scoresheet_save(
            table=table, user=user, entry=read_entry({**SAMPLE, **VISAS}), base_version=0
        )
    page = projector
    page.clock.install()
    page.goto(f"/t/{tournament.slug}/screen/?seconds=5")
    panels = {
        name: page.get_by_test_id(f"panel-{name}") for name in ("seating", "standings", "teams")
    }
    tabs = page.locator(".screen-tabs [data-for]")
    expect(tabs).to_have_text(["Seating", "Standings", "Teams"])
    for name in ("seating", "standings", "teams", "seating"):
        expect(panels[name]).to_be_visible()
        for other in set(panels) - {name}:
            expect(panels[other]).to_be_hidden()
        expect(page.locator(f'.screen-tabs [data-for="{name}"]')).to_have_css(
            "border-bottom-color", "rgb(255, 209, 102)"
        )
        page.clock.fast_forward(5_000)
    teams = page.get_by_test_id("screen-teams")
    expect(teams.locator("li")).to_have_count(4)
    expect(teams.locator(".rank").first).to_have_text("1")


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1024, 768), (1280, 1024)])
def test_the_code_stays_in_its_corner_clear_of_names(browser, live_server, width, height):
    """The seating page's QR code sits top right, above the lists and clear of the tabs and the
    clock, big enough to scan from a few metres (a tenth of the screen's height at least); the
    lists keep their width. On a phone it is left out."""
    tournament = TournamentFactory(slug="coin", name="Open du coin")
    seat_and_publish(tournament, boss(), 40)
    context = browser.new_context(
        base_url=live_server.url, locale="en-US", viewport={"width": width, "height": height}
    )
    page = context.new_page()
    page.goto(f"/t/{tournament.slug}/screen/?seconds=120")
    code = page.get_by_test_id("screen-code").locator("svg.qr")
    expect(code).to_be_visible()
    box = code.bounding_box()
    assert box["height"] >= height / 10 and box["x"] + box["width"] <= width
    for other in (".screen-tabs", ".screen-head h2", ".screen-viewport", ".screen-title"):
        them = page.locator(other).first.bounding_box()
        apart = (
            box["x"] >= them["x"] + them["width"]
            or them["x"] >= box["x"] + box["width"]
            or box["y"] + box["height"] <= them["y"]
            or them["y"] + them["height"] <= box["y"]
        )
        assert apart, other
    lists = page.locator(".screen-viewport").first.bounding_box()
    assert lists["width"] >= width * 0.9
    page.set_viewport_size({"width": 390, "height": 844})
    expect(page.get_by_test_id("screen-code")).to_be_hidden()
    context.close()


def test_the_projector_can_be_paused(projector):
    """The panels stop turning on the pause button (or Space, or P) and go on when resumed."""
    tournament = TournamentFactory(slug="pause", name="Open de la pause")
    seat_and_publish(tournament, boss(), 8)
    page = projector
    page.clock.install()
    page.goto(f"/t/{tournament.slug}/screen/?seconds=5")
    seating, standings = (
        page.get_by_test_id("panel-seating"),
        page.get_by_test_id("panel-standings"),
    )
    pause = page.get_by_test_id("screen-pause")
    expect(seating).to_be_visible()
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "true")
    expect(pause).to_have_text("Pause")  # a toggle keeps its name; pressed says it is on
    page.clock.fast_forward(30_000)
    expect(seating).to_be_visible()
    expect(standings).to_be_hidden()
    page.locator("body").press("p")  # the key resumes as the button does
    expect(pause).to_have_attribute("aria-pressed", "false")
    page.clock.fast_forward(5_000)
    expect(standings).to_be_visible()
    page.keyboard.press("Space")
    expect(pause).to_have_attribute("aria-pressed", "true")
    page.clock.fast_forward(30_000)
    expect(standings).to_be_visible()
