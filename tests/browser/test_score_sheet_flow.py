"""A scorer types a whole score sheet with the keyboard only and watches the totals as they type;
an arbitre confirms it, then corrects it with a reason, a second arbitre confirms the correction
(four-eyes), and the history shows both versions."""

import pytest
from playwright.sync_api import expect

from scoring.models import Mark, ScoreSheet
from tests.factories import RegistrationFactory, StaffRoleFactory, TournamentFactory, UserFactory
from tournaments import services_seating

pytestmark = pytest.mark.browser

# The official sample sheet (fft-rules.md section 2): deal 1 given by its facts (E1), the others
# as the marks written on the paper. Seats: North, East, South, West.
DEALS = [
    ("Garde", "East", None),
    ("Garde sans", "West", ["-76", "-76", "-76", "228"]),
    ("Prise", "South", ["42", "42", "-126", "42"]),
    ("Garde", "North", ["276", "-92", "-92", "-92"]),
    ("Garde", "South", ["-582", "-582", "1746", "-582"]),
]


def test_keyboard_entry_confirmation_and_correction(page, log_in, browser, live_server):
    scorer, arbitre = UserFactory(username="paul"), UserFactory(username="anne")
    second = UserFactory(username="hugo")
    tournament = TournamentFactory(slug="coupe-hiver", name="Coupe d'hiver")
    StaffRoleFactory(tournament=tournament, user=scorer, role="scorer")
    StaffRoleFactory(tournament=tournament, user=arbitre, role="arbitre")
    StaffRoleFactory(tournament=tournament, user=second, role="arbitre")
    RegistrationFactory.create_batch(8, tournament=tournament, checked_in=True)
    round_ = services_seating.round_seat_players(
        tournament=tournament, number=1, user=arbitre, seed=3
    )
    services_seating.round_publish(round=round_, user=arbitre)

    log_in(scorer)
    page.goto(f"/manage/t/{tournament.slug}/positions/")
    page.get_by_test_id("sheets-1").click()
    page.get_by_label("Sheet of table").focus()
    page.keyboard.type("1")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("sheet-status")).to_have_text("Not entered")

    keys = page.keyboard
    expect(page.locator("select[name=d1-contract]")).to_be_focused()  # the sheet opens there
    for number, (contract, taker, marks) in enumerate(DEALS, start=1):
        if marks is None:  # the deal's facts: Garde, 2 bouts, 49 points, Petit au bout, poignée
            keys.press("Shift+Tab")  # back to the way of entry
            keys.type("Facts")
            keys.press("Tab")
            keys.type(contract)
            keys.press("Tab")
            keys.type(taker)
            keys.press("Tab")
            keys.type("2")
            keys.press("Tab")
            keys.type("49")
            keys.press("Tab")
            keys.type("Attack")  # Petit au bout
            keys.press("Tab")  # chelem: none
            keys.press("Tab")  # not announced
            keys.press("Tab")  # North's poignée: none
            keys.press("Tab")
            keys.type("Simple")  # East, the taker, showed a simple poignée
            keys.press("Enter")  # to the next deal
            expect(page.locator("#d1-shown1")).to_have_text("318")
            continue
        keys.type(contract)
        keys.press("Tab")
        keys.type(taker)
        for mark in marks:  # every mark typed, as on the paper (typed over what fills in)
            keys.press("Tab")
            keys.type(mark)
        keys.press("Enter")
        if number == 2:  # the totals follow the typing
            expect(page.get_by_test_id("bilan-1")).to_have_text("242")
    expect(page.get_by_test_id("bilan-0")).to_have_text("-446")
    expect(page.get_by_test_id("bilan-1")).to_have_text("-390")
    expect(page.get_by_test_id("bilan-2")).to_have_text("1346")
    expect(page.get_by_test_id("bilan-3")).to_have_text("-510")
    expect(page.get_by_test_id("sheet-check")).to_contain_text("5 deals, every one adds up")
    expect(page.locator("input[name=visa0]")).to_be_focused()  # Enter after the last deal
    for _seat in range(4):  # the four visas
        keys.press("Space")
        keys.press("Tab")
    keys.press("Enter")  # in "if fewer deals": submits the form
    expect(page.locator(".messages")).to_contain_text("Table 1: sheet saved.")
    expect(page.get_by_test_id("sheet-status")).to_contain_text("Entered")
    sheet = ScoreSheet.objects.get()
    assert sheet.entered_by == scorer and sheet.visas == [0, 1, 2, 3]
    assert Mark.objects.filter(sheet=sheet).count() == 20
    expect(page.get_by_test_id("confirm")).to_have_count(0)  # scorers do not confirm

    page.context.clear_cookies()
    log_in(arbitre)
    page.goto(f"/manage/t/{tournament.slug}/positions/1/sheets/")
    expect(page.get_by_test_id("count-entered")).to_have_text("1")
    page.get_by_test_id("table-1").get_by_role("link", name="Check and confirm").click()
    page.get_by_test_id("confirm").click()
    expect(page.locator(".messages")).to_contain_text("sheet confirmed")
    expect(page.get_by_test_id("sheet-status")).to_contain_text("Confirmed")

    # The prise of deal 3 was made, not lost: the arbitre corrects it, with a reason.
    for seat, mark in enumerate(["-42", "-42", "126", "-42"]):
        page.locator(f"input[name=d3-mark{seat}]").fill(mark)
    expect(page.get_by_test_id("bilan-2")).to_have_text("1598")
    page.get_by_test_id("save").click()
    expect(page.locator("#err-reason")).to_contain_text("Say why")
    expect(page.locator("input[name=d3-mark2]")).to_have_value("126")  # nothing typed is lost
    page.get_by_label("Reason for the correction").fill("Prise made by 17: sheet misread")
    page.get_by_test_id("save").click()
    expect(page.locator(".messages")).to_contain_text("another arbitre must confirm it")
    expect(page.get_by_test_id("sheet-status")).to_contain_text("v2")
    expect(page.get_by_test_id("sheet-status")).to_contain_text("Entered")
    expect(page.get_by_test_id("confirm")).to_have_count(0)  # not by its author

    page.context.clear_cookies()
    log_in(second)
    page.goto(f"/manage/t/{tournament.slug}/positions/1/sheets/1/")
    page.get_by_test_id("confirm").click()
    expect(page.get_by_test_id("sheet-status")).to_contain_text("Confirmed")
    page.get_by_role("link", name="History").click()
    expect(page.get_by_test_id("version-2")).to_contain_text("Prise made by 17")
    expect(page.get_by_test_id("version-1")).to_contain_text("Replaced by a later version")
    expect(page.get_by_test_id("version-2").locator("tr.changed")).to_have_count(1)
    assert ScoreSheet.objects.get(status="confirmed").version == 2


