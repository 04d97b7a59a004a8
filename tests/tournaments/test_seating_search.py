""" "Where do I sit?": a search that finds a player shows their table and seat, who else sits at
that table (names and seats) and a link to the player's own page; a search finding too many
players lists them without table-mates."""

import re

import pytest
from django.urls import reverse

from tests.factories import RegistrationFactory
from tournaments import services_seating as seating
from tournaments.models import Seat
from tournaments.views.public import MATES_AT_MOST

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(tournament, organiser):
    tournament.is_public = True
    tournament.save()
    for last, first in [("Ølsen", "Åsa"), ("ÉMERY", "Élodie"), ("Martin", "Éric"),
                        ("Durand", "Léa"), ("Petit", "Zoé"), ("Martin", "Luc"),
                        ("Roux", "Jean"), ("Blanc", "Anne"), ("Faure", "Paul")]:  # fmt: skip
        RegistrationFactory(
            tournament=tournament, last_name=last, first_name=first, checked_in=True
        )
    round_ = seating.round_seat_players(tournament=tournament, number=1, user=organiser, seed=1)
    return seating.round_publish(round=round_, user=organiser)


def search(client, tournament, q, **params):
    url = reverse("public:seating", kwargs={"slug": tournament.slug})
    return client.get(url, {"q": q, **params})


def card(html, number):
    """The card of player ``number`` in the search result."""
    match = re.search(
        rf'<li class="card seat-card" data-testid="found-{number}">(.*?</a>)\s*</li>', html, re.S
    )
    assert match, f"no card for player {number}"
    return match.group(1)


def test_a_player_found_sees_their_table_their_seat_their_table_mates_and_their_page(
    client, published
):
    tournament = published.tournament
    me = tournament.registrations.get(first_name="Élodie")
    mine = Seat.objects.select_related("table").get(round=published, registration=me)
    html = search(client, tournament, "elodie").content.decode()  # accents folded
    found = card(html, me.number)
    assert f'data-testid="table-{me.number}">{mine.table.number}<' in found
    assert mine.seat_name in found
    mates = Seat.objects.filter(table=mine.table).exclude(pk=mine.pk).order_by("number")
    listed = re.findall(
        r'<li><span class="seat-name">(\w+)</span> <span>([^<]+)</span></li>', found
    )
    assert listed == [(m.seat_name, m.registration.name) for m in mates]
    assert len(listed) == mine.table.seats.count() - 1 and me.name not in dict(listed).values()
    page = reverse("standings:player", kwargs={"slug": tournament.slug, "number": me.number})
    assert f'href="{page}" data-testid="player-link-{me.number}"' in found
    assert client.get(page).status_code == 200


def test_several_players_found_each_come_with_their_table_mates(client, published):
    tournament = published.tournament
    html = search(client, tournament, "martin").content.decode()
    martins = tournament.registrations.filter(last_name="Martin").order_by("sort_name")
    assert re.findall(r'data-testid="found-(\d+)"', html) == [str(r.number) for r in martins]
    for registration in martins:
        seat = Seat.objects.get(round=published, registration=registration)
        found = card(html, registration.number)
        for mate in Seat.objects.filter(table=seat.table).exclude(pk=seat.pk):
            assert mate.registration.name in found


def test_the_poll_of_a_search_keeps_the_table_mates(client, published):
    tournament = published.tournament
    response = search(client, tournament, "olsen", fragment="1", stamp="0")
    html = response.content.decode()
    assert "<html" not in html and 'data-testid="mates-' in html


def test_a_search_finding_too_many_players_lists_them_without_table_mates(
    client, tournament, organiser
):
    tournament.is_public = True
    tournament.save()
    RegistrationFactory.create_batch(
        MATES_AT_MOST + 1, tournament=tournament, last_name="Bernard", checked_in=True
    )
    round_ = seating.round_seat_players(tournament=tournament, number=1, user=organiser, seed=1)
    seating.round_publish(round=round_, user=organiser)
    html = search(client, tournament, "bernard").content.decode()
    assert 'data-testid="search-too-broad"' in html and "seat-found" not in html
    assert html.count('<td class="big" data-testid="table-') == MATES_AT_MOST + 1


@pytest.mark.parametrize("q", ["olsen", "martin", "a"])
def test_the_search_costs_the_same_queries_however_many_are_found(
    client, published, django_assert_num_queries, q
):
    # tournament, stamp, current position, the seats found, their tables' seats
    with django_assert_num_queries(5):
        assert search(client, published.tournament, q).status_code == 200
