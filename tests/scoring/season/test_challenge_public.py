"""A challenge's public page, projector panel, PDF and workbook, on three tournaments whose
official rankings are made by hand (``cached_official_ranking`` replaced in
``scoring.season.standings``).

Scale 10, 8, 6, 4, 2; the best 2 results count; ranked from 2 tournaments.

    T1 (public):  ALPHA 1, BRAVO 2, CHARLIE 3, DELTA 4, INDIA 5
    T2 (public):  BRAVO 1, ALPHA 2, HOTEL 3, INDIA 4, GOLF 5
    T3 (private): CHARLIE 1, DELTA 2, HOTEL 3, GOLF 4, ALPHA 5, ECHO 6 (no points)

    ALPHA    10 + 8 (2 left out)  = 18, best 10, 3 played  -> 1 (ahead of BRAVO on participations)
    BRAVO     8 + 10              = 18, best 10, 2 played  -> 2
    CHARLIE   6 + 10              = 16                     -> 3
    DELTA     4 + 8               = 12, best 8             -> 4 (ahead of HOTEL on best result)
    HOTEL     6 + 6               = 12, best 6             -> 5
    GOLF      2 + 4               = 6, best 4, 2 played    -> 6= (shared with INDIA)
    INDIA     2 + 4               = 6, best 4, 2 played    -> 6=
    ECHO      0, 1 played                                  -> unranked
"""

import datetime
import io
from decimal import Decimal

import pytest
from django.db.models import F
from django.utils import translation
from openpyxl import load_workbook

from scoring.formats.base import TournamentFormat
from scoring.models import Challenge, ChallengeTournament
from scoring.ranking import Kind, OfficialRanking, RankingRow
from scoring.season import documents as documents_module
from scoring.season import standings as standings_module
from scoring.season.shown import rule_sentence
from tests.factories import (
    DirectoryEditorFactory,
    PlayerFactory,
    RegistrationFactory,
    TournamentFactory,
    UserFactory,
)
from tests.support import flat_lines, text_of
from tournaments.models import AuditEntry
from tournaments.selectors import change_stamp, change_stamps

EMPTY = (Kind.POINTS, False, False, [])
PLACES = {
    "t1": ["Alpha", "Bravo", "Charlie", "Delta", "India"],
    "t2": ["Bravo", "Alpha", "Hotel", "India", "Golf"],
    "t3": ["Charlie", "Delta", "Hotel", "Golf", "Alpha", "Echo"],
}


@pytest.fixture
def season(db, monkeypatch):
    players = {
        name: PlayerFactory(last_name=name, first_name="Jo")
        for name in ("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Golf", "Hotel", "India")
    }
    tournaments, rankings = {}, {}
    for day, key in enumerate(PLACES, start=1):
        tournament = TournamentFactory(
            name=f"Open {key.upper()}", slug=f"open-{key}", date=datetime.date(2026, 1, day),
            is_public=key != "t3",
        )  # fmt: skip
        rows = []
        for place, name in enumerate(PLACES[key], start=1):
            reg = RegistrationFactory(
                tournament=tournament, player=players[name], number=place,
                last_name=name, first_name="Jo",
            )  # fmt: skip
            rows.append(RankingRow(place, False, place, name, 100 - place, Kind.POINTS, (reg.pk,)))
        tournaments[key] = tournament
        rankings[tournament.pk] = OfficialRanking(Kind.POINTS, False, False, rows)
    monkeypatch.setattr(
        standings_module,
        "cached_official_ranking",
        lambda *, tournament, official: rankings.get(tournament.pk, OfficialRanking(*EMPTY)),
    )
    monkeypatch.setattr(TournamentFormat, "results_final", lambda self, tournament: True)
    challenge = Challenge.objects.create(
        name="Challenge d'hiver", slug="hiver", scale=[10, 8, 6, 4, 2], best_of=2,
        min_participations=2,
    )  # fmt: skip
    for tournament in tournaments.values():
        ChallengeTournament.objects.create(challenge=challenge, tournament=tournament)
    return challenge, players, tournaments


TIES = {
    "Alpha": "Level with BRAVO Jo on total and best result: ahead on participations",
    "Bravo": "Level with ALPHA Jo on total and best result: behind on participations",
    "Delta": "Level with HOTEL Jo on total: ahead on best result",
    "Hotel": "Level with DELTA Jo on total: behind on best result",
    "Golf": "Level with INDIA Jo on total, best result and participations: shared place",
    "India": "Level with GOLF Jo on total, best result and participations: shared place",
}
RULE = "Points by place: 10, 8, 6, 4, 2 for the first 5 places; the best 2 results count; "
RULE += "ranked from 2 tournaments played."


