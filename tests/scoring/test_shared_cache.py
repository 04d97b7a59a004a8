"""The cache shared by two or more servers: a real Redis, when ``REDIS_URL`` names one.

Skipped without it (a test that needs no Redis cannot show that Redis works). ``.ci/run``
starts a redis-server and runs these tests, with the other tests of the public pages, against
it, in one process: the tests empty the cache between them (FLUSHDB), so point ``REDIS_URL`` at
a Redis of your own. "Another server" here is another client of the same Redis, made from the
same settings, as a second gunicorn would make it.
"""

import os
import re

import pytest
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache
from django.urls import reverse
from django.utils.safestring import SafeString

from common import cache as cache_module
from scoring.formats.duplicate.services import session_close, session_reopen
from scoring.formats.libre import services
from scoring.formats.libre.standings import cached_standings, ledger_stamp
from tests.scoring.duplicate import test_cache_confidentiality as confidential
from tests.support import enter
from tournaments.views import helpers

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="REDIS_URL names no Redis"),
]


def another_server():
    """A second, independent client of the configured cache (its own connection pool)."""
    return caches.create_connection("default")


def test_the_settings_choose_redis():
    assert isinstance(caches["default"], RedisCache)
    cache.set("probe", {"a": 1})
    assert another_server().get("probe") == {"a": 1}


def test_a_ranking_computed_on_one_server_is_read_on_another(
    round1, staff, monkeypatch, django_assert_num_queries
):
    tournament = round1.tournament
    enter(round1.tables.get(number=1), staff["scorer"])
    stamp = ledger_stamp(tournament=tournament)
    here = cached_standings(tournament=tournament, stamp=stamp)
    monkeypatch.setattr(cache_module, "cache", another_server())
    with django_assert_num_queries(1):  # the last position published; no ranking computed
        there = cached_standings(tournament=tournament, stamp=stamp)
    assert there == here and there is not here and there.sheets == 1


def test_after_a_change_every_server_computes_afresh(round1, staff, monkeypatch):
    tournament = round1.tournament
    sheet = enter(round1.tables.get(number=1), staff["scorer"])
    assert cached_standings(tournament=tournament, official=True).sheets == 0
    services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    monkeypatch.setattr(cache_module, "cache", another_server())
    assert cached_standings(tournament=tournament, official=True).sheets == 1


def test_a_fragment_rendered_on_one_server_is_served_by_another(client, round1, staff):
    tournament = round1.tournament
    table = round1.tables.get(number=1)
    enter(table, staff["scorer"])
    address = reverse("standings:individual", kwargs={"slug": tournament.slug})
    first = client.get(address, {"fragment": "1"}).content.decode()
    south = table.seats.get(number=2).registration
    assert re.search(rf'data-testid="total-{south.number}">1346', first)
    keys = [key for key in cache._cache.get_client().keys("*") if b":fragment:" in key]
    assert len(keys) == 1
    stored = another_server().get(keys[0].decode().split(":", 2)[2])
    assert isinstance(stored, SafeString) and stored in first


def test_a_poll_on_another_server_hears_of_the_change(client, round1, staff, monkeypatch):
    tournament = round1.tournament
    address = reverse("standings:individual", kwargs={"slug": tournament.slug})
    stamp = ledger_stamp(tournament=tournament)
    assert client.get(address, {"fragment": "1"}).status_code == 200  # cached here
    enter(round1.tables.get(number=1), staff["scorer"])
    monkeypatch.setattr(helpers, "cache", another_server())
    monkeypatch.setattr(cache_module, "cache", another_server())
    response = client.get(address, {"fragment": "1", "stamp": str(stamp)})
    assert response.status_code == 200
    assert "1 of 2 sheets" in response.content.decode()


def test_a_closed_seance_drawn_on_one_server_is_not_served_by_another_once_reopened(monkeypatch):
    """fft-duplicate.md §1.7 across servers: one server draws the public pages of a closed
    séance into the shared cache; the séance is reopened; another server serves nothing of its
    results, and asks nothing of the first (a new stamp is a new key)."""
    tournament, session, arbitre, _second = confidential.build()
    session_close(session=session, user=arbitre)
    assert confidential.shows_results_everywhere(confidential.public_html(tournament))
    session_reopen(session=session, user=arbitre, reason="A line was misread.")
    monkeypatch.setattr(helpers, "cache", another_server())
    monkeypatch.setattr(cache_module, "cache", another_server())
    for params in ({}, {"fragment": "1"}):
        assert not confidential.secrets_in(confidential.public_html(tournament, **params))
