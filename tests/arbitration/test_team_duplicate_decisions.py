"""The arbitre's decisions in the team duplicates (fft-duplicate.md §1.6, issue 20): at a
triplettes or quadrettes table the offender is one of the two teams' members; a line of a
travelling sheet is cancelled or adjusted as in the individuel; a penalty is taken off the
triplette's global in percentage points, off the quadrette's result in PM; a team match
decides its PM penalties on the match's page, so the incident offers a warning only."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from arbitration import services
from arbitration.decisions import describe, kinds_for
from arbitration.forms import people
from arbitration.models import Decision
from scoring.formats.match.results import competition, match_results
from scoring.formats.match.services import matches_draw, quarter_close
from scoring.formats.match.services_rulings import (
    board_cancel,
    board_cancel_confirm,
    board_restore,
    board_restore_confirm,
)
from scoring.formats.quadrettes.reads import (
    quadrette_plays,
    quadrette_roadmaps,
    quadrette_session_results,
)
from scoring.formats.triplettes.lines import triplette_lines
from scoring.formats.triplettes.reads import triplette_plays, triplette_session_results
from scoring.models import BidBan
from scoring.models.duplicate import TravellingLine
from scoring.models.match import CancelledBoard, MatchLine, TeamMatch
from tests.scoring.duplicate.helpers import staff_of
from tests.scoring.duplicate.test_documents_quadrettes import _played as quadrettes_played
from tests.scoring.duplicate.test_documents_triplettes import (  # noqa: F401 (a fixture)
    seance,
)
from tests.scoring.duplicate.test_team_match import (
    CLOSED,
    OPEN,
    QUARTER_SCORES,
    ahead_only,
    close,
    competition_of,
    confirm_all,
    fill,
    name,
    play,
)
from tournaments.models import AuditEntry, Table

pytestmark = pytest.mark.django_db


def _incident(session, play, arbitre, board):
    table = Table.objects.get(
        round__session=session, round__number=play.position, number=play.table
    )
    incident = services.incident_log(
        tournament=session.tournament,
        user=arbitre,
        round=table.round,
        table=table,
        kind="misdeal",
        deal_number=board.number,
    )
    return incident, table


def _line(session, board, play):
    return TravellingLine.objects.get(
        sheet__board=board,
        sheet__status__in=["entered", "confirmed"],
        round__number=play.position,
        table_number=play.table,
    )


def test_a_triplettes_table_penalty_and_cancelled_line(client, seance):  # noqa: F811
    session = seance
    tournament = session.tournament
    _organiser, _scorer, arbitre, _second = staff_of(tournament)
    board = session.boards.get(number=5)
    play = triplette_plays(session)[board.board_set][0]
    incident, table = _incident(session, play, arbitre, board)
    members = set(
        tournament.registrations.filter(team_id__in=[play.ns_team, play.ew_team]).values_list(
            "pk", flat=True
        )
    )
    assert len(members) == 6 and set(people(tournament, table).values_list("pk", flat=True)) == (
        members
    )
    offender = tournament.registrations.get(pk=min(members))
    before = {r.team.pk: r for r in triplette_session_results(session, official=True).teams}
    outcome = services.decision_add(
        incident=incident,
        user=arbitre,
        kind=Decision.Kind.PENALTY,
        registration=offender,
        points=2,
        note="Bavardage",
    )
    after = {r.team.pk: r for r in triplette_session_results(session, official=True).teams}
    team = offender.team_id
    assert after[team].penalty == before[team].penalty + 2
    assert after[team].overall == before[team].overall - 2
    assert "2 percentage points" in describe(outcome.decision)
    assert "triplette's global" in describe(outcome.decision)

    # A misdeal confirmed bars nobody from bidding: there is no bidding in a duplicate.
    assert services.incident_confirm(incident=incident, user=arbitre) == []
    assert not BidBan.objects.exists()
    client.force_login(arbitre)
    page = reverse("arbitration:incident", kwargs={"slug": tournament.slug, "pk": incident.pk})
    content = client.get(page).content.decode()
    assert 'data-testid="duplicate-line"' in content and "Bid ban" not in content
    etui_url = reverse("scoring:duplicate_board", args=[tournament.slug, 1, board.number])
    assert f'href="{etui_url}" data-testid="sheet-link"' in content
    # One note per triplette of the line (issue 34), never four seat notes.
    assert 'name="note_attack"' in content and 'name="note_defence"' in content
    assert 'name="note_N"' not in content and 'name="note_S"' not in content
    decide = reverse("arbitration:decide", kwargs={"slug": tournament.slug, "pk": incident.pk})
    notes = {"note_attack": "40", "note_defence": "60"}  # the attack was at fault
    response = client.post(
        decide, {"kind": "line_cancelled", "deal_number": board.number, "note": "Renonce", **notes}
    )
    assert response.status_code == 302
    decision = Decision.objects.get(kind="line_cancelled")
    assert decision.marks == [40, 60]
    assert "attacking triplette 40 %, defending triplette 60 %" in describe(decision)
    line = _line(session, board, play)
    assert line.cancelled
    assert line.assigned_notes == {o: "40" if o == board.taker else "60" for o in "NESW"}
    _notes_counted(session, board, play, attack=40, defence=60)
    etui = client.get(etui_url).content.decode()
    assert ">attack 40 %, defence 60 %<" in etui
    shown = client.get(page).content.decode()
    assert 'title="Attack">Attack 40 %<' in shown and 'title="Defence">Defence 60 %<' in shown
    refused = client.post(decide, {"kind": "bid_ban", "note": "x"})
    assert refused.status_code == 400
    assert Decision.objects.filter(kind="bid_ban").count() == 0


def _notes_counted(session, board, play, *, attack, defence):
    """The cancelled line's notes as the papers read them, and each triplette's attack and
    defence percentages the means of its notes, that one included."""
    rows = [row for _board, found in triplette_lines(session, official=False) for row in found]
    (cancelled,) = [
        r for r in rows if r.board == board and (r.position, r.table) == (play.position, play.table)
    ]
    assert (cancelled.attack_note, cancelled.defence_note) == (attack, defence)
    results = triplette_session_results(session, official=False).teams
    for result in results:
        attacks = [r.attack_note for r in rows if r.attack_team == result.team.pk and r.line]
        defences = [r.defence_note for r in rows if r.defence_team == result.team.pk and r.line]
        assert result.attack == sum(attacks) / len(attacks)
        assert result.defence == sum(defences) / len(defences)


def test_a_quadrettes_penalty_is_in_pm_and_a_cancelled_line_gives_no_pm(client):
    session = quadrettes_played(close=False, players=16, positions=3)
    tournament = session.tournament
    _organiser, _scorer, arbitre, _second = staff_of(tournament)
    board = session.boards.order_by("number").first()
    play = quadrette_plays(session)[board.board_set][0]
    incident, table = _incident(session, play, arbitre, board)
    offender = people(tournament, table).first()
    assert offender.team_id in (table.ns_team_id, table.ew_team_id)
    before = {r.team.pk: r for r in quadrette_session_results(session, official=True).teams}
    outcome = services.decision_add(
        incident=incident,
        user=arbitre,
        kind=Decision.Kind.PENALTY,
        registration=offender,
        points=3,
        note="Retard",
    )
    after = {r.team.pk: r for r in quadrette_session_results(session, official=True).teams}
    assert after[offender.team_id].pm == before[offender.team_id].pm - 3
    assert "3 PM" in describe(outcome.decision)

    client.force_login(arbitre)
    page = reverse("arbitration:incident", kwargs={"slug": tournament.slug, "pk": incident.pk})
    content = client.get(page).content.decode()
    assert "A cancelled line gives neither quadrette any PM" in content
    assert 'name="note_N"' not in content and "Match points (penalty)" in content
    decide = reverse("arbitration:decide", kwargs={"slug": tournament.slug, "pk": incident.pk})
    response = client.post(
        decide, {"kind": "line_cancelled", "deal_number": board.number, "note": "Renonce"}
    )
    assert response.status_code == 302
    assert _line(session, board, play).cancelled
    results = {r.team.pk: r for r in quadrette_session_results(session, official=False).teams}
    for team in (play.home, play.visitor):
        assert results[team].per_board[board.number] == 0  # 0 PM on that étui, counted
        assert board.number in after[team].per_board


def test_a_team_match_incident_offers_a_warning_and_sends_penalties_to_the_match(client):
    tournament = competition_of()
    assert kinds_for(tournament) == (Decision.Kind.WARNING,)
    _organiser, _scorer, arbitre, _second = staff_of(tournament)
    client.force_login(arbitre)
    page = client.get(reverse("arbitration:new", kwargs={"slug": tournament.slug}))
    assert page.status_code == 200
    content = page.content.decode()
    assert 'data-testid="match-penalties"' in content
    assert reverse("scoring:matches", args=[tournament.slug]) in content


def _ranked(session):
    """Team id -> its result; and the results in place order, checked against their PM."""
    teams = quadrette_session_results(session, official=False).teams
    for result in teams:
        assert result.pm == sum(result.per_board.values(), Decimal(0)) - result.penalty
    pms = [r.pm for r in teams]
    assert pms == sorted(pms, reverse=True)
    for result in teams:  # equal results share the place
        assert result.place == 1 + sum(pm > result.pm for pm in pms)
    return {r.team.pk: r for r in teams}


def test_a_quadrettes_cancelled_line_gives_0_pm_or_the_pm_assigned(client):
    """Issue 34, fft-duplicate.md §1.6 (choice): both paths, and the ranking after."""
    session = quadrettes_played(close=False, players=16, positions=3)
    tournament = session.tournament
    _organiser, _scorer, arbitre, _second = staff_of(tournament)
    first, second = session.boards.order_by("number")[:2]
    client.force_login(arbitre)
    before = _ranked(session)
    # 0 PM: the étui gives both quadrettes 0 PM, counted.
    play = quadrette_plays(session)[first.board_set][0]
    incident, _table = _incident(session, play, arbitre, first)
    decide = reverse("arbitration:decide", kwargs={"slug": tournament.slug, "pk": incident.pk})
    response = client.post(
        decide, {"kind": "line_cancelled", "deal_number": first.number, "note": "Renonce"}
    )
    assert response.status_code == 302
    assert "0 PM to both quadrettes" in describe(Decision.objects.get())
    after = _ranked(session)
    for team in (play.home, play.visitor):
        assert after[team].per_board[first.number] == 0
        assert after[team].boards == before[team].boards
        assert after[team].pm == before[team].pm - before[team].per_board[first.number]
    # PM assigned: the reason is required, then each quadrette gets its PM on that étui.
    play = quadrette_plays(session)[second.board_set][1]
    incident, _table = _incident(session, play, arbitre, second)
    decide = reverse("arbitration:decide", kwargs={"slug": tournament.slug, "pk": incident.pk})
    ask = {"kind": "line_cancelled", "deal_number": second.number, "pm_attack": "2,5",
           "pm_defence": "−2,5"}  # fmt: skip
    refused = client.post(decide, {**ask, "note": ""})
    assert refused.status_code == 400
    assert "Say why the arbitre assigns these PM." in refused.content.decode()
    assert Decision.objects.count() == 1
    page = client.get(reverse("arbitration:incident", args=[tournament.slug, incident.pk]))
    assert 'name="pm_attack"' in page.content.decode()
    assert client.post(decide, {**ask, "note": "Étui tourné"}).status_code == 302
    decision = Decision.objects.latest("pk")
    assert decision.marks == [2500, -2500]
    assert "+2,500 PM to the attacking quadrette, −2,500 PM" in describe(decision)
    shown = client.get(reverse("arbitration:incident", args=[tournament.slug, incident.pk]))
    assert 'title="Attack">Attack +2,500 PM<' in shown.content.decode()
    line = _line(session, second, play)
    assert line.cancelled and line.assigned_notes["pm_attack"] == "2.500"
    ranked = _ranked(session)
    assert ranked[play.visitor].per_board[second.number] == Decimal("2.5")
    assert ranked[play.home].per_board[second.number] == Decimal("-2.5")
    for team in (play.home, play.visitor):
        was = after[team].pm - after[team].per_board[second.number]
        assert ranked[team].pm == was + ranked[team].per_board[second.number]
    etui = reverse("scoring:duplicate_board", args=[tournament.slug, 1, second.number])
    assert "attack +2,500 PM, defence −2,500 PM" in client.get(etui).content.decode()
    # The papers read the same PM: the feuille de route of each quadrette.
    roadmaps = quadrette_roadmaps(session, official=False)
    (mine,) = [r for r in roadmaps[play.visitor] if r.board == second.number and r.ecart is None]
    assert mine.pm == Decimal("2.5")


def test_a_team_match_cancelled_etui_gives_0_pm_or_the_pm_assigned(client):
    """Issue 34, fft-duplicate.md §1.6 (choice) in a team match: an étui cancelled in one
    room leaves the comparison; both teams get 0 PM, or the PM the arbitre assigns with a
    reason; the quarter closes without the étui; the result and the competition follow."""
    tournament = competition_of()
    tournament.four_eyes = False  # the second arbitre's visa: the next test
    tournament.save()
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    match = TeamMatch.objects.get(pk=match.pk)
    client.force_login(arbitre)
    # Quarter 1: étui 2 went wrong in the closed room (never written there): 0 PM.
    a_scores, b_scores = QUARTER_SCORES[0]
    quarter = name(match, 1, arbitre)
    fill(quarter, scorer, OPEN, a_scores)
    fill(quarter, scorer, CLOSED, b_scores)
    MatchLine.objects.filter(quarter=quarter, room=CLOSED, board=2).delete()
    with pytest.raises(ValidationError, match="étuis 2"):
        quarter_close(quarter=quarter, user=arbitre)
    page = reverse("scoring:match_quarter", args=[tournament.slug, match.number, 1])
    cancel = reverse("scoring:match_board_cancel", args=[tournament.slug, match.number, 1])
    refused = client.post(cancel, {"board": 2, "room": CLOSED, "reason": ""})
    assert refused.status_code == 400 and "Say why the arbitre decides it." in (
        refused.content.decode()
    )
    assert not CancelledBoard.objects.exists()
    done = client.post(cancel, {"board": 2, "room": CLOSED, "reason": "Étui mélangé"})
    assert done.status_code == 302
    shown = client.get(page).content.decode()
    assert 'data-testid="cancelled-2"' in shown and "Étui mélangé" in shown
    close(quarter, arbitre)
    kept = [(a, b) for i, (a, b) in enumerate(zip(a_scores, b_scores, strict=True)) if i != 1]
    expected = [ahead_only(kept)]
    # Quarter 2: étui 5 cancelled with 3 PM to A, 0 to B, through the page.
    a_scores, b_scores = QUARTER_SCORES[1]
    quarter = name(match, 2, arbitre, a_room=CLOSED)
    fill(quarter, scorer, CLOSED, a_scores)
    fill(quarter, scorer, OPEN, b_scores)
    cancel = reverse("scoring:match_board_cancel", args=[tournament.slug, match.number, 2])
    done = client.post(
        cancel, {"board": 5, "room": OPEN, "pm_a": "3", "pm_b": "", "reason": "Carte exposée"}
    )
    assert done.status_code == 302
    assert CancelledBoard.objects.get(quarter=quarter).pm_a == Decimal(3)
    undo = reverse("scoring:match_board_restore", args=[tournament.slug, match.number, 2, 5])
    client.post(undo, {"reason": ""})
    assert CancelledBoard.objects.filter(quarter=quarter).exists()  # a reason is needed
    client.post(undo, {"reason": "Wrong étui"})
    assert not CancelledBoard.objects.filter(quarter=quarter).exists()
    assert AuditEntry.objects.filter(action="match.board_restored").count() == 1
    client.post(cancel, {"board": 5, "room": OPEN, "pm_a": "3", "reason": "Carte exposée"})
    assert CancelledBoard.objects.get(quarter=quarter).pm_b == 0
    close(quarter, arbitre)
    kept = list(zip(a_scores, b_scores, strict=True))[1:]
    a, b = ahead_only(kept)
    expected.append((a + 3, b))
    for number in (3, 4):
        a_scores, b_scores = QUARTER_SCORES[number - 1]
        play(match, number, scorer, arbitre, a_scores, b_scores)
        expected.append(ahead_only(list(zip(a_scores, b_scores, strict=True))))
    results = match_results(TeamMatch.objects.get(pk=match.pk))
    assert [(q.pm_a, q.pm_b) for q in results.quarters] == expected
    total_a, total_b = (sum(side, Decimal(0)) for side in zip(*expected, strict=True))
    assert (results.total_a, results.total_b) == (total_a, total_b)
    assert results.finished and results.result == ("A" if total_a > total_b else "B")
    winner = match.team_a if total_a > total_b else match.team_b
    table = competition(tournament)
    assert table[0][:3] == (1, winner, 2)
    # A closed quarter is reopened before its étuis change.
    with pytest.raises(ValidationError, match="reopen it"):
        board_cancel(quarter=quarter, board=6, room=OPEN, user=arbitre, reason="x")


def test_a_team_match_cancelled_etui_waits_for_a_second_arbitre_under_four_eyes(client):
    tournament = competition_of()
    tournament.four_eyes = True
    tournament.save()
    _organiser, scorer, arbitre, second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    match = TeamMatch.objects.get(pk=match.pk)
    a_scores, b_scores = QUARTER_SCORES[0]
    quarter = name(match, 1, arbitre)
    fill(quarter, scorer, OPEN, a_scores)
    fill(quarter, scorer, CLOSED, b_scores)
    cancelled = board_cancel(
        quarter=quarter, board=1, room=OPEN, user=arbitre, reason="Étui tourné", pm_b="2"
    )
    assert not cancelled.is_confirmed
    # The staff see its PM at once; the quarter closes once another arbitre confirmed it.
    staff = match_results(TeamMatch.objects.get(pk=match.pk), official=False)
    kept = list(zip(a_scores, b_scores, strict=True))[1:]
    a, b = ahead_only(kept)
    assert (staff.quarters[0].pm_a, staff.quarters[0].pm_b) == (a, b + 2)
    confirm_all(quarter, second)
    with pytest.raises(ValidationError, match="four-eyes"):
        quarter_close(quarter=quarter, user=second)
    client.force_login(arbitre)
    page = reverse("scoring:match_quarter", args=[tournament.slug, match.number, 1])
    shown = client.get(page).content.decode()
    assert 'data-testid="unconfirmed-1"' in shown and 'data-testid="confirm-1"' not in shown
    with pytest.raises(ValidationError, match="another arbitre"):
        board_cancel_confirm(cancelled=cancelled, user=arbitre)
    client.force_login(second)
    assert 'data-testid="confirm-1"' in client.get(page).content.decode()
    confirm = reverse("scoring:match_board_confirm", args=[tournament.slug, match.number, 1, 1])
    assert client.post(confirm).status_code == 302
    cancelled.refresh_from_db()
    assert cancelled.confirmed_by == second
    quarter_close(quarter=quarter, user=second)
    official = match_results(TeamMatch.objects.get(pk=match.pk))
    assert (official.quarters[0].pm_a, official.quarters[0].pm_b) == (a, b + 2)


def _confirmed_cancellation(tournament, scorer, arbitre, second):
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    match = TeamMatch.objects.get(pk=match.pk)
    a_scores, b_scores = QUARTER_SCORES[0]
    quarter = name(match, 1, arbitre)
    fill(quarter, scorer, OPEN, a_scores)
    fill(quarter, scorer, CLOSED, b_scores)
    cancelled = board_cancel(quarter=quarter, board=1, room=OPEN, user=arbitre, reason="Tourné")
    board_cancel_confirm(cancelled=cancelled, user=second)
    confirm_all(quarter, second)
    return match, quarter, cancelled


def test_undoing_a_confirmed_cancellation_waits_for_a_second_arbitre_under_four_eyes():
    tournament = competition_of()
    tournament.four_eyes = True
    tournament.save()
    _organiser, scorer, arbitre, second = staff_of(tournament)
    _match, quarter, cancelled = _confirmed_cancellation(tournament, scorer, arbitre, second)
    waiting = board_restore(cancelled=cancelled, user=arbitre, reason="Wrong étui")
    assert waiting is not None and waiting.restore_asked_by == arbitre
    assert CancelledBoard.objects.filter(pk=cancelled.pk).exists()  # still cancelled
    with pytest.raises(ValidationError, match="four-eyes"):
        quarter_close(quarter=quarter, user=second)  # the undoing is not confirmed yet
    with pytest.raises(ValidationError, match="another arbitre"):
        board_restore_confirm(cancelled=cancelled, user=arbitre)
    assert not AuditEntry.objects.filter(action="match.board_restored").exists()
    board_restore_confirm(cancelled=cancelled, user=second)
    assert not CancelledBoard.objects.filter(pk=cancelled.pk).exists()
    entry = AuditEntry.objects.get(action="match.board_restored")
    assert entry.data["reason"] == "Wrong étui" and entry.user == second


def test_the_page_says_an_undoing_waits_for_another_arbitre_who_confirms_it(client):
    tournament = competition_of()
    tournament.four_eyes = True
    tournament.save()
    _organiser, scorer, arbitre, second = staff_of(tournament)
    match, _quarter, cancelled = _confirmed_cancellation(tournament, scorer, arbitre, second)
    args = [tournament.slug, match.number, 1]
    page = reverse("scoring:match_quarter", args=args)
    undo = reverse("scoring:match_board_restore", args=[*args, 1])
    client.force_login(arbitre)
    answer = client.post(undo, {"reason": "Wrong étui"}, follow=True)
    shown = answer.content.decode()
    assert CancelledBoard.objects.filter(pk=cancelled.pk).exists()
    assert "another arbitre must confirm" in shown
    assert 'data-testid="restore-waiting-1"' in shown
    assert 'data-testid="confirm-restore-1"' not in shown
    client.force_login(second)
    shown = client.get(page).content.decode()
    assert 'data-testid="confirm-restore-1"' in shown and "Wrong étui" in shown
    confirm = reverse("scoring:match_board_restore_confirm", args=[*args, 1])
    assert client.post(confirm).status_code == 302
    assert not CancelledBoard.objects.filter(pk=cancelled.pk).exists()
