"""The projector view: public access, the panel's "nothing new" (204) until the ledger moves,
the display time's clamping, hostile parameters, and query counts that do not grow."""

import re

import pytest
from django.urls import reverse

from scoring.formats.libre.standings import ledger_stamp
from tests.factories import RegistrationFactory, TeamFactory, TournamentFactory
from tests.scoring.conftest import seat_and_publish
from tests.support import enter

pytestmark = pytest.mark.django_db


def screen_url(tournament):
    return reverse("screen:screen", kwargs={"slug": tournament.slug})


def panel_url(tournament):
    return reverse("screen:panel", kwargs={"slug": tournament.slug})


def test_addresses():
    assert reverse("screen:screen", kwargs={"slug": "open"}) == "/t/open/screen/"
    assert reverse("screen:panel", kwargs={"slug": "open"}) == "/t/open/screen/panel/"


def test_public_screen_shows_seating_and_standings(client, round1):
    tournament = round1.tournament
    response = client.get(screen_url(tournament))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="panel-seating"' in html and 'id="panel-standings"' in html
    assert "Position 1" in html
    for seat in round1.seats.select_related("registration__player", "table"):
        assert seat.registration.player.last_name.upper() in html
        assert f'data-testid="seat-{seat.registration.number}"' in html
    # No sheet yet: the standings say so rather than rank everybody first with 0.
    assert 'data-testid="screen-no-results"' in html
    # The content security policy to come: no inline script, no inline handler, no style="".
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)
    assert not re.search(r"\son[a-z]+=", html) and "style=" not in html
    assert "js/screen.js" in html and "css/screen.css" in html
    # Each panel refreshes itself from the panel address with the stamp it was drawn at.
    stamp = ledger_stamp(tournament=tournament)
    assert f"{panel_url(tournament)}?panel=seating&amp;stamp={stamp}" in html
    assert f"{panel_url(tournament)}?panel=standings&amp;stamp={stamp}" in html


def test_the_screen_shows_the_code_of_the_seating_page(client, round1, settings):
    """In its corner, for the phones in the room: the address the projector's browser used."""
    from common.qr import qr_svg

    settings.ALLOWED_HOSTS = ["192.168.1.20"]
    slug = round1.tournament.slug
    html = client.get(screen_url(round1.tournament), HTTP_HOST="192.168.1.20:8000").content
    code = str(qr_svg(f"http://192.168.1.20:8000/t/{slug}/seating/", title="Where do I sit?"))
    assert code in html.decode()
    assert 'data-testid="screen-code"' in html.decode()


def test_before_anything_is_published(client, tournament):
    RegistrationFactory.create_batch(4, tournament=tournament)
    html = client.get(screen_url(tournament)).content.decode()
    assert 'data-testid="screen-no-seating"' in html
    assert "The seating will appear here" in html
    assert 'data-testid="screen-no-results"' in html
    response = client.get(panel_url(tournament), {"panel": "seating", "stamp": "x"})
    assert (
        response.status_code == 200 and "The seating will appear here" in response.content.decode()
    )


def test_standings_with_results_ties_and_clubs(client, round1, staff):
    tournament = round1.tournament
    team = TeamFactory(tournament=tournament, name="Les Excuses")
    registration = round1.tables.get(number=1).seats.get(number=2).registration
    registration.team = team
    registration.save()
    for table in round1.tables.all():
        enter(table, staff["scorer"])
    html = client.get(panel_url(tournament), {"panel": "standings"}).content.decode()
    assert 'data-testid="screen-standings"' in html and "screen-no-results" not in html
    assert re.search(r'class="rank">1=</span>', html)  # the two Souths share first place
    assert f'data-testid="total-{registration.number}">1346<' in html
    assert "Les Excuses" in html and registration.player.club.name in html
    assert "2 of 2 sheets" in html


