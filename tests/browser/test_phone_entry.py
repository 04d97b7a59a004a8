"""The entry pages an arbitre types on a phone at 390 px: an étui's travelling sheet (each line a
card, the names cut between words, never inside one) and a team match's quarter (its two rooms'
sheets): nothing scrolls sideways, and axe finds no WCAG 2.1 A/AA violation."""

import pytest
from django.conf import settings
from django.test import Client

from scoring.formats.match.services import matches_draw
from scoring.models.match import TeamMatch
from tests.browser.test_accessibility import AXE, WCAG_AA
from tests.scoring.duplicate.helpers import drawn_session, duplicate_tournament, staff_of
from tests.scoring.duplicate.test_team_match import CLOSED, OPEN, competition_of, play
from tournaments.models import Registration

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
NAMES = [
    ("DE LA ROCHEFOUCAULD-LIANCOURT", "Marie-Charlotte"),
    ("VAN DEN BERGHE-DELACROIX", "Jean-Baptiste-Emmanuel"),
    ("MONTMORENCY-LAVAL DE BOUTTEVILLE", "Charles-Henri"),
]
# The words of each cell named ``selector`` laid out over two lines (a hyphen ends a word).
BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const cell of document.querySelectorAll(selector)) {
    const text = cell.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    const re = /[^\\s-]+/g;  // a break after a hyphen is a break between words
    let match;
    while ((match = re.exec(text.data))) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
  }
  return broken;
}"""


@pytest.fixture
def phone(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, locale="fr-FR")
    yield context.new_page()
    context.close()


def log_in(page, live_server, user):
    client = Client()
    client.force_login(type(user).objects.get(pk=user.pk))
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": key, "url": live_server.url}]
    )


def violations(page) -> list[str]:
    found = AXE.run(page, options=WCAG_AA).response["violations"]
    return [f"{v['id']}: {v['help']}" for v in found]


def no_sideways_scroll(page) -> bool:
    """Neither the page nor a box in it (a table's scrolling frame) scrolls sideways."""
    return page.evaluate(
        """() => [document.documentElement, ...document.querySelectorAll(".table-scroll")]
            .every((box) => box.scrollWidth <= box.clientWidth)"""
    )


def test_the_travelling_sheet_fits_a_phone_and_keeps_names_whole(phone, live_server):
    tournament = duplicate_tournament(players=20, positions=5)
    for registration, (last, first) in zip(
        Registration.objects.filter(tournament=tournament).order_by("number"),
        NAMES * 7,
        strict=False,
    ):
        registration.last_name, registration.first_name = last, first
        registration.save()
    drawn_session(tournament)
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    for user in (scorer, arbitre):  # the arbitre's line carries the rulings' controls too
        log_in(phone, live_server, user)
        phone.goto(f"/manage/t/{tournament.slug}/duplicate/1/etuis/1/")
        assert phone.get_by_test_id("line-0").is_visible()
        assert no_sideways_scroll(phone), user.username
        assert phone.evaluate(BROKEN_WORDS, '[data-testid^="taker-"]') == []
        assert violations(phone) == []
        # The score is typed where it is seen: its box is inside the screen.
        box = phone.locator("#score-0").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


def test_a_quarter_of_a_team_match_fits_a_phone(phone, live_server):
    tournament = competition_of(size=5)
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    match = TeamMatch.objects.get(pk=match.pk)
    play(match, 1, scorer, arbitre, [82, 68, -68, 56], [66, -76, -58, 56], a_room=OPEN)
    log_in(phone, live_server, arbitre)
    phone.goto(f"/manage/t/{tournament.slug}/matches/{match.number}/quarters/1/")
    assert phone.get_by_test_id(f"room-{OPEN}").is_visible()
    assert phone.get_by_test_id(f"room-{CLOSED}").is_visible()
    assert no_sideways_scroll(phone)
    assert violations(phone) == []
