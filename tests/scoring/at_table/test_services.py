"""Entry at the table against the database: a libre position and a duplicate séance entered from
the tables' phones, approved by the other side, written to the ledger once; every refusal keeps
nothing."""

import pytest
from django.core.exceptions import ValidationError

from scoring.at_table import services
from scoring.formats.duplicate.reads import board_plays
from scoring.formats.libre.selectors import current_sheet
from scoring.formats.libre.services import round_close
from scoring.models import ScoreSheet, TableEntry, TravellingSheet
from tests.scoring.duplicate.helpers import drawn_session, duplicate_tournament, staff_of
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db

# Deal facts that a table of 4 can play: Garde by Est, 2 bouts, 45 points: made by 4.
GARDE_BY_EAST = {"mode": "facts", "contract": "garde", "taker": "1", "bouts": "2", "points": "45"}


def deal_post(number, **values):
    return {f"d{number}-{key}": value for key, value in values.items()}


def play_libre_deal(access, number, key, *, seat=0, approver=1, values=GARDE_BY_EAST):
    entry = services.submit(
        access=access, number=number, seat=seat, post=deal_post(number, **values), client_key=key
    )
    return services.approve(access=access, entry_id=entry.pk, seat=approver)


def test_a_libre_position_entered_at_the_table_confirms_its_sheet_and_closes(libre_access, staff):
    table = libre_access.table
    for number in range(1, 6):
        # Est takes and enters; Nord (defence) approves.
        play_libre_deal(libre_access, number, f"k{number}", seat=1, approver=0)
    sheet = current_sheet(table=table)
    assert sheet.is_confirmed and sheet.deals.count() == 5
    assert sheet.version == 5  # one version per approved deal
    assert sheet.entered_by.username == services.TABLES_USERNAME
    marks = dict(sheet.marks.filter(deal__number=1).values_list("seat", "value"))
    assert marks == {0: -58, 1: 174, 2: -58, 3: -58}  # (25 + 4) x 2 = 58 each
    other = libre_access.table.round.tables.get(number=2)
    with pytest.raises(ValidationError):
        round_close(round=table.round, user=staff["arbitre"])  # table 2 has no sheet
    assert not table.round.is_closed
    assert other.score_sheets.count() == 0


def test_an_entry_sent_twice_is_recorded_once(libre_access):
    post = deal_post(1, **GARDE_BY_EAST)
    first = services.submit(access=libre_access, number=1, seat=1, post=post, client_key="abc")
    again = services.submit(access=libre_access, number=1, seat=1, post=post, client_key="abc")
    assert first.pk == again.pk
    assert TableEntry.objects.count() == 1
    services.approve(access=libre_access, entry_id=first.pk, seat=0)
    services.approve(access=libre_access, entry_id=first.pk, seat=0)  # a retry
    assert ScoreSheet.objects.filter(table=libre_access.table).count() == 1


def test_a_second_phone_cannot_record_the_same_deal(libre_access):
    post = deal_post(1, **GARDE_BY_EAST)
    services.submit(access=libre_access, number=1, seat=1, post=post, client_key="one")
    with pytest.raises(services.EntryRefused, match="Another phone"):
        services.submit(access=libre_access, number=1, seat=2, post=post, client_key="two")
    assert TableEntry.objects.count() == 1


def test_the_table_corrects_a_waiting_entry_but_not_an_approved_one(libre_access):
    post = deal_post(1, **GARDE_BY_EAST)
    first = services.submit(access=libre_access, number=1, seat=1, post=post, client_key="one")
    fixed = dict(GARDE_BY_EAST, points="56")
    second = services.submit(
        access=libre_access,
        number=1,
        seat=1,
        post=deal_post(1, **fixed),
        client_key="two",
        replaces=first.pk,
    )
    first.refresh_from_db()
    assert first.status == TableEntry.Status.REPLACED and second.data["points"] == "56"
    services.approve(access=libre_access, entry_id=second.pk, seat=0)
    with pytest.raises(services.EntryRefused, match="only an arbitre"):
        services.submit(
            access=libre_access,
            number=1,
            seat=1,
            post=post,
            client_key="three",
            replaces=second.pk,
        )


def test_only_the_other_camp_approves(libre_access):
    entry = services.submit(
        access=libre_access, number=1, seat=1, post=deal_post(1, **GARDE_BY_EAST), client_key="k"
    )
    for seat in (1, 7):  # the taker himself, no seat
        with pytest.raises(services.EntryRefused):
            services.approve(access=libre_access, entry_id=entry.pk, seat=seat)
    assert not ScoreSheet.objects.exists()


def test_impossible_counts_are_refused_with_the_reason_and_alert_the_arbitre(libre_access):
    bad = dict(GARDE_BY_EAST, points="95")
    with pytest.raises(services.EntryRefused) as refused:
        services.submit(
            access=libre_access, number=1, seat=1, post=deal_post(1, **bad), client_key="k"
        )
    assert "points" in refused.value.problems
    assert not TableEntry.objects.exists()
    assert services.TableRefusal.objects.filter(kind="refused", number=1).exists()