def test_page_shows_places_totals_ties_and_the_rule(client, season):
    challenge, players, _tournaments = season
    response = client.get("/c/hiver/")
    assert response.status_code == 200
    html = response.content.decode()
    assert RULE in html
    rows = html.split('data-testid="player-')
    by_name = {
        name: next(r for r in rows[1:] if f'<td class="name">{name.upper()} Jo' in r)
        for name in players
    }
    expected = {
        "Alpha": ("1", "18.00"), "Bravo": ("2", "18.00"), "Charlie": ("3", "16.00"),
        "Delta": ("4", "12.00"), "Hotel": ("5", "12.00"), "Golf": ("6=", "6.00"),
        "India": ("6=", "6.00"), "Echo": ("—", "0.00"),
    }  # fmt: skip
    for name, (place, total) in expected.items():
        assert f'<td class="rank">{place}</td>' in by_name[name], name
        assert f"<strong>{total}</strong>" in by_name[name], name
        if name in TIES:
            assert TIES[name] in by_name[name]
    # ALPHA's third result (T3, 5th: 2 points) is left out, and says so.
    assert '(2.00)<span class="visually-hidden"> not counted</span>' in by_name["Alpha"]
    # ECHO is listed after, unranked; the private tournament has no link.
    assert html.index("ECHO Jo") > html.index('data-testid="unranked"') > html.index("INDIA Jo")
    assert 'href="/t/open-t1/"' in html and 'href="/t/open-t3/"' not in html
    assert "Open T3" in html
    assert "<small>× 1.5</small>" not in html  # no coefficient shown where it is 1


def test_poll_is_204_until_the_challenge_changes(client, season):
    challenge, _players, _tournaments = season
    page = client.get("/c/hiver/").content.decode()
    live = page.split('hx-get="')[1].split('"')[0].replace("&amp;", "&")
    assert client.get(live).status_code == 204
    Challenge.objects.filter(pk=challenge.pk).update(best_of=None)
    from django.db.models import F

    Challenge.objects.filter(pk=challenge.pk).update(version=F("version") + 1)
    fresh = client.get(live)
    assert fresh.status_code == 200
    assert "every result counts" in fresh.content.decode()
    # Every result now counts: ALPHA 10 + 8 + 2.
    assert "<strong>20.00</strong>" in fresh.content.decode()


def test_private_challenge_is_404_but_to_its_managers(client, season):
    challenge, _players, _tournaments = season
    Challenge.objects.filter(pk=challenge.pk).update(is_public=False)
    for suffix in ("", "screen/", "screen/panel/", "standings.pdf", "standings.xlsx"):
        assert client.get(f"/c/hiver/{suffix}").status_code == 404
    manager = UserFactory()
    challenge.managers.add(manager)
    client.force_login(manager)
    assert client.get("/c/hiver/").status_code == 200
    assert client.get("/c/nothing-here/").status_code == 404


def test_screen_lists_the_top(client, season):
    response = client.get("/c/hiver/screen/")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.index("ALPHA Jo") < html.index("BRAVO Jo") < html.index("INDIA Jo")
    assert "ECHO Jo" not in html  # unranked players are not on the projector
    stamp = html.split('data-stamp="')[1].split('"')[0]
    assert client.get(f"/c/hiver/screen/panel/?stamp={stamp}").status_code == 204
    panel = client.get("/c/hiver/screen/panel/?stamp=old")
    assert panel.status_code == 200 and panel.content.decode().startswith("<section")


def test_pdf_has_the_columns_rule_and_ties(client, season):
    response = client.get("/c/hiver/standings.pdf")
    assert response["Content-Type"] == "application/pdf"
    text = " ".join(flat_lines(text_of(response.content)))
    assert RULE.replace(" ", "") in text.replace(" ", "")
    for line in ("1 ALPHA Jo", "18.00 10.00 8.00 (2.00) 3", "6= GOLF Jo", "6.00"):
        assert line in text, line
    for note in TIES.values():
        assert note.replace(" ", "") in text.replace(" ", ""), note
    assert "T3 — 01/03/2026 — Open T3" in text or "Open T3" in text


