"""One long unbroken name does not push a phone's check-in list or the public standings off
screen: nothing overflows horizontally at 390 px."""

import pytest

from scoring.formats.libre import services
from scoring.formats.libre.forms import read_entry
from tests.factories import RegistrationFactory, TournamentFactory, UserFactory
from tests.scoring.conftest import SAMPLE, VISAS, seat_and_publish

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LONG = "WOLFESCHLEGELSTEINHAUSENBERGERDORFFVONDERROCHEFOUCAULDLIANCOURT"


@pytest.fixture
def phone(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, locale="fr-FR")
    yield context.new_page()
    context.close()


def test_a_long_name_fits_a_phone(phone, client):
    boss = UserFactory(username="boss", is_superuser=True)
    boss.set_password("long-names-password-1")
    boss.save()
    tournament = TournamentFactory(slug="longs", is_public=True)
    RegistrationFactory(tournament=tournament, checked_in=True, last_name=LONG, first_name="Anne")
    round_ = seat_and_publish(tournament, boss, 7)
    table = round_.seats.get(registration__last_name=LONG).table
    services.scoresheet_save(
        table=table, user=boss, entry=read_entry({**SAMPLE, **VISAS}), base_version=0
    )
    phone.goto("/t/longs/standings/")
    assert phone.locator(f"text={LONG[:20]}").count() >= 1
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.goto("/accounts/login/")
    phone.fill("input[name=username]", "boss")
    phone.fill("input[name=password]", "long-names-password-1")
    phone.click("button[type=submit]")
    phone.goto("/manage/t/longs/checkin/")
    assert phone.locator(f"text={LONG[:20]}").count() >= 1
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