def test_codes_stop_when_the_table_goes_to_paper_or_the_position_closes(libre_access, staff):
    services.put_on_paper(access=libre_access, user=staff["arbitre"], reason="phone lost")
    with pytest.raises(services.Closed):
        services.submit(
            access=libre_access,
            number=1,
            seat=1,
            post=deal_post(1, **GARDE_BY_EAST),
            client_key="k",
        )
    assert AuditEntry.objects.filter(action="table.on_paper").exists()


def test_the_short_code_is_throttled_per_table(libre_access, tournament):
    for _i in range(services.WRONG_CODES):
        with pytest.raises(ValidationError):
            services.access_by_code(tournament=tournament, table_number=1, code="WRONG1")
    with pytest.raises(ValidationError, match="Too many"):
        services.access_by_code(tournament=tournament, table_number=1, code=libre_access.short_code)
    found = (
        services.access_by_code(
            tournament=tournament,
            table_number=2,
            code=libre_access.table.round.tables.get(number=2).access.short_code,
        )
        if hasattr(libre_access.table.round.tables.get(number=2), "access")
        else None
    )
    assert found is None or found.table.number == 2


def test_a_duplicate_seance_entered_at_the_tables_confirms_each_etui():
    tournament = duplicate_tournament(players=8, positions=2, table_entry=True)
    session = drawn_session(tournament)
    _organiser, _scorer, arbitre, _second = staff_of(tournament)
    plays = board_plays(session)
    for board in session.boards.order_by("number"):
        for play in plays[board.board_set]:
            table = session.rounds.get(number=play.position).tables.get(number=play.table)
            access = services.access_of(table)
            writer, approvers = tournament and (0, None)
            entry = services.submit(
                access=access,
                number=board.number,
                seat=0,
                post={"score": "+56"},
                client_key=f"{board.pk}-{table.pk}",
            )
            game = services.game_of(table)
            approver = min(game.approvers(table, board.number, entry.data, 0))
            services.approve(access=access, entry_id=entry.pk, seat=approver)
        sheet = TravellingSheet.objects.get(board=board, status="confirmed")
        assert sheet.lines.count() == len(plays[board.board_set])
    from scoring.formats.duplicate.services import session_close

    session_close(session=session, user=arbitre)
    session.refresh_from_db()
    assert session.is_closed
    table = session.rounds.first().tables.first()
    with pytest.raises(services.Closed):
        services.open_access(services.access_of(table))


def test_the_duplicate_writer_is_the_seat_the_rulebook_names():
    tournament = duplicate_tournament(players=8, positions=2, table_entry=True)
    session = drawn_session(tournament)
    table = session.rounds.get(number=1).tables.get(number=1)
    board = session.boards.filter(board_set=table.board_set).first()
    access = services.access_of(table)
    with pytest.raises(services.EntryRefused):
        services.submit(
            access=access, number=board.number, seat=1, post={"score": "+56"}, client_key="x"
        )
    with pytest.raises(services.EntryRefused) as refused:
        services.submit(
            access=access, number=board.number, seat=0, post={"score": "+57"}, client_key="y"
        )
    assert "score" in refused.value.problems


def test_a_deal_waiting_for_approval_moves_no_public_stamp_its_approval_does(libre_access):
    """What only the staff's pages show (an entry waiting, a dispute) leaves the public pages and
    their caches alone; the approval writes the sheet, which they show."""
    from tournaments.selectors import change_stamp, seating_stamp

    tournament = libre_access.table.round.tournament
    before = change_stamp(tournament=tournament), seating_stamp(tournament=tournament)
    entry = services.submit(
        access=libre_access, number=1, seat=1, post=deal_post(1, **GARDE_BY_EAST), client_key="k"
    )
    services.dispute(access=libre_access, entry_id=entry.pk, seat=0, note="pas d'accord")
    assert (change_stamp(tournament=tournament), seating_stamp(tournament=tournament)) == before
    fixed = services.submit(
        access=libre_access,
        number=1,
        seat=1,
        post=deal_post(1, **GARDE_BY_EAST),
        client_key="k2",
        replaces=entry.pk,
    )
    services.approve(access=libre_access, entry_id=fixed.pk, seat=0)
    assert change_stamp(tournament=tournament) > before[0]
    assert seating_stamp(tournament=tournament) == before[1]  # nobody moved


