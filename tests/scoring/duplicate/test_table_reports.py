"""A table's report of its scores, position by position (fft-duplicate.md §2 "Entry"): refused
for a score the cards cannot give, an étui the table did not play there or a closed séance
(nothing saved); saved, it moves the staff's provisional ranking and never the official one,
and the étui's travelling sheet wins over it."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError

from scoring.formats.duplicate.reads import board_plays, session_results
from scoring.formats.duplicate.services import (
    LineEntry,
    TravellingEntry,
    board_type,
    boards_make,
    travelling_sheet_save,
)
from scoring.formats.duplicate.services_reports import ReportRefused, table_report_save
from scoring.models import TableReport
from tournaments.models import AuditEntry
from tournaments.services_duplicate import session_movement_build

from .helpers import drawn_session, duplicate_tournament, enter, staff_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def seance():
    """8 players at 2 tables for 2 positions: each série is played once at each table."""
    tournament = duplicate_tournament(players=8, positions=2)
    session = drawn_session(tournament)
    return session, staff_of(tournament)


def _boards(session, série):
    return list(session.boards.filter(board_set=série).order_by("number"))


def _play(session, série, index):
    return board_plays(session)[série][index]


def _save(session, play, scores, user):
    return table_report_save(
        session=session, round_number=play.position, table=play.table, scores=scores, user=user
    )


def _notes(results, play, board):
    """{orientation: note} of the players of ``play`` on étui ``board``."""
    notes = {}
    for result in results.players:
        for note in result.notes:
            if (note.board, note.position, note.table) == (board, play.position, play.table):
                notes[note.orientation] = note.note
    return notes


def test_a_report_is_saved_replaced_for_the_etuis_typed_and_audited(seance):
    session, (_o, scorer, _a, _a2) = seance
    play = _play(session, 1, 0)
    first, second, *_rest = _boards(session, 1)
    _save(session, play, {first.number: 56, second.number: -52}, scorer)
    _save(session, play, {first.number: 62}, scorer)
    stored = {
        r.board.number: r.score
        for r in TableReport.objects.filter(round__number=play.position, table_number=play.table)
    }
    assert stored == {first.number: 62, second.number: -52}
    assert TableReport.objects.get(board=first).reported_by == scorer
    entries = AuditEntry.objects.filter(action="travelling.reported").order_by("pk")
    assert [e.data["scores"] for e in entries] == [
        [[first.number, 56], [second.number, -52]],
        [[first.number, 62]],
    ]
    assert entries[0].data["table"] == play.table and entries[0].data["position"] == play.position


def test_a_score_no_garde_gives_is_refused_and_nothing_is_saved(seance):
    session, (_o, scorer, _a, _a2) = seance
    play = _play(session, 1, 0)
    first, second, *_rest = _boards(session, 1)
    with pytest.raises(ReportRefused) as refused:
        _save(session, play, {first.number: 56, second.number: 20}, scorer)
    assert [(p.code, p.board) for p in refused.value.problems] == [
        ("score_unreachable", second.number)
    ]
    assert "+20" in refused.value.messages[0]
    with pytest.raises(ReportRefused) as refused:
        _save(session, play, {first.number: 57}, scorer)
    assert refused.value.problems[0].code == "score_odd"
    assert not TableReport.objects.exists()
    assert not AuditEntry.objects.filter(action="travelling.reported").exists()


def test_an_etui_the_table_did_not_play_at_that_position_is_refused(seance):
    session, (_o, scorer, _a, _a2) = seance
    play = _play(session, 1, 0)
    mine = _boards(session, 1)[0]
    other = _boards(session, 2)[0]  # the other table's série at that position
    assert all(p.table != play.table for p in board_plays(session)[2] if p.position == 1)
    with pytest.raises(ReportRefused) as refused:
        _save(session, play, {mine.number: 56, other.number: 56}, scorer)
    assert [(p.code, p.board) for p in refused.value.problems] == [
        ("report_not_played", other.number)
    ]
    assert f"étui {other.number}" in refused.value.messages[0]
    with pytest.raises(ReportRefused):  # an étui this séance does not have
        _save(session, play, {999: 56}, scorer)
    with pytest.raises(ReportRefused):  # a position the séance does not have
        table_report_save(
            session=session, round_number=9, table=play.table, scores={mine.number: 56}, user=scorer
        )
    with pytest.raises(ReportRefused) as refused:
        _save(session, play, {}, scorer)
    assert refused.value.problems[0].code == "no_score"
    assert not TableReport.objects.exists()


def test_a_closed_seance_refuses_a_report(seance):
    session, (_o, scorer, arbitre, arbitre_2) = seance
    for board in session.boards.all():
        enter(board, [56, -52], scorer, confirm_by=arbitre)
    from scoring.formats.duplicate.services import session_close

    session_close(session=session, user=arbitre)
    play = _play(session, 1, 0)
    with pytest.raises(ValidationError) as refused:
        _save(session, play, {_boards(session, 1)[0].number: 62}, arbitre_2)
    assert refused.value.code == "session_closed"
    assert not TableReport.objects.exists()


def test_an_account_without_a_role_cannot_report(seance):
    session, _staff = seance
    stranger = get_user_model().objects.create(username="stranger")
    with pytest.raises(PermissionDenied):
        _save(session, _play(session, 1, 0), {_boards(session, 1)[0].number: 56}, stranger)
    assert not TableReport.objects.exists()


def test_a_report_moves_the_provisional_ranking_and_never_the_official_one(seance):
    session, (_o, scorer, arbitre, _a2) = seance
    board, other = _boards(session, 1)[0], _boards(session, 2)[0]
    enter(other, [56, -52], scorer, confirm_by=arbitre)  # something official to compare
    sheet_play, reporting = _play(session, 1, 0), _play(session, 1, 1)
    enter(board, [56], scorer)  # the first table's line only
    official_before = session_results(session, official=True)
    provisional_before = session_results(session, official=False)
    assert _notes(provisional_before, sheet_play, board.number)[board.taker] == 50  # alone
    assert _notes(provisional_before, reporting, board.number) == {}
    _save(session, reporting, {board.number: -52}, scorer)
    provisional = session_results(session, official=False)
    assert provisional.missing == provisional_before.missing - 1
    assert _notes(provisional, sheet_play, board.number)[board.taker] == 100
    reported_notes = _notes(provisional, reporting, board.number)
    assert reported_notes[board.taker] == 0
    assert sorted(reported_notes.values()) == [0, 100, 100, 100]  # the defenders: 100 − 0
    assert [line.score for line, _note in provisional.boards[board.number]] == [56, -52]
    overall = {r.registration.pk: r.overall for r in provisional.players}
    before = {r.registration.pk: r.overall for r in provisional_before.players}
    assert overall[reporting.players[board.taker]] != before[reporting.players[board.taker]]
    official = session_results(session, official=True)
    assert official.missing == official_before.missing
    assert _notes(official, reporting, board.number) == {}
    assert [(r.registration.pk, r.overall, r.general_place) for r in official.players] == [
        (r.registration.pk, r.overall, r.general_place) for r in official_before.players
    ]
    assert board.number not in {n for n, lines in official.boards.items() if lines}


def test_the_travelling_sheet_line_wins_over_the_tables_report(seance):
    session, (_o, scorer, _a, _a2) = seance
    board = _boards(session, 1)[0]
    first, second = _play(session, 1, 0), _play(session, 1, 1)
    _save(session, second, {board.number: -52}, scorer)
    _save(session, first, {board.number: -56}, scorer)
    entry = TravellingEntry(
        (
            LineEntry(position=first.position, table=first.table, score=56),
            LineEntry(position=second.position, table=second.table, score=62),
        )
    )
    travelling_sheet_save(board=board, entry=entry, user=scorer)
    results = session_results(session, official=False)
    assert [line.score for line, _note in results.boards[board.number]] == [56, 62]
    assert _notes(results, second, board.number)[board.taker] == 100
    assert _notes(results, first, board.number)[board.taker] == 0
    assert TableReport.objects.count() == 2  # kept, simply not read while the sheet has a line


def test_a_reported_score_locks_the_movement_as_a_travelling_sheet_does(seance):
    session, (organiser, scorer, _a, _a2) = seance
    play = _play(session, 1, 0)
    _save(session, play, {_boards(session, 1)[0].number: 56}, scorer)
    with pytest.raises(ValidationError) as exc:
        session_movement_build(tournament=session.tournament, user=organiser, seed=2)
    assert exc.value.code == "movement_scored"
    assert TableReport.objects.filter(board__session=session).count() == 1  # nothing lost


def test_a_reported_score_keeps_the_etuis_from_being_dealt_or_typed_again(seance):
    session, (organiser, scorer, arbitre, _a2) = seance
    play = _play(session, 1, 0)
    first = _boards(session, 1)[0]
    _save(session, play, {first.number: 56}, scorer)
    hands = first.hands
    with pytest.raises(ValidationError) as exc:
        boards_make(session=session, user=organiser, seed=7)
    assert exc.value.code == "boards_scored"
    with pytest.raises(ValidationError) as exc:
        board_type(
            session=session,
            number=first.number,
            taker="E",
            dealer="N",
            chien=["T21", "EX", "HR", "DD", "S7", "C1"],
            user=arbitre,
        )
    assert exc.value.code == "board_scored"
    first.refresh_from_db()
    assert first.hands == hands
    assert TableReport.objects.filter(board=first, score=56).exists()
