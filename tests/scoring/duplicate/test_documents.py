"""The duplicate's printed documents: the travelling sheets pre-filled from the movement, then
topped from the confirmed sheets in the rulebook's columns; the étui labels with the four hand
diagrams; and their staff downloads."""

import io
import re
from fractions import Fraction

import pytest
from django.urls import reverse
from PIL import ImageFont
from pypdf import PdfReader

from scoring.formats.duplicate import documents as documents_duplicate
from scoring.formats.duplicate import travelling_sheet_layout as layout
from scoring.formats.duplicate.documents import (
    board_labels_pdf,
    hand_groups,
    note_text,
    travelling_sheets_pdf,
)
from scoring.formats.duplicate.reads import board_plays
from scoring.models import TravellingLine
from tests.jobs import fetch
from tests.support import page_texts
from tournaments.models import DocumentJob, Registration

from .helpers import drawn_session, duplicate_tournament, enter, staff_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def seance():
    tournament = duplicate_tournament(players=20, positions=5, colour="Bleu ciel")
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    board = session.boards.get(number=1)
    enter(board, [56, 62, -56, -52, 50], scorer, confirm_by=arbitre)
    return session


def _north_numbers(session, board_set):
    numbers = dict(Registration.objects.values_list("pk", "number"))
    return [numbers[play.players["N"]] for play in board_plays(session)[board_set]]


def _captured(monkeypatch, session, topped=False):
    """The context and images the sheets' template gets, and the PDF made of them."""
    seen = {}
    real = documents_duplicate.render_pdf

    def spy(template, context, resources=None, **options):
        seen.update(context=context, resources=resources)
        return real(template, context, resources, **options)

    monkeypatch.setattr(documents_duplicate, "render_pdf", spy)
    _name, _type, content = travelling_sheets_pdf(session, topped=topped)
    return seen["context"], seen["resources"], content


def _cells(line: str, columns) -> dict:
    """A monospaced line cut back into its columns' values."""
    cells, start = {}, 0
    for key, width in columns:
        cells[key] = line[start : start + width].strip()
        start += width
    return cells


def test_blank_sheets_name_every_etui_its_tables_and_north_players(monkeypatch, seance):
    context, resources, content = _captured(monkeypatch, seance)
    assert len(PdfReader(io.BytesIO(content)).pages) == 10  # 20 étuis, two to a page
    whole = "\n".join(page_texts(content))
    assert "Bleu ciel" in whole and "Tournoi simulé dup" in whole
    sheets = context["sheets"]
    assert [sheet["board"].number for sheet in sheets] == list(range(1, 21))
    # One background for every sheet of the same shape, a PNG embedded once.
    assert len(resources) == 1 and all(image.startswith(b"\x89PNG") for image in resources.values())
    for sheet in sheets:
        board = sheet["board"]
        plays = board_plays(seance)[board.board_set]
        rows = [_cells(line, layout.BLANK_COLUMNS) for line in sheet["lines"].split("\n")]
        assert [row["north"] for row in rows] == [
            str(n) for n in _north_numbers(seance, board.board_set)
        ]
        assert [(int(row["position"]), int(row["table"])) for row in rows] == [
            (play.position, play.table) for play in plays
        ]
        assert all(row["plus"] == row["minus"] == "" for row in rows)  # nothing topped
        for north in (row["north"] for row in rows):
            assert north in whole


def test_the_grid_carries_the_rulebook_columns_and_the_lines_fit_it():
    labels = documents_duplicate._sheet_labels()
    blank = layout.background(
        layout.Shape(rows=5, topped=False, chien_boxes=True, half=True), labels
    )
    topped = layout.background(
        layout.Shape(rows=5, topped=True, chien_boxes=False, half=True), labels
    )
    words = lambda grid: " ".join(text[2] for text in grid.texts)  # noqa: E731
    assert "Preneur gagne" in words(blank) and "Preneur chute" in words(blank)
    assert "Topage" not in words(blank)
    assert "Topage" in words(topped) and "attaquant" in words(topped)  # on one line or two
    assert "défenseurs" in words(topped)
    # A blank chien has its six boxes drawn: four rules each more than the topped grid.
    assert len(blank.lines) - len(topped.lines) == 6 * 4 - 3  # and three column rules fewer
    for columns in (layout.BLANK_COLUMNS, layout.TOPPED_COLUMNS):
        assert sum(width for _key, width in columns) == layout.CHARACTERS
    # The lines' font has the advance the grid assumes: every value sits in its cell.
    mono = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", 2048)
    assert mono.getlength("0") == pytest.approx(layout.MONO_ADVANCE * 2048, abs=0.5)
    assert len(layout.line_text({"position": 12, "plus": 120}, layout.BLANK_COLUMNS)) == 90


