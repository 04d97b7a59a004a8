"""Two people at once on PostgreSQL (the production database): a double click, a save against a
confirmation, a seat correction against a save; two corrections of one travelling sheet or one
team-match sheet, and a travelling sheet sent twice. Each ends in one clean outcome or a clear
conflict, never a deadlock, a database error or a silent overwrite. Threads need a real shared
database: on SQLite (in-memory test database) these tests are skipped; CI runs them on
PostgreSQL.

The order is forced, not hoped for (``tests/threads.py``): the first writer is held right after
it has locked its table, and the test goes on once PostgreSQL shows the second one waiting for
it (or, for two tables of one position, once the second has saved beside it)."""

import pytest
from django.db import connection

from scoring.actions import Action
from scoring.formats.duplicate import services as services_duplicate
from scoring.formats.duplicate.reads import board_plays
from scoring.formats.duplicate.services import LineEntry, TravellingEntry
from scoring.formats.libre import services
from scoring.formats.libre.forms import read_entry
from scoring.formats.match import services_sheets as services_match_sheets
from scoring.formats.match.services import matches_draw
from scoring.models import MatchLine, ScoreSheet, TravellingSheet
from tests.factories import StaffRoleFactory, TournamentFactory, UserFactory
from tests.scoring.conftest import SAMPLE, VISAS, seat_and_publish
from tests.scoring.duplicate.helpers import drawn_session, duplicate_tournament, enter, staff_of
from tests.scoring.duplicate.test_team_match import competition_of, name
from tests.threads import Checkpoint, second_runs_beside_first, second_waits_for_first
from tournaments import services_seating
from tournaments.models import AuditEntry, Round, Table

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="needs a database shared by threads"
    ),
]
EDITED = {**SAMPLE, **VISAS, "d1-mark1": "321", "d1-mark0": "-107", "d1-mark2": "-107",
          "d1-mark3": "-107"}  # fmt: skip


@pytest.fixture
def setting():
    tournament = TournamentFactory()
    users = {}
    for role in ("organiser", "arbitre", "scorer"):
        users[role] = UserFactory(username=f"{role}-{tournament.pk}")
        StaffRoleFactory(tournament=tournament, user=users[role], role=role)
    round_ = seat_and_publish(tournament, users["organiser"], 8)
    return users, round_.tables.get(number=1)


@pytest.fixture
def held_table(monkeypatch):
    """The next ``lock_table`` to return holds its locks until the second action has shown
    what it does meanwhile. Install it after the setup's own saves."""
    return lambda: Checkpoint(monkeypatch, services, "lock_table", hold=True)


def fresh(table):
    return Table.objects.select_related("round__tournament").get(pk=table.pk)


def test_double_click_saves_once(setting, held_table):
    users, table = setting

    def click():
        return services.scoresheet_save(
            table=fresh(table), user=users["scorer"], entry=read_entry({**SAMPLE, **VISAS}),
            base_version=0, token="same-form",
        ).pk  # fmt: skip

    # The second click arrives while the first holds the table, its sheet not yet committed.
    held = held_table()
    first, second = second_waits_for_first(
        click, click, held=held, got_through=lambda: held.ended > 1
    )
    assert first[0] == second[0] == "ok" and first[1] == second[1]
    assert ScoreSheet.objects.filter(table=table).count() == 1


def test_save_against_confirmation(setting, held_table):
    users, table = setting
    v1 = services.scoresheet_save(
        table=fresh(table),
        user=users["scorer"],
        entry=read_entry({**SAMPLE, **VISAS}),
        base_version=0,
    )

    def save():
        return services.scoresheet_save(
            table=fresh(table), user=users["scorer"], entry=read_entry(EDITED), base_version=1
        )

    def confirm():
        return services.scoresheet_confirm(sheet=v1, user=users["arbitre"])

    held = held_table()
    results = second_waits_for_first(save, confirm, held=held, got_through=lambda: held.ended > 1)
    assert [kind for kind, _ in results] == ["ok", "refused"], results
    assert results[1][1].code == "stale"
    versions = sorted(ScoreSheet.objects.filter(table=table).values_list("version", "status"))
    # The save came first and held the lock: version 2 stands; confirming version 1 was refused.
    assert versions == [(1, "superseded"), (2, "entered")]


def test_seat_correction_against_a_save(setting, held_table, monkeypatch):
    users, table = setting
    services.scoresheet_save(
        table=fresh(table),
        user=users["scorer"],
        entry=read_entry({**SAMPLE, **VISAS}),
        base_version=0,
    )
    other = table.round.tables.get(number=2)
    a, b = table.seats.get(number=0).registration, other.seats.get(number=0).registration

    def save():
        return services.scoresheet_save(
            table=fresh(table), user=users["scorer"], entry=read_entry(EDITED), base_version=1
        )

    def swap():
        round_ = Round.objects.get(pk=table.round_id)
        return services_seating.round_swap_players(
            round=round_, user=users["arbitre"], first=a, second=b, reason="wrong table"
        )

    # The swap checks the position right after locking it: it must not get there, nor move
    # anyone, while the save holds the position.
    swap_locked = Checkpoint(monkeypatch, services_seating, "refuse_if_closed")
    held = held_table()
    results = second_waits_for_first(
        save, swap, held=held, got_through=lambda: swap_locked.begun > 0
    )
    assert [kind for kind, _ in results] == ["ok", "ok"], results
    current = ScoreSheet.objects.filter(table=table).exclude(status="superseded").get()
    assert current.version == 3
    assert current.marks.filter(registration=b).exists()
    assert not current.marks.filter(registration=a).exists()