def test_workbook_has_numbers_and_each_result(client, season):
    response = client.get("/c/hiver/standings.xlsx")
    book = load_workbook(io.BytesIO(response.content))
    standings, results = book.worksheets
    rows = list(standings.iter_rows(values_only=True))
    assert rows[0][:5] == ("Place", "Tied", "Name", "Club", "Total")
    assert rows[0][5:8] == ("Open T1", "Open T2", "Open T3")
    alpha = rows[1]
    assert alpha[:3] == (1, None, "ALPHA Jo")
    assert (alpha[4], alpha[5], alpha[6], alpha[7], alpha[8]) == (18, 10, 8, 2, 3)
    assert alpha[9] == TIES["Alpha"]
    golf = next(r for r in rows if r[2] == "GOLF Jo")
    assert (golf[0], golf[1], golf[4]) == (6, "yes", 6)
    echo = rows[-1]
    assert (echo[0], echo[2], echo[4], echo[8]) == (None, "ECHO Jo", 0, 1)
    lines = list(results.iter_rows(values_only=True))
    alpha_t3 = next(r for r in lines if r[0] == "ALPHA Jo" and r[3] == "Open T3")
    assert alpha_t3[4:] == (5, None, 6, Decimal("1.00"), 2, "no") or alpha_t3[4:] == (
        5, None, 6, 1, 2, "no",
    )  # fmt: skip
    assert sum(1 for r in lines[1:] if r[0] == "ALPHA Jo") == 3


@pytest.mark.parametrize(
    ("address", "renderer"), [("standings.pdf", "render_pdf"), ("standings.xlsx", "xlsx_bytes")]
)
def test_documents_are_rendered_once_per_state_and_language(
    client, season, monkeypatch, address, renderer
):
    challenge, _players, _tournaments = season
    calls = []
    real = getattr(documents_module, renderer)

    def counted(*args, **kwargs):
        calls.append(translation.get_language())
        return real(*args, **kwargs)

    monkeypatch.setattr(documents_module, renderer, counted)
    first = client.get(f"/c/hiver/{address}")
    second = client.get(f"/c/hiver/{address}")
    assert first.status_code == second.status_code == 200
    assert first.content == second.content and len(calls) == 1
    assert second["Content-Disposition"] == 'attachment; filename="hiver-' + address + '"'
    # A change to the challenge (its version moves): rendered again, then cached again.
    Challenge.objects.filter(pk=challenge.pk).update(version=F("version") + 1)
    client.get(f"/c/hiver/{address}")
    client.get(f"/c/hiver/{address}")
    assert len(calls) == 2
    # Another language is another document.
    client.get(f"/c/hiver/{address}", HTTP_ACCEPT_LANGUAGE="fr")
    assert calls == ["en", "en", "fr"]


def test_page_queries_do_not_grow_with_tournaments(client, season, django_assert_num_queries):
    """Warm (the standings and the fragment in the cache): the challenge, its tournaments' ids,
    their change stamps in one query, the directory's stamp; as many with three more
    tournaments."""
    challenge, _players, _tournaments = season
    client.get("/c/hiver/")
    with django_assert_num_queries(4):
        assert client.get("/c/hiver/").status_code == 200
    for day in (4, 5, 6):
        tournament = TournamentFactory(date=datetime.date(2026, 1, day))
        ChallengeTournament.objects.create(challenge=challenge, tournament=tournament)
    client.get("/c/hiver/")
    with django_assert_num_queries(4):
        assert client.get("/c/hiver/").status_code == 200


def test_stamps_are_each_tournaments_change_stamp(season):
    _challenge, _players, tournaments = season
    ids = [t.pk for t in tournaments.values()]
    AuditEntry.objects.create(tournament=tournaments["t2"], action="tournament.updated")
    assert change_stamps(tournament_ids=ids) == {
        t.pk: change_stamp(tournament=t) for t in tournaments.values()
    }
    assert change_stamps(tournament_ids=ids)[tournaments["t2"].pk] == 1


def test_rule_sentence_names_coefficients(season):
    challenge, _players, tournaments = season
    ChallengeTournament.objects.filter(tournament=tournaments["t2"]).update(
        coefficient=Decimal("1.5")
    )
    challenge.points_rule = Challenge.PointsRule.FIELD
    challenge.best_of = None
    challenge.min_participations = 1
    entries = list(challenge.entries.select_related("tournament").order_by("tournament__date"))
    assert rule_sentence(challenge, entries) == (
        "Points proportional to the field: one per player beaten, plus one; every result "
        "counts; coefficients: Open T2 × 1.5."
    )


