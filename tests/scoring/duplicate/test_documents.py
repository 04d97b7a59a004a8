"""The duplicate's printed documents: the travelling sheets pre-filled from the movement, then
topped from the confirmed sheets in the rulebook's columns; the étui labels with the four hand
diagrams; and their staff downloads."""

import io
from fractions import Fraction

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.documents_duplicate import (
    board_labels_pdf,
    hand_groups,
    note_text,
    travelling_sheets_pdf,
)
from scoring.duplicate import board_plays
from scoring.models import TravellingLine
from tournaments.models import Registration

from .helpers import drawn_session, duplicate_tournament, enter, staff_of

pytestmark = pytest.mark.django_db


def _text(content: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


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


def test_blank_sheets_name_every_etui_its_tables_and_north_players(seance):
    filename, content_type, content = travelling_sheets_pdf(seance)
    assert content_type == "application/pdf" and filename == "dup-seance-1-fiches.pdf"
    pages = _text(content)
    assert len(pages) == 10  # 20 étuis, two to a page
    whole = "\n".join(pages)
    assert "Bleu ciel" in whole and "Preneur gagne" in whole and "Preneur chute" in whole
    assert "Topage attaquant" not in whole
    first = pages[0]
    board = seance.boards.get(number=1)
    for number in _north_numbers(seance, board.board_set):
        assert str(number) in first
    assert "56" not in first and "62" not in first  # nothing topped on a blank sheet
    for number in range(1, 21):
        assert any(f"\n{number}\n" in f"\n{page}\n" for page in pages), number


def test_topped_sheets_show_scores_notes_ratures_and_cancelled_lines(seance):
    board = seance.boards.get(number=1)
    TravellingLine.objects.filter(sheet__board=board, score=-52).update(rature=True)
    _name, _type, content = travelling_sheets_pdf(seance, topped=True)
    first = _text(content)[0]
    assert "Topage attaquant" in first and "Topage défenseurs" in first
    for note in ("75,00", "25,00", "100,00", "0,00", "50,00"):
        assert note in first
    assert "62" in first and "52" in first and "rature" in first
    assert "annulée" not in first


def test_note_text_has_two_decimals_and_a_french_comma():
    assert note_text(Fraction(100, 3)) == "33,33"
    assert note_text(Fraction(200, 3)) == "66,67"
    assert note_text(None) == ""


def test_labels_show_each_etui_and_its_four_hands(seance):
    filename, content_type, content = board_labels_pdf(seance)
    assert content_type == "application/pdf" and filename == "dup-seance-1-etuis.pdf"
    pages = _text(content)
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
    tournament = seance.tournament
    _o, scorer, _a, _ = staff_of(tournament)
    client.force_login(scorer)
    for kind in ("sheets", "topped", "labels"):
        url = reverse(
            "scoring:duplicate_document",
            kwargs={"slug": tournament.slug, "session": 1, "kind": kind},
        )
        response = client.get(url)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
        assert response.content.startswith(b"%PDF")
    unknown = reverse(
        "scoring:duplicate_document",
        kwargs={"slug": tournament.slug, "session": 1, "kind": "other"},
    )
    assert client.get(unknown).status_code == 404
    page = client.get(reverse("scoring:duplicate", kwargs={"slug": tournament.slug, "session": 1}))
    assert b'data-testid="duplicate-documents"' in page.content
