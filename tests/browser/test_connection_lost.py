"""A live page whose refresh fails says "connection lost" instead of freezing on old data,
and takes the notice away once a refresh succeeds."""

import pytest
from playwright.sync_api import expect

from tests.factories import TournamentFactory

pytestmark = pytest.mark.browser


def test_a_failed_refresh_says_so_and_a_good_one_clears_it(browser, live_server):
    TournamentFactory(slug="en-direct", is_public=True)
    context = browser.new_context(base_url=live_server.url, locale="fr-FR")
    page = context.new_page()
    page.clock.install()  # time flows; the test jumps to the next refresh
    page.goto("/t/en-direct/")
    lost = page.get_by_test_id("connection-lost")
    expect(lost).to_be_hidden()
    page.route("**/*fragment=1*", lambda route: route.abort())  # the server out of reach
    page.clock.fast_forward(60_000)
    expect(lost).to_be_visible()
    expect(lost).to_contain_text("Connexion perdue")
    page.unroute("**/*fragment=1*")
    page.clock.fast_forward(60_000)
    expect(lost).to_be_hidden()
    context.close()