def test_dealers_follow_each_other_and_the_dealer_sits_out(page, log_in):
    """At a table of 5, choosing who dealt first re-fills the lines after it in the direction
    of play (until one chosen by hand), and the seat that sits out follows at once."""
    scorer = UserFactory(username="lea")
    tournament = TournamentFactory(slug="open-5", name="Open", remainder="5")
    StaffRoleFactory(tournament=tournament, user=scorer, role="scorer")
    RegistrationFactory.create_batch(9, tournament=tournament, checked_in=True)
    round_ = services_seating.round_seat_players(
        tournament=tournament, number=1, user=scorer, seed=3
    )
    services_seating.round_publish(round=round_, user=scorer)
    five = round_.tables.get(size=5)

    log_in(scorer)
    page.goto(f"/manage/t/{tournament.slug}/positions/1/sheets/{five.number}/")

    def dealers():
        return [page.locator(f"select[name=d{n}-dealer]").input_value() for n in range(1, 6)]

    def sits_out(deal, seat):
        row = page.locator(f"tr[data-deal='{deal}'] td.seat-{seat}")
        return (
            row.locator(".sits-out-label").is_visible()
            and not row.locator("input.mark").is_visible()
        )

    assert dealers() == ["0", "4", "3", "2", "1"]  # Nord, then to the right
    assert sits_out(1, 0) and not sits_out(1, 2)
    page.locator("input[name=d1-mark2]").fill("5")  # typed before the dealer was known
    page.locator("select[name=d1-dealer]").select_option("2")  # Sud dealt first
    assert dealers() == ["2", "1", "0", "4", "3"]
    assert sits_out(1, 2) and not sits_out(1, 0) and sits_out(2, 1)
    # The dealer's hidden mark is not sent: no error the scorer could not see.
    expect(page.locator("input[name=d1-mark2]")).to_be_disabled()
    expect(page.locator("input[name=d1-mark0]")).to_be_enabled()
    expect(page.locator("#err-d1-mark2")).to_be_empty()
    page.locator("select[name=d3-dealer]").select_option("4")  # the sheet says otherwise
    assert dealers() == ["2", "1", "4", "3", "2"]
    page.locator("select[name=d1-dealer]").select_option("0")  # stops at the line chosen
    assert dealers() == ["0", "4", "4", "3", "2"]
    # The live check knows who sits out as the form now says: Nord cannot take deal 1.
    page.locator("select[name=d1-contract]").select_option("garde")
    page.locator("select[name=d1-taker]").select_option("0")
    expect(page.locator("#err-d1-taker")).to_contain_text("cannot take")
