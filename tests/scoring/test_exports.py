"""Results as files: the workbook cell by cell, the CSV files parsed back, the federation's
rows, the PDFs read back with pypdf, who may download them, and query counts that do not grow
with the field."""

import csv
import io
import random

import openpyxl
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from common.rendering import CSV, XLSX
from scoring.formats.libre import exports, services
from scoring.formats.libre.forms import read_entry
from scoring.formats.libre.simulation import sheets_simulate
from scoring.formats.libre.standings import standings
from scoring.services_ledger import effect_cancel, penalty_apply
from tests.factories import TeamFactory, TournamentFactory
from tests.jobs import fetch
from tests.scoring.conftest import SAMPLE, SAMPLE_BILANS, VISAS, seat_and_publish
from tests.support import export_url as url
from tests.support import text_of

pytestmark = pytest.mark.django_db
VISITORS = ["anonymous", "scorer", "arbitre", "organiser", "other_organiser"]


def read_csv(content: bytes) -> list[list[str]]:
    assert content.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=";"))


@pytest.fixture
def played(round1, staff):
    """Both tables of position 1 play the sample sheet; table 1's is confirmed, table 2's
    only entered; table 1's West has a 40-point penalty (and one cancelled)."""
    t1, t2 = round1.tables.order_by("number")
    for table in (t1, t2):
        sheet = services.scoresheet_save(
            table=table, user=staff["scorer"], entry=read_entry({**SAMPLE, **VISAS}), base_version=0
        )
        if table == t1:
            services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    west = t1.seats.get(number=3).registration
    tournament = round1.tournament
    # Through the ledger's services, as an arbitre does (the state the app can reach).
    arbitre = staff["arbitre"]
    penalty_apply(registration=west, points=40, position=1, reason="late", user=arbitre)
    cancelled = penalty_apply(registration=west, points=7, position=1, reason="x", user=arbitre)
    effect_cancel(effect=cancelled, user=arbitre, reason="wrong player")
    south1 = t1.seats.get(number=2).registration
    south2 = t2.seats.get(number=2).registration
    return {"tournament": tournament, "west": west, "south1": south1, "south2": south2}


def sheet_rows(workbook, title):
    return list(workbook[title].iter_rows(values_only=True))


def test_workbook_cell_by_cell(client, staff, played):
    tournament = played["tournament"]
    client.force_login(staff["arbitre"])
    response = fetch(client, url(tournament, "results", "xlsx"))
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX
    # Five positions planned, one published: the results count up to the one played.
    assert response["Content-Disposition"].endswith('-results-after-1-provisional.xlsx"')
    workbook = openpyxl.load_workbook(io.BytesIO(response.content))
    assert workbook.sheetnames == [
        "Individual ranking", "Marks per position", "Deals", "Penalties", "Arbitrage",
    ]  # fmt: skip
    ws = workbook["Individual ranking"]
    assert ws.freeze_panes == "A2" and ws["A1"].font.b
    rows = sheet_rows(workbook, "Individual ranking")
    assert rows[0][:11] == (
        "Rank", "Tied", "No.", "FFT number", "Name", "Club", "Team", "Marks", "Penalties",
        "Total", "Excluded",
    )  # fmt: skip
    assert rows[0][11:] == ("Position 1",)  # the positions counted, not the five planned
    # Both Souths have 1346, tied first: the rank stays a number, the tie is its own column.
    first = rows[1]
    assert first[0] == 1 and type(first[0]) is int and first[1] == "yes"
    assert first[9] == 1346 and type(first[9]) is int
    assert first[11:] == (1346,)
    west = next(row for row in rows[1:] if row[2] == played["west"].number)
    assert west[7:10] == (-510, 40, -550)
    assert ws.cell(row=2, column=5).data_type == "s"
    assert len(rows) == 1 + 8


