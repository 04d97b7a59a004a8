"""Issue 36, a travelling sheet under two arbitres: two confirmations of one version (the second
is told it was confirmed already, and nothing is written twice), and the lost correction (a
correction made on an older version, or sent without saying which version it was made on, never
replaces a newer one; a team match's room sheet neither). The threaded double confirmation is
in ``tests/scoring/test_concurrency.py`` (PostgreSQL only)."""

import re

import pytest
from django.urls import reverse

from scoring.actions import Action
from scoring.formats.duplicate.reads import board_plays
from scoring.formats.duplicate.services import (
    LineEntry,
    TravellingEntry,
    travelling_sheet_confirm,
    travelling_sheet_save,
)
from scoring.formats.match.services import matches_draw
from scoring.formats.match.services_sheets import sheet_save
from scoring.models import TravellingSheet
from scoring.models.match import MatchLine, MatchSheet
from scoring.sheet_lifecycle import Conflict as StaleSheet
from tournaments.models import AuditEntry

from .helpers import drawn_session, duplicate_tournament, enter, staff_of
from .test_team_match import competition_of, name

pytestmark = pytest.mark.django_db

SCORES = [56, 62, -56, -52, 50]


@pytest.fixture
def entered():
    """Étui 1 of séance 1 entered whole by the scorer (version 1); two arbitres."""
    tournament = duplicate_tournament(players=20, positions=5)
    session = drawn_session(tournament)
    _o, scorer, arbitre, second = staff_of(tournament)
    board = session.boards.get(number=1)
    return board, enter(board, SCORES, scorer), scorer, arbitre, second


def _confirmations(board) -> int:
    return AuditEntry.objects.filter(
        action=Action.TRAVELLING_CONFIRMED, data__board=board.number
    ).count()


def test_issue36_two_arbitres_confirming_one_version_confirm_it_once(entered):
    board, sheet, _scorer, arbitre, second = entered
    first = travelling_sheet_confirm(sheet=sheet, user=arbitre, version=1)
    again = travelling_sheet_confirm(sheet=sheet, user=second, version=1)
    assert again.pk == first.pk and again.confirmed_by == arbitre
    assert again.confirmed_at == first.confirmed_at
    assert _confirmations(board) == 1
    assert TravellingSheet.objects.filter(board=board).count() == 1


def _url(board):
    return reverse(
        "scoring:duplicate_board",
        kwargs={"slug": board.session.tournament.slug, "session": 1, "board": board.number},
    )


def test_issue36_the_second_arbitre_is_told_the_sheet_was_confirmed_already(client, entered):
    board, sheet, _scorer, arbitre, second = entered
    travelling_sheet_confirm(sheet=sheet, user=arbitre, version=1)
    client.force_login(second)
    response = client.post(_url(board), {"confirm": "1", "version": "1"}, follow=True)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Étui 1 was already confirmed by dup-arbitre." in html
    assert "Étui 1 confirmed." not in html
    sheet.refresh_from_db()
    assert sheet.confirmed_by == arbitre and _confirmations(board) == 1


def _entry(board, scores, reason=""):
    plays = board_plays(board.session)[board.board_set]
    pairs = zip(plays, scores, strict=True)
    lines = (LineEntry(position=p.position, table=p.table, score=s) for p, s in pairs)
    return TravellingEntry(tuple(lines), reason)


def test_issue36_a_correction_made_on_an_older_version_never_replaces_a_newer_one(entered):
    board, sheet, _scorer, arbitre, second = entered
    travelling_sheet_confirm(sheet=sheet, user=arbitre)
    # Both arbitres open version 1, confirmed; the second corrects it first.
    theirs = travelling_sheet_save(
        board=board, entry=_entry(board, [*SCORES[:4], 48], "recompté"), user=second,
        base_version=1,
    )  # fmt: skip
    with pytest.raises(StaleSheet) as refused:
        travelling_sheet_save(
            board=board, entry=_entry(board, [*SCORES[:4], 52], "lu de travers"), user=arbitre,
            base_version=1,
        )  # fmt: skip
    assert refused.value.current == theirs
    current = TravellingSheet.objects.exclude(status="superseded").get(board=board)
    assert current.pk == theirs.pk and current.reason == "recompté"
    assert [line.score for line in current.lines.order_by("pk")][-1] == 48


