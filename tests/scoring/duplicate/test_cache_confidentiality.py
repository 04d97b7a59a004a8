"""What the cache in front of the public pages may show, and to whom (fft-duplicate.md §1.7: no
score, note or rank of a séance is public before the arbitre closes it).

The public pages of a duplicate cache their live part under the tournament's change stamp
(``scoring.public_live``) and answer a poll that holds the current stamp with a 204; the staff's
rankings are cached under the same stamp with the official/provisional flag
(``scoring.ranking_cache``). Attacked here, with the cache the tests run on (the local memory
one; ``tests/scoring/test_shared_cache.py`` runs the same attacks against a shared Redis): an
entry computed while the séance was closed, served after it is reopened; a staff ranking
(provisional, every sheet entered) cached and then asked for by the public; a tournament made
private while its pages are cached, and a poll that holds their stamp; an entry missing (a
Redis emptied or evicted); a server that read the stamp before a write committed and the data
after it.
"""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from scoring.formats.duplicate.services import session_close, session_reopen
from scoring.formats.match.services import matches_draw
from scoring.formats.match.services_sheets import quarter_reopen
from scoring.formats.registry import format_of
from scoring.official_ranking import cached_official_ranking
from scoring.public_live import ledger_stamp
from scoring.simulation_staff import simulation_accounts
from tests.permissions_fixtures import TEAM_GAMES
from tournaments.models import Tournament
from tournaments.simulation import tournament_simulate

from .helpers import drawn_session, duplicate_tournament, enter, staff_of
from .test_team_match import QUARTER_SCORES, competition_of, play

pytestmark = pytest.mark.django_db

# What only a closed séance may show the public: a score typed (+56, −52), a note or a global
# (a percentage), a place in a ranking.
SECRETS = ("+56", "-52", "%", 'class="rank"', "place 1")


def build(*, confirmed_but_last=False):
    """8 players, every étui's travelling sheet entered and confirmed (but the last one's,
    when asked), the séance open."""
    tournament = duplicate_tournament(players=8, positions=2, slug="secret", is_public=True)
    session = drawn_session(tournament)
    _organiser, scorer, arbitre, second = staff_of(tournament)
    boards = list(session.boards.order_by("number"))
    for board in boards:
        last = board == boards[-1] and confirmed_but_last
        enter(board, [56, -52], scorer, confirm_by=None if last else arbitre)
    return tournament, session, arbitre, second


@pytest.fixture
def played():
    return build()


def addresses(tournament) -> list[tuple[str, dict]]:
    """The public pages that show results, each with the query it needs."""
    slug = tournament.slug
    first = tournament.registrations.order_by("number").first()
    return [
        (reverse("standings:individual", args=[slug]), {}),
        (reverse("standings:player", args=[slug, first.number]), {}),
        (reverse("screen:screen", args=[slug]), {}),
        (reverse("screen:panel", args=[slug]), {"panel": "results"}),
    ]


def public_html(tournament, **params) -> dict[str, str]:
    """Each public address as an anonymous visitor sees it (its live part with ``params``)."""
    anonymous = Client()
    pages = {}
    for address, query in addresses(tournament):
        response = anonymous.get(address, {**query, **params})
        assert response.status_code == 200, address
        pages[address] = response.content.decode()
    return pages


def secrets_in(pages: dict[str, str]) -> list[tuple[str, str]]:
    return [(address, s) for address, html in pages.items() for s in SECRETS if s in html]


def shows_results_everywhere(pages: dict[str, str]) -> bool:
    return all("%" in html for html in pages.values())


def test_results_cached_while_closed_are_not_served_once_reopened(played):
    tournament, session, arbitre, _second = played
    assert not secrets_in(public_html(tournament))
    session_close(session=session, user=arbitre)
    closed_stamp = ledger_stamp(tournament=tournament)
    # The probe sees the results on every page: the live parts are in the cache now.
    assert shows_results_everywhere(public_html(tournament, fragment="1"))
    assert shows_results_everywhere(public_html(tournament))
    session_reopen(session=session, user=arbitre, reason="A line was misread.")
    assert not secrets_in(public_html(tournament)), "served from the closed séance's cache"
    assert not secrets_in(public_html(tournament, fragment="1"))
    # A phone that drew the closed séance's results polls with their stamp: told the news,
    # never "nothing new" (which would leave the results on its screen).
    anonymous = Client()
    for address, query in addresses(tournament):
        response = anonymous.get(address, {**query, "fragment": "1", "stamp": closed_stamp})
        assert response.status_code == 200, address
        assert not [s for s in SECRETS if s in response.content.decode()], address


