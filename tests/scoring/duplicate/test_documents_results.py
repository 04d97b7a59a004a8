"""The duplicate's result documents: the rankings PDF (alterné, général, the whole tournament),
the feuilles de route, the table cards read from the movement, the Excel export of every score
and note (its notes recomputed here from the scores by the rulebook's topage), and who may
download them."""

import io
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from openpyxl import load_workbook

from scoring.formats.duplicate.documents_results import cards_pdf, ranking_pdf, roadmaps_pdf
from scoring.formats.duplicate.excel import session_workbook
from scoring.formats.duplicate.reads import board_plays, session_results
from scoring.formats.duplicate.services import (
    LineEntry,
    TravellingEntry,
    session_close,
    travelling_sheet_confirm,
    travelling_sheet_save,
)
from tests.factories import StaffRoleFactory, TournamentFactory
from tests.jobs import fetch
from tests.support import flat_lines, page_texts
from tournaments.models import Registration, StaffRole

from .helpers import drawn_session, duplicate_tournament, enter, staff_of

pytestmark = pytest.mark.django_db

# Valid Garde scores (§1.2), ties included; étui k plays the k-th list, rotated.
SCORES = [[56, 62, -56, -52, 50], [56, 56, -52, 62, 50], [-52, -52, -52, 56, 62]]
CANCELLED = {"N": 60, "E": 40, "S": 60, "W": 60}
ORIENTATION_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def _scores(number: int) -> list[int]:
    base = SCORES[number % len(SCORES)]
    shift = number % len(base)
    return base[shift:] + base[:shift]


def expected_notes(scores: list[int]) -> list[Fraction]:
    """The taker's notes by the rulebook: 100 × (lower + ½ × other equal) / (n − 1)."""
    n = len(scores)
    if n == 1:
        return [Fraction(50)]
    return [
        Fraction(100)
        * (sum(o < s for o in scores) + Fraction(sum(o == s for o in scores) - 1, 2))
        / (n - 1)
        for s in scores
    ]


def _shown(value: Fraction) -> str:
    """Two decimals, half up (the values here are never negative), as English pages show."""
    hundredths = (value.numerator * 200 + value.denominator) // (2 * value.denominator)
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def test_the_notes_recomputed_here_follow_the_rulebook_example():
    assert expected_notes([56, 62, -56, -52, 50]) == [75, 100, 0, 25, 50]
    assert expected_notes([56, 56, -52]) == [75, 75, 0]


@pytest.fixture
def played():
    """20 players at 5 tables, 5 positions, 20 étuis, every travelling sheet confirmed; étui 1
    has its second line cancelled by the arbitre, with notes 60/40 assigned."""
    tournament = duplicate_tournament(players=20, positions=5)
    session = drawn_session(tournament)
    _o, scorer, arbitre, second = staff_of(tournament)
    for board in session.boards.order_by("number"):
        if board.number == 1:
            continue
        enter(board, _scores(board.number), scorer, confirm_by=arbitre)
    board = session.boards.get(number=1)
    plays = board_plays(session)[board.board_set]
    lines = [LineEntry(p.position, p.table, s) for p, s in zip(plays, _scores(1), strict=True)]
    lines[1] = LineEntry(
        plays[1].position, plays[1].table, None, cancelled=True, assigned_notes=CANCELLED
    )
    sheet = travelling_sheet_save(board=board, entry=TravellingEntry(tuple(lines)), user=arbitre)
    travelling_sheet_confirm(sheet=sheet, user=second)
    return session


def test_the_ranking_pdf_has_the_alterne_then_the_general(played):
    filename, content_type, content = ranking_pdf(played)
    assert content_type == "application/pdf" and filename == "dup-seance-1-classements.pdf"
    text = "\n".join(page_texts(content))
    assert "Alterné ranking" in text and "Général ranking" in text
    assert "Whole tournament" not in text  # one séance
    results = session_results(played, official=True)
    first = results.alternate[0]
    lines = flat_lines(text)
    alternate = lines[lines.index(next(ln for ln in lines if ln.startswith("Alterné"))) :]
    row = next(ln for ln in alternate if ln.startswith(f"1 {first.registration.number} "))
    assert first.registration.name in row
    assert row.split()[-1] == _shown(first.overall)  # its global, two decimals
    assert ORIENTATION_NAMES[first.line] in row
    # Every player is in both lists, with their global.
    for result in results.players:
        assert text.count(result.registration.name) >= 2
        assert _shown(result.overall) in text