def test_workbook_deals_penalties_positions(played):
    tournament = played["tournament"]
    _, _, content = exports.results_xlsx(tournament=tournament, up_to=1)
    workbook = openpyxl.load_workbook(io.BytesIO(content))
    positions = sheet_rows(workbook, "Marks per position")
    assert positions[0] == ("No.", "Name", "Club", "Table 1", "Bilan 1", "Marks", "Penalties",
                            "Total", "Rank")  # fmt: skip
    numbers = [row[0] for row in positions[1:]]
    assert numbers == sorted(numbers) and len(numbers) == 8  # by number
    south = next(row for row in positions[1:] if row[0] == played["south1"].number)
    assert south[3:5] == (1, 1346)
    deals = sheet_rows(workbook, "Deals")
    assert deals[0][:12] == ("Position", "Table", "Sheet", "Version", "Deal", "Entered as",
                             "Contract", "Taker", "Partner", "Sits out", "Dealer",
                             "Dealt again")  # fmt: skip
    assert deals[0][12:] == ("North No.", "North mark", "East No.", "East mark",
                             "South No.", "South mark", "West No.", "West mark")  # fmt: skip
    assert len(deals) == 1 + 10
    first = deals[1]
    assert first[:7] == (1, 1, "Confirmed", 1, 1, "Marks", "Garde")
    east = played["tournament"].rounds.get(number=1).tables.get(number=1).seats.get(number=1)
    assert first[7] == east.registration.number  # the taker
    north = east.table.seats.get(number=0).registration
    assert first[10:12] == (north.number, None)  # Nord dealt the first deal, once
    assert first[14:16] == (east.registration.number, 318)
    assert deals[6][2] == "Entered"  # table 2
    penalties = sheet_rows(workbook, "Penalties")
    assert penalties[0][:4] == ("Position", "No.", "Player", "Points")
    assert [row[3] for row in penalties[1:]] == [40, 7]
    assert [row[8] for row in penalties[1:]] == ["yes", None]  # counted, cancelled


def test_official_workbook_counts_confirmed_sheets(played):
    tournament = played["tournament"]
    filename, _, content = exports.results_xlsx(tournament=tournament, official=True)
    assert filename.endswith("-official.xlsx")
    workbook = openpyxl.load_workbook(io.BytesIO(content))
    rows = {row[2]: row for row in sheet_rows(workbook, "Individual ranking")[1:]}
    assert rows[played["south1"].number][9] == 1346
    assert rows[played["south2"].number][9] == 0
    assert len(sheet_rows(workbook, "Deals")) == 1 + 5


def make_teams(tournament):
    tournament.kind = tournament.Kind.TEAMS_2
    tournament.save()
    regs = list(tournament.registrations.order_by("number"))
    for i in range(4):
        team = TeamFactory(tournament=tournament, number=i + 1, name=f"Team {i + 1}")
        for reg in regs[2 * i : 2 * i + 2]:
            reg.team = team
            reg.save()


def test_team_ranking_sheet_csv_and_pdf(client, staff, played):
    tournament = played["tournament"]
    make_teams(tournament)
    _, _, content = exports.results_xlsx(tournament=tournament)
    workbook = openpyxl.load_workbook(io.BytesIO(content))
    assert workbook.sheetnames[:2] == ["Individual ranking", "Team ranking"]
    teams = sheet_rows(workbook, "Team ranking")
    assert teams[0][:6] == ("Rank", "Tied", "No.", "Team", "Members", "Total")
    ranking = standings(tournament=tournament)
    expected = [(team.rank, team.name, team.total) for team in ranking.teams()]
    assert [(row[0], row[3], row[5]) for row in teams[1:]] == expected
    client.force_login(staff["organiser"])
    rows = read_csv(fetch(client, url(tournament, "teams", "csv")).content)
    assert [row[3] for row in rows[1:]] == [name for _, name, _ in expected]
    response = fetch(client, url(tournament, "teams", "pdf"))
    assert response.status_code == 200
    text = text_of(response.content)
    assert "Team ranking" in text and "Team 1" in text and "provisional" in text


def test_csv_files_parse_back(client, staff, played):
    tournament = played["tournament"]
    client.force_login(staff["arbitre"])
    response = fetch(client, url(tournament, "individual", "csv", "?after=1&official=1"))
    assert response.status_code == 200 and response["Content-Type"] == CSV
    assert response["Content-Disposition"].endswith('-individual-after-1-official.csv"')
    rows = read_csv(response.content)
    assert rows[0][:3] == ["Rank", "Tied", "No."] and rows[0][11:] == ["Position 1"]
    first = rows[1]
    assert first[0] == "1" and first[9] == "1346" and first[1] == ""  # official: no tie
    for kind, length in [("positions", 9), ("deals", 11), ("penalties", 3), ("federation", 9)]:
        response = fetch(client, url(tournament, kind, "csv"))
        assert response.status_code == 200, kind
        assert len(read_csv(response.content)) == length, kind


