"""A team match's public side (fft-duplicate.md §5): its home page says what it is, the
"where do I sit?" page and the projector show each match's quarter in play and its rooms, a
player's page their quarters, and ``/standings/teams/`` the competition; no score of a quarter
in play (§1.7)."""

import pytest
from django.urls import reverse

from scoring.formats.match.services import matches_draw
from scoring.models.match import TeamMatch

from .helpers import staff_of
from .test_team_match import CLOSED, OPEN, QUARTER_SCORES, close, competition_of, fill, name, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    tournament = competition_of()
    tournament.is_public = True
    tournament.save()
    (drawn,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    return TeamMatch.objects.get(pk=drawn.pk)


def page(client, name_, *args, **params):
    response = client.get(reverse(name_, args=args), params, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return response.content.decode()


def test_the_home_and_tournament_pages_say_team_match(client, match):
    slug = match.tournament.slug
    for html in (page(client, "public:home"), page(client, "public:tournament", slug)):
        assert "Team match" in html and "Individual" not in html
    fr = client.get(reverse("public:tournament", args=[slug]), HTTP_ACCEPT_LANGUAGE="fr")
    assert "Individuel" not in fr.content.decode()


def test_the_seating_page_and_projector_show_the_quarter_in_play_and_its_rooms(client, match):
    slug = match.tournament.slug
    _organiser, scorer, arbitre, _second = staff_of(match.tournament)
    html = page(client, "public:seating", slug)
    assert "Quarter 1: the captains are naming their players." in html
    assert "not been published" not in html
    quarter = name(match, 1, arbitre, a_room=OPEN)
    fill(quarter, scorer, OPEN, QUARTER_SCORES[0][0])
    html = page(client, "public:seating", slug)
    attacker_a = match.team_a.members.order_by("number")[0]
    assert "Quarter 1 being played, série 1" in html
    assert f"{attacker_a.name} attacks for {match.team_a.name}" in html
    assert f"against the defence of {match.team_b.name}:" in html
    assert "+82" not in html and "PM" not in html  # §1.7: the quarter is in play
    panel = page(client, "screen:panel", slug, panel="seating")
    assert "Quarter 1 being played" in panel and "Nobody is seated" not in panel
    assert "will appear here as soon as it is published" not in panel
    fill(quarter, scorer, CLOSED, QUARTER_SCORES[0][1])
    close(quarter, arbitre)
    for number, (a, b) in enumerate(QUARTER_SCORES[1:], start=2):
        play(match, number, scorer, arbitre, a, b)
    html = page(client, "public:seating", slug)
    assert f'data-testid="match-result-{match.number}"' in html
    panel = page(client, "screen:panel", slug, panel="seating")
    assert f'data-testid="match-result-{match.number}"' in panel and " wins." in panel


def test_a_players_page_gives_their_quarters_role_room_and_pm(client, match):
    _organiser, scorer, arbitre, _second = staff_of(match.tournament)
    for number, (a, b) in enumerate(QUARTER_SCORES, start=1):
        play(match, number, scorer, arbitre, a, b, a_room=OPEN if number % 2 else CLOSED)
    first = match.team_a.members.order_by("number")[0]  # attacks quarter 1, defends the next
    html = page(client, "standings:player", match.tournament.slug, first.number)
    assert "No position played" not in html
    assert 'data-testid="quarter-4"' in html and "shown once closed" not in html
    row = html.split('data-testid="quarter-1"')[1].split("</tr>")[0]
    assert "attack" in row and "Open room" in row and "+16.000" in row
    row = html.split('data-testid="quarter-2"')[1].split("</tr>")[0]
    assert (
        "defence" in row and "Open room" in row
    )  # B attacks in the closed room: A defends in the open
    assert f'data-testid="player-result-{match.number}"' in html


def test_the_team_standings_address_shows_the_competition(client, match):
    _organiser, scorer, arbitre, _second = staff_of(match.tournament)
    for number, (a, b) in enumerate(QUARTER_SCORES, start=1):
        play(match, number, scorer, arbitre, a, b)
    html = page(client, "standings:teams", match.tournament.slug)
    assert 'data-testid="competition"' in html and match.team_a.name in html