def test_issue36_a_correction_posted_without_its_version_is_a_conflict(client, entered):
    board, _sheet, _scorer, arbitre, second = entered
    enter(board, [*SCORES[:4], 48], second)  # version 2, which the post below never saw
    client.force_login(arbitre)
    typed = {f"score-{i}": f"{s:+d}" for i, s in enumerate([*SCORES[:4], 52])}
    response = client.post(_url(board), typed)  # no base_version: an old page, a script
    assert response.status_code == 409
    assert 'data-testid="conflict"' in response.content.decode()
    current = TravellingSheet.objects.exclude(status="superseded").get(board=board)
    assert current.version == 2 and current.entered_by == second


def test_issue36_a_match_sheet_posted_without_its_version_is_a_conflict(client):
    """The team match's room sheets follow the same lifecycle: the same answer."""
    tournament = competition_of()
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    quarter = name(match, 1, arbitre)
    rows = {1: ("garde", "+82"), 2: ("garde", "+68"), 3: ("garde", "-68"), 4: ("garde", "+56")}
    sheet_save(quarter=quarter, room="open", keeper="attack", rows=rows, user=scorer,
               base_version=0)  # fmt: skip
    theirs = {**rows, 4: ("garde", "+60")}
    sheet_save(quarter=quarter, room="open", keeper="attack", rows=theirs, user=arbitre,
               base_version=1)  # fmt: skip
    client.force_login(scorer)
    address = reverse(
        "scoring:match_quarter_sheet", args=[tournament.slug, match.number, 1, "open", "attack"]
    )
    data = {}  # no base_version: an old page, a script
    for board, (contract, score) in {**rows, 3: ("garde", "-70")}.items():
        data[f"open-attack-contract_{board}"], data[f"open-attack-score_{board}"] = contract, score
    assert client.post(address, data).status_code == 409
    assert MatchSheet.objects.get().version == 2
    kept = MatchLine.objects.get(quarter=quarter, room="open", keeper="attack", board=4)
    assert kept.score == 60


def test_issue36_after_that_conflict_the_match_page_offers_a_version_that_saves(client):
    """Refused for want of a version, the page is based on the version it shows (none yet):
    saving from it is then possible, never refused again and again."""
    tournament = competition_of()
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    name(match, 1, arbitre)
    client.force_login(scorer)
    address = reverse(
        "scoring:match_quarter_sheet", args=[tournament.slug, match.number, 1, "open", "attack"]
    )
    data = {"open-attack-contract_1": "garde", "open-attack-score_1": "+82"}
    response = client.post(address, data)
    assert response.status_code == 409
    html = response.content.decode()
    box = html[html.index('data-testid="sheet-open-attack"') :]
    offered = re.search(r'name="base_version" value="(-?\d+)"', box).group(1)
    assert offered == "0"
    assert not MatchSheet.objects.exists()
    assert client.post(address, {**data, "base_version": offered}).status_code == 302
    assert MatchSheet.objects.get().version == 1


def test_issue36_a_confirmation_posted_without_its_version_confirms_nothing(client, entered):
    """The arbitre confirms the version he read: a post that names none (an old page, a
    script) is told to check the sheet again, as one naming a version replaced since."""
    board, _sheet, scorer, arbitre, _second = entered
    enter(board, [*SCORES[:4], 48], scorer)  # version 2, a typo nobody read
    client.force_login(arbitre)
    response = client.post(_url(board), {"confirm": "1"})
    assert response.status_code == 400
    assert "check it again before confirming" in response.content.decode()
    assert not TravellingSheet.objects.filter(board=board, status="confirmed").exists()
    assert _confirmations(board) == 0