def test_an_empty_challenge_shows_and_prints(client, db):
    Challenge.objects.create(name="Vide", slug="vide", points_rule=Challenge.PointsRule.PERCENT)
    page = client.get("/c/vide/")
    assert "Points: the tournament&#x27;s percentage; every result counts." in page.content.decode()
    assert "No tournament yet." in page.content.decode()
    assert "No results yet." in text_of(client.get("/c/vide/standings.pdf").content)
    book = load_workbook(io.BytesIO(client.get("/c/vide/standings.xlsx").content))
    assert [ws.max_row for ws in book.worksheets] == [1, 1]
    assert client.get("/c/vide/screen/?seconds=zz").status_code == 200
    assert client.post("/c/vide/").status_code == 405


def test_a_three_way_level_says_who_is_ahead_and_behind():
    """Three on 20 points, best results 12, 10 and 8: the middle one is ahead of one, behind
    the other."""
    from fractions import Fraction

    from scoring.season.rules import BY_BEST
    from scoring.season.shown import tie_note
    from scoring.season.standings import ChallengeRow

    def row(place, name, best):
        total, best = Fraction(20), Fraction(best)
        return ChallengeRow(place, False, place, name, "", total, best, 2, {}, frozenset(), BY_BEST)

    rows = [row(1, "A", 12), row(2, "B", 10), row(3, "C", 8)]
    assert tie_note(rows[0], rows) == "Level with B and C on total: ahead on best result"
    assert tie_note(rows[1], rows) == (
        "Level with A and C on total: ahead of C, behind A on best result"
    )
    assert tie_note(rows[2], rows) == "Level with A and B on total: behind on best result"


def test_a_played_tournament_reaches_the_page(client, tournament, staff):
    """Through the services: one table of four plays the federation's sample sheet (bilans by
    seat -446, -390, 1346, -510). Proportional to the field, coefficient 1.5: the 1st (seat 2)
    4 × 1.5 = 6, seat 1 4.50, seat 0 3.00, seat 3 1.50, once the position is closed (the
    results final). The page's poll sees it (the tournament's change stamp moved)."""
    from scoring.formats.libre.services_rounds import round_close
    from scoring.results_final import results_declare_final
    from tests.scoring.conftest import seat_and_publish
    from tests.support import enter

    round1 = seat_and_publish(tournament, staff["organiser"], 4)
    table = round1.tables.get(number=1)
    challenge = Challenge.objects.create(
        name="Printemps", slug="printemps", points_rule=Challenge.PointsRule.FIELD
    )
    ChallengeTournament.objects.create(
        challenge=challenge, tournament=tournament, coefficient=Decimal("1.5")
    )
    page = client.get("/c/printemps/").content.decode()
    live = page.split('hx-get="')[1].split('"')[0].replace("&amp;", "&")
    assert client.get(live).status_code == 204
    enter(table, staff["scorer"], confirm_by=staff["arbitre"])
    round_close(round=round1, user=staff["arbitre"])
    results_declare_final(tournament=tournament, user=staff["arbitre"])
    fresh = client.get(live)
    assert fresh.status_code == 200
    html = fresh.content.decode()
    assert "<small>× 1.5</small>" in html
    for seat, total in ((2, "6.00"), (1, "4.50"), (0, "3.00"), (3, "1.50")):
        player = table.seats.get(number=seat).registration.player_id
        assert f'data-testid="total-{player}"><strong>{total}</strong>' in html, seat


@pytest.mark.parametrize(
    ("coefficient", "text"),
    [("1.50", "1.5"), ("2.00", "2"), ("10.00", "10"), ("0.25", "0.25"), ("0.00", "0")],
)
def test_coefficients_lose_their_trailing_zeros(coefficient, text):
    from scoring.season.shown import coefficient_text

    assert coefficient_text(Decimal(coefficient)) == text


def test_a_player_renamed_in_the_directory_is_renamed_in_the_standings(client, season):
    """The standings show the directory's names: renaming a player there makes new standings
    (and a new ETag for the API), though no tournament changed."""
    from tournaments.services import player_update

    _challenge, players, _tournaments = season
    player = next(iter(players.values()))
    etag = client.get("/api/challenges/hiver")["ETag"]
    editor = DirectoryEditorFactory()
    player_update(player=player, user=editor, last_name="Renommé")
    assert "RENOMMÉ" in client.get("/c/hiver/").content.decode()
    assert client.get("/api/challenges/hiver", headers={"if-none-match": etag}).status_code == 200
