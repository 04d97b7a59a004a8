"""The arbitre's decisions in a duplicate (fft-duplicate.md §1.6), from an incident at a table:
a deal cancelled with assigned notes, a score adjusted, a line played with another version of the
deal, a penalty in percentage points; each reflected at once in the notes and the rankings,
audited, under four-eyes, undone exactly; what does not apply to the game refused."""

from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from arbitration import documents, services
from arbitration.decisions import describe
from arbitration.models import Decision, Incident
from scoring.formats.duplicate.reads import board_plays, session_results
from scoring.formats.duplicate.services import session_close, travelling_sheet_confirm
from scoring.models import TravellingSheet
from tests.factories import StaffRoleFactory, TournamentFactory
from tests.scoring.duplicate.helpers import drawn_session, duplicate_tournament, enter, staff_of
from tournaments.models import AuditEntry, Table

pytestmark = pytest.mark.django_db
RULEBOOK = [56, 62, -56, -52, 50]  # the rulebook's étui 1 at 5 tables


@pytest.fixture
def played(request):
    """A 20-player séance of 5 positions, every étui entered and confirmed; étui 1 holds the
    rulebook's example."""
    four_eyes = getattr(request, "param", False)
    tournament = duplicate_tournament(players=20, positions=5, four_eyes=four_eyes)
    organiser, scorer, arbitre, second = staff_of(tournament)
    session = drawn_session(tournament)
    for board in session.boards.order_by("number"):
        scores = RULEBOOK if board.number == 1 else [56, 50, -52, 62, -56]
        enter(board, scores, scorer, confirm_by=arbitre)
    return tournament, session, arbitre, second


def _line(session, index, board_number=1):
    """(board, the index-th table that plays it, its players by orientation)."""
    board = session.boards.get(number=board_number)
    play = board_plays(session)[board.board_set][index]
    table = Table.objects.get(round_id=play.round_id, number=play.table)
    return board, table, play.players


def _incident(session, table, arbitre, board, **kwargs):
    return services.incident_log(
        tournament=session.tournament,
        user=arbitre,
        round=table.round,
        table=table,
        kind="misdeal",
        deal_number=board.number,
        **kwargs,
    )


def _note(results, registration_id, board_number):
    player = next(p for p in results.players if p.registration.pk == registration_id)
    return next(n for n in player.notes if n.board == board_number)


def test_a_cancelled_deal_leaves_the_topage_and_gives_the_assigned_notes(played):
    tournament, session, arbitre, _second = played
    board, table, players = _line(session, 1)  # the +62
    incident = _incident(session, table, arbitre, board)
    outcome = services.decision_add(
        incident=incident,
        user=arbitre,
        kind=Decision.Kind.LINE_CANCELLED,
        marks=[40, 60, 60, 60],  # North was at fault
        note="North dealt a card face up",
    )
    results = session_results(session, official=True)
    # The other four lines topped among themselves: −56, −52, +50, +56 -> 0, 33⅓, 66⅔, 100.
    topped = {line.score: note for line, note in results.boards[1] if not line.cancelled}
    assert topped == {-56: 0, -52: Fraction(100, 3), 50: Fraction(200, 3), 56: 100}
    for orientation, expected in zip("NESW", (40, 60, 60, 60), strict=True):
        note = _note(results, players[orientation], 1)
        assert note.cancelled and note.note == expected
        assert note.attack == (orientation == board.taker)
    sheet = outcome.decision.travelling_sheet
    assert sheet.is_confirmed and sheet.version == 2  # four-eyes off: at once
    assert "assigned notes North 40 %" in describe(outcome.decision)
    assert AuditEntry.objects.filter(tournament=tournament, action="travelling.ruled").exists()

    services.decision_undo(decision=outcome.decision, user=arbitre, reason="wrong table")
    results = session_results(session, official=True)
    assert {ln.score: n for ln, n in results.boards[1]}[62] == 100
    assert board.sheets.get(status="confirmed").version == 3


