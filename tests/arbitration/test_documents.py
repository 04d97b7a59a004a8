"""The arbitre's report: the PDF read back with pypdf, the spreadsheet cell by cell, who may
download it."""

import datetime
import io

import openpyxl
import pytest
from pypdf import PdfReader

from arbitration import documents, services
from arbitration.models import IncidentKind
from scoring.formats.libre import services as sheets
from scoring.formats.libre.forms import read_entry
from tests.arbitration.conftest import seat
from tests.jobs import fetch
from tests.scoring.conftest import SAMPLE, VISAS
from tests.support import text_of, url

pytestmark = pytest.mark.django_db
VISITORS = ["anonymous", "scorer", "arbitre", "organiser", "other_organiser"]


@pytest.fixture
def logged(table, staff):
    """Table 1: a confirmed renonce (its automatic ban) with a penalty, a warning undone; table
    2: a misdeal without decision."""
    arbitre = staff["arbitre"]
    tournament = table.round.tournament
    sheets.scoresheet_save(table=table, user=staff["scorer"], entry=read_entry({**SAMPLE, **VISAS}),
                           base_version=0)  # fmt: skip
    renonce = services.incident_log(
        tournament=tournament,
        user=arbitre,
        round=table.round,
        table=table,
        kind=IncidentKind.RENONCE,
        deal_number=2,
        offender=seat(table, 0),  # Nord defended deal 2 (Ouest took it): the sheet says so
        caller=seat(table, 3),
        confirmed=True,
    )
    services.decision_add(
        incident=renonce, user=arbitre, kind="penalty", points=25, note="=SUM(A1:A9)"
    )
    warning = services.decision_add(incident=renonce, user=arbitre, kind="warning").decision
    services.decision_undo(decision=warning, user=arbitre, reason="wrong player")
    other = table.round.tables.get(number=2)
    misdeal = services.incident_log(
        tournament=tournament,
        user=arbitre,
        round=table.round,
        table=other,
        kind=IncidentKind.MISDEAL,
        offender=seat(other, 1),
    )
    return {"renonce": renonce, "misdeal": misdeal}


