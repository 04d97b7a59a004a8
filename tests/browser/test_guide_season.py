"""The user guide's "A club's season" walk, in a real browser and in French: the organiser sets
a tournament's entry fees, players pay at check-in, a challenge gathers the three tournaments
of a summer festival, its prizes are worked out, and players follow it on their phones. With
``GUIDE_SCREENSHOTS=1`` (``make guide``) each step saves the picture that
docs/guide-utilisateur.md shows (docs/images/7N-*.png); every run checks what they show.

The festival's figures are those worked by hand in tests/browser/test_festival.py.
"""

import pytest
from playwright.sync_api import expect

from tests.browser.test_guide import (  # noqa: F401
    PHONE_VIEWPORT,
    PROJECTOR_VIEWPORT,
    log_in,
    new_page,
    shot,
)
from tests.factories import ClubFactory, UserFactory
from tests.scoring.season.festival import festival, organiser_account
from tournaments import services_fees
from tournaments.models import FeeCategory

pytestmark = pytest.mark.browser

NAMES = [
    ("Martin", "Jeanne"),
    ("Bernard", "Louis"),
    ("Dubois", "Alice"),
    ("Thomas", "Hugo"),
    ("Robert", "Léa"),
    ("Richard", "Paul"),
]


@pytest.fixture
def guide_season(db):
    organiser = organiser_account("organisatrice")
    clubs = [ClubFactory(name=name) for name in ("Tarot Club Lyonnais", "Excuse Villeurbanne")]
    players, days = festival(
        organiser,
        UserFactory(username="arbitre"),
        names=NAMES,
        clubs=[clubs[i % 2] for i in range(6)],
    )
    for day in ("samedi", "dimanche"):
        services_fees.fees_set(
            user=organiser, tournament=days[day], amounts={FeeCategory.LICENSED: 1000}
        )
        for registration in days[day].registrations.all():
            services_fees.registration_pay(
                user=organiser,
                registration=registration,
                category=FeeCategory.LICENSED,
                payment="cheque",
            )
    return players, days


def test_guide_a_club_season(new_page, guide_season):  # noqa: F811
    players, days = guide_season
    friday = days["vendredi"]
    page = new_page()
    log_in(page, "organisatrice")

    # 1. The entry fees of Friday's tournament.
    page.goto(f"/manage/t/{friday.slug}/fees/")
    page.locator("#id_licensed").fill("10")
    page.locator("#id_young").fill("6")
    shot(page, "70-droits-inscription")
    page.get_by_role("button", name="Enregistrer").click()

    # 2. Paid at the door, on the check-in page.
    page.goto(f"/manage/t/{friday.slug}/checkin/")
    for registration in friday.registrations.order_by("number")[:3]:
        page.get_by_test_id(f"pay-cash-{registration.number}").click()
        expect(page.get_by_test_id(f"fee-{registration.number}")).to_contain_text("Réglé")
    shot(page, "71-pointage-reglement")
    page.goto(f"/manage/t/{friday.slug}/treasurer/")
    expect(page.locator("main")).to_contain_text("30,00")
    shot(page, "72-feuille-du-tresorier")

    # The arbitre declared each day's results final once its position was closed.
    page.goto(f"/manage/t/{friday.slug}/results/")
    expect(page.get_by_test_id("results-final")).to_contain_text("Déclarés définitifs")
    page.get_by_test_id("results-final").scroll_into_view_if_needed()
    shot(page, "79-resultats-definitifs")

    # 3. A challenge across the festival.
    page.goto("/manage/challenges/")
    page.get_by_role("link", name="Nouveau challenge").click()
    page.locator("#id_name").fill("Festival d'été")
    page.locator("#id_slug").fill("festival-ete")
    page.locator("#id_scale").fill("10, 6, 4, 2")
    page.locator("#id_best_of").fill("2")
    page.locator("#id_min_participations").fill("2")
    shot(page, "73-nouveau-challenge")
    page.get_by_role("button", name="Créer").click()
    for day in ("vendredi", "samedi", "dimanche"):
        adding = page.get_by_test_id("add-tournament")
        adding.locator("select").select_option(value=str(days[day].pk))
        adding.locator("input[name=coefficient]").fill("2" if day == "dimanche" else "1")
        adding.get_by_role("button", name="Ajouter").click()
        expect(page.get_by_test_id("challenge-tournaments")).to_contain_text(days[day].name)
    shot(page, "74-challenge-tournois")

    # 4. Its prizes: half the fees over the first three, a bonus for all three tournaments.
    page.goto("/manage/challenges/festival-ete/prizes/")
    page.locator("select[name=kind]").select_option("share")
    page.locator("input[name=share_percent]").fill("50")
    page.locator("input[name=places]").fill("3")
    page.get_by_role("button", name="Ajouter la règle").click()
    page.locator("select[name=kind]").select_option("bonus")
    page.locator("input[name=bonus]").fill("5")
    page.locator("input[name=min_tournaments]").fill("3")
    page.get_by_role("button", name="Ajouter la règle").click()
    expect(page.get_by_test_id("prize-list")).to_contain_text("5,00")
    page.get_by_test_id("prize-list").scroll_into_view_if_needed()
    shot(page, "75-challenge-gains")

    # 5. The players follow it on their phones, and each one's tournaments.
    phone = new_page(PHONE_VIEWPORT, mobile=True)
    phone.goto("/c/festival-ete/")
    expect(phone.get_by_test_id(f"total-{players[5].pk}")).to_contain_text("24,00")
    shot(phone, "76-challenge-telephone")
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
    phone.goto(f"/players/{players[0].pk}/")
    expect(phone.get_by_test_id("history")).to_contain_text("Festival dimanche")
    shot(phone, "77-historique-du-joueur")
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")

    # 6. The projector in the room, in French (its counts come from both Python and templates).
    screen = new_page(PROJECTOR_VIEWPORT)
    screen.goto("/c/festival-ete/screen/")
    panel = screen.get_by_test_id("panel-standings")
    expect(panel).to_contain_text("les 2 meilleurs résultats comptent")
    expect(panel).to_contain_text("RICHARD Paul")
    shot(screen, "78-challenge-ecran")
