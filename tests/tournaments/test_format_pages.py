"""The staff pages a tournament shares with every format (the tournament, the check-in, the
positions) show what the format has: no deals per position, players left over or tie-break in
a duplicate, the tables its movement uses in the banner, and the format's own page instead of
the libre positions and score sheets."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournaments.models import Registration, Tournament
from tournaments.simulation import tournament_simulate

pytestmark = pytest.mark.django_db

LIBRE_FACTS = ("Deals per position", "Players left over", "Tie-break", "Poignées")
FORMATS = {
    # format: (players, team size, what the tournament page calls the game, the banner)
    Tournament.Format.LIBRE: (18, 1, "Donnes libres", "Position 1: 5 tables: 4 + 4 + 4 + 3 + 3"),
    Tournament.Format.DUPLICATE: (
        28,
        1,
        "Duplicate individuel",
        "Séance: 28 players, 7 tables of 4",
    ),
    Tournament.Format.TRIPLETTES: (
        42,
        3,
        "Duplicate triplettes",
        "Séance: 14 triplettes, a Mitchell at 7 tables",
    ),
    Tournament.Format.QUADRETTES: (
        32,
        4,
        "Duplicate quadrettes",
        "Séance: 8 quadrettes, 8 tables a position",
    ),
    Tournament.Format.MATCH: (
        10,
        5,
        "Team match (teams of 4 to 6)",
        "2 teams: 1 match a round, in two rooms (2 tables)",
    ),
}


def build(format, checked_in=True):
    players, size, _game, _banner = FORMATS[format]
    organiser = get_user_model().objects.get_or_create(username="format-organiser")[0]
    return tournament_simulate(
        slug=f"t-{format}",
        players=players,
        user=organiser,
        team_size=size,
        seed=3,
        positions=1 if format in (Tournament.Format.LIBRE, Tournament.Format.MATCH) else 5,
        format=format,
        checked_in=checked_in,
    )


def page(client, tournament, name, **kwargs):
    client.force_login(tournament.created_by)
    return client.get(reverse(name, kwargs={"slug": tournament.slug, **kwargs}))


@pytest.mark.parametrize("format", list(FORMATS))
def test_the_tournament_and_check_in_pages_say_what_the_format_has(client, format):
    tournament = build(format)
    _players, _size, game, banner = FORMATS[format]
    html = page(client, tournament, "manage:tournament").content.decode()
    assert f'<dd data-testid="format">{game}</dd>' in html
    libre = format == Tournament.Format.LIBRE
    for fact in LIBRE_FACTS:
        assert (fact in html) is libre, fact
    assert ("Étuis per série" in html) is tournament.plays_duplicate
    assert ("<dd>Individual</dd>" in html) is libre  # a triplettes tournament is no individual
    assert banner in html
    checkin = page(client, tournament, "manage:checkin").content.decode()
    assert banner in checkin
    if not libre:  # the libre's count of tables of 4 and 3 never shows
        assert "Position 1:" not in checkin


def test_a_triplette_short_of_a_member_is_named_in_the_banner(client):
    tournament = build(Tournament.Format.TRIPLETTES)
    missing = Registration.objects.filter(tournament=tournament, team__number=2).first()
    Registration.objects.filter(pk=missing.pk).update(checked_in=False)
    html = page(client, tournament, "manage:checkin").content.decode()
    assert 'data-testid="table-warning"' in html
    assert "A triplette plays with three present members: " in html
    assert "tables" not in html.split('id="presence"')[1].split("</div>")[0].split("alert")[0]


def test_a_duplicate_not_a_multiple_of_four_is_told_the_stand_ins_to_add(client):
    tournament = build(Tournament.Format.DUPLICATE)
    Registration.objects.filter(tournament=tournament, number__lte=2).update(checked_in=False)
    html = page(client, tournament, "manage:checkin").content.decode()
    assert "26 players cannot sit four to a table: add 2 stand-ins" in html


@pytest.mark.parametrize(
    ("format", "goes_to"),
    [(Tournament.Format.DUPLICATE, "/duplicate/1/"), (Tournament.Format.MATCH, "/matches/")],
)
def test_the_positions_pages_send_a_duplicate_and_a_match_to_their_own_page(
    client, format, goes_to
):
    tournament = build(format)
    pages = [("manage:rounds", {})]
    if format == Tournament.Format.DUPLICATE:  # a match has no position to open
        from tests.scoring.duplicate.helpers import drawn_session

        drawn_session(tournament)
        pages.append(("manage:round", {"number": 1}))
        dashboard = page(client, tournament, "scoring:dashboard", number=1)
        assert dashboard.status_code == 302 and dashboard["Location"].endswith(goes_to)
    for name, kwargs in pages:
        response = page(client, tournament, name, **kwargs)
        html = response.content.decode()
        assert response.status_code == 200 and 'data-testid="played-elsewhere"' in html
        assert "Score sheets" not in html and "Swap two players" not in html
        assert goes_to in html


def test_the_libre_positions_pages_are_unchanged(client):
    tournament = build(Tournament.Format.LIBRE)
    html = page(client, tournament, "manage:rounds").content.decode()
    assert 'data-testid="played-elsewhere"' not in html and "Score sheets" in html
    html = page(client, tournament, "manage:round", number=1).content.decode()
    assert "Swap two players" in html
