"""The results menu of every format but donnes libres: the page, the ranking CSV, the
federation's file, the workbook and the PDF rank a simulated tournament as the format's own
ranking does (duplicate individuel: général and alterné on the global %; triplettes and
quadrettes: the teams; team match: the competition), and the libre-only choices and files
(after position k, bilans, deals) are not offered."""

import csv
import io
from decimal import Decimal

import openpyxl
import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from scoring.formats.duplicate.exports import decimal_text
from scoring.formats.duplicate.reads import session_results, tournament_results
from scoring.formats.duplicate.services import session_close
from scoring.formats.match.results import competition
from scoring.formats.match.services import matches_draw
from scoring.formats.quadrettes.reads import quadrette_session_results
from scoring.formats.triplettes.reads import triplette_session_results
from scoring.models.match import TeamMatch
from tests.jobs import fetch
from tests.scoring.duplicate.helpers import drawn_session, duplicate_tournament, enter, staff_of
from tests.scoring.duplicate.test_team_match import QUARTER_SCORES, competition_of, play
from tests.support import export_url as url
from tournaments.models import Registration, Tournament

pytestmark = pytest.mark.django_db

# format, players, positions: small fields, one séance played and closed.
FORMATS = [("duplicate", 16, 4), ("triplettes", 24, 3), ("quadrettes", 16, 3)]
SEAT_NAMES = ("North", "East", "South", "West", "Nord", "Est", "Sud", "Ouest")


def simulated(fmt, players, positions, slug=None) -> Tournament:
    slug = slug or fmt
    call_command(
        "simulate_tournament", "--slug", slug, "--players", str(players), "--format", fmt,
        "--positions", str(positions), "--sheets", "--seed", "3",
    )  # fmt: skip
    return Tournament.objects.get(slug=slug)


def own_ranking(tournament) -> list[tuple[int, int, str, int | None]]:
    """(général place, number, figure as the CSV writes it, alterné place) from the format's
    own reads, in its order."""
    session = tournament.sessions.get()
    if tournament.format == "duplicate":
        return [
            (r.general_place, r.registration.number, decimal_text(r.overall, 2),
             r.alternate_place)
            for r in session_results(session, official=True).players
            if r.ranked
        ]  # fmt: skip
    if tournament.format == "triplettes":
        return [
            (r.general_place, r.team.number, decimal_text(r.overall, 2), r.alternate_place)
            for r in triplette_session_results(session, official=True).teams
        ]
    return [
        (r.place, r.team.number, f"{r.pm:.3f}", None)
        for r in quadrette_session_results(session, official=True).teams
    ]


def read_csv(content: bytes) -> list[dict]:
    return list(csv.DictReader(io.StringIO(content.decode("utf-8-sig")), delimiter=";"))


def as_arbitre(client, tournament):
    _organiser, _scorer, arbitre, _second = staff_of(tournament)
    client.force_login(arbitre)


def members_of(tournament, number) -> set[int]:
    """The registration ids a ranked number stands for: the player, or the team's members."""
    if tournament.format == "duplicate":
        return set(tournament.registrations.filter(number=number).values_list("pk", flat=True))
    return set(tournament.registrations.filter(team__number=number).values_list("pk", flat=True))