def test_an_etui_more_tables_play_than_a_page_holds_goes_on_over_sheets():
    assert layout.max_rows(half=True) == documents_duplicate.HALF_PAGE_LINES == 13
    most = layout.max_rows(half=False)
    assert layout.Shape(rows=most, topped=True, chien_boxes=True, half=False).height <= 268.5
    assert layout.row_height(most, half=False) >= layout.MIN_ROW


def test_topped_sheets_show_scores_notes_ratures_and_cancelled_lines(monkeypatch, seance):
    board = seance.boards.get(number=1)
    TravellingLine.objects.filter(sheet__board=board, score=-52).update(rature=True)
    context, _resources, content = _captured(monkeypatch, seance, topped=True)
    first = page_texts(content)[0]
    for note in ("75,00", "25,00", "100,00", "0,00", "50,00"):
        assert note in first
    assert "62" in first and "52" in first and "rature" in first
    assert "annulée" not in first
    rows = [
        _cells(line, layout.TOPPED_COLUMNS) for line in context["sheets"][0]["lines"].split("\n")
    ]
    assert [(row["plus"], row["minus"]) for row in rows] == [
        ("56", ""),
        ("62", ""),
        ("", "56"),
        ("", "52"),
        ("50", ""),
    ]
    assert [row["remark"] for row in rows] == ["", "", "", "rature", ""]
    assert all(row["attack"] and row["defence"] for row in rows)


def test_the_longest_remark_is_printed_whole():
    row = {"position": 3, "table": 7, "north": 12, "minus": 120, "cancelled": True, "rature": True}
    text = str(documents_duplicate._lines_html([row], layout.TOPPED_COLUMNS))
    line = re.sub(r"<[^>]+>", "", text)
    assert _cells(line, layout.TOPPED_COLUMNS)["remark"] == "annulée, rature"
    assert _cells(line, layout.TOPPED_COLUMNS)["minus"] == "120"


def test_note_text_has_two_decimals_and_a_french_comma():
    assert note_text(Fraction(100, 3)) == "33,33"
    assert note_text(Fraction(200, 3)) == "66,67"
    assert note_text(None) == ""


def test_labels_show_each_etui_and_its_four_hands(seance):
    filename, content_type, content = board_labels_pdf(seance)
    assert content_type == "application/pdf" and filename == "dup-seance-1-etuis.pdf"
    pages = page_texts(content)
    assert len(pages) == 20  # the software dealt them: one page of diagrams each
    board = seance.boards.get(number=1)
    first = pages[0]
    for word in ("Étui", "Atouts", "♠", "♥", "♦", "♣", "Bleu ciel"):
        assert word in first
    assert board.get_taker_display() in first


def test_hand_groups_keep_the_display_order_and_mark_a_void():
    groups = hand_groups(["T1", "T21", "EX", "SR", "S1", "SD", "HV"])
    assert groups[0]["cards"] == ["21", "1", "Excuse"]
    assert groups[1]["cards"] == ["R", "D", "1"]  # ♠
    assert groups[2]["cards"] == ["V"]  # ♥
    assert groups[3]["cards"] == ["—"]  # ♦ void


