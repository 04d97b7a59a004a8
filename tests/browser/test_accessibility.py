"""The browser's own audit of the pages each visitor uses, at a phone's width (390 px) and a
tablet's (1,024 px): axe-core (the engine of Lighthouse's accessibility audit, bundled by the
pinned ``axe-playwright-python``) must find no violation of WCAG 2.1 A or AA, and nothing may
lie off screen sideways, there nor at 1,920 px. Logged out, then as scorer (a score sheet
refused with its errors shown included), arbitre and organiser, on one realistic tournament
(tests/permissions_fixtures.py)."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.permissions_fixtures import build_world

pytestmark = pytest.mark.browser

WIDTHS = (390, 1024, 1920)  # axe at the first two; nothing off screen at all three
AUDITED = (390, 1024)
WCAG_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}
AXE = Axe()

# What each visitor opens, {slug}, {position}, {table}, {registration}, {incident} and {team}
# filled from the tournament.
PAGES = {
    "anonymous": [
        "/",
        "/t/{slug}/",
        "/t/{slug}/seating/?q=a",
        "/t/{slug}/standings/",
        "/t/{slug}/standings/teams/",
        "/t/{slug}/players/{registration}/",
        "/t/{slug}/screen/",
        "/accounts/login/",
        "/t/no-such-tournament/",
    ],
    "scorer": [
        "/manage/",
        "/manage/t/{slug}/",
        "/manage/t/{slug}/positions/",
        "/manage/t/{slug}/positions/{position}/",
        "/manage/t/{slug}/positions/{position}/sheets/",
        "/manage/t/{slug}/positions/{position}/sheets/{other_table}/",
        "/manage/t/{slug}/positions/{position}/sheets/{table}/history/",
        "/manage/t/{slug}/positions/{position}/sheets/tables/",  # the tables' live board
    ],
    "arbitre": [
        "/manage/t/{slug}/checkin/?q=a",
        "/manage/t/{slug}/incidents/",
        "/manage/t/{slug}/incidents/new/",
        "/manage/t/{slug}/incidents/{incident}/",
        "/manage/t/{slug}/results/",
        "/manage/t/{slug}/positions/{position}/sheets/{table}/",
        # The tables' live board with its alerts, a table's entries and its paper form.
        "/manage/t/{slug}/positions/{position}/sheets/tables/",
        "/manage/t/{slug}/positions/{position}/sheets/tables/{other_table}/",
        "/manage/t/{slug}/documents/{job}/",  # a document waiting for the worker
    ],
    "organiser": [
        "/manage/t/{slug}/players/",
        "/manage/t/{slug}/players/add/",
        "/manage/t/{slug}/import/",
        "/manage/t/{slug}/settings/",
        "/manage/t/{slug}/staff/",
        "/manage/t/{slug}/teams/",
        "/manage/t/{slug}/teams/{team}/",
        "/manage/t/{slug}/penalty-scale/",
        "/manage/t/{slug}/players/{registration}/record/",
        "/manage/t/{slug}/players/{registration}/",
        "/manage/t/{slug}/positions/{position}/",
    ],
}


def _problems(page, width):
    """The WCAG A/AA violations axe finds on ``page``, and a horizontal overflow."""
    violations = AXE.run(page, options=WCAG_AA).response["violations"] if width in AUDITED else []
    found = [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + ", ".join(str(n["target"]) for n in v["nodes"][:3])
        for v in violations
    ]
    if page.evaluate("document.documentElement.scrollWidth") > width:
        found.append(f"wider than {width} px: {page.evaluate(OFF_SCREEN)}")
    return found


# The elements that reach past the right edge, outside any box that scrolls them.
OFF_SCREEN = """() => Array.from(document.querySelectorAll("body *")).filter(e => {
  if (e.getBoundingClientRect().right <= window.innerWidth + 1) return false;
  for (let p = e.parentElement; p; p = p.parentElement)
    if (getComputedStyle(p).overflowX !== "visible") return false;
  return true;
}).slice(0, 3).map(e => e.tagName + "." + e.className)"""


@pytest.fixture
def world():
    return build_world()


def _values(world):
    table = world.tournament.rounds.get(number=1).tables.order_by("number")
    return {
        **world.values,
        "slug": world.tournament.slug,
        "other_table": table[1].number,
    }


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("role", list(PAGES))
def test_no_wcag_violation(browser, live_server, log_in, page, world, role, width):
    if role != "anonymous":
        log_in(world.users[role])
    page.set_viewport_size({"width": width, "height": 900})
    values = _values(world)
    problems = []
    for path in PAGES[role]:
        url = path.format(**values)
        page.goto(url)
        problems += [f"{url}: {p}" for p in _problems(page, width)]
    assert problems == []


@pytest.mark.parametrize("width", WIDTHS)
def test_a_sheet_refused_with_its_errors(live_server, log_in, page, world, width):
    log_in(world.users["scorer"])
    page.set_viewport_size({"width": width, "height": 900})
    values = _values(world)
    page.goto("/manage/t/{slug}/positions/{position}/sheets/{other_table}/".format(**values))
    page.locator("select[name=d1-mode]").select_option("marks")
    page.locator("input[name=d1-mark0]").fill("9999")
    page.locator("select[name=d2-taker]").select_option("")
    # The live check has answered (the page no longer moves under the pointer), then save.
    expect(page.locator("#err-d2-taker")).not_to_be_empty()
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("error-summary")).to_be_focused()
    assert _problems(page, width) == []
