"""Issue 36, hostile text in what arbitres and scorers type: an incident's "what happened", a
decision's reason, why it was undone, a sheet's reason for its correction, a travelling-sheet
line's reason, a team match's penalty and cancelled étui. Each surface that shows it is
attacked once: the staff pages (markup shown as text, never run), the arbitre's report as a PDF
(the text printed as typed, not laid out as HTML) and as a workbook (typed text never a
formula), and the CSV writer every results file goes through."""

import csv
import io
import zipfile

import openpyxl
import pytest
from django.utils.html import escape

from arbitration import documents, services
from arbitration.models import IncidentKind
from common.rendering import csv_bytes, xlsx_bytes
from scoring.formats.duplicate.reads import board_plays
from scoring.formats.duplicate.services import (
    LineEntry,
    TravellingEntry,
    travelling_sheet_confirm,
    travelling_sheet_save,
)
from scoring.formats.match.services import matches_draw, penalty_set
from scoring.formats.match.services_rulings import board_cancel
from tests.arbitration.conftest import seat
from tests.scoring.conftest import SAMPLE, VISAS
from tests.scoring.duplicate.helpers import drawn_session, duplicate_tournament, staff_of
from tests.scoring.duplicate.test_team_match import competition_of, name
from tests.support import enter, table_url, text_of, url

pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert(1)</script>"
IMAGE = "<img src=x onerror=alert(1)>"
ATTRIBUTE = '"><svg onload=alert(1)>'
HOSTILE = f"{SCRIPT} {IMAGE} {ATTRIBUTE}"
# What a spreadsheet would run if a cell were written as a formula.
FORMULAS = ['=HYPERLINK("http://evil","x")', "=1+1", "@SUM(A1)", "+cmd|' /C calc'!A0", "-2+3"]


def assert_shown_as_text(html: str, typed: str = HOSTILE) -> None:
    """``typed`` is on the page escaped, and none of its markup is."""
    for markup in ("<script>alert", "<img src=x", "<svg onload"):
        assert markup not in html
    assert escape(typed) in html


@pytest.fixture
def hostile(table, staff):
    """Table 1: a conduct incident whose "what happened", decisions' reasons and undo reason
    are hostile, on a sheet confirmed then corrected with a hostile reason."""
    arbitre = staff["arbitre"]
    sheet = enter(table, staff["scorer"], confirm_by=arbitre)
    marks = {"d1-mark1": "321", "d1-mark0": "-107", "d1-mark2": "-107", "d1-mark3": "-107"}
    enter(table, arbitre, {**SAMPLE, **VISAS, **marks, "reason": HOSTILE}, base=sheet.version)
    incident = services.incident_log(
        tournament=table.round.tournament,
        user=arbitre,
        round=table.round,
        table=table,
        kind=IncidentKind.CONDUCT,
        deal_number=1,
        offender=seat(table, 1),
        description=HOSTILE,
        confirmed=True,
    )
    services.decision_add(incident=incident, user=arbitre, kind="penalty", points=7, note=HOSTILE)
    warning = services.decision_add(
        incident=incident, user=arbitre, kind="warning", note=HOSTILE
    ).decision
    services.decision_undo(decision=warning, user=arbitre, reason=HOSTILE)
    return incident


def test_incident_page_shows_the_typed_text_as_text(client, staff, hostile):
    client.force_login(staff["arbitre"])
    tournament = hostile.round.tournament
    response = client.get(url("arbitration:incident", tournament, pk=hostile.pk))
    html = response.content.decode()
    assert response.status_code == 200
    assert_shown_as_text(html)
    # "What happened", the two reasons, the undo note and the history lines: each escaped.
    assert html.count(escape(HOSTILE)) >= 5


def test_player_record_shows_the_typed_text_as_text(client, staff, hostile):
    client.force_login(staff["arbitre"])
    tournament = hostile.round.tournament
    address = url("arbitration:record", tournament, number=hostile.offender.number)
    response = client.get(address)
    assert response.status_code == 200
    assert_shown_as_text(response.content.decode())


def test_sheet_history_shows_the_correction_reason_as_text(client, staff, table, hostile):
    client.force_login(staff["arbitre"])
    response = client.get(table_url("history", table))
    assert response.status_code == 200
    assert_shown_as_text(response.content.decode())


def test_report_pdf_prints_the_typed_text_as_typed(hostile):
    _name, _type, pdf = documents.arbitration_report_pdf(tournament=hostile.round.tournament)
    text = "".join(text_of(pdf).split())  # a narrow column wraps "</script>" after its "/"
    # Laid out as HTML, the script would vanish and the image be fetched (and refused).
    # Four times: what happened, the two decisions' reasons, why the warning was undone.
    for typed in (SCRIPT, IMAGE, ATTRIBUTE):
        assert text.count("".join(typed.split())) == 4, typed


