"""The étuis' services against the database: an étui typed in (refusals keyed by the part they
are about, none once scored), how it was made at the first position (only a table that plays it
there), and a séance whose typed étuis are not all there cannot close."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from scoring.formats.duplicate.reads import board_plays
from scoring.formats.duplicate.services import board_made_record, board_type, session_close
from tournaments.models import AuditEntry
from tournaments.services_duplicate import session_movement_build

from .helpers import drawn_session, duplicate_tournament, enter, staff_of

pytestmark = pytest.mark.django_db
CHIEN = ["T21", "EX", "HR", "DD", "S7", "C1"]


def _undealt(players=8, positions=2):
    tournament = duplicate_tournament(players=players, positions=positions)
    session_movement_build(tournament=tournament, user=tournament.created_by, number=1, seed=1)
    return tournament, tournament.sessions.get()


def test_a_typed_etui_is_refused_part_by_part_and_saves_nothing():
    tournament, session = _undealt()
    arbitre = staff_of(tournament)[2]
    with pytest.raises(ValidationError) as exc:
        board_type(session=session, number=1, taker="X", dealer="N", chien=CHIEN[:5], user=arbitre)
    assert set(exc.value.error_dict) == {"taker", "chien"}
    assert exc.value.error_dict["chien"][0].code == "chien_size"
    with pytest.raises(ValidationError) as exc:
        board_type(
            session=session, number=1, taker="N", dealer="N", chien=[*CHIEN[:5], "T0"], user=arbitre
        )
    assert exc.value.error_dict["chien"][0].code == "chien_unknown_card"
    with pytest.raises(ValidationError) as exc:
        board_type(session=session, number=9, taker="N", dealer="N", chien=CHIEN, user=arbitre)
    assert exc.value.code == "board_number"
    assert not session.boards.exists()
    assert not AuditEntry.objects.filter(action="boards.typed").exists()


def test_only_an_arbitre_types_or_records_an_etui():
    tournament = duplicate_tournament(players=8, positions=2)
    session = drawn_session(tournament)
    scorer = staff_of(tournament)[1]
    with pytest.raises(PermissionDenied):
        board_type(session=session, number=1, taker="N", dealer="N", chien=CHIEN, user=scorer)
    with pytest.raises(PermissionDenied):
        board_made_record(
            board=session.boards.get(number=1), made="as_dealt", redeals=0, table=None, user=scorer
        )


def test_a_scored_etui_cannot_be_typed_again():
    tournament = duplicate_tournament(players=8, positions=2)
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    enter(session.boards.get(number=2), [56], scorer)
    with pytest.raises(ValidationError) as exc:
        board_type(session=session, number=2, taker="E", dealer="N", chien=CHIEN, user=arbitre)
    assert exc.value.code == "board_scored"
    assert session.boards.get(number=2).source == "generated"
    typed = board_type(session=session, number=3, taker="S", dealer="W", chien=CHIEN, user=arbitre)
    assert (typed.source, typed.hands, typed.chien) == ("typed", {}, CHIEN)


def test_the_first_position_is_made_by_a_table_that_plays_it_there():
    tournament = duplicate_tournament(players=20, positions=5)
    session = drawn_session(tournament)
    arbitre = staff_of(tournament)[2]
    board = session.boards.get(number=1)
    plays = board_plays(session)[board.board_set]
    (first,) = [p.table for p in plays if p.position == plays[0].position]
    other = next(t for t in range(1, 6) if t != first)
    with pytest.raises(ValidationError) as exc:
        board_made_record(board=board, made="as_dealt", redeals=0, table=other, user=arbitre)
    assert exc.value.error_dict["table"][0].code == "table_not_first"
    with pytest.raises(ValidationError) as exc:
        board_made_record(board=board, made="redealt", redeals=0, table=first, user=arbitre)
    assert "redeals" in exc.value.error_dict
    with pytest.raises(ValidationError):
        board_made_record(board=board, made="lost", redeals=0, table=first, user=arbitre)
    board.refresh_from_db()
    assert (board.made, board.made_by_table) == ("", None)
    board_made_record(board=board, made="taker_chose", redeals=0, table=first, user=arbitre)
    board.refresh_from_db()
    assert (board.made, board.made_by_table) == ("taker_chose", first)
    assert AuditEntry.objects.filter(action="boards.made_recorded").count() == 1


def test_a_seance_cannot_close_while_typed_etuis_are_missing():
    tournament, session = _undealt()  # 2 tables: 8 étuis
    _o, scorer, arbitre, arbitre2 = staff_of(tournament)
    for number in range(1, 8):
        board = board_type(
            session=session, number=number, taker="N", dealer="N", chien=CHIEN, user=arbitre
        )
        enter(board, [56, -52], scorer, confirm_by=arbitre2)
    with pytest.raises(ValidationError) as exc:
        session_close(session=session, user=arbitre)
    assert exc.value.code == "boards_unconfirmed"
    assert "1 étui(s) of 8" in exc.value.messages[0]
    board = board_type(session=session, number=8, taker="W", dealer="N", chien=CHIEN, user=arbitre)
    enter(board, [56, -52], scorer, confirm_by=arbitre2)
    assert session_close(session=session, user=arbitre).is_closed