def test_csv_never_starts_a_formula(played):
    west = played["west"]
    west.first_name = "=HYPERLINK(1)"
    west.save()
    _, _, content = exports.results_csv(tournament=played["tournament"], kind="federation")
    rows = read_csv(content)
    assert "'=HYPERLINK(1)" in [row[2] for row in rows]
    assert "-550" in [row[6] for row in rows]  # negative numbers stay numbers


def test_federation_rows(played):
    tournament = played["tournament"]
    ranking = standings(tournament=tournament)
    rows = list(exports.federation_rows(ranking))
    assert rows[0] == ["Licence", "Last name", "First name", "Club", "Club number", "Rank",
                       "Total", "Positions played"]  # fmt: skip
    assert len(rows) == 1 + 8
    west = played["west"]
    row = next(r for r in rows[1:] if r[0] == west.player.licence)
    assert row[1:4] == [west.player.last_name.upper(), west.player.first_name,
                        west.player.club.name]  # fmt: skip
    assert row[5:] == [8, -550, 1]
    assert [r[5] for r in rows[1:]] == [r.rank for r in ranking.rows]


def test_rankings_pdf(client, staff, played):
    tournament = played["tournament"]
    client.force_login(staff["arbitre"])
    response = fetch(client, url(tournament, "individual", "pdf"))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = text_of(response.content)
    assert "Individual ranking" in text and tournament.name in text
    assert "Provisional standings" in text and "2 of 2 sheets" in text
    assert "1=" in text and "1346" in text and "−40" in text and "-550" in text
    assert played["west"].player.last_name.upper() in text
    assert "1 / 1" in text
    official = text_of(fetch(client, url(tournament, "individual", "pdf", "?official=1")).content)
    assert "Official standings" in official and "1 of 2 sheets" in official


def test_rankings_pdf_many_positions_goes_landscape(tournament, staff):
    tournament.positions = 8
    tournament.save()
    seat_and_publish(tournament, staff["organiser"], 8)
    _, _, pdf = exports.rankings_pdf(tournament=tournament, up_to=8)
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    assert page.mediabox.width > page.mediabox.height
    assert "Columns 1 to 8: the bilan of each position." in page.extract_text()


def test_player_sheets_pdf(played):
    tournament = played["tournament"]
    filename, content_type, pdf = exports.player_sheets_pdf(tournament=tournament, up_to=1)
    assert filename.endswith("-players-after-1-provisional.pdf")
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 8  # one page per player
    west = played["west"]
    page = next(p.extract_text() for p in reader.pages if str(west.player) in p.extract_text())
    assert "West" in page and "-510" in page and "−40" in page and "-550" in page
    assert "Rank: 8 / 8" in page and "Provisional standings" in page
    assert tournament.name in page and "after position 1" in page


def test_player_pages_follow_each_position(tournament, staff):
    tournament.positions = 2
    tournament.save()
    seat_and_publish(tournament, staff["organiser"], 8)
    seat_and_publish(tournament, staff["organiser"], 0, number=2)
    sheets_simulate(tournament=tournament, rng=random.Random(3))
    ranking = standings(tournament=tournament)
    pages = exports.player_pages(tournament=tournament, ranking=ranking)
    assert len(pages) == 8
    after1 = {row.registration_id: row for row in standings(tournament=tournament, up_to=1).rows}
    for page in pages:
        row = page["row"]
        assert [line["position"] for line in page["lines"]] == [1, 2]
        assert page["lines"][0]["total"] == after1[row.registration_id].total
        assert page["lines"][1]["total"] == row.total and page["lines"][1]["rank"] == row.rank
        assert sum(line["bilan"] for line in page["lines"]) == row.marks