def _formulas_in(content: bytes) -> list[str]:
    """The formula elements of a workbook's sheets, read from its XML."""
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        sheets = [n for n in archive.namelist() if n.startswith("xl/worksheets/")]
        return [n for n in sheets if b"<f>" in archive.read(n) or b"<f " in archive.read(n)]


@pytest.mark.parametrize("typed", FORMULAS)
def test_report_workbook_keeps_a_formula_as_text(table, staff, typed):
    arbitre = staff["arbitre"]
    incident = services.incident_log(
        tournament=table.round.tournament,
        user=arbitre,
        round=table.round,
        table=table,
        kind=IncidentKind.CONDUCT,
        offender=seat(table, 1),
    )
    warning = services.decision_add(
        incident=incident, user=arbitre, kind="warning", note=typed
    ).decision
    services.decision_undo(decision=warning, user=arbitre, reason=typed)
    _name, _type, content = documents.arbitration_report_xlsx(tournament=table.round.tournament)
    assert _formulas_in(content) == []
    ws = openpyxl.load_workbook(io.BytesIO(content))["Arbitrage"]
    note, why = ws.cell(row=2, column=12), ws.cell(row=2, column=15)
    assert (note.value, note.data_type) == (typed, "s")
    assert (why.value, why.data_type) == (typed, "s")


@pytest.mark.parametrize("typed", [*FORMULAS, "\t=1+1", "\r=1+1"])
def test_the_writers_never_write_a_formula(typed):
    content = xlsx_bytes([("Sheet", iter([[typed, "Header"], [typed], [f"x{typed}"]]))])
    assert _formulas_in(content) == []  # the header row's text included
    ws = openpyxl.load_workbook(io.BytesIO(content))["Sheet"]
    assert ws["A1"].data_type == "s" and ws["A1"].font.b and ws["B1"].value == "Header"
    cell = ws["A2"]
    assert cell.data_type == "s" and cell.value == typed.replace("\r", "\n")  # XML's line end
    content = csv_bytes([["Header"], [typed], [f"x{typed}"]]).decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(content, newline=""), delimiter=";"))
    assert rows[1] == ["'" + typed]  # the apostrophe spreadsheets read as "text"
    assert rows[2] == [f"x{typed}"]  # not at the start: left as typed


def test_travelling_sheet_page_shows_the_reasons_as_text(client):
    tournament = duplicate_tournament(players=8, positions=2)
    session = drawn_session(tournament)
    _o, scorer, arbitre, second = staff_of(tournament)
    board = session.boards.get(number=1)
    plays = board_plays(session)[board.board_set]
    lines = [LineEntry(position=p.position, table=p.table, score=56) for p in plays]
    sheet = travelling_sheet_save(board=board, entry=TravellingEntry(tuple(lines)), user=scorer)
    travelling_sheet_confirm(sheet=sheet, user=arbitre)
    last = plays[-1]
    adjusted = LineEntry(
        position=last.position, table=last.table, score=51, adjusted=True, adjust_reason=HOSTILE
    )
    travelling_sheet_save(
        board=board, entry=TravellingEntry((*lines[:-1], adjusted), HOSTILE), user=second
    )
    client.force_login(arbitre)
    address = url("scoring:duplicate_board", tournament, session=session.number, board=1)
    response = client.get(address)
    assert response.status_code == 200
    assert_shown_as_text(response.content.decode())


def test_team_match_pages_show_the_reasons_as_text(client):
    tournament = competition_of()
    _o, _scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    quarter = name(match, 1, arbitre)
    board_cancel(quarter=quarter, board=1, room="open", user=arbitre, reason=HOSTILE)
    penalty_set(match=match, user=arbitre, penalty_a="1", penalty_b="0", reason=HOSTILE)
    client.force_login(arbitre)
    for address in (
        url("scoring:match", tournament, match=match.number),
        url("scoring:match_quarter", tournament, match=match.number, quarter=1),
    ):
        response = client.get(address)
        assert response.status_code == 200, address
        assert_shown_as_text(response.content.decode())
    # The result sheet the captains sign prints the penalty's reason as typed.
    pdf = client.get(url("scoring:match_sheet", tournament, match=match.number))
    assert pdf["Content-Type"] == "application/pdf"
    text = "".join(text_of(pdf.content).split())
    assert all("".join(typed.split()) in text for typed in (SCRIPT, IMAGE, ATTRIBUTE))
