"""The read API (scoring.api) on a libre tournament played through the services: table 1's
sheet (the official sample) entered and confirmed, table 2's entered only. What the public
pages do not show never comes out: private tournaments and challenges (a 404 like an unknown
address), unconfirmed sheets, e-mails and licence numbers. Also the OpenAPI document, the
limit per address, the ETag and the calendar feed.
"""

import datetime
import json
from decimal import Decimal
from fractions import Fraction

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from icalendar import Calendar

from scoring.api import reads
from scoring.api.reads import figure_text
from scoring.formats.base import TournamentFormat
from scoring.formats.libre import services
from scoring.formats.libre.services_rounds import round_close
from scoring.models import Challenge, ChallengeTournament
from scoring.official_ranking import Kind, OfficialRanking, RankingRow
from scoring.results_final import results_declare_final
from tests.factories import ClubFactory, RegistrationFactory, TournamentFactory
from tests.scoring.conftest import SAMPLE_BILANS, seat_and_publish
from tests.support import enter
from tournaments.models import Player, Registration

SECRET_MAIL = "hidden@example.org"


@pytest.fixture
def played(tournament, staff):
    """The tournament, organised by a club, with table 1 confirmed and table 2 entered only;
    every player has a licence and an e-mail."""
    tournament.organiser_club = ClubFactory(name="Tarot Club, Lyon")
    tournament.venue = "Salle des fêtes"
    tournament.save()
    round1 = seat_and_publish(tournament, staff["organiser"], 8)
    table1, table2 = round1.tables.order_by("number")
    enter(table1, staff["scorer"], confirm_by=staff["arbitre"])
    enter(table2, staff["scorer"])
    Registration.objects.filter(tournament=tournament).update(email=SECRET_MAIL)
    Player.objects.update(email=SECRET_MAIL)
    return tournament


def sign(tournament, staff) -> None:
    """Table 2's sheet confirmed and the position closed: the results are final."""
    round1 = tournament.rounds.get(number=1)
    table2 = round1.tables.get(number=2)
    services.scoresheet_confirm(sheet=table2.score_sheets.get(), user=staff["arbitre"])
    round_close(round=round1, user=staff["arbitre"])
    results_declare_final(tournament=tournament, user=staff["arbitre"])


def seated(tournament, table_number: int) -> list[Registration]:
    """The registrations at the table, by seat."""
    table = tournament.rounds.get(number=1).tables.get(number=table_number)
    return [seat.registration for seat in table.seats.order_by("number")]


def test_the_ranking_is_given_once_final(client, played, staff):
    url = f"/api/tournaments/{played.slug}/ranking"
    response = client.get(url)
    assert response.status_code == 200
    data = response.json()
    assert data["kind"] == "points" and data["teams"] is False
    assert data["tournament"]["slug"] == played.slug
    # Table 2's sheet is not confirmed, the position open: nothing official yet.
    assert data["final"] is False and data["rows"] == []
    sign(played, staff)
    data = client.get(url).json()
    assert data["final"] is True
    # The sample at both tables (bilans seat 2 +1346, seat 1 -390, seat 0 -446, seat 3 -510):
    # two players on each, sharing the places 1, 3, 5 and 7.
    table1, table2 = seated(played, 1), seated(played, 2)
    assert SAMPLE_BILANS == [-446, -390, 1346, -510]
    rows = sorted((r["place"], r["tied"], r["name"], r["figure"]) for r in data["rows"])
    assert rows == sorted(
        (place, True, table[seat].name, figure)
        for table in (table1, table2)
        for seat, place, figure in ((2, 1, "1346"), (1, 3, "-390"), (0, 5, "-446"), (3, 7, "-510"))
    )
    assert data["rows"][0]["members"] == []


def test_the_list_and_a_tournament(client, played):
    TournamentFactory(slug="hidden", is_public=False)
    listed = {t["slug"]: t for t in client.get("/api/tournaments").json()}
    assert "hidden" not in listed
    summary = listed[played.slug]
    assert summary["players"] == 8
    assert summary["organiser_club"] == {"id": played.organiser_club_id, "name": "Tarot Club, Lyon"}
    assert summary["format"] == "libre" and summary["format_label"] == "Donnes libres"
    assert summary["date"] == played.date.isoformat()
    assert summary["links"] == {
        "page": f"http://testserver/t/{played.slug}/",
        "ranking": f"http://testserver/api/tournaments/{played.slug}/ranking",
    }
    assert client.get(f"/api/tournaments/{played.slug}").json() == summary


