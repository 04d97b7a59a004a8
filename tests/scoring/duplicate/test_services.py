"""The duplicate's services against the database: the movement, the étuis, travelling sheets
(checks, versions, four-eyes), the séance closed; every refusal saves nothing."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from scoring.formats.duplicate.reads import board_plays, session_results
from scoring.formats.duplicate.services import (
    LineEntry,
    TravellingEntry,
    TravellingRefused,
    session_close,
    travelling_sheet_confirm,
    travelling_sheet_save,
)
from scoring.formats.libre.refusals import StaleSheet
from scoring.models import Board, TravellingSheet
from tournaments.models import AuditEntry, Registration, Seat
from tournaments.seating.duplicate import LINES
from tournaments.services_duplicate import session_movement_build

from .helpers import drawn_session, duplicate_tournament, enter, staff_of

pytestmark = pytest.mark.django_db


def test_movement_seats_every_player_in_one_line_and_no_serie_twice():
    tournament = duplicate_tournament(players=28, positions=7)
    session = drawn_session(tournament)
    seats = Seat.objects.filter(round__session=session).select_related("table")
    lines, series = {}, set()
    for seat in seats:
        assert lines.setdefault(seat.registration_id, seat.number) == seat.number
        key = (seat.registration_id, seat.table.board_set)
        assert key not in series
        series.add(key)
    assert len(lines) == 28 and seats.count() == 28 * 7
    assert session.boards.count() == 7 * tournament.boards_per_set
    # FFT numbers given from the first position
    assert not Registration.objects.filter(tournament=tournament, first_table__isnull=True)
    assert AuditEntry.objects.filter(tournament=tournament, action="session.movement_built")


def test_movement_refuses_a_number_of_players_not_multiple_of_4():
    tournament = duplicate_tournament(players=30, positions=5)
    with pytest.raises(ValidationError) as exc:
        session_movement_build(tournament=tournament, user=tournament.created_by, seed=1)
    assert exc.value.code == "not_multiple_of_4"
    assert "add 2 stand-ins" in exc.value.messages[0]
    assert not tournament.rounds.exists() and not tournament.sessions.exists()


def test_movement_refuses_more_positions_than_tables():
    tournament = duplicate_tournament(players=16, positions=5)
    with pytest.raises(ValidationError) as exc:
        session_movement_build(tournament=tournament, user=tournament.created_by, seed=1)
    assert exc.value.code == "too_many_positions"


def test_movement_cannot_change_once_a_score_exists():
    tournament = duplicate_tournament()
    session = drawn_session(tournament)
    organiser, scorer, *_ = staff_of(tournament)
    enter(session.boards.get(number=1), [56], scorer)
    before = list(Seat.objects.filter(round__session=session).values_list("pk", flat=True))
    with pytest.raises(ValidationError) as exc:
        session_movement_build(tournament=tournament, user=organiser, seed=2)
    assert exc.value.code == "movement_scored"
    assert list(Seat.objects.filter(round__session=session).values_list("pk", flat=True)) == before


def test_only_the_organiser_draws_the_movement():
    tournament = duplicate_tournament()
    _organiser, scorer, arbitre, _ = staff_of(tournament)
    with pytest.raises(PermissionDenied):
        session_movement_build(tournament=tournament, user=arbitre, seed=1)


def test_rulebook_topage_example():
    """5 tables, étui 1 taken by North: +56, +62, −56, −52, +50 give the taker 75, 100, 0, 25,
    50 % and each defender 25, 0, 100, 75, 50 %."""
    tournament = duplicate_tournament(players=20, positions=5)
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    board = session.boards.get(number=1)
    assert board.taker == "N"
    enter(board, [56, 62, -56, -52, 50], scorer, confirm_by=arbitre)
    results = session_results(session, official=True)
    topped = [note for _line, note in results.boards[1]]
    assert topped == [75, 100, 0, 25, 50]
    plays = board_plays(session)[board.board_set]
    by_player = {r.registration.pk: r for r in results.players}
    for play, taker_note in zip(plays, [75, 100, 0, 25, 50], strict=True):
        for line in LINES:
            (note,) = [n for n in by_player[play.players[line]].notes if n.board == 1]
            assert note.note == (taker_note if line == "N" else 100 - taker_note)
            assert note.attack == (line == "N")


@pytest.mark.parametrize(
    ("score", "code"),
    [(57, "score_odd"), (20, None), (1000, "score_out_of_range")],
)
def test_a_score_no_garde_gives_is_refused_with_its_reason(score, code):
    tournament = duplicate_tournament()
    session = drawn_session(tournament)
    _o, scorer, *_ = staff_of(tournament)
    board = session.boards.get(number=1)
    with pytest.raises(TravellingRefused) as exc:
        enter(board, [score], scorer)
    if code:
        assert exc.value.problems[0].code == code
    assert exc.value.problems[0].index == 0
    assert not TravellingSheet.objects.exists()


def test_a_line_of_a_table_that_did_not_play_and_a_line_twice_are_refused():
    tournament = duplicate_tournament()
    session = drawn_session(tournament)
    _o, scorer, *_ = staff_of(tournament)
    board = session.boards.get(number=1)
    plays = board_plays(session)[board.board_set]
    other = next(
        t
        for t in range(1, 6)
        if (plays[0].position, t) not in {(p.position, p.table) for p in plays}
    )
    entry = TravellingEntry(
        (
            LineEntry(position=plays[0].position, table=plays[0].table, score=56),
            LineEntry(position=plays[0].position, table=plays[0].table, score=62),
            LineEntry(position=plays[0].position, table=other, score=50),
        )
    )
    with pytest.raises(TravellingRefused) as exc:
        travelling_sheet_save(board=board, entry=entry, user=scorer)
    assert [(p.code, p.index) for p in exc.value.problems] == [
        ("line_twice", 1),
        ("line_not_played", 2),
    ]
    assert not TravellingSheet.objects.exists()


def test_an_arbitre_may_record_an_impossible_score_as_adjusted_with_a_reason():
    tournament = duplicate_tournament()
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    board = session.boards.get(number=1)
    play = board_plays(session)[board.board_set][0]
    line = LineEntry(position=play.position, table=play.table, score=57, adjusted=True)
    with pytest.raises(TravellingRefused) as exc:
        travelling_sheet_save(board=board, entry=TravellingEntry((line,)), user=scorer)
    assert {p.code for p in exc.value.problems} == {"adjust_needs_arbitre"}
    with pytest.raises(TravellingRefused) as exc:
        travelling_sheet_save(board=board, entry=TravellingEntry((line,)), user=arbitre)
    assert {p.code for p in exc.value.problems} == {"adjust_reason_required"}
    line = LineEntry(
        position=play.position, table=play.table, score=57, adjusted=True, adjust_reason="lu"
    )
    sheet = travelling_sheet_save(board=board, entry=TravellingEntry((line,)), user=arbitre)
    assert sheet.lines.get().adjusted


def test_four_eyes_versions_and_missing_lines():
    tournament = duplicate_tournament()
    session = drawn_session(tournament)
    _o, scorer, arbitre, arbitre2 = staff_of(tournament)
    board = session.boards.get(number=1)
    partial = enter(board, [56, 62], scorer)
    with pytest.raises(ValidationError) as exc:
        travelling_sheet_confirm(sheet=partial, user=arbitre)
    assert exc.value.code == "lines_missing"
    full = enter(board, [56, 62, -56, -52, 50], arbitre)
    assert full.version == 2
    partial.refresh_from_db()
    assert partial.status == TravellingSheet.Status.SUPERSEDED
    with pytest.raises(ValidationError) as exc:
        travelling_sheet_confirm(sheet=full, user=arbitre)
    assert exc.value.code == "four_eyes"
    travelling_sheet_confirm(sheet=full, user=arbitre2)
    # A confirmed sheet: only an arbitre corrects it, with a reason.
    with pytest.raises(PermissionDenied):
        enter(board, [56, 62, -56, -52, 48], scorer)
    with pytest.raises(TravellingRefused) as exc:
        enter(board, [56, 62, -56, -52, 48], arbitre)
    assert exc.value.problems[0].code == "reason_required"


def test_closing_needs_every_etui_confirmed_and_then_freezes_the_seance():
    tournament = duplicate_tournament(players=8, positions=2)
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    boards = list(session.boards.order_by("number"))
    for board in boards[:-1]:
        enter(board, [56, 62], scorer, confirm_by=arbitre)
    with pytest.raises(ValidationError) as exc:
        session_close(session=session, user=arbitre)
    assert exc.value.code == "boards_unconfirmed"
    enter(boards[-1], [56, -52], scorer, confirm_by=arbitre)
    session_close(session=session, user=arbitre)
    with pytest.raises(ValidationError) as exc:
        enter(boards[0], [56, 60], arbitre)
    assert exc.value.code == "session_closed"


def test_boards_made_in_turn():
    tournament = duplicate_tournament(players=8, positions=2, boards_per_set=8)
    session = drawn_session(tournament)
    boards = list(Board.objects.filter(session=session).order_by("number"))
    assert len(boards) == 16
    assert [b.taker for b in boards[:8]] == list("NESWNESW")
    assert [b.board_set for b in boards] == [1] * 8 + [2] * 8
    assert all(len(b.chien) == 6 and len(b.hands) == 4 for b in boards)


def test_one_reason_is_enough_to_correct_a_confirmed_line():
    """The line's reason stands for the sheet's, and the sheet's for an adjusted line's."""
    tournament = duplicate_tournament()
    session = drawn_session(tournament)
    _o, scorer, arbitre, arbitre2 = staff_of(tournament)
    board = session.boards.get(number=1)
    enter(board, [56, 62, -56, -52, 50], scorer, confirm_by=arbitre)
    plays = board_plays(session)[board.board_set]
    kept = [
        LineEntry(position=p.position, table=p.table, score=s)
        for p, s in zip(plays[:4], [56, 62, -56, -52], strict=True)
    ]
    fifth = plays[4]
    adjusted = LineEntry(
        position=fifth.position,
        table=fifth.table,
        score=51,
        adjusted=True,
        adjust_reason="Lu de travers",
    )
    sheet = travelling_sheet_save(
        board=board, entry=TravellingEntry((*kept, adjusted)), user=arbitre2
    )
    assert sheet.version == 2 and sheet.reason == "Lu de travers"
    assert AuditEntry.objects.filter(action="travelling.corrected").latest("pk").data["reason"]
    travelling_sheet_confirm(sheet=sheet, user=arbitre)
    adjusted = LineEntry(position=fifth.position, table=fifth.table, score=53, adjusted=True)
    sheet = travelling_sheet_save(
        board=board, entry=TravellingEntry((*kept, adjusted), reason="Recompté"), user=arbitre
    )
    assert sheet.version == 3 and sheet.reason == "Recompté"
    assert sheet.lines.get(table_number=fifth.table, adjusted=True).adjust_reason == "Recompté"
    # A line that did not change brings no reason of its own: still refused.
    unchanged = LineEntry(
        position=fifth.position,
        table=fifth.table,
        score=53,
        adjusted=True,
        adjust_reason="Recompté",
    )
    travelling_sheet_confirm(sheet=sheet, user=arbitre2)
    with pytest.raises(TravellingRefused) as exc:
        travelling_sheet_save(
            board=board,
            entry=TravellingEntry(
                (
                    *kept[:3],
                    LineEntry(position=plays[3].position, table=plays[3].table, score=-56),
                    unchanged,
                )
            ),
            user=arbitre,
        )
    assert [p.code for p in exc.value.problems] == ["reason_required"]


def test_a_save_against_a_version_saved_since_is_a_conflict_and_saves_nothing():
    tournament = duplicate_tournament()
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    board = session.boards.get(number=1)
    plays = board_plays(session)[board.board_set]

    def entry(scores):
        return TravellingEntry(
            tuple(
                LineEntry(position=p.position, table=p.table, score=s)
                for p, s in zip(plays, scores, strict=False)
            )
        )

    first = travelling_sheet_save(board=board, entry=entry([56, 62]), user=scorer, base_version=0)
    # Both open version 1; the arbitre saves first.
    theirs = travelling_sheet_save(
        board=board, entry=entry([56, 62, -56]), user=arbitre, base_version=first.version
    )
    with pytest.raises(StaleSheet) as exc:
        travelling_sheet_save(
            board=board, entry=entry([56, 60, -52]), user=scorer, base_version=first.version
        )
    assert exc.value.current == theirs
    assert "dup-arbitre saved this sheet (version 2) while you were typing" in exc.value.messages[0]
    assert TravellingSheet.objects.filter(board=board).count() == 2
    # Saving again from the conflict, on their version, is a choice: it is saved.
    mine = travelling_sheet_save(
        board=board, entry=entry([56, 60, -52]), user=scorer, base_version=theirs.version
    )
    assert mine.version == 3


def test_identical_submits_of_a_travelling_sheet_make_one_version():
    tournament = duplicate_tournament()
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    board = session.boards.get(number=1)
    plays = board_plays(session)[board.board_set]
    typed = TravellingEntry(
        tuple(
            LineEntry(position=p.position, table=p.table, score=s)
            for p, s in zip(plays, [56, 62, -56, -52, 50], strict=True)
        )
    )
    saved = [
        travelling_sheet_save(board=board, entry=typed, user=scorer, base_version=0)
        for _ in range(5)
    ]
    assert {sheet.pk for sheet in saved} == {saved[0].pk} and saved[0].version == 1
    assert TravellingSheet.objects.filter(board=board).count() == 1
    assert AuditEntry.objects.filter(action="travelling.entered").count() == 1
    # The same sheet sent again after a confirmation leaves it confirmed.
    travelling_sheet_confirm(sheet=saved[0], user=arbitre)
    again = travelling_sheet_save(board=board, entry=typed, user=scorer, base_version=0)
    assert again.pk == saved[0].pk and again.is_confirmed


def test_a_confirmation_of_a_version_replaced_since_is_refused_as_stale():
    tournament = duplicate_tournament(four_eyes=True)
    session = drawn_session(tournament)
    _o, scorer, arbitre, arbitre2 = staff_of(tournament)
    board = session.boards.get(number=1)
    enter(board, [56, 62, -56, -52, 50], arbitre)  # version 1, read by arbitre2
    typo = enter(board, [56, 62, -56, -52, 48], scorer)  # version 2, unseen
    with pytest.raises(ValidationError) as exc:
        travelling_sheet_confirm(sheet=typo, user=arbitre2, version=1)
    assert exc.value.code == "stale" and "version 2" in exc.value.messages[0]
    typo.refresh_from_db()
    assert typo.status == TravellingSheet.Status.ENTERED
    assert travelling_sheet_confirm(sheet=typo, user=arbitre2, version=2).is_confirmed
