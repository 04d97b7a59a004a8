"""A team match in a real browser (fft-duplicate.md §5): the organiser creates it with the form
and makes a team of five on the Teams page (the other of four comes ready), draws the match; the
arbitre fixes a bonus, names each quarter's attackers and defenders, the room and the série;
a scorer types the two rooms' four sheets from the keyboard with the other side's visa, one
difference is shown and the close refused until it is mended and the four sheets confirmed (in
quarter 1 the arbitre mends it himself and a second arbitre confirms that sheet: four-eyes);
after four quarters the match has its winner, the competition table its points, the result
sheet its PDF, and the public (on a phone, hidden until each quarter is closed) the same PM as
the pages."""

from decimal import ROUND_HALF_UP, Decimal, localcontext

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring.models.match import TeamMatch
from tests.factories import RegistrationFactory, SiteOrganiserFactory, StaffRoleFactory
from tournaments.models import Tournament
from tournaments.services_teams import team_create

pytestmark = pytest.mark.browser

# Per quarter: A's attacker's scores and B's attacker's, on the four étuis of its série.
SCORES = [
    ([82, 68, -68, 56], [66, -76, -58, 56]),
    ([100, -52, 60, 90], [40, -52, 70, 46]),
    ([-82, 30, 16, 62], [-100, 30, 36, 62]),
    ([56, 56, 56, 56], [52, 60, 56, 58]),
]
SERIES = [3, 1, 4, 2]  # chosen by the attackers, a different série each quarter


def pm(ecart: int) -> Decimal:
    with localcontext() as context:
        context.prec = 40
        return Decimal(abs(ecart)).sqrt().quantize(Decimal("0.001"), rounding=ROUND_HALF_UP)


def expected_totals(bonus_a: Decimal) -> tuple[Decimal, Decimal]:
    a, b = bonus_a, Decimal(0)
    for a_scores, b_scores in SCORES:
        for x, y in zip(a_scores, b_scores, strict=True):
            a, b = a + (pm(x - y) if x > y else 0), b + (pm(y - x) if y > x else 0)
    return a, b


def type_sheet(page, room, keeper, boards, scores, contract="garde"):
    form = page.get_by_test_id(f"sheet-{room}-{keeper}")
    for board, score in zip(boards, scores, strict=True):
        form.locator(f"#id_{room}-{keeper}-contract_{board}").select_option(contract)
        field = form.locator(f"#id_{room}-{keeper}-score_{board}")
        field.fill("")
        field.press_sequentially(f"{score:+d}")
    form.locator(f"#id_{room}-{keeper}-signed").check()  # the other side's visa on the paper
    with page.expect_navigation():
        form.get_by_test_id(f"save-{room}-{keeper}").click()
    expect(page.locator("body")).to_contain_text("Sheet saved.")


def confirm(page, sheets):
    for room, keeper in sheets:
        with page.expect_navigation():
            page.get_by_test_id(f"confirm-{room}-{keeper}").click()
        expect(page.locator("body")).to_contain_text("Sheet confirmed.")