def test_the_ranking_pdf_adds_the_whole_tournament_over_several_seances():
    tournament = duplicate_tournament(players=8, positions=2)
    _o, scorer, arbitre, _ = staff_of(tournament)
    for number in (1, 2):
        session = drawn_session(tournament, number=number, seed=number)
        for board in session.boards.all():
            enter(board, [56, -52], scorer, confirm_by=arbitre)
        session_close(session=session, user=arbitre)
    text = "\n".join(page_texts(ranking_pdf(session)[2]))
    assert "Whole tournament" in text and "Séance 1" in text and "Séance 2" in text


def _board_notes(number: int) -> dict[int, Fraction]:
    """line index -> the taker's note on étui ``number``, the cancelled line left out."""
    indexes = [i for i in range(5) if not (number == 1 and i == 1)]
    scores = _scores(number)
    return dict(zip(indexes, expected_notes([scores[i] for i in indexes]), strict=True))


def test_a_roadmap_lists_every_etui_with_its_note_recomputed_from_the_scores(played):
    plays = board_plays(played)
    player = plays[1][1].players["E"]  # East at the table whose line of étui 1 is cancelled
    expected = []
    for board in played.boards.order_by("number"):
        notes = _board_notes(board.number)
        for index, play in enumerate(plays[board.board_set]):
            orientation = next((o for o, r in play.players.items() if r == player), None)
            if orientation is None:
                continue
            taker = orientation == board.taker
            if index in notes:
                note = notes[index] if taker else 100 - notes[index]
                score = _scores(board.number)[index]
                score = f"+{score}" if score >= 0 else f"−{-score}"
            else:
                note, score = Fraction(CANCELLED[orientation]), "cancelled"
            expected.append(
                f"{play.position} {play.table} {board.number} {ORIENTATION_NAMES[orientation]} "
                f"{'attack' if taker else 'defence'} {score} {_shown(note)}"
            )
    assert len(expected) == 20  # 5 positions × 4 étuis
    assert any("cancelled" in line for line in expected)
    _name, _type, content = roadmaps_pdf(played)
    pages = page_texts(content)
    assert len(pages) == 10  # 20 feuilles de route of 20 étuis, two to a page
    registration = Registration.objects.get(pk=player)
    page = next(p for p in pages if registration.name in p)
    mine = page.split(registration.name, 1)[1]
    lines = flat_lines(mine)
    for line in expected:
        assert line in lines, line
    result = next(
        r for r in session_results(played, official=True).players if r.registration.pk == player
    )
    assert _shown(result.overall) in mine and _shown(result.defence) in mine
    assert f"No.\n{registration.number}\n" in mine


def test_a_stand_in_has_a_roadmap_marked_not_ranked():
    tournament = duplicate_tournament(players=8, positions=2)
    stand_in = tournament.registrations.get(number=8)
    stand_in.stand_in = True
    stand_in.save()
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    for board in session.boards.all():
        enter(board, [56, -52], scorer, confirm_by=arbitre)
    pages = page_texts(roadmaps_pdf(session)[2])
    assert len(pages) == 4  # every player, the stand-in included, two to a page
    for page in pages:
        assert ("Not ranked" in page) == (stand_in.name in page)
    ranking = "\n".join(page_texts(ranking_pdf(session)[2]))
    assert "stand-in, not ranked" in ranking


def test_the_table_cards_follow_the_movement(played):
    plays = board_plays(played)
    at = {(p.position, p.table): série for série, ps in plays.items() for p in ps}
    positions = sorted({position for position, _t in at})
    tables = sorted({table for _p, table in at})
    where = {(série, p.position): p.table for série, ps in plays.items() for p in ps}
    seat = {
        (registration_id, p.position): p.table
        for ps in plays.values()
        for p in ps
        for registration_id in p.players.values()
    }
    numbers = dict(Registration.objects.values_list("pk", "number"))
    filename, _type, content = cards_pdf(played)
    assert filename == "dup-seance-1-cartons.pdf"
    pages = page_texts(content)
    assert len(pages) == len(tables) + 1  # a card per table, then the players' list
    for table, page in zip(tables, pages, strict=False):
        assert f"Table {table}" in page
        lines = flat_lines(page)
        for index, position in enumerate(positions):
            série = at[(position, table)]
            row = next(ln for ln in lines if ln.startswith(f"{position} {série}"))
            if index + 1 == len(positions):
                assert row.endswith("— —")
                continue
            following = positions[index + 1]
            assert row.endswith(f"table {where[(série, following)]} {at[(following, table)]}")
            play = next(p for p in plays[série] if p.position == position)
            for registration_id in play.players.values():
                goes = seat[(registration_id, following)]
                assert f"{numbers[registration_id]} → table {goes}" in row
    assert "+" not in "".join(pages)  # no score: printable before play