def test_an_adjusted_score_keeps_the_old_one_in_the_history(played):
    _tournament, session, arbitre, _second = played
    board, table, _players = _line(session, 0)  # the +56
    incident = _incident(session, table, arbitre, board)
    services.decision_add(
        incident=incident,
        user=arbitre,
        kind=Decision.Kind.SCORE_ADJUSTED,
        marks=[20],  # no Garde gives +20: only the arbitre may record it
        note="Score agreed by the four players",
    )
    results = session_results(session, official=True)
    topped = {line.score: note for line, note in results.boards[1]}
    assert topped == {20: 50, 62: 100, -56: 0, -52: 25, 50: 75}
    line = next(line for line, _n in results.boards[1] if line.score == 20)
    assert line.adjusted and line.adjust_reason.startswith("Incident")
    old = board.sheets.get(version=1)
    assert old.status == TravellingSheet.Status.SUPERSEDED
    assert sorted(old.lines.values_list("score", flat=True)) == sorted(RULEBOOK)


def test_an_etui_put_back_wrongly_is_topped_in_two_versions(played):
    _tournament, session, arbitre, _second = played
    board = None
    for index in (3, 4):  # the last two tables played the deal as it was put back
        board, table, _players = _line(session, index)
        incident = _incident(session, table, arbitre, board)
        services.decision_add(
            incident=incident,
            user=arbitre,
            kind=Decision.Kind.DEAL_VERSION,
            marks=[2],
            note="Étui turned by table 2",
        )
    results = session_results(session, official=True)
    topped = {line.score: (line.deal_version, note) for line, note in results.boards[1]}
    # Version 1: +56, +62, −56 -> 50, 100, 0; version 2: −52, +50 -> 0, 100.
    assert topped == {56: (1, 50), 62: (1, 100), -56: (1, 0), -52: (2, 0), 50: (2, 100)}
    assert board.sheets.get(status="confirmed").version == 3


@pytest.mark.parametrize("played", [True], indirect=True)
def test_under_four_eyes_another_arbitre_confirms_the_ruling(played):
    _tournament, session, arbitre, second = played
    board, table, players = _line(session, 2)
    incident = _incident(session, table, arbitre, board)
    outcome = services.decision_add(
        incident=incident, user=arbitre, kind=Decision.Kind.LINE_CANCELLED,
        marks=[50, 50, 50, 50], note="Accident",
    )  # fmt: skip
    sheet = outcome.decision.travelling_sheet
    assert sheet.status == TravellingSheet.Status.ENTERED
    # The staff's provisional ranking shows it at once; the official one after the visa.
    assert _note(session_results(session, official=False), players["N"], 1).cancelled
    with pytest.raises(ValidationError, match="another arbitre"):
        travelling_sheet_confirm(sheet=sheet, user=arbitre)
    travelling_sheet_confirm(sheet=sheet, user=second)
    assert _note(session_results(session, official=True), players["N"], 1).cancelled


def test_a_penalty_is_taken_off_the_global_in_percentage_points(played):
    _tournament, session, arbitre, _second = played
    board, table, players = _line(session, 0)
    offender_id = players["E"]
    before = next(
        p for p in session_results(session, official=True).players
        if p.registration.pk == offender_id
    )  # fmt: skip
    incident = _incident(session, table, arbitre, board)
    outcome = services.decision_add(
        incident=incident,
        user=arbitre,
        kind=Decision.Kind.PENALTY,
        registration=before.registration,
        points=3,
        note="Slow play, second time",
    )
    after = next(
        p for p in session_results(session, official=True).players
        if p.registration.pk == offender_id
    )  # fmt: skip
    assert after.overall == before.overall - 3 and after.penalty == 3
    assert "3 percentage points" in describe(outcome.decision)


