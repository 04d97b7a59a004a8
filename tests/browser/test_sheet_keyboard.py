"""The score sheet as a scorer meets it on a tablet or a small laptop: a 5-deal sheet typed from
the paper in at most 90 keystrokes without reaching for the mouse, nothing off screen sideways
at 1,024 × 768 (tables of 4 and of 5, long names, a line entered by its facts) nor at 1,280,
and a refused save that says what to correct, with the keyboard and to a screen reader."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Mark, ScoreSheet
from tests.factories import RegistrationFactory, StaffRoleFactory, TournamentFactory, UserFactory
from tournaments import services_seating

pytestmark = pytest.mark.browser

TABLET = {"width": 1024, "height": 768}
LAPTOP = {"width": 1280, "height": 800}
LONG_NAMES = [
    ("DE LA ROCHEFOUCAULD-LIANCOURT", "Marie-Charlotte"),
    ("VAN DEN BERGHE-DELACROIX", "Jean-Baptiste-Emmanuel"),
    ("NGUYEN-TRUONG", "Anne-Élisabeth"),
    ("ØLSEN", "Åsa"),
    ("WOLFESCHLEGELSTEINHAUSENBERGERDORFF", "Hubert"),
]
# The rulebook's sample sheet (fft-rules.md section 2), Nord's mark of each deal as written on
# the paper: the other marks fill in (seats in English: North, East, South, West).
SAMPLE = [
    ("g", "e", "-106"),
    ("s", "w", "-76"),
    ("p", "s", "42"),
    ("g", "n", "276"),
    ("g", "s", "-582"),
]


class CountingKeyboard:
    """The page's keyboard, counting keystrokes: a key pressed, or each character typed."""

    def __init__(self, keyboard):
        self.keyboard, self.count = keyboard, 0

    def type(self, text):
        self.count += len(text)
        self.keyboard.type(text)

    def press(self, key):
        self.count += 1
        self.keyboard.press(key)


def _tournament(slug, players, **kwargs):
    scorer = UserFactory(username=f"scorer-{slug}")
    tournament = TournamentFactory(slug=slug, **kwargs)
    StaffRoleFactory(tournament=tournament, user=scorer, role="arbitre")
    for last, first in (LONG_NAMES * 2)[:players]:
        RegistrationFactory(
            tournament=tournament, checked_in=True, last_name=last, first_name=first
        )
    round_ = services_seating.round_seat_players(
        tournament=tournament, number=1, user=scorer, seed=5
    )
    services_seating.round_publish(round=round_, user=scorer)
    return scorer, round_


def _fits(page):
    """Nothing of the page nor of the grid lies off screen sideways."""
    return page.evaluate(
        """() => {
          const scroll = document.querySelector('.sheet-scroll');
          return document.documentElement.scrollWidth <= window.innerWidth
            && scroll.scrollWidth <= scroll.clientWidth;
        }"""
    )


def test_five_deals_in_at_most_90_keystrokes_without_scrolling_sideways(page, log_in):
    scorer, round_ = _tournament("clavier", 4)
    log_in(scorer)
    page.set_viewport_size(TABLET)
    page.goto(f"/manage/t/clavier/positions/1/sheets/{round_.tables.get().number}/")
    assert _fits(page)
    expect(page.locator("select[name=d1-contract]")).to_be_focused()

    keys = CountingKeyboard(page.keyboard)
    for contract, taker, mark in SAMPLE:
        keys.type(contract)
        keys.press("Tab")
        keys.type(taker)
        keys.press("Tab")
        keys.type(mark)
        keys.press("Enter")  # to the next deal
    expect(page.locator("input[name=d2-mark3]")).to_have_value("228")  # filled in
    expect(page.locator("input[name=d5-mark2]")).to_have_value("1746")
    for seat, bilan in enumerate(["-446", "-390", "1346", "-510"]):
        expect(page.get_by_test_id(f"bilan-{seat}")).to_have_text(bilan)
    expect(page.locator("input[name=visa0]")).to_be_focused()
    for _seat in range(4):  # the visas, then "if fewer deals", where Enter saves
        keys.press("Space")
        keys.press("Tab")
    keys.press("Enter")
    expect(page.locator(".messages")).to_contain_text("sheet saved")
    assert keys.count <= 90, keys.count
    sheet = ScoreSheet.objects.get()
    assert sheet.visas == [0, 1, 2, 3]
    assert Mark.objects.filter(sheet=sheet).count() == 20
    assert _fits(page)