def test_the_workbook_has_every_line_with_its_notes_recomputed(played):
    filename, content_type, content = session_workbook(played)
    assert filename == "dup-seance-1-notes.xlsx" and "spreadsheetml" in content_type
    workbook = load_workbook(io.BytesIO(content), read_only=True)
    assert workbook.sheetnames == ["Lines", "Players"]
    rows = list(workbook["Lines"].iter_rows(values_only=True))
    header, body = rows[0], rows[1:]
    assert header[:11] == (
        "Étui", "Série", "Position", "Table", "Taker", "Score", "Adjusted", "Cancelled",
        "Deal version", "Taker's note", "Defenders' note",
    )  # fmt: skip
    assert len(body) == 20 * 5  # one row per line of every étui
    boards = {board.number: board for board in played.boards.all()}
    by_board = {}
    for row in body:
        by_board.setdefault(row[0], []).append(row)
    for number, lines in by_board.items():
        board = boards[number]
        assert {row[1] for row in lines} == {board.board_set}
        assert {row[4] for row in lines} == {board.taker}
        if number == 1:
            assert lines[1][7] == "yes" and lines[1][5] is None
            assert lines[1][9] == CANCELLED[board.taker]
            kept = [row for row in lines if row[7] != "yes"]
        else:
            kept = lines
        notes = expected_notes([row[5] for row in kept])
        for row, note in zip(kept, notes, strict=True):
            assert round(row[9], 2) == round(float(note), 2)
            assert round(row[10], 2) == round(float(100 - note), 2)
            assert row[9] == float(_shown(note))  # rounded to two decimals, as numbers
    players = list(workbook["Players"].iter_rows(values_only=True))
    assert len(players) == 21
    results = session_results(played, official=True)
    first = results.players[0]
    assert players[1][:3] == (1, first.alternate_place, first.registration.number)
    assert players[1][7] == float(_shown(first.overall))


def _download(client, tournament, kind):
    if kind == "xlsx":
        url = reverse("scoring:duplicate_export", kwargs={"slug": tournament.slug, "session": 1})
    else:
        url = reverse(
            "scoring:duplicate_document",
            kwargs={"slug": tournament.slug, "session": 1, "kind": kind},
        )
    return fetch(client, url)  # made by the worker when the page sends to its job


KINDS = ["ranking", "roadmaps", "cards", "xlsx"]


def test_a_scorer_downloads_each_document_from_the_seance_page(client, played):
    tournament = played.tournament
    client.force_login(staff_of(tournament)[1])
    types = {"xlsx": "spreadsheetml"}
    for kind in KINDS:
        response = _download(client, tournament, kind)
        assert response.status_code == 200, kind
        assert types.get(kind, "application/pdf") in response["Content-Type"]
    page = client.get(reverse("scoring:duplicate", kwargs={"slug": tournament.slug, "session": 1}))
    html = page.content.decode()
    for kind in ("ranking", "roadmaps", "cards"):
        assert f"/documents/{kind}.pdf" in html
    assert "/documents/export.xlsx" in html


@pytest.mark.parametrize("kind", KINDS)
def test_nobody_without_the_scorer_role_downloads(client, played, kind):
    tournament = played.tournament
    response = _download(client, tournament, kind)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    stranger = get_user_model().objects.create(username="stranger")
    client.force_login(stranger)
    assert _download(client, tournament, kind).status_code == 403  # a public tournament
    tournament.is_public = False
    tournament.save()
    assert _download(client, tournament, kind).status_code == 404


@pytest.mark.parametrize("kind", KINDS)
def test_a_donnes_libres_tournament_has_none(client, kind):
    tournament = TournamentFactory()
    scorer = get_user_model().objects.create(username="libre-scorer")
    StaffRoleFactory(tournament=tournament, user=scorer, role=StaffRole.Role.SCORER)
    client.force_login(scorer)
    response = _download(client, tournament, kind)
    assert response.status_code == 302
    assert response["Location"] == reverse("manage:tournament", kwargs={"slug": tournament.slug})