def test_what_does_not_apply_to_the_game_is_refused(played):
    _tournament, session, arbitre, _second = played
    board, table, _players = _line(session, 0)
    incident = _incident(session, table, arbitre, board)
    with pytest.raises(ValidationError, match="does not apply"):
        services.decision_add(incident=incident, user=arbitre, kind=Decision.Kind.BID_BAN)
    libre = TournamentFactory()
    StaffRoleFactory(tournament=libre, user=arbitre, role="arbitre")
    libre_incident = Incident(tournament=libre)
    with pytest.raises(ValidationError, match="does not apply"):
        services.decision_add(
            incident=libre_incident, user=arbitre, kind=Decision.Kind.SCORE_ADJUSTED
        )


def test_refusals_save_nothing(played):
    _tournament, session, arbitre, _second = played
    board, table, _players = _line(session, 0)
    other = session.boards.exclude(board_set=board.board_set).first()  # not played there
    incident = _incident(session, table, arbitre, other)
    asks = [
        ({"kind": Decision.Kind.LINE_CANCELLED, "marks": [50, 50, 50, 50]}, "does not play"),
        ({"kind": Decision.Kind.SCORE_ADJUSTED, "marks": [2000], "deal_number": board.number},
         "A score from"),
        ({"kind": Decision.Kind.DEAL_VERSION, "marks": [0], "deal_number": board.number},
         "A version of the deal"),
        ({"kind": Decision.Kind.LINE_CANCELLED, "marks": [50, 50, 50, 50], "deal_number": 999},
         "no étui 999"),
    ]  # fmt: skip
    for ask, message in asks:
        with pytest.raises(ValidationError, match=message):
            services.decision_add(incident=incident, user=arbitre, note="x", **ask)
    assert not Decision.objects.exists()
    assert TravellingSheet.objects.filter(board__session=session).count() == session.boards.count()
    session_close(session=session, user=arbitre)
    with pytest.raises(ValidationError, match="séance is closed"):
        services.decision_add(
            incident=incident, user=arbitre, kind=Decision.Kind.SCORE_ADJUSTED, marks=[56],
            deal_number=board.number, note="late",
        )  # fmt: skip
    assert not Decision.objects.exists()


def test_the_incident_page_decides_a_cancelled_deal(client, played):
    tournament, session, arbitre, _second = played
    board, table, players = _line(session, 1)
    incident = _incident(session, table, arbitre, board)
    client.force_login(arbitre)
    page = reverse("arbitration:incident", kwargs={"slug": tournament.slug, "pk": incident.pk})
    shown = client.get(page)
    assert shown.status_code == 200
    content = shown.content.decode()
    assert 'data-testid="duplicate-line"' in content and "Bid ban" not in content
    decide = reverse("arbitration:decide", kwargs={"slug": tournament.slug, "pk": incident.pk})
    refused = client.post(decide, {"kind": "score_adjusted", "deal_number": board.number,
                                   "score": "", "note": "x"})  # fmt: skip
    assert refused.status_code == 400 and "Type the score with its sign" in refused.content.decode()
    assert not Decision.objects.exists()
    notes = {"note_N": "60", "note_E": "40", "note_S": "60", "note_W": "60"}
    client.post(decide, {"kind": "line_cancelled", "deal_number": board.number, "note": "Renonce",
                         **notes})  # fmt: skip
    decision = Decision.objects.get()
    assert decision.marks == [60, 40, 60, 60]
    assert _note(session_results(session, official=True), players["E"], 1).note == 40
    adjusted = client.post(decide, {"kind": "score_adjusted", "deal_number": board.number,
                                    "score": "−52", "note": "Agreed"})  # fmt: skip
    assert adjusted.status_code == 302
    assert Decision.objects.get(kind="score_adjusted").marks == [-52]