def test_page_lists_the_downloads(client, staff, played):
    tournament = played["tournament"]
    client.force_login(staff["arbitre"])
    response = client.get(reverse("scoring:exports", kwargs={"slug": tournament.slug}))
    assert response.status_code == 200
    html = response.content.decode()
    for kind, fmt in [("results", "xlsx"), ("individual", "pdf"), ("players", "pdf"),
                      ("individual", "csv"), ("federation", "csv"), ("deals", "csv")]:  # fmt: skip
        assert url(tournament, kind, fmt, "?after=1") in html  # the last published position
    assert url(tournament, "teams", "pdf") not in html  # no teams here
    assert "1 of 2 sheets confirmed" in html
    response = client.get(
        reverse("scoring:exports", kwargs={"slug": tournament.slug}) + "?after=99&official=1"
    )
    assert "?after=5&amp;official=1" in response.content.decode()


@pytest.mark.parametrize(
    ("query", "after"),
    [("?after=abc", 1), ("?after=0", 1), ("?after=99", 5), ("?after=-1", 1), ("?after=1e3", 1),
     ("?after=٣", 1), ("?official=yes", 1)],
)  # fmt: skip
def test_bad_choices_are_ignored_or_clamped(client, staff, played, query, after):
    """What is not a position number means the last published position (1 here), a number
    out of range the nearest position, anything but official=1 the provisional ranking: the
    file is the one the sane request gives."""
    tournament = played["tournament"]
    client.force_login(staff["arbitre"])
    response = fetch(client, url(tournament, "individual", "csv", query))
    sane = fetch(client, url(tournament, "individual", "csv", f"?after={after}"))
    assert response.status_code == sane.status_code == 200
    assert f"after-{after}-provisional.csv" in response["Content-Disposition"]
    assert response.content == sane.content


def test_unknown_kinds_are_404(client, staff, played):
    tournament = played["tournament"]
    client.force_login(staff["arbitre"])
    for kind, fmt in [("results", "csv"), ("players", "xlsx"), ("nothing", "csv"),
                      ("individual", "PDF"), ("teams", "csv"), ("teams", "pdf")]:  # fmt: skip
        assert fetch(client, url(tournament, kind, fmt)).status_code == 404, (kind, fmt)
    base = reverse("scoring:exports", kwargs={"slug": tournament.slug})
    assert client.get(base + "individual.pdf.exe").status_code == 404


@pytest.mark.parametrize("target", ["page", "individual.pdf", "results.xlsx", "federation.csv"])
@pytest.mark.parametrize("visitor", VISITORS)
def test_permissions(client, staff, tournament, visitor, target):
    if visitor != "anonymous":
        client.force_login(staff[visitor])
    if target == "page":
        address = reverse("scoring:exports", kwargs={"slug": tournament.slug})
    else:
        address = url(tournament, *target.split("."))
    response = fetch(client, address)
    if visitor == "anonymous":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    elif visitor in ("arbitre", "organiser"):
        assert response.status_code == 200
    else:
        assert response.status_code == 403


def test_row_generators_read_in_constant_queries(django_user_model):
    boss = django_user_model.objects.create(username="boss", is_superuser=True)
    counts = []
    for players in (8, 48):
        tournament = TournamentFactory()
        seat_and_publish(tournament, boss, players)
        sheets_simulate(tournament=tournament, rng=random.Random(players))
        with CaptureQueriesContext(connection) as queries:
            ranking = standings(tournament=tournament)
            sizes = [
                len(list(exports.individual_rows(ranking))),
                len(list(exports.position_rows(ranking))),
                len(list(exports.federation_rows(ranking))),
                len(list(exports.deal_rows(tournament=tournament))),
                len(list(exports.penalty_rows(tournament=tournament))),
            ]
        assert sizes[:3] == [1 + players] * 3
        assert sizes[3] == 1 + players // 4 * 5
        counts.append(len(queries))
    # The ranking (5), the seats, the licences, the deals and their marks, the penalties.
    assert counts[0] == counts[1] == 5 + 1 + 1 + 2 + 1


def test_sample_bilans_add_up(played):
    """The deals sheet and the ranking read the same ledger."""
    rows = list(exports.deal_rows(tournament=played["tournament"], official=True))
    marks = [sum(row[13 + 2 * seat] for row in rows[1:]) for seat in range(4)]
    assert marks == SAMPLE_BILANS