def test_a_missing_entry_is_computed_again_under_the_same_rule(played):
    tournament, session, arbitre, _second = played
    public_html(tournament, fragment="1")
    cache.clear()  # a Redis emptied, restarted or evicting
    assert not secrets_in(public_html(tournament, fragment="1"))
    session_close(session=session, user=arbitre)
    cache.clear()
    assert shows_results_everywhere(public_html(tournament, fragment="1"))


def test_the_staffs_rankings_in_the_cache_never_reach_the_public(played):
    """The staff look at the provisional and the official rankings of the open séance (their
    pages and the results menu fill the cache); the public pages, asked next under the same
    stamp, show nothing of them."""
    tournament, _session, arbitre, _second = played
    staff = Client()
    staff.force_login(arbitre)
    slug = tournament.slug
    for address, params in (
        (reverse("scoring:duplicate_ranking", args=[slug, 1]), {}),
        (reverse("scoring:duplicate_ranking", args=[slug, 1]), {"official": "1"}),
        (reverse("scoring:exports", args=[slug]), {}),
        (reverse("scoring:exports", args=[slug]), {"official": "1"}),
        (reverse("standings:individual", args=[slug]), {"fragment": "1"}),
    ):
        response = staff.get(address, params)
        assert response.status_code == 200, address
    for official in (False, True):
        ranking = cached_official_ranking(tournament=tournament, official=official)
        assert any(row.figure for row in ranking.rows)  # the staff's: with every global
    assert not secrets_in(public_html(tournament))
    assert not secrets_in(public_html(tournament, fragment="1"))


def test_the_official_and_the_provisional_rankings_are_cached_apart():
    """The last étui's sheet entered, not confirmed: the provisional ranking counts it, the
    official one does not; each is read from its own key."""
    tournament, _session, _arbitre, _second = build(confirmed_but_last=True)
    official = cached_official_ranking(tournament=tournament, official=True)
    provisional = cached_official_ranking(tournament=tournament, official=False)
    assert official != provisional
    assert cached_official_ranking(tournament=tournament, official=True) == official
    assert cached_official_ranking(tournament=tournament, official=False) == provisional


def test_a_tournament_made_private_is_not_served_from_the_cache_nor_told_nothing_new(played):
    """Privacy is read from the database at every request, before the cache and before the
    stamp's 204: even a change that moves no stamp (an update by hand) hides it at once."""
    tournament, session, arbitre, _second = played
    session_close(session=session, user=arbitre)
    anonymous = Client()
    stamp = ledger_stamp(tournament=tournament)
    for address, query in addresses(tournament):
        assert anonymous.get(address, {**query, "fragment": "1"}).status_code == 200
    Tournament.objects.filter(pk=tournament.pk).update(is_public=False)
    assert ledger_stamp(tournament=tournament) == stamp
    seating = (reverse("public:seating", args=[tournament.slug]), {})
    for address, query in [*addresses(tournament), seating]:
        for params in ({}, {"fragment": "1"}, {"fragment": "1", "stamp": stamp}):
            response = anonymous.get(address, {**query, **params})
            assert response.status_code == 404, (address, params, response.status_code)


def test_a_fragment_drawn_for_the_staff_holds_nothing_of_theirs(played):
    """The live part is cached for everyone: drawn first for an arbitre of the private
    tournament, then served to the public once it is public, it names no account and carries
    no form token."""
    tournament, session, arbitre, _second = played
    session_close(session=session, user=arbitre)
    Tournament.objects.filter(pk=tournament.pk).update(is_public=False)
    staff = Client()
    staff.force_login(arbitre)
    cached = addresses(tournament)[:2]  # the projector's are drawn at each request
    for address, query in cached:
        assert staff.get(address, {**query, "fragment": "1"}).status_code == 200
    Tournament.objects.filter(pk=tournament.pk).update(is_public=True)
    for address, query in cached:
        html = Client().get(address, {**query, "fragment": "1"}).content.decode()
        assert arbitre.username not in html, address
        assert "csrfmiddlewaretoken" not in html and "logout" not in html, address