def test_sheets_of_one_position_are_saved_side_by_side(setting, held_table):
    """The first save holds its position (shared) and its table, its transaction open; a save
    at another table of the position is made meanwhile, without waiting for it (a seat move
    still does: test above)."""
    users, table = setting
    other = table.round.tables.get(number=2)

    def save(t):
        return lambda: services.scoresheet_save(
            table=fresh(t),
            user=users["arbitre"],
            entry=read_entry({**SAMPLE, **VISAS}),
            base_version=0,
        )

    results = second_runs_beside_first(save(table), save(other), held=held_table())
    assert results[0][0] == results[1][0] == "ok", results
    assert ScoreSheet.objects.filter(table__round=table.round).count() == 2


@pytest.fixture
def travelling():
    """An étui whose travelling sheet has a version 1, and two arbitres."""
    tournament = duplicate_tournament(players=20, positions=5)
    session = drawn_session(tournament)
    _o, scorer, arbitre, second = staff_of(tournament)
    board = session.boards.get(number=1)
    enter(board, [56, 62], scorer)
    return board, arbitre, second


def _entry(board, scores):
    plays = board_plays(board.session)[board.board_set]
    return TravellingEntry(
        tuple(
            LineEntry(position=p.position, table=p.table, score=s)
            for p, s in zip(plays, scores, strict=False)
        )
    )


def test_two_corrections_of_one_travelling_sheet_keep_one_and_refuse_the_other(
    travelling, monkeypatch
):
    board, arbitre, second = travelling

    def correct(user, scores):
        return lambda: (
            services_duplicate.travelling_sheet_save(
                board=board, entry=_entry(board, scores), user=user, base_version=1
            ).version
        )

    held = Checkpoint(monkeypatch, services_duplicate, "lock_board", hold=True)
    first, other = second_waits_for_first(
        correct(arbitre, [56, 62, -56]),
        correct(second, [56, 60, -52]),
        held=held,
        got_through=lambda: held.ended > 1,
    )
    assert first == ("ok", 2) and other[0] == "refused" and other[1].code == "stale", other
    assert other[1].current.version == 2  # the page shows it beside the typing
    assert TravellingSheet.objects.filter(board=board).count() == 2


def test_a_travelling_sheet_sent_twice_at_once_is_one_version(travelling, monkeypatch):
    board, arbitre, _second = travelling

    def send():
        return services_duplicate.travelling_sheet_save(
            board=board, entry=_entry(board, [56, 62, -56]), user=arbitre, base_version=1
        ).pk

    held = Checkpoint(monkeypatch, services_duplicate, "lock_board", hold=True)
    first, second = second_waits_for_first(
        send, send, held=held, got_through=lambda: held.ended > 1
    )
    assert first[0] == second[0] == "ok" and first[1] == second[1]
    assert TravellingSheet.objects.filter(board=board).count() == 2  # version 1 and this one


def test_two_arbitres_confirming_one_travelling_sheet_at_once_confirm_it_once(
    travelling, monkeypatch
):
    """Issue 36: the second waits for the first's lock, then finds the version confirmed and
    does nothing: one confirmation, one audit entry, no error."""
    board, arbitre, second = travelling
    _o, scorer, _a, _s = staff_of(board.session.tournament)
    sheet = enter(board, [56, 62, -56, -52, 50], scorer)  # version 2, every line

    def confirm(user):
        return lambda: (
            services_duplicate.travelling_sheet_confirm(
                sheet=TravellingSheet.objects.get(pk=sheet.pk), user=user, version=sheet.version
            ).confirmed_by_id
        )

    held = Checkpoint(monkeypatch, services_duplicate, "lock_board", hold=True)
    first, other = second_waits_for_first(
        confirm(arbitre), confirm(second), held=held, got_through=lambda: held.ended > 1
    )
    assert first == ("ok", arbitre.pk) and other == ("ok", arbitre.pk), other
    confirmed = AuditEntry.objects.filter(action=Action.TRAVELLING_CONFIRMED)
    assert confirmed.count() == 1 and confirmed.get().user == arbitre


def test_two_saves_of_one_match_sheet_keep_one_and_refuse_the_other(monkeypatch):
    tournament = competition_of()
    _o, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    quarter = name(match, 1, arbitre)
    rows = {1: ("garde", "+82"), 2: ("garde", "+68")}

    def save(user, score):
        return lambda: (
            services_match_sheets.sheet_save(
                quarter=quarter,
                room="open",
                keeper="attack",
                rows={**rows, 3: ("garde", score)},
                user=user,
                base_version=0,
            ).version
        )

    # Held once it has locked the quarter and read the sheet.
    held = Checkpoint(monkeypatch, services_match_sheets, "match_sheet", hold=True)
    first, other = second_waits_for_first(
        save(scorer, "-68"), save(arbitre, "-70"), held=held, got_through=lambda: held.ended > 1
    )
    assert first == ("ok", 1) and other[0] == "refused" and other[1].code == "stale", other
    assert MatchLine.objects.get(quarter=quarter, board=3).score == -68