@pytest.mark.parametrize(("fmt", "players", "positions"), FORMATS)
def test_the_page_ranks_as_the_format_does_without_libre_choices(client, fmt, players, positions):
    tournament = simulated(fmt, players, positions)
    as_arbitre(client, tournament)
    response = client.get(reverse("scoring:exports", kwargs={"slug": tournament.slug}))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="after"' not in html and "After position" not in html
    expected = own_ranking(tournament)
    parts = {part["kind"]: part for part in response.context["parts"]}
    general = [(row[0][0].rstrip("="), row[1][0]) for row in parts["general"]["rows"]]
    assert general == [(str(place), str(number)) for place, number, _f, _a in expected]
    if fmt != "quadrettes":  # an alterné beside the général
        alternate = [(row[0][0].rstrip("="), row[1][0]) for row in parts["alternate"]["rows"]]
        by_alternate = sorted(expected, key=lambda e: e[3])
        assert alternate == [(str(a), str(number)) for _p, number, _f, a in by_alternate]
        assert "Global %" in html
    else:
        assert list(parts) == ["general"] and ">PM<" in html
    total = tournament.sessions.get().boards.count()
    assert f"{total} of {total} travelling sheets confirmed" in html
    # Only the format's files are offered, and the libre ones do not exist here.
    for kind, ext in [("ranking", "pdf"), ("ranking", "csv"), ("federation", "csv"),
                      ("results", "xlsx")]:  # fmt: skip
        assert url(tournament, kind, ext) in html
    for kind, ext in [("individual", "pdf"), ("players", "pdf"), ("positions", "csv"),
                      ("deals", "csv"), ("individual", "csv"), ("teams", "csv")]:  # fmt: skip
        assert url(tournament, kind, ext) not in html
        assert client.get(url(tournament, kind, ext)).status_code == 404


@pytest.mark.parametrize(("fmt", "players", "positions"), FORMATS)
def test_the_csv_and_the_federation_file_rank_as_the_format_does(client, fmt, players, positions):
    tournament = simulated(fmt, players, positions)
    as_arbitre(client, tournament)
    expected = own_ranking(tournament)
    figure = "PM" if fmt == "quadrettes" else "Global %"
    response = client.get(url(tournament, "ranking", "csv", "?official=1"))
    assert response.status_code == 200
    rows = read_csv(response.content)
    assert [(int(r["Place"]), int(r["No."]), r[figure].replace(",", ".")) for r in rows] == [
        (place, number, text) for place, number, text, _a in expected
    ]
    if fmt != "quadrettes":
        assert [int(r["Alterné place"]) for r in rows] == [a for *_rest, a in expected]
    federation = read_csv(client.get(url(tournament, "federation", "csv", "?official=1")).content)
    licences = dict(tournament.registrations.values_list("pk", "player__licence"))
    place_of = {}
    for place, number, text, _a in expected:
        for pk in members_of(tournament, number):
            place_of[licences[pk]] = (place, text)
    assert len(federation) == len(place_of) == tournament.registrations.count()
    for row in federation:
        assert (int(row["Rank"]), row[figure].replace(",", ".")) == place_of[row["Licence"]]
        assert int(row["Positions played"]) == positions
        assert not any(name in value for value in row.values() for name in SEAT_NAMES)
    registration = Registration.objects.get(player__licence=federation[0]["Licence"])
    assert federation[0]["Last name"] == registration.last_name.upper()


@pytest.mark.parametrize(("fmt", "players", "positions"), FORMATS)
def test_the_pdf_and_the_workbook_hold_the_ranking(client, fmt, players, positions):
    tournament = simulated(fmt, players, positions)
    as_arbitre(client, tournament)
    expected = own_ranking(tournament)
    response = fetch(client, url(tournament, "ranking", "pdf", "?official=1"))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)
    assert "Official standings" in text and tournament.name in text
    assert ("Alterné ranking" in text) is (fmt != "quadrettes")
    first = expected[0]
    if fmt == "duplicate":
        name = tournament.registrations.get(number=first[1]).name
    else:
        name = tournament.teams.get(number=first[1]).name
    assert name in text and first[2] in text.replace("+", "")
    response = fetch(client, url(tournament, "results", "xlsx", "?official=1"))
    workbook = openpyxl.load_workbook(io.BytesIO(response.content))
    assert workbook.sheetnames[:3] == ["Ranking", "Travelling sheets", "Penalties"]
    ranking = list(workbook["Ranking"].iter_rows(values_only=True))
    figure = ranking[0].index("PM" if fmt == "quadrettes" else "Global %")
    assert [(r[0], r[2], Decimal(str(r[figure]))) for r in ranking[1:]] == [
        (place, number, Decimal(text)) for place, number, text, _a in expected
    ]
    lines = list(workbook["Travelling sheets"].iter_rows(values_only=True))
    assert lines[0][:3] == ("board", "position", "table") and len(lines) > 1