def test_private_tournament_is_hidden_from_the_public(client, round1, staff):
    tournament = round1.tournament
    tournament.is_public = False
    tournament.save()
    params = {"panel": "standings"}
    assert client.get(screen_url(tournament)).status_code == 404
    assert client.get(panel_url(tournament), params).status_code == 404
    client.force_login(staff["other_organiser"])
    assert client.get(screen_url(tournament)).status_code == 404
    for role in ("scorer", "arbitre", "organiser"):
        client.force_login(staff[role])
        assert client.get(screen_url(tournament)).status_code == 200
        assert client.get(panel_url(tournament), params).status_code == 200


def test_unknown_tournament_is_404(client, db):
    assert client.get("/t/nope/screen/").status_code == 404
    assert client.get("/t/nope/screen/panel/", {"panel": "seating"}).status_code == 404


def test_panel_answers_204_until_the_ledger_moves(client, round1, table, staff):
    tournament = round1.tournament
    stamp = ledger_stamp(tournament=tournament)
    for name in ("seating", "standings"):
        response = client.get(panel_url(tournament), {"panel": name, "stamp": str(stamp)})
        assert response.status_code == 204 and response.content == b""
    enter(table, staff["scorer"])
    new = ledger_stamp(tournament=tournament)
    assert new != stamp
    response = client.get(panel_url(tournament), {"panel": "standings", "stamp": str(stamp)})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and html.count(' id="panel-standings"') == 1
    assert html.startswith("<section") and html.endswith("</section>")  # nothing else to swap
    assert 'data-testid="screen-standings"' in html and "1346" in html
    # The fresh panel asks with the new stamp next time, and is answered "nothing new".
    assert f"panel=standings&amp;stamp={new}" in html and f'data-stamp="{new}"' in html
    response = client.get(panel_url(tournament), {"panel": "standings", "stamp": str(new)})
    assert response.status_code == 204
    # A panel without a stamp (or a stale one) is always drawn.
    assert client.get(panel_url(tournament), {"panel": "seating"}).status_code == 200


@pytest.mark.parametrize(
    ("raw", "seconds"),
    [("", 20), ("5", 5), ("1", 5), ("0", 5), ("45", 45), ("120", 120), ("121", 120),
     ("99999999999999999999999", 20), ("-3", 20), ("abc", 20), ("1.5", 20), ("²", 20),
     ("٣٠", 20), (" 30 ", 30)],
)  # fmt: skip
def test_seconds_are_clamped(client, round1, raw, seconds):
    response = client.get(screen_url(round1.tournament), {"seconds": raw})
    assert response.status_code == 200
    assert response.context["seconds"] == seconds
    assert f'data-seconds="{seconds}"' in response.content.decode()


@pytest.mark.parametrize(
    "params",
    [
        {"panel": ""},
        {"panel": "teams"},
        {"panel": "seating\x00"},
        {"panel": ["teams", "standings"]},  # the last one counts
        {"panel": "standings", "stamp": "\x00"},
        {"panel": "standings", "stamp": "-1"},
        {"panel": "standings", "stamp": "9" * 5000},
        {"panel": "standings", "stamp": "１２"},
        {"panel": "<script>", "stamp": "<script>"},
        {},
    ],
)
def test_hostile_panel_parameters_never_fail(client, round1, params):
    response = client.get(panel_url(round1.tournament), params)
    assert response.status_code in (200, 204, 400)
    if params.get("panel") in ("", "teams", "seating\x00", "<script>", None):
        assert response.status_code == 400


def test_hostile_screen_parameters_never_fail(client, round1):
    for params in ({"seconds": "\x00"}, {"seconds": "9" * 5000}, {"seconds": ["1", "200"]},
                   {"seconds": "<b>"}, {"panel": "x", "stamp": "y"}):  # fmt: skip
        assert client.get(screen_url(round1.tournament), params).status_code == 200


