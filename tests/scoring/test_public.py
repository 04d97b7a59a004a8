"""Public results pages: standings (provisional or official, after any position), teams, a
player's page; they poll and are told 204 until something changes; private tournaments hide."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.formats.libre import services
from scoring.formats.libre.standings import ledger_stamp
from tests.factories import TeamFactory, TournamentFactory
from tests.scoring.conftest import seat_and_publish
from tests.support import enter, urls_of

pytestmark = pytest.mark.django_db
url = urls_of("standings")


def test_standings_provisional_then_official(client, round1, staff):
    table = round1.tables.get(number=1)
    sheet = enter(table, staff["scorer"])
    south = table.seats.get(number=2).registration
    html = client.get(url("individual", round1.tournament)).content.decode()
    assert "Provisional standings" in html and "1 of 2 sheets" in html
    assert re.search(rf'data-testid="total-{south.number}">1346', html)
    html = client.get(url("individual", round1.tournament), {"official": "1"}).content.decode()
    assert "Official standings" in html and "0 of 2 sheets" in html
    services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    html = client.get(url("individual", round1.tournament), {"official": "1"}).content.decode()
    assert re.search(rf'data-testid="total-{south.number}">1346', html)


def test_the_page_polls_and_hears_204_until_a_change(client, round1, staff):
    tournament = round1.tournament
    stamp = ledger_stamp(tournament=tournament)
    poll = {"fragment": "1", "stamp": str(stamp)}
    number = tournament.registrations.first().number
    for name, kwargs in (("individual", {}), ("player", {"number": number})):
        assert client.get(url(name, tournament, **kwargs), poll).status_code == 204
    page = client.get(url("individual", tournament)).content.decode()
    assert f"stamp={stamp}" in page and 'hx-trigger="every' in page
    enter(round1.tables.get(number=1), staff["scorer"])
    response = client.get(url("individual", tournament), poll)
    assert response.status_code == 200
    fragment = response.content.decode()
    assert fragment.startswith('<div id="live"') and "<html" not in fragment
    assert f"stamp={ledger_stamp(tournament=tournament)}" in fragment


def test_player_page(client, round1, staff):
    table = round1.tables.get(number=1)
    enter(table, staff["scorer"])
    east = table.seats.get(number=1).registration
    html = client.get(url("player", round1.tournament, number=east.number)).content.decode()
    assert 'data-testid="player-total">-390<' in html
    assert "318" in html and "Bilan -390" in html
    north = table.seats.get(number=0).registration
    assert str(north.player) in html  # an opponent
    assert "Deals taken" in html and "provisional" in html


def test_teams_page(client, tournament, staff):
    tournament.kind = tournament.Kind.TEAMS_2
    tournament.save()
    round1 = seat_and_publish(tournament, staff["organiser"], 8)
    regs = list(tournament.registrations.order_by("number"))
    for i in range(4):
        team = TeamFactory(tournament=tournament, number=i + 1, name=f"Team {i + 1}")
        tournament.registrations.filter(pk__in=[r.pk for r in regs[2 * i : 2 * i + 2]]).update(
            team=team
        )
    for table in round1.tables.all():
        enter(table, staff["scorer"])
    html = client.get(url("teams", tournament)).content.decode()
    assert len(re.findall(r'data-testid="team-\d', html)) == 4


def test_individual_tournament_has_no_team_page(client, round1):
    assert client.get(url("teams", round1.tournament)).status_code == 404


def test_private_tournaments_hide_from_the_public(client, round1, staff):
    tournament = round1.tournament
    tournament.is_public = False
    tournament.save()
    number = tournament.registrations.first().number
    for name, kwargs in (("individual", {}), ("player", {"number": number})):
        assert client.get(url(name, tournament, **kwargs)).status_code == 404
    client.force_login(staff["scorer"])
    for name, kwargs in (("individual", {}), ("player", {"number": number})):
        assert client.get(url(name, tournament, **kwargs)).status_code == 200


def test_hostile_parameters(client, round1):
    for params in ({"after": "99999"}, {"after": "-1"}, {"after": "x"}, {"after": "²"},
                   {"stamp": "\x00", "fragment": "1"}, {"official": "yes"}):  # fmt: skip
        assert client.get(url("individual", round1.tournament), params).status_code == 200
    assert client.get(url("player", round1.tournament, number=999)).status_code == 404


def test_standings_page_query_count_does_not_grow(client, django_user_model):
    boss = django_user_model.objects.create(username="boss", is_superuser=True)
    counts = []
    for players in (8, 48):
        tournament = TournamentFactory()
        round_ = seat_and_publish(tournament, boss, players)
        for table in round_.tables.all():
            enter(table, boss)
        address = url("individual", tournament)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(address).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 9


def test_standings_count_up_to_the_last_published_position_by_default(client, round1):
    tournament = round1.tournament
    assert tournament.positions > 1  # more planned than published
    response = client.get(url("individual", tournament))
    assert response.context["after"] == 1
    assert response.context["ranking"].up_to == 1
    response = client.get(url("individual", tournament), {"after": str(tournament.positions)})
    assert response.context["after"] == tournament.positions


def test_the_seating_page_hears_nothing_new_while_sheets_come_in(client, round1, staff):
    from tournaments.selectors import seating_stamp
    from tournaments.services import registration_exclude

    tournament = round1.tournament
    address = reverse("public:seating", kwargs={"slug": tournament.slug})
    stamp = seating_stamp(tournament=tournament)
    assert f"stamp={stamp}" in client.get(address).content.decode()
    poll = {"fragment": "1", "stamp": str(stamp)}
    sheet = enter(round1.tables.get(number=1), staff["scorer"])
    services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    assert client.get(address, poll).status_code == 204  # sheets do not move anyone
    registration = round1.tables.get(number=2).seats.first().registration
    registration_exclude(registration=registration, user=staff["arbitre"], after_position=1)
    response = client.get(address, poll)
    assert response.status_code == 200
    assert f"stamp={seating_stamp(tournament=tournament)}" in response.content.decode()


def test_a_fragment_is_rendered_once_per_state(client, round1, staff):
    address = url("individual", round1.tournament)
    enter(round1.tables.get(number=1), staff["scorer"])
    with CaptureQueriesContext(connection) as first:
        html = client.get(address, {"fragment": "1"}).content.decode()
    with CaptureQueriesContext(connection) as second:
        assert client.get(address, {"fragment": "1"}).content.decode() == html
    assert len(second) < len(first)  # the ranking is neither computed nor read again
    assert not any("scoring_mark" in query["sql"] for query in second.captured_queries)
    enter(round1.tables.get(number=2), staff["scorer"])  # a new state: rendered again
    assert client.get(address, {"fragment": "1"}).content.decode() != html


def test_a_chosen_position_and_the_default_poll_their_own_way(client, round1):
    """Both show position 1 (the last published) from one state; only the page that asked for
    it keeps it when the next position is published."""
    tournament = round1.tournament
    default = client.get(url("individual", tournament), {"fragment": "1"}).content.decode()
    chosen = client.get(url("individual", tournament), {"fragment": "1", "after": "1"})
    assert "after=1" in chosen.content.decode()
    assert "after=" not in re.search(r'hx-get="([^"]*)"', default).group(1)


def test_a_draft_position_stays_off_the_public_pages(client, round1, staff):
    from tournaments import services_seating

    tournament = round1.tournament
    services_seating.round_seat_players(
        tournament=tournament, number=2, user=staff["organiser"], seed=2
    )  # drafted, not published
    number = tournament.registrations.first().number
    response = client.get(url("player", tournament, number=number))
    assert [p.position for p in response.context["results"].positions] == [1]
    from scoring.formats.libre.views_public import screen_standings

    stamp = ledger_stamp(tournament=tournament)
    assert screen_standings(tournament, ["standings"], stamp)["standings"]["ranking"].up_to == 1
