"""A summer festival, in a real browser: three donnes-libres tournaments (Friday, Saturday,
Sunday) with entry fees paid at check-in, one challenge across them and prizes, every figure
worked by hand below.

The three tournaments are played through the services (``tests.scoring.season.festival``: one
table of four each, the official sample sheet, the position closed). Their places, from the
seating draw:

    Friday (× 1):   1st P1, 2nd P0, 3rd P2, 4th P3
    Saturday (× 1): 1st P4, 2nd P0, 3rd P5, 4th P1
    Sunday (× 2):   1st P5, 2nd P4, 3rd P2, 4th P0

The challenge: scale 10, 6, 4, 2; the best 2 results; ranked from 2 tournaments; Sunday counts
double. P0: 6, 6, 2 × 2 = 4, best two 12 (best result 6). P1: 10, 2: 12 (best 10). P2: 4,
4 × 2 = 8: 12 (best 8). P3: one tournament, unranked. P4: 10, 6 × 2 = 12: 22. P5: 4,
10 × 2 = 20: 24. So 1st P5 24, 2nd P4 22, then P1, P2 and P0 on 12, in that order by their best
result (10, 8, 6).

The fees: 10,00 € licensed, 6,00 € young. Every player pays 10,00 € but P0 on Sunday (young):
Friday 40,00 €, Saturday 40,00 €, Sunday 36,00 €, 116,00 € in all. Friday's prizes: 90 % of
40,00 € = 36,00 € over the first 2 places (weights 2, 1): 24,00 € to P1, 12,00 € to P0. The
challenge's: 50 % of 116,00 € = 58,00 € over its first 3 places (weights 3, 2, 1): 29,00 €
(58 × 3 / 6), 19,33 € (58 × 2 / 6 = 19,333…), 9,66 € (9,666…): 57,99 €, the cent left by the
rounding to the first: 29,01 € to P5, 19,33 € to P4, 9,66 € to P1; plus a bonus of 5,00 € to
whoever played all three tournaments: P0.
"""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import printed_text
from tests.scoring.season.festival import festival, organiser_account, places
from tournaments import services_fees
from tournaments.models import FeeCategory

pytestmark = pytest.mark.browser

# The places above, by player index, checked against the seating draw before anything else.
PLACES = {
    "vendredi": {1: 1, 0: 2, 2: 3, 3: 4},
    "samedi": {4: 1, 0: 2, 5: 3, 1: 4},
    "dimanche": {5: 1, 4: 2, 2: 3, 0: 4},
}


def pay(tournament, organiser, young=()):
    services_fees.fees_set(
        user=organiser,
        tournament=tournament,
        amounts={FeeCategory.LICENSED: 1000, FeeCategory.YOUNG: 600},
    )
    for registration in tournament.registrations.select_related("player"):
        category = FeeCategory.YOUNG if registration.player in young else FeeCategory.LICENSED
        services_fees.registration_pay(
            user=organiser, registration=registration, category=category, payment="cheque"
        )