@pytest.fixture
def match_played():
    tournament = competition_of(teams=2)
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    match = TeamMatch.objects.get(pk=match.pk)
    for number, (a_scores, b_scores) in enumerate(QUARTER_SCORES, start=1):
        play(match, number, scorer, arbitre, a_scores, b_scores)
    return tournament


def test_a_team_match_results_menu_gives_the_match_result(client, match_played):
    tournament = match_played
    as_arbitre(client, tournament)
    table = competition(tournament)  # [(place, team, points, PM for, PM against)]
    assert [row[2] for row in table] == [2, 0]
    html = client.get(reverse("scoring:exports", kwargs={"slug": tournament.slug}))
    html = html.content.decode()
    assert "Competition table" in html and "4 of 4 quarters closed" in html
    assert 'name="after"' not in html
    assert url(tournament, "penalties", "csv") not in html  # a match's are on the match
    rows = read_csv(client.get(url(tournament, "ranking", "csv", "?official=1")).content)
    assert [
        (int(r["Place"]), int(r["No."]), int(r["Points"]), r["PM for"], r["PM against"])
        for r in rows
    ] == [
        (place, team.number, points, f"{pm_for:.3f}".replace(".", ","),
         f"{pm_against:.3f}".replace(".", ","))
        for place, team, points, pm_for, pm_against in table
    ]  # fmt: skip
    winner = table[0][1]
    assert winner.name in rows[0]["Team"] and rows[0]["Members"].count(",") == 3
    federation = read_csv(client.get(url(tournament, "federation", "csv", "?official=1")).content)
    assert len(federation) == 8
    winners = set(winner.members.values_list("player__licence", flat=True))
    for row in federation:
        assert int(row["Rank"]) == (1 if row["Licence"] in winners else 2)
        assert int(row["Quarters played"]) == 4
    response = fetch(client, url(tournament, "ranking", "pdf", "?official=1"))
    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    assert "Competition table" in text and winner.name in text


def test_the_page_reads_in_queries_that_do_not_grow_with_the_field(client):
    counts = []
    for players in (16, 28):
        tournament = simulated("duplicate", players, 4, slug=f"dup{players}")
        as_arbitre(client, tournament)
        with CaptureQueriesContext(connection) as queries:
            response = client.get(reverse("scoring:exports", kwargs={"slug": tournament.slug}))
        assert response.status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_two_seances_rank_on_the_total_without_an_alterne(client):
    tournament = duplicate_tournament(players=8, positions=2)
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    for number, scores in ((1, [56, 56]), (2, [56, -52])):
        session = drawn_session(tournament, number=number, seed=number + 2)
        session.coefficient = Decimal(number)
        session.save()
        for board in session.boards.all():
            enter(board, scores, scorer, confirm_by=arbitre)
        session_close(session=session, user=arbitre)
    client.force_login(arbitre)
    rows = read_csv(client.get(url(tournament, "ranking", "csv", "?official=1")).content)
    assert "Alterné place" not in rows[0] and "Attack %" not in rows[0]
    expected = tournament_results(tournament, official=True)
    assert [(int(r["Place"]), int(r["No."]), r["Total"]) for r in rows] == [
        (row.place, row.registration.number, decimal_text(row.total, 2).replace(".", ","))
        for row in expected
    ]
    html = client.get(reverse("scoring:exports", kwargs={"slug": tournament.slug}))
    assert "Total: Σ coefficient × global of each séance" in html.content.decode()
    assert [part["kind"] for part in html.context["parts"]] == ["general"]