def test_pdf_names_every_incident_and_player(client, staff, table, logged):
    client.force_login(staff["arbitre"])
    response = fetch(client, url("arbitration:report", table.round.tournament, fmt="pdf"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].endswith('-arbitrage.pdf"')
    text = text_of(response.content)
    assert "Arbitre's report" in text and table.round.tournament.name in text
    assert "Position 1" in text
    for kind in ("Renonce", "Misdeal", "Penalty", "Bid ban", "Warning"):
        assert kind in text
    for incident in logged.values():
        assert incident.offender.player.last_name.upper() in text
    assert logged["renonce"].caller.player.last_name.upper() in text
    assert "wrong player" in text  # why the warning was undone
    assert "No decision." in text  # the misdeal
    assert "1 / 1" in text  # page numbers


def test_pdf_groups_positions_and_spans_pages(table, staff, logged):
    arbitre = staff["arbitre"]
    for deal in range(1, 6):
        for _ in range(8):
            services.incident_log(
                tournament=table.round.tournament,
                user=arbitre,
                round=table.round,
                table=table,
                kind=IncidentKind.CONDUCT,
                deal_number=deal,
                offender=seat(table, 2),
                description="Talked during the play of the cards. " * 5,
            )
    filename, content_type, pdf = documents.arbitration_report_pdf(
        tournament=table.round.tournament
    )
    assert filename.endswith(".pdf") and content_type == "application/pdf"
    reader = PdfReader(io.BytesIO(pdf))
    pages = len(reader.pages)
    assert pages > 1
    assert f"{pages} / {pages}" in reader.pages[-1].extract_text()
    # The running header names the tournament on every page.
    assert all(table.round.tournament.name in page.extract_text() for page in reader.pages)


def test_pdf_without_incident(tournament, staff):
    _, _, pdf = documents.arbitration_report_pdf(tournament=tournament)
    assert "No incident was logged." in text_of(pdf)


def test_pdf_prints_names_as_typed(tournament, staff):
    tournament.name = "Tournoi d'été - Lyon"
    tournament.save()
    _, _, pdf = documents.arbitration_report_pdf(tournament=tournament)
    text = text_of(pdf)
    assert "u0027" not in text and "u002D" not in text
    assert "Tournoi d'été - Lyon" in text


def test_xlsx_cell_by_cell(client, staff, table, logged):
    client.force_login(staff["arbitre"])
    response = fetch(client, url("arbitration:report", table.round.tournament, fmt="xlsx"))
    assert response.status_code == 200
    assert response["Content-Type"] == documents.XLSX
    workbook = openpyxl.load_workbook(io.BytesIO(response.content))
    assert workbook.sheetnames == ["Arbitrage"]
    ws = workbook["Arbitrage"]
    assert ws.freeze_panes == "A2"
    rows = list(ws.iter_rows(values_only=True))
    assert list(rows[0]) == [
        "Position", "Table", "Deal", "Called at", "Type", "Offender", "Called by", "Status",
        "Decision", "Player", "Points", "Note", "Automatic", "Undone at", "Why it was undone",
    ]  # fmt: skip
    assert ws["A1"].font.b
    renonce, misdeal = logged["renonce"], logged["misdeal"]
    offender = f"{renonce.offender.number} {renonce.offender.player}"
    # The renonce: its automatic ban, the penalty, the warning undone, in that order.
    ban, penalty, warning, alone = rows[1:]
    assert ban[:3] == (1, 1, 2)
    assert isinstance(ban[3], datetime.datetime)
    assert ban[4:8] == ("Renonce", offender,
                        f"{renonce.caller.number} {renonce.caller.player}", "Decided")  # fmt: skip
    assert ban[8] == "Bid ban (position 1, deal 3)" and ban[12] == "yes"
    assert penalty[8:12] == ("Penalty", offender, 25, "=SUM(A1:A9)")
    assert type(penalty[10]) is int
    assert ws.cell(row=3, column=12).data_type == "s"  # typed text, never a formula
    assert ws.cell(row=3, column=11).data_type == "n"
    assert warning[8] == "Warning" and isinstance(warning[13], datetime.datetime)
    assert warning[14] == "wrong player"
    # The misdeal has no decision: one row, its decision cells empty.
    assert alone[:3] == (1, 2, None) and alone[4] == "Misdeal"
    assert alone[5] == f"{misdeal.offender.number} {misdeal.offender.player}"
    assert not any(alone[8:])


def test_report_rows_are_reusable(table, logged):
    rows = list(documents.report_rows(tournament=table.round.tournament))
    assert rows[0] == documents.report_header()
    assert len(rows) == 1 + 3 + 1  # header, three decisions, one incident without any
    assert {len(row) for row in rows} == {len(rows[0])}


def test_report_reads_in_constant_queries(table, staff, logged, django_assert_num_queries):
    with django_assert_num_queries(2):  # incidents, then their decisions
        list(documents.report_rows(tournament=table.round.tournament))


def test_unknown_format_is_404(client, staff, tournament):
    client.force_login(staff["arbitre"])
    for fmt in ("csv", "PDF", "pdf.exe"):
        assert fetch(client, url("arbitration:report", tournament, fmt=fmt)).status_code == 404


@pytest.mark.parametrize("fmt", ["pdf", "xlsx"])
@pytest.mark.parametrize("visitor", VISITORS)
def test_permissions(client, staff, tournament, visitor, fmt):
    if visitor != "anonymous":
        client.force_login(staff[visitor])
    response = fetch(client, url("arbitration:report", tournament, fmt=fmt))
    if visitor == "anonymous":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    elif visitor in ("arbitre", "organiser"):
        assert response.status_code == 200
    else:
        assert response.status_code == 403
