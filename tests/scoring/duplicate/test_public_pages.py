"""A duplicate's public standings and player pages: their words in both languages, and how
they refresh (htmx polling of their live part, never a meta refresh)."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.formats.duplicate.services import session_close
from scoring.formats.match.services import matches_draw
from tournaments.services_duplicate import session_publish

from .helpers import drawn_session, duplicate_tournament, enter, staff_of
from .test_quadrettes import drawn as drawn_quadrettes
from .test_quadrettes import quadrettes
from .test_team_match import competition_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed():
    tournament = duplicate_tournament(players=8, positions=2, slug="ferme")
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    for board in session.boards.order_by("number"):
        enter(board, [56, -52], scorer, confirm_by=arbitre)
    session_close(session=session, user=arbitre)
    return tournament


@pytest.mark.parametrize(("language", "word"), [("fr", "Note"), ("en", "Note")])
def test_the_player_page_heads_the_note_column_note_not_motif(client, closed, language, word):
    registration = closed.registrations.first()
    html = client.get(
        reverse("standings:player", args=[closed.slug, registration.number]),
        HTTP_ACCEPT_LANGUAGE=language,
    ).content.decode()
    assert f"<th>{word}</th>" in html and "Motif" not in html
    with translation.override("fr"):  # the arbitration report keeps its own word
        assert translation.pgettext("arbitration decision", "Note") == "Motif"


def public_addresses(tournament) -> list[str]:
    slug = tournament.slug
    addresses = [
        reverse("public:home"),
        reverse("public:tournament", args=[slug]),
        reverse("public:seating", args=[slug]),
        reverse("screen:screen", args=[slug]),
        reverse("standings:individual", args=[slug]),
    ]
    for registration in tournament.registrations.order_by("number")[:2]:
        addresses.append(reverse("standings:player", args=[slug, registration.number]))
    for team in tournament.teams.order_by("number")[:2]:
        if tournament.format == "quadrettes":
            addresses.append(reverse("standings:quadrette", args=[slug, team.number]))
    return addresses


def every_format():
    individuel = duplicate_tournament(players=8, positions=2, slug="indiv")
    drawn_session(individuel)
    four = quadrettes(players=16, positions=3, slug="quatre")
    session_publish(session=drawn_quadrettes(four), user=four.created_by)
    match = competition_of(slug="rencontre")
    matches_draw(tournament=match, user=match.created_by, seed=1)
    return [individuel, four, match]


def test_no_public_page_reloads_itself_and_the_live_parts_poll(client):
    for tournament in every_format():
        for address in public_addresses(tournament):
            response = client.get(address)
            assert response.status_code == 200, address
            assert 'http-equiv="refresh"' not in response.content.decode(), address
        for address in public_addresses(tournament)[4:]:  # the results pages
            html = client.get(address).content.decode()
            live = re.search(r'id="live" hx-get="([^"]+)" hx-trigger="every \d+s"', html)
            assert live, address
            polled = client.get(live.group(1).replace("&amp;", "&"))
            assert polled.status_code == 204, address  # nothing new since the page was drawn
            fresh = client.get(address, {"fragment": "1"})
            assert fresh.status_code == 200
            assert fresh.content.decode().startswith('<div id="live"'), address


def test_the_standings_fragment_answers_with_the_news_once_the_seance_closes(client):
    tournament = duplicate_tournament(players=8, positions=2, slug="nouvelles")
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    address = reverse("standings:individual", args=[tournament.slug])
    html = client.get(address).content.decode()
    poll = re.search(r'id="live" hx-get="([^"]+)"', html).group(1).replace("&amp;", "&")
    assert client.get(poll).status_code == 204
    for board in session.boards.order_by("number"):
        enter(board, [56, -52], scorer, confirm_by=arbitre)
    session_close(session=session, user=arbitre)
    news = client.get(poll)
    assert news.status_code == 200
    assert 'data-testid="general"' in news.content.decode()


def test_the_teams_standings_of_a_team_duplicate_are_its_ranking(client, closed):
    """/standings/teams/ of triplettes or quadrettes leads to their ranking (of teams): it was a
    404; an individuel has no teams' standings."""
    tournament = quadrettes()
    tournament.is_public = True
    tournament.save()
    response = client.get(reverse("standings:teams", args=[tournament.slug]))
    assert response.status_code == 302
    assert response["Location"] == reverse("standings:individual", args=[tournament.slug])
    closed.is_public = True
    closed.save()
    assert client.get(reverse("standings:teams", args=[closed.slug])).status_code == 404