def test_a_server_that_read_the_stamp_before_a_reopen_cannot_key_results_after_it(
    played, monkeypatch
):
    """Two servers, one cache: one reads the closed séance's results while the other commits
    the reopening. Whatever it stores goes under the stamp it read first (the closed one):
    the next visitor, under the reopened séance's stamp, is served nothing of the results.
    Were the stamp read after the data, the results would sit under the new stamp."""
    tournament, session, arbitre, _second = played
    session_close(session=session, user=arbitre)
    game = type(format_of(tournament))
    reads = game.session_rankings

    def read_then_reopen(self, *args, **kwargs):
        found = reads(self, *args, **kwargs)
        monkeypatch.setattr(game, "session_rankings", reads)
        session_reopen(session=session, user=arbitre, reason="Reopened meanwhile.")
        return found

    monkeypatch.setattr(game, "session_rankings", read_then_reopen)
    address, _query = addresses(tournament)[0]
    racing = Client().get(address, {"fragment": "1"}).content.decode()
    assert "%" in racing  # what the first server read: the closed séance's
    session.refresh_from_db()
    assert not session.is_closed
    assert not secrets_in(public_html(tournament, fragment="1"))


def every_public_address(tournament) -> list[tuple[str, dict]]:
    """Every public page of ``tournament`` and its live part."""
    slug = tournament.slug
    pages = [
        (reverse("public:tournament", args=[slug]), {}),
        (reverse("public:seating", args=[slug]), {}),
        (reverse("standings:individual", args=[slug]), {}),
        (reverse("standings:teams", args=[slug]), {}),
        (reverse("screen:screen", args=[slug]), {}),
    ]
    for panel in format_of(tournament).screen_panels(tournament):
        pages.append((reverse("screen:panel", args=[slug]), {"panel": panel}))
    for registration in tournament.registrations.order_by("number")[:2]:
        pages.append((reverse("standings:player", args=[slug, registration.number]), {}))
    for team in tournament.teams.order_by("number")[:2]:
        pages.append((reverse("standings:quadrette", args=[slug, team.number]), {}))
    return [
        (address, {**query, **live}) for address, query in pages for live in ({}, {"fragment": "1"})
    ]


CSRF_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"|"X-CSRFToken": "[^"]*"')


def served(tournament) -> dict[tuple, tuple[int, str]]:
    """What an anonymous visitor gets at each public address (the CSRF tokens of the page
    around the live part, drawn for each visitor, left out)."""
    anonymous = Client()
    answers = {}
    for address, query in every_public_address(tournament):
        response = anonymous.get(address, query)
        html = CSRF_TOKEN.sub("", response.content.decode())
        answers[(address, tuple(sorted(query.items())))] = (response.status_code, html)
    return answers


def team_seance(game: str):
    """A triplettes or quadrettes séance played through and closed (the simulation's)."""
    size, players, simulate, _sheets = TEAM_GAMES[game]
    organiser = get_user_model().objects.get_or_create(username=f"{game}-organiser")[0]
    tournament = tournament_simulate(
        slug=game,
        players=players,
        user=organiser,
        team_size=size,
        positions=1,
        seed=2,
        format=game,
    )
    Tournament.objects.filter(pk=tournament.pk).update(is_public=True)
    tournament.refresh_from_db()
    session = simulate(tournament=tournament, user=organiser, seed=2, sheets=True)
    _scorer, arbitre = simulation_accounts(tournament)
    return tournament, lambda: session_reopen(session=session, user=arbitre, reason="Misread.")


def match_quarter():
    """A team match whose first quarter is played and closed."""
    tournament = competition_of(slug="rencontre")
    Tournament.objects.filter(pk=tournament.pk).update(is_public=True)
    tournament.refresh_from_db()
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    quarter = play(match, 1, scorer, arbitre, *QUARTER_SCORES[0])
    return tournament, lambda: quarter_reopen(quarter=quarter, user=arbitre, reason="Misread.")


@pytest.mark.parametrize("game", ["triplettes", "quadrettes", "match"])
def test_every_public_page_served_warm_is_what_an_empty_cache_gives(game):
    """Once the unit of play is closed, every public page is drawn (the cache filled); the
    arbitre reopens it. Then each page served from the cache must be the one an empty cache
    gives: no entry of the closed state survives the reopening, in any format."""
    tournament, reopen = match_quarter() if game == "match" else team_seance(game)
    closed = served(tournament)
    reopen()
    warm = served(tournament)
    cache.clear()
    assert warm == served(tournament)
    assert warm != closed  # the reopening hid what the close had shown