def test_a_scorer_downloads_the_three_documents(client, seance):
    """Made by the worker, off the request: the first ask shows the job's page, then the same
    address serves the file, made once for this state of the tournament."""
    tournament = seance.tournament
    _o, scorer, _a, _ = staff_of(tournament)
    client.force_login(scorer)
    for kind in ("sheets", "topped", "labels"):
        url = reverse(
            "scoring:duplicate_document",
            kwargs={"slug": tournament.slug, "session": 1, "kind": kind},
        )
        asked = client.get(url)
        assert asked.status_code == 302 and "/documents/" in asked["Location"]
        response = fetch(client, url)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
        assert response.content.startswith(b"%PDF")
        job = DocumentJob.objects.get(kind="duplicate", params__doc=kind)
        assert job.params["session"] == 1 and job.status == DocumentJob.Status.DONE
        again = client.get(url)  # nothing changed: served at once, not made again
        assert again.status_code == 200 and again.content == response.content
        assert DocumentJob.objects.filter(kind="duplicate", params__doc=kind).count() == 1
    unknown = reverse(
        "scoring:duplicate_document",
        kwargs={"slug": tournament.slug, "session": 1, "kind": "other"},
    )
    assert client.get(unknown).status_code == 404
    page = client.get(reverse("scoring:duplicate", kwargs={"slug": tournament.slug, "session": 1}))
    assert b'data-testid="duplicate-documents"' in page.content


def test_an_etui_over_several_sheets_is_split_evenly_and_each_sheet_says_which_it_is(
    monkeypatch, seance
):
    assert [len(part) for part in documents_duplicate.split_evenly(list(range(31)), 30)] == [16, 15]
    assert [len(part) for part in documents_duplicate.split_evenly(list(range(60)), 30)] == [30, 30]
    assert documents_duplicate.split_evenly([], 30) == [[]]
    monkeypatch.setattr(layout, "max_rows", lambda half: 3)  # 5 tables play each étui
    context, _resources, content = _captured(monkeypatch, seance)
    first = [sheet for sheet in context["sheets"] if sheet["board"].number == 1]
    assert [sheet["part"] for sheet in first] == [(1, 2), (2, 2)]
    assert [len(sheet["lines"].split("\n")) for sheet in first] == [3, 2]
    assert "sheet 1 of 2" in page_texts(content)[0] and "sheet 2 of 2" in page_texts(content)[0]


def test_a_long_name_and_colour_shrink_to_fit_instead_of_being_cut(monkeypatch, seance):
    tournament = seance.tournament
    tournament.name = "Championnat régional de Tarot duplicate individuel de la Ligue Auvergne"
    tournament.colour = "Bleu outremer à liseré blanc"
    tournament.save()
    context, _resources, content = _captured(monkeypatch, seance)
    assert context["title_size"] < documents_duplicate.TITLE_SIZE
    sheet = context["sheets"][0]
    # The colour holds 30 characters at most: its line fits, whole, at full size or less.
    assert sheet["facts_size"] <= documents_duplicate.FACTS_SIZE
    assert "Bleu outremer à liseré blanc" in sheet["facts"]
    longer = sheet["facts"] + "   " + sheet["facts"]  # what a longer line would be: shrunk
    room, size = documents_duplicate.FACTS_ROOM, documents_duplicate.FACTS_SIZE
    assert documents_duplicate.fitted_size(longer, room, size, "bold") < size
    text = " ".join(page_texts(content)[0].split())
    assert "Ligue Auvergne" in text and "liseré blanc" in text


def test_every_label_keeps_its_four_orientations_inside_the_printable_page(seance):
    """The label's boxes (number, tournament, the four orientations) all fit the A4 width: West,
    the last, was cut at the page's edge."""
    from django.utils import translation

    from tests.print_layout import boxes, captured, page_size

    seance.tournament.name = "Championnat régional de Tarot duplicate individuel de la Ligue"
    seance.tournament.save()
    with translation.override("fr"), captured() as laid_out:
        board_labels_pdf(seance)
    (document,) = laid_out
    width, height = page_size(document.pages[0])
    printable = 5.0  # mm an office printer leaves blank at each edge
    for number, page in enumerate(document.pages, start=1):
        found = boxes(page)
        assert {"Nord", "Est", "Sud", "Ouest"} <= {b.what for b in found}, number
        assert [
            b.what for b in found if not b.inside(printable, printable, width - 12, height - 5)
        ] == [], number
