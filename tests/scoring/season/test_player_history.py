"""A directory player's public page (/players/<pk>/): their public tournaments with place and
total, never a private one, never their licence or email; nobody public, no page."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.scoring.season.played import play_libre

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff():
    return {
        "scorer": UserFactory(is_superuser=True),
        "arbitre": UserFactory(is_superuser=True),
    }


@pytest.fixture
def marie():
    return PlayerFactory(
        licence="7654321",
        last_name="Lefèvre",
        first_name="Marie",
        email="marie@example.org",
        club=ClubFactory(name="Tarot Club de Lyon"),
    )


def _play(player, staff, name, day, public=True):
    return play_libre(
        players=[player],
        name=name,
        date=datetime.date(2026, 3, day),
        is_public=public,
        **staff,
    )


def test_the_page_shows_the_public_tournaments_with_their_places_and_totals(client, staff, marie):
    spring, in_spring = _play(marie, staff, "Open de printemps", 8)
    club, in_club = _play(marie, staff, "Coupe du club", 22)
    secret, _ = _play(marie, staff, "Entraînement privé", 15, public=False)

    html = client.get(reverse("players:history", args=[marie.pk])).content.decode()

    assert "Open de printemps" in html and "Coupe du club" in html
    assert "Entraînement privé" not in html
    # The latest first; each with the place and total worked out from the player's seat.
    assert html.index("Coupe du club") < html.index("Open de printemps")
    for tournament, places in ((spring, in_spring), (club, in_club)):
        place, total = places[marie.pk]
        item = html[html.index(f'data-testid="history-{tournament.pk}"') :]
        item = item[: item.index("</li>")]
        assert f"place {place} of 4" in item
        assert f"{total} points" in item.replace("−", "-")
        number = tournament.registrations.get(player=marie).number
        assert reverse("standings:player", args=[tournament.slug, number]) in item
    assert secret.slug not in html
    assert "7654321" not in html and "marie@example.org" not in html
    assert "Tarot Club de Lyon" in html and "LEFÈVRE Marie" in html


def test_a_shared_place_is_marked(client, staff, marie, monkeypatch):
    from scoring.official_ranking import Kind, OfficialRanking
    from scoring.ranking import RankingRow
    from scoring.season import history

    tournament, _ = _play(marie, staff, "Open", 8)
    mine = tournament.registrations.get(player=marie).pk
    rows = [
        RankingRow(1, True, 1, "A", 900, Kind.POINTS, (mine,), ""),
        RankingRow(1, True, 2, "B", 900, Kind.POINTS, (mine + 1000,), ""),
        RankingRow(3, False, 3, "C", -1800, Kind.POINTS, (mine + 1001,), ""),
    ]
    ranking = OfficialRanking(Kind.POINTS, False, False, rows)
    monkeypatch.setattr(history, "cached_official_ranking", lambda **kwargs: ranking)

    html = client.get(reverse("players:history", args=[marie.pk])).content.decode()

    assert "place 1= of 3" in html and "900 points" in html


def test_a_player_with_nothing_public_has_no_page(client, staff, marie):
    _play(marie, staff, "Entraînement privé", 15, public=False)
    assert client.get(reverse("players:history", args=[marie.pk])).status_code == 404
    nobody = PlayerFactory()
    assert client.get(reverse("players:history", args=[nobody.pk])).status_code == 404
    assert client.get(reverse("players:history", args=[999999])).status_code == 404


def test_the_public_player_page_links_to_the_history(client, staff, marie):
    tournament, _ = _play(marie, staff, "Open", 8)
    number = tournament.registrations.get(player=marie).number
    html = client.get(reverse("standings:player", args=[tournament.slug, number])).content.decode()
    assert reverse("players:history", args=[marie.pk]) in html


def test_the_public_challenges_show_the_place_and_total(client, staff, marie):
    from scoring.models import Challenge, ChallengeTournament

    spring, in_spring = _play(marie, staff, "Open de printemps", 8)
    club, in_club = _play(marie, staff, "Coupe du club", 22)
    public = Challenge.objects.create(name="Challenge du Rhône", slug="rhone", points_rule="field")
    hidden = Challenge.objects.create(name="Challenge interne", slug="interne", is_public=False)
    for challenge in (public, hidden):
        for tournament in (spring, club):
            ChallengeTournament.objects.create(challenge=challenge, tournament=tournament)

    html = client.get(reverse("players:history", args=[marie.pk])).content.decode()

    # FIELD: 4 players, so 5 − place points each time; the six others played once each.
    mine = [in_spring[marie.pk][0], in_club[marie.pk][0]]
    total = sum(5 - place for place in mine)
    others = [5 - place for places in (in_spring, in_club) for place, _total in places.values()]
    others.remove(5 - mine[0])
    others.remove(5 - mine[1])
    place = 1 + sum(1 for points in others if points > total)
    tie = "=" if total in others else ""
    assert "Challenge du Rhône" in html and "Challenge interne" not in html
    assert f"place {place}{tie} of 7" in html
    assert f"{total} points, 2 tournaments" in html