def test_a_festival_with_its_fees_challenge_and_prizes(page, log_in):
    organiser = organiser_account()
    players, days = festival(organiser)
    index = {player.pk: i for i, player in enumerate(players)}
    for day, tournament in days.items():
        found = {index[pk]: place for pk, (place, _total) in places(tournament).items()}
        assert found == PLACES[day], day
    pay(days["samedi"], organiser)
    pay(days["dimanche"], organiser, young=[players[0]])
    name = {i: str(player) for i, player in enumerate(players)}
    log_in(organiser)

    # Friday's fees, typed in, then paid at the door in cash.
    friday = days["vendredi"]
    page.goto(f"/manage/t/{friday.slug}/fees/")
    page.locator("#id_licensed").fill("10")
    page.get_by_label("Young").fill("6,00")
    page.get_by_role("button", name="Save").click()
    page.goto(f"/manage/t/{friday.slug}/checkin/")
    for registration in friday.registrations.order_by("number"):
        page.get_by_test_id(f"pay-cash-{registration.number}").click()
        expect(page.get_by_test_id(f"fee-{registration.number}")).to_contain_text("Paid")
    page.goto(f"/manage/t/{friday.slug}/treasurer/")
    expect(page.locator("main")).to_contain_text("40.00")

    # Friday's prizes: 90 % over the first 2 places.
    page.goto(f"/manage/t/{friday.slug}/prizes/")
    page.get_by_label("Kind").select_option("share")
    page.get_by_label("Share of the fees (%)").fill("90")
    page.get_by_label("Places").fill("2")
    page.get_by_role("button", name="Add the rule").click()
    prizes = page.get_by_test_id("prize-list")
    expect(prizes).to_contain_text("36.00")
    rows = prizes.locator("tbody tr")
    expect(rows.nth(0)).to_contain_text(name[1])
    expect(rows.nth(0)).to_contain_text("24.00")
    expect(rows.nth(1)).to_contain_text(name[0])
    expect(rows.nth(1)).to_contain_text("12.00")

    # The challenge, across the three days.
    page.goto("/manage/challenges/")
    page.get_by_role("link", name="New challenge").click()
    page.get_by_label("Name").fill("Festival d'été")
    page.get_by_label("Short address").fill("festival-ete")
    page.get_by_label("Scale").fill("10, 6, 4, 2")
    page.get_by_label("Best results counted").fill("2")
    page.get_by_label("Minimum participations").fill("2")
    page.get_by_role("button", name="Create").click()
    for day in ("vendredi", "samedi", "dimanche"):
        adding = page.get_by_test_id("add-tournament")
        adding.get_by_label("Tournament").select_option(value=str(days[day].pk))
        adding.get_by_label("Coefficient").fill("2" if day == "dimanche" else "1")
        adding.get_by_role("button", name="Add").click()
        expect(page.get_by_test_id("challenge-tournaments")).to_contain_text(days[day].name)

    # Its prizes: half the fees of its tournaments over its first 3, and a bonus.
    page.goto("/manage/challenges/festival-ete/prizes/")
    page.get_by_label("Kind").select_option("share")
    page.get_by_label("Share of the fees (%)").fill("50")
    page.get_by_label("Places").fill("3")
    page.get_by_role("button", name="Add the rule").click()
    page.get_by_label("Kind").select_option("bonus")
    page.get_by_label("Bonus (€)").fill("5")
    page.get_by_label("Tournaments played, at least").fill("3")
    page.get_by_role("button", name="Add the rule").click()
    prizes = page.get_by_test_id("prize-list")
    expect(prizes).to_contain_text("116.00")
    expect(prizes).to_contain_text("58.00")
    expected = [(5, "29.01"), (4, "19.33"), (1, "9.66"), (0, "5.00")]
    rows = prizes.locator("tbody tr")
    for row, (player, amount) in enumerate(expected):
        expect(rows.nth(row)).to_contain_text(name[player])
        expect(rows.nth(row)).to_contain_text(amount)
    printed = " ".join(printed_text(page, "Print the prize list (PDF)"))
    for player, amount in expected:
        assert name[player] in printed and amount in printed, (player, amount)

    # The public page, as a player sees it on a phone.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/c/festival-ete/")
    standings = [(5, "1", "24.00"), (4, "2", "22.00"), (1, "3", "12.00"), (2, "4", "12.00")]
    standings.append((0, "5", "12.00"))
    for player, place, total in standings:
        row = page.locator("tr", has=page.get_by_test_id(f"total-{players[player].pk}"))
        expect(row).to_contain_text(name[player])
        expect(row).to_contain_text(total)
        expect(row.locator("td").first).to_have_text(place)
    third = page.locator("tr", has=page.get_by_test_id(f"total-{players[1].pk}"))
    expect(third).to_contain_text("ahead on best result")
    expect(page.get_by_text("Unranked")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