def test_the_etui_page_links_an_incident_per_line_and_lists_the_versions(client, played):
    tournament, session, arbitre, _second = played
    board, table, _players = _line(session, 1)
    incident = _incident(session, table, arbitre, board)
    services.decision_add(
        incident=incident, user=arbitre, kind=Decision.Kind.SCORE_ADJUSTED, marks=[20],
        note="Agreed at the table",
    )  # fmt: skip
    client.force_login(arbitre)
    page = client.get(
        reverse("scoring:duplicate_board", kwargs={"slug": tournament.slug, "session": 1,
                                                   "board": board.number})
    ).content.decode()  # fmt: skip
    link = f"?position={table.round.number}&amp;table={table.number}&amp;deal={board.number}"
    assert link in page
    assert 'data-testid="versions"' in page and "Agreed at the table" in page
    new = client.get(
        reverse("arbitration:new", kwargs={"slug": tournament.slug})
        + f"?position={table.round.number}&table={table.number}&deal={board.number}"
    )
    assert f'name="deal_number" value="{board.number}"' in new.content.decode()


def test_an_incident_on_a_late_etui_carries_a_cancellation_and_a_penalty(client):
    """Issue 34: 7 tables × 7 positions, 28 étuis: étui 23 is no deal of a libre table."""
    tournament = duplicate_tournament(players=28, positions=7, deals_table_4=5, four_eyes=False)
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    session = drawn_session(tournament)
    assert session.boards.count() == 28
    board = session.boards.get(number=23)
    enter(board, [56, 62, -56, -52, 50, 56, 62], scorer, confirm_by=arbitre)
    play = board_plays(session)[board.board_set][2]
    table = Table.objects.get(round_id=play.round_id, number=play.table)
    client.force_login(arbitre)
    new = reverse("arbitration:new", kwargs={"slug": tournament.slug})
    form = client.get(new + f"?position={table.round.number}&table={table.number}&deal=23")
    assert 'name="deal_number" value="23"' in form.content.decode()
    logged = client.post(
        new,
        {"round": table.round.number, "table": table.number, "deal_number": 23,
         "kind": "misdeal", "confirmed": "on"},
    )  # fmt: skip
    assert logged.status_code == 302, logged.content.decode()
    incident = Incident.objects.get()
    assert incident.deal_number == 23
    decide = reverse("arbitration:decide", kwargs={"slug": tournament.slug, "pk": incident.pk})
    notes = {"note_N": "60", "note_E": "60", "note_S": "40", "note_W": "60"}
    response = client.post(
        decide, {"kind": "line_cancelled", "deal_number": 23, "note": "Carte vue", **notes}
    )
    assert response.status_code == 302
    results = session_results(session, official=True)
    assert _note(results, play.players["S"], 23).note == 40
    assert _note(results, play.players["E"], 23).note == 60
    offender = tournament.registrations.get(pk=play.players["S"])
    response = client.post(
        decide, {"kind": "penalty", "player": offender.pk, "points": 2, "note": "Carte vue"}
    )
    assert response.status_code == 302
    row = next(p for p in session_results(session, official=True).players
               if p.registration.pk == offender.pk)  # fmt: skip
    assert row.penalty == 2
    # The service refuses an étui the séance has not, with the étuis it has.
    with pytest.raises(ValidationError, match="1 to 28"):
        services.incident_log(
            tournament=tournament, user=arbitre, round=table.round, table=table,
            kind="misdeal", deal_number=29,
        )  # fmt: skip


def test_the_etui_page_shows_the_notes_assigned_and_keeps_them(client, played):
    tournament, session, arbitre, _second = played
    board, table, players = _line(session, 1)
    incident = _incident(session, table, arbitre, board)
    services.decision_add(
        incident=incident, user=arbitre, kind=Decision.Kind.LINE_CANCELLED,
        marks=[60, 60, 40, 60], note="South showed a card",
    )  # fmt: skip
    client.force_login(arbitre)
    url = reverse("scoring:duplicate_board", args=[tournament.slug, 1, board.number])
    page = client.get(url).content.decode()
    assert 'data-testid="assigned-1">North 60 %, East 60 %, South 40 %, West 60 %<' in page
    assert 'data-testid="assigned-0"' not in page  # a line played has no assigned note
    # Saving the page again (a score typed elsewhere) keeps the notes the arbitre gave.
    post = {f"score-{i}": f"{s:+d}" for i, s in enumerate(RULEBOOK)}
    post.update({"score-1": "", "cancelled-1": "on", "reason": "Typing slip"})
    post["score-0"] = "+62"
    post["base_version"] = str(board.sheets.exclude(status="superseded").get().version)
    assert client.post(url, post).status_code == 302
    assert _note(session_results(session, official=False), players["S"], 1).note == 40