def test_a_team_match_end_to_end(page, log_in, browser, live_server):
    organiser = SiteOrganiserFactory(username="martine")
    log_in(organiser)
    page.goto("/manage/new/")
    page.locator("#id_name").fill("Match des Rois")
    page.locator("#id_format").select_option("match")
    page.get_by_role("button", name="Create").click()
    tournament = Tournament.objects.get(name="Match des Rois")
    assert tournament.format == "match"
    tournament.is_public = True
    tournament.save()
    registrations = RegistrationFactory.create_batch(9, tournament=tournament)
    page.goto(f"/manage/t/{tournament.slug}/teams/new/")
    page.locator("#id_name").fill("Les Rois")
    for registration in registrations[:5]:
        page.get_by_label(f"{registration.number} · {registration.name}").check()
    page.get_by_role("button", name="Save").click()
    assert tournament.teams.get(name="Les Rois").members.count() == 5
    team_create(tournament=tournament, user=organiser, name="Les Dames", members=registrations[5:])
    scorer, arbitre, second = (
        get_user_model().objects.create(username=n) for n in ("sacha", "arno", "berthe")
    )
    StaffRoleFactory(tournament=tournament, user=scorer, role="scorer")
    StaffRoleFactory(tournament=tournament, user=arbitre, role="arbitre")
    StaffRoleFactory(tournament=tournament, user=second, role="arbitre")

    page.goto(f"/manage/t/{tournament.slug}/")
    page.get_by_test_id("matches-link").click()
    page.get_by_test_id("draw-matches").click()
    expect(page.get_by_test_id("match-1")).to_be_visible()
    match = TeamMatch.objects.get(tournament=tournament)
    members = {
        "a": list(match.team_a.members.order_by("number")),
        "b": list(match.team_b.members.order_by("number")),
    }

    phone = browser.new_context(
        base_url=live_server.url, locale="en-US", viewport={"width": 390, "height": 800}
    ).new_page()

    log_in(arbitre)
    page.goto(f"/manage/t/{tournament.slug}/matches/1/")
    page.locator("#id_bonus_a").fill("1,5")
    page.get_by_test_id("save-bonus").click()
    expect(page.locator("body")).to_contain_text("Bonus fixed.")
    for quarter, ((a_scores, b_scores), board_set) in enumerate(
        zip(SCORES, SERIES, strict=True), 1
    ):
        log_in(arbitre)
        page.goto(f"/manage/t/{tournament.slug}/matches/1/")
        page.get_by_test_id(f"name-quarter-{quarter}").click()
        for side in "ab":
            attacker = members[side][quarter - 1]
            page.locator(f"#id_attacker_{side}").select_option(str(attacker.pk))
            for defender in [m for m in members[side] if m != attacker][:3]:
                page.locator(f"input[name='defenders_{side}'][value='{defender.pk}']").check()
        a_room = "open" if quarter % 2 else "closed"
        page.locator("#id_a_room").select_option(a_room)
        page.locator("#id_board_set").select_option(str(board_set))
        page.get_by_test_id("save-players").click()
        expect(page.locator("body")).to_contain_text(f"Quarter {quarter} named.")
        b_room = "closed" if a_room == "open" else "open"
        boards = range((board_set - 1) * 4 + 1, board_set * 4 + 1)

        log_in(scorer)
        page.reload()
        for keeper in ("attack", "defence"):
            type_sheet(page, a_room, keeper, boards, a_scores)
        type_sheet(page, b_room, "attack", boards, b_scores)
        wrong = [*b_scores[:-1], b_scores[-1] + 2]
        type_sheet(page, b_room, "defence", boards, wrong)
        expect(page.get_by_test_id(f"differences-{b_room}")).to_contain_text(
            f"Étui {boards[-1]}: the attacker's sheet says Garde {b_scores[-1]:+d}"
        )
        phone.goto(f"/t/{tournament.slug}/standings/")
        expect(phone.get_by_test_id("public-match-1")).to_contain_text(
            f"Quarter {quarter}: in play"
        )

        log_in(arbitre)
        page.reload()
        page.get_by_test_id("close-quarter").click()
        expect(page.locator("body")).to_contain_text("the two sheets are not whole or differ")
        sheets = [(r, k) for r in (a_room, b_room) for k in ("attack", "defence")]
        if quarter == 1:
            # The arbitre mends the sheet himself: four-eyes, a second arbitre confirms it.
            type_sheet(page, b_room, "defence", boards, b_scores)
            expect(page.get_by_test_id(f"agreed-{b_room}")).to_be_visible()
            expect(page.get_by_test_id(f"confirm-{b_room}-defence")).to_have_count(0)
            expect(page.get_by_test_id(f"four-eyes-{b_room}-defence")).to_contain_text(
                "another arbitre must confirm it"
            )
            page.get_by_test_id("close-quarter").click()
            expect(page.locator("body")).to_contain_text("Not confirmed yet")
            confirm(page, sheets[:3])
            log_in(second)
            page.reload()
            confirm(page, sheets[3:])
            log_in(arbitre)
            page.reload()
        else:
            log_in(scorer)
            page.reload()
            type_sheet(page, b_room, "defence", boards, b_scores)
            expect(page.get_by_test_id(f"agreed-{b_room}")).to_be_visible()
            log_in(arbitre)
            page.reload()
            confirm(page, sheets)
        page.get_by_test_id("close-quarter").click()
        expect(page.get_by_test_id("quarter-closed")).to_be_visible()

    total_a, total_b = expected_totals(Decimal("1.5"))
    page.goto(f"/manage/t/{tournament.slug}/matches/1/")
    expect(page.get_by_test_id("match-total")).to_contain_text(f"{total_a}")
    expect(page.get_by_test_id("match-total")).to_contain_text(f"{total_b}")
    winner = match.team_a if total_a > total_b else match.team_b
    expect(page.get_by_test_id("match-result")).to_have_text(f"{winner.name} wins.")
    pdf = page.request.get(f"/manage/t/{tournament.slug}/matches/1/result.pdf")
    assert pdf.ok and pdf.body().startswith(b"%PDF")
    page.goto(f"/manage/t/{tournament.slug}/matches/")
    expect(page.get_by_test_id(f"competition-{winner.number}")).to_contain_text("2")

    phone.goto(f"/t/{tournament.slug}/")
    phone.get_by_test_id("standings-link").click()
    expect(phone.get_by_test_id("public-result-1")).to_contain_text(f"{total_a} – {total_b} PM")
    expect(phone.get_by_test_id("competition").locator("tbody tr").first).to_contain_text(
        winner.name
    )