def test_a_mark_typed_over_a_filled_one_stays_the_scorers(page, log_in):
    scorer, round_ = _tournament("dessus", 4)
    log_in(scorer)
    page.goto(f"/manage/t/dessus/positions/1/sheets/{round_.tables.get().number}/")
    page.locator("select[name=d1-contract]").select_option("garde")
    page.locator("select[name=d1-taker]").select_option("1")
    page.locator("input[name=d1-mark0]").fill("-50")
    expect(page.locator("input[name=d1-mark1]")).to_have_value("150")
    page.locator("input[name=d1-mark2]").fill("-52")  # the paper says otherwise
    page.locator("input[name=d1-mark0]").fill("-51")
    expect(page.locator("input[name=d1-mark2]")).to_have_value("-52")  # nothing re-filled
    expect(page.locator("#err-d1-total")).to_contain_text("add up to")


@pytest.mark.parametrize(
    ("mode", "viewport"),
    [("called_king", TABLET), ("called_king", LAPTOP), ("dealer_sits_out", TABLET)],
    ids=["called-king-1024", "called-king-1280", "dealer-sits-out-1024"],
)
def test_a_table_of_five_with_a_line_of_facts_fits(page, log_in, mode, viewport):
    slug = f"cinq-{mode.replace('_', '-')}-{viewport['width']}"
    scorer, round_ = _tournament(slug, 5, remainder="5", table5_mode=mode)
    log_in(scorer)
    page.set_viewport_size(viewport)
    page.goto(f"/manage/t/{slug}/positions/1/sheets/1/")
    expect(page.locator("select[name=d1-partner]")).to_have_count(1 if mode == "called_king" else 0)
    assert _fits(page)
    page.locator("select[name=d2-mode]").select_option("facts")
    expect(page.locator("input[name=d2-bouts]")).to_be_visible()
    expect(page.locator("select[name=d2-poignee0]")).to_be_visible()
    assert _fits(page)


def test_a_refused_save_says_what_to_correct(page, log_in):
    scorer, round_ = _tournament("refus", 4)
    log_in(scorer)
    page.goto(f"/manage/t/refus/positions/1/sheets/{round_.tables.get().number}/")
    page.locator("select[name=d1-contract]").select_option("garde")
    page.locator("select[name=d1-taker]").select_option("1")
    page.locator("input[name=d1-mark0]").fill("-50")
    page.locator("input[name=d1-mark2]").fill("-60")  # the others stay filled in: 150, -50
    expect(page.locator("#err-d1-total")).not_to_be_empty()  # the live check has answered
    page.get_by_test_id("save").click()

    summary = page.get_by_test_id("error-summary")
    expect(summary).to_be_focused()
    expect(summary).to_have_attribute("role", "alert")
    expect(page).to_have_title(re.compile(r"^\d+ errors? — "))
    # Live messages speak only from one region, not from every field's message.
    assert page.locator(".sheet-grid [aria-live]").count() == 0
    mark = page.locator("input[name=d1-mark2]")
    expect(mark).to_have_attribute("aria-invalid", "true")
    expect(mark).to_have_attribute("aria-describedby", "err-d1-mark2 err-d1-total")
    # Every mark of the line is told of the line's sum.
    expect(page.locator("input[name=d1-mark3]")).to_have_attribute("aria-invalid", "true")
    # The sum's message sits under the marks (in the check column), not under the contract.
    expect(page.locator("#err-d1-total")).to_contain_text("add up to")
    expect(page.locator("#err-d1-contract")).to_be_empty()

    summary.get_by_role("link", name=re.compile("Deal 1: mark of South")).click()
    expect(mark).to_be_focused()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # focused from the keyboard: the ring shows
    ring = mark.evaluate(
        "e => [getComputedStyle(e).outlineStyle, getComputedStyle(e).outlineWidth]"
    )
    assert ring == ["solid", "3px"]
    mark.fill("-50")
    expect(mark).not_to_have_attribute("aria-invalid", "true")  # the live check caught up
    expect(page.locator("#sheet-live")).to_contain_text("every one adds up")