@pytest.mark.parametrize("suffix", ["", "/ranking"])
def test_a_private_tournament_is_not_found_like_an_unknown_one(client, played, suffix):
    played.is_public = False
    played.save()
    private = client.get(f"/api/tournaments/{played.slug}{suffix}")
    unknown = client.get(f"/api/tournaments/no-such-thing{suffix}")
    assert private.status_code == unknown.status_code == 404
    assert private.content == unknown.content
    assert played.slug not in {t["slug"] for t in client.get("/api/tournaments").json()}


def test_the_list_takes_a_constant_number_of_queries(client, db):
    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/api/tournaments").status_code == 200
        return len(queries)

    RegistrationFactory(tournament=TournamentFactory(organiser_club=ClubFactory()))
    few = count()
    for _ in range(5):
        RegistrationFactory.create_batch(
            3, tournament=TournamentFactory(organiser_club=ClubFactory())
        )
    assert count() == few <= 2


def test_the_ranking_answers_304_while_nothing_changed(client, played, staff):
    url = f"/api/tournaments/{played.slug}/ranking"
    first = client.get(url)
    etag = first["ETag"]
    assert "max-age=30" in first["Cache-Control"]
    assert first["Access-Control-Allow-Origin"] == "*"
    again = client.get(url, headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b""
    # Table 2 confirmed and the position closed: the stamp moves, the ranking is final.
    sign(played, staff)
    changed = client.get(url, headers={"if-none-match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag
    # Both tables' samples: two players at +1346 share the first place.
    assert [(r["place"], r["figure"]) for r in changed.json()["rows"][:3]] == [
        (1, "1346"),
        (1, "1346"),
        (3, "-390"),
    ]


def test_team_rows_name_their_members(client, played, monkeypatch):
    first, second = seated(played, 1)[:2]
    ranking = OfficialRanking(
        kind=Kind.PERCENT,
        teams=True,
        alternate=False,
        rows=[
            RankingRow(
                1, False, 1, "Les As", Fraction(1234, 27), Kind.PERCENT, (first.pk, second.pk)
            ),
            RankingRow(None, False, 2, "Les Rois", None, Kind.PERCENT, ()),
        ],
    )
    monkeypatch.setattr(reads, "cached_official_ranking", lambda **kwargs: ranking)
    monkeypatch.setattr(TournamentFormat, "results_final", lambda self, tournament: True)
    data = client.get(f"/api/tournaments/{played.slug}/ranking").json()
    assert data["kind"] == "percent" and data["teams"] is True
    # 1234/27 = 45.7037...: 2 decimals; the unplaced team is left out.
    assert data["rows"] == [
        {
            "place": 1,
            "tied": False,
            "number": 1,
            "name": "Les As",
            "club": "",
            "figure": "45.70",
            "members": [first.name, second.name],
        }
    ]


@pytest.mark.parametrize(
    ("figure", "kind", "text"),
    [
        (1346, Kind.POINTS, "1346"),
        (Fraction(-7, 2), Kind.POINTS, "-7/2"),
        (Fraction(100, 3), Kind.PERCENT, "33.33"),
        (Fraction(1, 200), Kind.PERCENT, "0.01"),  # half away from zero
        (Decimal("-3.1625"), Kind.PM, "-3.163"),
        (None, Kind.PM, None),
    ],
)
def test_figures_are_exact_strings(figure, kind, text):
    assert figure_text(figure, kind) == text


def _challenge(played, **fields) -> Challenge:
    challenge = Challenge.objects.create(
        name="Saison 2026", slug="saison", scale=[10, 6, 4, 2], **fields
    )
    ChallengeTournament.objects.create(challenge=challenge, tournament=played, coefficient=2)
    return challenge


def test_a_challenge_s_standings(client, played, staff):
    challenge = _challenge(played, best_of=3)
    hidden = TournamentFactory(slug="hidden-one", is_public=False)
    ChallengeTournament.objects.create(challenge=challenge, tournament=hidden)
    data = client.get("/api/challenges/saison").json()
    assert data["rule"] == {
        "points": "scale",
        "scale": [10, 6, 4, 2],
        "best_of": 3,
        "min_participations": 1,
    }
    listed = {"slug": played.slug, "name": played.name, "date": str(played.date)}
    assert data["tournaments"] == [{**listed, "coefficient": "2.00", "final": False}]
    assert data["rows"] == []  # nothing counts before the tournament's results are final
    sign(played, staff)
    data = client.get("/api/challenges/saison").json()
    assert data["tournaments"] == [{**listed, "coefficient": "2.00", "final": True}]
    table1, table2 = seated(played, 1), seated(played, 2)
    # The tournament's places 1, 1, 3, 3, 5, 5, 7, 7 on the scale 10, 6, 4, 2 times the
    # coefficient 2: 20 points for the two 1st, 8 for the two 3rd, 0 beyond the scale (the
    # four on 0 share the challenge's 5th place).
    rows = sorted((r["place"], r["name"], r["total"], r["participations"]) for r in data["rows"])
    expected = [(2, 1, "20.00"), (1, 3, "8.00"), (0, 5, "0.00"), (3, 5, "0.00")]
    assert rows == sorted(
        (place, str(table[seat].player), total, 1)
        for table in (table1, table2)
        for seat, place, total in expected
    )
    assert all(r["counted"] == [played.slug] for r in data["rows"])


def test_a_challenge_answers_304_while_nothing_changed(client, played, staff):
    _challenge(played)
    first = client.get("/api/challenges/saison")
    etag = first["ETag"]
    assert client.get("/api/challenges/saison", headers={"if-none-match": etag}).status_code == 304
    sign(played, staff)
    changed = client.get("/api/challenges/saison", headers={"if-none-match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag
    # Two players share the first place now: 20 points each.
    assert [row["total"] for row in changed.json()["rows"][:3]] == ["20.00", "20.00", "8.00"]


def test_a_private_challenge_is_not_found(client, played):
    _challenge(played, is_public=False)
    private = client.get("/api/challenges/saison")
    assert private.status_code == 404
    assert private.content == client.get("/api/challenges/nothing").content


def test_a_player_s_history(client, played, staff):
    registration = seated(played, 1)[2]
    other = TournamentFactory(slug="private-one", is_public=False)
    RegistrationFactory(tournament=other, player=registration.player)
    data = client.get(f"/api/players/{registration.player_id}").json()
    assert data["id"] == registration.player_id
    assert data["name"] == str(registration.player)
    row = {
        "slug": played.slug,
        "name": played.name,
        "date": str(played.date),
        "format": "libre",
        "number": registration.number,
        "kind": "points",
        "team": "",
    }
    # In progress: listed, no place nor figure yet.
    unsigned = {"place": None, "tied": False, "field_size": 8, "figure": None, "final": False}
    assert data["tournaments"] == [{**row, **unsigned}]
    sign(played, staff)
    data = client.get(f"/api/players/{registration.player_id}").json()
    final = {"place": 1, "tied": True, "field_size": 8, "figure": "1346", "final": True}
    assert data["tournaments"] == [{**row, **final}]
    # Only a private tournament: the directory is not published.
    loner = RegistrationFactory(tournament=other).player
    assert client.get(f"/api/players/{loner.pk}").status_code == 404
    assert client.get("/api/players/999999").status_code == 404


def test_no_email_nor_licence_anywhere(client, played):
    _challenge(played)
    player = seated(played, 1)[0].player
    bodies = [
        client.get(url).content
        for url in (
            "/api/tournaments",
            f"/api/tournaments/{played.slug}",
            f"/api/tournaments/{played.slug}/ranking",
            "/api/challenges/saison",
            f"/api/players/{player.pk}",
            f"/api/clubs/{played.organiser_club_id}/calendar.ics",
        )
    ]
    licences = [p.licence.encode() for p in Player.objects.all()]
    assert all(licences) and SECRET_MAIL.encode() in b"hidden@example.org"
    for body in bodies:
        assert b"@example.org" not in body
        assert not [licence for licence in licences if licence in body]
        assert b"licence" not in body.lower() and b"email" not in body.lower()


def test_the_openapi_document_lists_every_path(client, db):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    document = json.loads(response.content)
    assert document["openapi"].startswith("3.")
    assert set(document["paths"]) == {
        "/api/tournaments",
        "/api/tournaments/{slug}",
        "/api/tournaments/{slug}/ranking",
        "/api/challenges/{challenge_slug}",
        "/api/players/{player_id}",
        "/api/clubs/{club_id}/calendar.ics",
    }
    ranking = document["components"]["schemas"]["RankingRowOut"]["properties"]
    assert ranking["figure"]["anyOf"][0]["type"] == "string"
    # No interactive page: it would load its scripts from a CDN.
    assert client.get("/api/docs").status_code == 404


def test_too_many_requests_from_one_address(client, db, settings):
    settings.API_RATE = "3/min"
    answers = [client.get("/api/tournaments").status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]
    refused = client.get("/api/tournaments/anything")
    assert refused.status_code == 429 and refused.json() == {"detail": "Too many requests."}
    assert 1 <= int(refused["Retry-After"]) <= 60
    # Another address has its own count; a header the client writes does not make one.
    assert client.get("/api/tournaments", REMOTE_ADDR="10.0.0.2").status_code == 200
    forged = client.get("/api/tournaments", headers={"x-forwarded-for": "10.9.9.9"})
    assert forged.status_code == 429
    assert client.get("/api/openapi.json").status_code == 429


def _lines(body: bytes) -> list[bytes]:
    assert body.endswith(b"\r\n") and b"\n" not in body.replace(b"\r\n", b"")
    return body.split(b"\r\n")[:-1]


def test_a_club_s_calendar(client, played):
    club = played.organiser_club
    today = datetime.date.today()
    venue = "Salle polyvalente, 12 rue de la Paix; entrée côté parc \\ 1er étage, Lyon " * 2
    coming = TournamentFactory(
        name="Tournoi de printemps, open",
        slug="printemps",
        organiser_club=club,
        date=today + datetime.timedelta(days=40),
        venue=venue.strip(),
    )
    TournamentFactory(organiser_club=club, date=today - datetime.timedelta(days=31))
    TournamentFactory(organiser_club=club, is_public=False, slug="secret")
    TournamentFactory(organiser_club=ClubFactory(), slug="elsewhere")
    response = client.get(f"/api/clubs/{club.pk}/calendar.ics")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    body = response.content
    assert all(len(line) <= 75 for line in _lines(body))
    assert b"SUMMARY:Tournoi de printemps\\, open\r\n" in body
    assert b"Salle polyvalente\\, 12 rue de la Paix\\; entr" in body.replace(b"\r\n ", b"")
    assert b"\\\\ 1er" in body.replace(b"\r\n ", b"")
    calendar = Calendar.from_ical(body)
    events = calendar.walk("VEVENT")
    assert [str(e["SUMMARY"]) for e in events] == [played.name, coming.name]
    event = events[1]
    assert str(event["LOCATION"]) == venue.strip()
    assert event["DTSTART"].dt == coming.date
    assert b"DTSTART;VALUE=DATE:" in body
    assert str(event["UID"]) == f"tournament-{coming.pk}@testserver"
    assert str(event["URL"]) == "http://testserver/t/printemps/"
    # The same UID tomorrow, whatever changed: calendars update the event.
    coming.name = "Tournoi de printemps"
    coming.save()
    again = Calendar.from_ical(client.get(f"/api/clubs/{club.pk}/calendar.ics").content)
    assert str(again.walk("VEVENT")[1]["UID"]) == f"tournament-{coming.pk}@testserver"
    assert client.get("/api/clubs/999999/calendar.ics").status_code == 404


@pytest.mark.parametrize(
    "path",
    [
        "/api/tournaments/a%00b",
        "/api/tournaments/a%00b/ranking",
        "/api/challenges/a%00b",
        "/api/tournaments/" + "x" * 300,
    ],
)
def test_an_address_no_slug_can_be_is_not_found(client, db, path):
    """A NUL byte reaches no query (PostgreSQL refuses to compare one: a 500 otherwise)."""
    assert client.get(path).status_code == 404