LIBRE_ONLY = ("bid_out_of_turn", "announcement_call")
DUPLICATE_ONLY = ("rature", "etui_misplaced", "duplication", "first_position_hand")


def _kinds(form) -> set[str]:
    return {value for value, _label in form.fields["kind"].choices if value}


def test_a_duplicate_incident_offers_the_formats_types_and_no_bidding(client, played):
    tournament, session, arbitre, _second = played
    board, table, players = _line(session, 0)
    client.force_login(arbitre)
    new = reverse("arbitration:new", kwargs={"slug": tournament.slug})
    page = client.get(new + f"?position={table.round.number}&table={table.number}&deal=1")
    kinds = _kinds(page.context["form"])
    assert not kinds & set(LIBRE_ONLY) and set(DUPLICATE_ONLY) <= kinds
    assert {"renonce", "faux_ecart", "exposed_card", "wrong_card_count"} <= kinds
    content = page.content.decode()
    for libre_text in ("bid", "Bid", "taker's camp", "offender_defending"):
        assert libre_text not in content, libre_text
    for address in ("arbitration:log", "arbitration:scale"):
        user = tournament.created_by if address == "arbitration:scale" else arbitre
        client.force_login(user)
        shown = client.get(reverse(address, kwargs={"slug": tournament.slug})).content.decode()
        assert "Bid out of turn" not in shown and "Étui put back wrongly" in shown, address
    client.force_login(arbitre)
    # A renonce with its offender needs no camp: no bid ban to derive from it.
    offender = tournament.registrations.get(pk=players["E"])
    logged = client.post(
        new,
        {"round": table.round.number, "table": table.number, "deal_number": 1,
         "kind": "renonce", "offender": offender.pk, "confirmed": "on"},
    )  # fmt: skip
    assert logged.status_code == 302
    incident = Incident.objects.get()
    shown = client.get(reverse("arbitration:incident", args=[tournament.slug, incident.pk]))
    assert "bid" not in shown.content.decode().lower()
    assert "taker's camp" not in shown.content.decode()
    record = client.get(reverse("arbitration:record", args=[tournament.slug, offender.number]))
    assert record.status_code == 200 and "Bid bans" not in record.content.decode()
    logged = client.post(
        new,
        {"round": table.round.number, "table": table.number, "deal_number": 1,
         "kind": "etui_misplaced", "description": "Étui 1 turned by table 2"},
    )  # fmt: skip
    assert logged.status_code == 302
    log = client.get(reverse("arbitration:log", args=[tournament.slug])).content.decode()
    head = " ".join(log[log.find("<thead") : log.find("</thead>")].split())
    assert "> Étui </th>" in head and "Deal" not in head
    rows = list(documents.report_rows(tournament=tournament))
    assert rows[0][2] == "Étui" and rows[1][2] == 1
    with pytest.raises(ValidationError, match="type of incident"):
        services.incident_log(
            tournament=tournament, user=arbitre, round=table.round, table=table,
            kind="bid_out_of_turn",
        )  # fmt: skip


def test_the_libre_incident_form_keeps_its_types(client):
    libre = TournamentFactory()
    arbitre = StaffRoleFactory(tournament=libre, role="arbitre").user
    client.force_login(arbitre)
    page = client.get(reverse("arbitration:new", kwargs={"slug": libre.slug}))
    kinds = _kinds(page.context["form"])
    assert set(LIBRE_ONLY) <= kinds and not kinds & set(DUPLICATE_ONLY)
    assert "offender_defending" in page.context["form"].fields