@pytest.mark.parametrize("players", [8, 48])
def test_query_counts_do_not_grow_with_the_field(
    client, django_user_model, django_assert_num_queries, players
):
    boss = django_user_model.objects.create(username="boss", is_superuser=True)
    tournament = TournamentFactory()
    round_ = seat_and_publish(tournament, boss, players)
    for table in round_.tables.all():
        enter(table, boss)
    stamp = str(ledger_stamp(tournament=tournament))
    # tournament, stamp, current position, its seats, standings (4)
    with django_assert_num_queries(10):
        assert client.get(screen_url(tournament)).status_code == 200
    with django_assert_num_queries(2):  # tournament, stamp: nothing new
        response = client.get(panel_url(tournament), {"panel": "standings", "stamp": stamp})
        assert response.status_code == 204
    with django_assert_num_queries(4):  # tournament, stamp, current position, its seats
        assert client.get(panel_url(tournament), {"panel": "seating"}).status_code == 200
    with django_assert_num_queries(3):  # tournament, stamp, last published: ranking cached
        assert client.get(panel_url(tournament), {"panel": "standings"}).status_code == 200


# --- the team standings of a team tournament -------------------------------------------------


def team_tournament(user, kind="teams_2", players=8):
    """Position 1 of a team tournament published, its teams formed first (mates kept apart)."""
    from tournaments import services as tournament_services
    from tournaments import services_seating

    tournament = TournamentFactory(kind=kind)
    regs = RegistrationFactory.create_batch(players, tournament=tournament, checked_in=True)
    size = tournament.team_size
    for k in range(players // size):
        tournament_services.team_create(
            tournament=tournament, user=user, name=f"Équipe {k + 1}",
            members=regs[k * size : (k + 1) * size],
        )  # fmt: skip
    round_ = services_seating.round_seat_players(tournament=tournament, number=1, user=user, seed=1)
    services_seating.round_publish(round=round_, user=user)
    return tournament, round_


def test_a_team_tournament_adds_the_team_standings_panel(client, django_user_model):
    user = django_user_model.objects.create(username="boss", is_superuser=True)
    tournament, round_ = team_tournament(user)
    html = client.get(screen_url(tournament)).content.decode()
    assert html.count('class="screen-panel"') == 3 and 'id="panel-teams"' in html
    assert '<span data-for="teams">Teams</span>' in html
    assert 'data-testid="screen-no-team-results"' in html  # nothing entered yet
    stamp = ledger_stamp(tournament=tournament)
    assert f"{panel_url(tournament)}?panel=teams&amp;stamp={stamp}" in html
    for table in round_.tables.all():
        enter(table, user)
    response = client.get(panel_url(tournament), {"panel": "teams", "stamp": str(stamp)})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith('<section id="panel-teams"') and 'data-testid="screen-teams"' in html
    assert "Provisional team standings" in html and "2 of 2 sheets" in html
    # Each team's total is its members' bilans summed (the sample sheet at both tables).
    bilans = dict(zip(range(4), (-446, -390, 1346, -510), strict=True))
    totals = {}
    for seat in round_.seats.select_related("registration__team"):
        team = seat.registration.team
        totals[team.number] = totals.get(team.number, 0) + bilans[seat.number]
    for number, total in totals.items():
        assert f'data-testid="team-total-{number}">{total}<' in html
    best = max(totals, key=totals.get)
    assert re.search(rf'data-testid="team-{best}"><span class="rank">1<', html)
    member = tournament.teams.get(number=best).members.first()
    assert member.last_name.upper() in html.split(f'data-testid="team-{best}"')[1]


def test_an_individual_tournament_has_no_team_panel(client, round1):
    html = client.get(screen_url(round1.tournament)).content.decode()
    assert html.count('class="screen-panel"') == 2
    assert 'id="panel-teams"' not in html and 'data-for="teams"' not in html
    assert client.get(panel_url(round1.tournament), {"panel": "teams"}).status_code == 400


def test_the_team_panel_costs_no_more_queries(client, django_user_model, django_assert_num_queries):
    user = django_user_model.objects.create(username="boss", is_superuser=True)
    tournament, round_ = team_tournament(user, kind="teams_4", players=16)
    for table in round_.tables.all():
        enter(table, user)
    # The same queries as an individual tournament's: the standings are read once for both.
    with django_assert_num_queries(10):
        assert client.get(screen_url(tournament)).status_code == 200
    with django_assert_num_queries(3):  # tournament, stamp, last published: ranking cached
        response = client.get(panel_url(tournament), {"panel": "teams"})
        assert response.status_code == 200
    assert response.content.decode().count('data-testid="team-total-') == 4