def test_a_phone_cannot_adjust_or_annul_a_deal(libre_access):
    """Adjusted marks and an annulled deal are an arbitre's decisions, on the staff's sheet."""
    adjusted = {
        "mode": "adjusted",
        "mark0": "900",
        "mark1": "-300",
        "mark2": "-300",
        "mark3": "-300",
    }
    for key, values in (("a", adjusted), ("b", {"mode": "annulled"})):
        with pytest.raises(services.EntryRefused) as refused:
            services.submit(
                access=libre_access, number=1, seat=1, post=deal_post(1, **values), client_key=key
            )
        assert "mode" in refused.value.problems
    assert not TableEntry.objects.exists()


def typed_sheet(table, user, deals, base):
    """The staff types ``deals`` (number -> facts) on the table's score sheet."""
    from scoring.formats.libre.forms import read_entry
    from scoring.formats.libre.services import scoresheet_save

    post = {"short_reason": "the rest is entered at the table"}
    for number, values in deals.items():
        post.update(deal_post(number, **values))
    return scoresheet_save(table=table, user=user, entry=read_entry(post), base_version=base)


def test_the_staff_sheet_settles_a_disputed_entry_and_no_approval_writes_over_it(
    libre_access, staff
):
    table = libre_access.table
    entry = services.submit(
        access=libre_access, number=1, seat=1, post=deal_post(1, **GARDE_BY_EAST), client_key="k"
    )
    services.dispute(access=libre_access, entry_id=entry.pk, seat=0, note="56, not 45")
    decided = dict(GARDE_BY_EAST, points="56")
    typed_sheet(table, staff["arbitre"], {1: decided}, base=0)
    entry.refresh_from_db()
    assert entry.status == TableEntry.Status.REPLACED and entry.by_arbitre == staff["arbitre"]
    with pytest.raises(services.EntryRefused):
        services.approve(access=libre_access, entry_id=entry.pk, seat=0)
    with pytest.raises(services.EntryRefused, match="only an arbitre"):
        services.submit(
            access=libre_access, number=1, seat=1, post=deal_post(1, **GARDE_BY_EAST),
            client_key="k2",
        )  # fmt: skip
    from scoring.at_table.unsettled import unsettled_tables

    assert unsettled_tables(table.round.tables.all()) == []
    sheet = current_sheet(table=table)
    assert sheet.version == 1 and str(sheet.deals.get(number=1).points) == "56.0"


def test_a_sheet_the_staff_typed_part_of_waits_for_an_arbitre(libre_access, staff):
    """Back from paper: the table's last approval completes the sheet, but the deals typed by
    the staff are confirmed by an arbitre, not by the players' approvals."""
    table = libre_access.table
    services.put_on_paper(access=libre_access, user=staff["arbitre"], reason="battery")
    typed_sheet(table, staff["scorer"], dict.fromkeys(range(1, 5), GARDE_BY_EAST), base=0)
    services.back_to_table(access=libre_access, user=staff["arbitre"])
    play_libre_deal(libre_access, 5, "k5", seat=1, approver=0)
    sheet = current_sheet(table=table)
    assert sheet.deals.count() == 5 and not sheet.is_confirmed
    assert sheet.entered_by.username == services.TABLES_USERNAME


def test_the_dealer_chosen_on_the_phone_moves_the_next_dealers(libre_access):
    table = libre_access.table
    game = services.game_of(table)
    assert game.items(table)[0].extra["dealer"] == 0  # Nord, until the table says otherwise
    post = deal_post(1, **GARDE_BY_EAST, dealer="2")
    services.submit(access=libre_access, number=1, seat=1, post=post, client_key="k")
    dealers = [item.extra["dealer"] for item in game.items(table)]
    assert dealers[:3] == [2, 1, 0]  # Sud dealt, then Est, then Nord (anticlockwise)


def test_switching_the_entry_off_leaves_nothing_holding_the_closing(libre_access):
    from scoring.at_table.unsettled import unsettled_tables

    services.submit(
        access=libre_access, number=1, seat=1, post=deal_post(1, **GARDE_BY_EAST), client_key="k"
    )
    tables = libre_access.table.round.tables.all()
    assert unsettled_tables(tables) == [libre_access.table]
    type(libre_access.table.round.tournament).objects.update(table_entry=False)
    assert unsettled_tables(tables) == []


def test_an_approval_the_sheet_refuses_raises_an_alert_and_writes_nothing(libre_access):
    """Deal 2 approved while deal 1 still waits: the sheet cannot hold deal 2 alone."""
    services.submit(
        access=libre_access, number=1, seat=1, post=deal_post(1, **GARDE_BY_EAST), client_key="a"
    )
    second = services.submit(
        access=libre_access, number=2, seat=1, post=deal_post(2, **GARDE_BY_EAST), client_key="b"
    )
    with pytest.raises(services.EntryRefused):
        services.approve(access=libre_access, entry_id=second.pk, seat=0)
    second.refresh_from_db()
    assert second.status == TableEntry.Status.WAITING
    assert not ScoreSheet.objects.exists()
    assert services.TableRefusal.objects.filter(kind="refused", number=2).exists()
