"""The étuis' arbitre pages: an étui prepared by hand typed in (taker, dealer, chien), refused
with its reason next to the field and nothing saved; how an étui was made at the first position
recorded and shown on the séance page; scorers, visitors and donnes-libres tournaments kept out."""

import re

import pytest
from django.urls import reverse

from scoring.formats.duplicate.reads import board_plays
from scoring.models import Board
from tournaments.models import AuditEntry
from tournaments.services_duplicate import session_movement_build

from .helpers import drawn_session, duplicate_tournament, enter, staff_of

pytestmark = pytest.mark.django_db


def _url(name, tournament, **kwargs):
    return reverse(name, kwargs={"slug": tournament.slug, "session": 1, **kwargs})


def _undealt():
    """A séance whose movement is drawn (5 tables, 20 étuis) and whose étuis are not made."""
    tournament = duplicate_tournament(players=20, positions=5)
    session_movement_build(tournament=tournament, user=tournament.created_by, number=1, seed=1)
    return tournament, tournament.sessions.get()


def _error(html, field):
    """What the page says next to ``field``: Django's list of its errors."""
    assert f'id="id_{field}_error"' in html, f"no error next to {field}"
    return html.split(f'id="id_{field}_error"')[1].split("</ul>")[0]


def _first_position(session, board):
    plays = board_plays(session)[board.board_set]
    first = min(p.position for p in plays)
    return [p.table for p in plays if p.position == first]


def test_an_arbitre_types_the_etuis_of_a_seance_instead_of_dealing_them(client):
    tournament, session = _undealt()
    _o, _scorer, arbitre, _ = staff_of(tournament)
    client.force_login(arbitre)
    page = client.get(_url("scoring:duplicate", tournament)).content.decode()
    assert 'data-testid="type-boards"' in page
    start = client.get(_url("scoring:duplicate_boards_type", tournament))
    assert start.status_code == 302 and start.url == _url(
        "scoring:duplicate_board_type", tournament, board=1
    )
    form = client.get(start.url).content.decode()
    assert "T21 T4 EX HR DD C7" in form  # the notation, in the help text
    assert 'value="N" selected' in form  # étui 1: North takes, in turn
    # typed as an arbitre might: lower case, a suit symbol, a comma, out of order
    saved = client.post(start.url, {"taker": "N", "dealer": "E", "chien": "c1 ex ♥R dd, s7 t21"})
    assert saved.status_code == 302
    assert saved.url == _url("scoring:duplicate_board_type", tournament, board=2)
    board = session.boards.get()
    assert (board.number, board.board_set, board.taker, board.dealer) == (1, 1, "N", "E")
    assert board.chien == ["T21", "EX", "S7", "HR", "DD", "C1"]  # display order
    assert board.source == Board.Source.TYPED and board.hands == {}
    assert AuditEntry.objects.filter(tournament=tournament, action="boards.typed").count() == 1
    second = client.get(saved.url).content.decode()
    assert 'value="E" selected' in second  # étui 2: East takes, in turn
    page = client.get(_url("scoring:duplicate", tournament)).content.decode()
    row = page.split('data-testid="board-1"')[1].split("</tr>")[0]
    assert "North" in row and "East" in row
    assert "1 of 20 étuis exist." in page and "Type the next étui prepared by hand" in page
    again = client.get(_url("scoring:duplicate_board_type", tournament, board=1)).content.decode()
    assert "T21 EX S7 HR DD C1" in again  # what was typed, to correct it


@pytest.mark.parametrize(
    ("chien", "message"),
    [
        ("T21 EX HR DD S7 T22", "T22 is not a card"),
        ("T21 EX HR DD S7 Petit", "PETIT is not a card"),
        ("T21 EX HR DD S7 t21", "T21 is typed twice"),
        ("T21 EX HR DD S7", "The chien is 6 cards: 5 were typed."),
        ("T1", "The chien is 6 cards: 1 was typed."),
        ("", "This field is required."),
    ],
)
def test_a_chien_that_cannot_be_kept_is_refused_next_to_its_field(client, chien, message):
    tournament = duplicate_tournament(players=20, positions=5)
    session = drawn_session(tournament)
    _o, _scorer, arbitre, _ = staff_of(tournament)
    board = session.boards.get(number=3)
    before = (board.taker, board.dealer, board.chien, board.hands, board.source)
    client.force_login(arbitre)
    url = _url("scoring:duplicate_board_type", tournament, board=3)
    assert 'data-testid="replaces-dealt"' in client.get(url).content.decode()
    refused = client.post(url, {"taker": "W", "dealer": "N", "chien": chien})
    assert refused.status_code == 400
    html = refused.content.decode()
    assert 'aria-invalid="true"' in re.search(r'<input[^>]*id="id_chien"[^>]*>', html)[0]
    assert message in _error(html, "chien")
    board.refresh_from_db()
    assert (board.taker, board.dealer, board.chien, board.hands, board.source) == before
    assert not AuditEntry.objects.filter(action="boards.typed").exists()


def test_an_orientation_that_is_none_is_refused(client):
    tournament, session = _undealt()
    client.force_login(staff_of(tournament)[2])
    url = _url("scoring:duplicate_board_type", tournament, board=1)
    refused = client.post(url, {"taker": "X", "dealer": "N", "chien": "T21 EX HR DD S7 C1"})
    assert refused.status_code == 400
    assert "Select a valid choice." in _error(refused.content.decode(), "taker")
    assert not session.boards.exists()
    assert client.get(_url("scoring:duplicate_board_type", tournament, board=21)).status_code == 404


def test_an_etui_with_scores_can_no_longer_be_typed(client):
    tournament = duplicate_tournament(players=20, positions=5)
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    board = session.boards.get(number=1)
    enter(board, [56], scorer)
    client.force_login(arbitre)
    url = _url("scoring:duplicate_board_type", tournament, board=1)
    page = client.get(url).content.decode()
    assert "Scores of this étui have been entered: it can no longer change." in page
    assert 'data-testid="save"' not in page
    refused = client.post(url, {"taker": "N", "dealer": "N", "chien": "T21 EX HR DD S7 C1"})
    assert refused.status_code == 400
    assert "Scores of étui 1 have been entered" in refused.content.decode()
    board.refresh_from_db()
    assert board.source == Board.Source.GENERATED and len(board.hands) == 4
    seance = client.get(_url("scoring:duplicate", tournament)).content.decode()
    assert 'data-testid="type-1"' not in seance and 'data-testid="type-2"' in seance


def test_an_arbitre_records_an_etui_redealt_twice_by_its_first_table(client):
    tournament = duplicate_tournament(players=20, positions=5)
    session = drawn_session(tournament)
    _o, _scorer, arbitre, _ = staff_of(tournament)
    board = next(b for b in session.boards.all() if _first_position(session, b) == [3])
    client.force_login(arbitre)
    seance = _url("scoring:duplicate", tournament)
    cell = client.get(seance).content.decode().split(f'data-testid="made-{board.number}"')[1]
    assert cell.split("</td>")[0].count("Not recorded") == 1
    url = _url("scoring:duplicate_board_made", tournament, board=board.number)
    form = client.get(url).content.decode()
    assert '<option value="3" selected>Table 3</option>' in form
    saved = client.post(url, {"made": "redealt", "redeals": "2", "table": "3"})
    assert saved.status_code == 302 and saved.url == seance
    board.refresh_from_db()
    assert (board.made, board.redeals, board.made_by_table) == ("redealt", 2, 3)
    entry = AuditEntry.objects.get(tournament=tournament, action="boards.made_recorded")
    assert entry.data == {
        "session": 1,
        "board": board.number,
        "made": "redealt",
        "redeals": 2,
        "table": 3,
    }
    cell = client.get(seance).content.decode().split(f'data-testid="made-{board.number}"')[1]
    assert "Redealt 2 times · table 3" in cell.split("</td>")[0]


@pytest.mark.parametrize(
    ("post", "field", "message"),
    [
        ({"made": "redealt", "redeals": "0", "table": "3"}, "redeals", "how many times"),
        ({"made": "as_dealt", "redeals": "-1", "table": "3"}, "redeals", "greater than or"),
        ({"made": "lost", "redeals": "0", "table": "3"}, "made", "Select a valid choice"),
        ({"made": "as_dealt", "redeals": "0", "table": "4"}, "table", "Select a valid choice"),
    ],
)
def test_a_first_position_record_that_cannot_be_kept_saves_nothing(client, post, field, message):
    tournament = duplicate_tournament(players=20, positions=5)
    session = drawn_session(tournament)
    _o, _scorer, arbitre, _ = staff_of(tournament)
    board = next(b for b in session.boards.all() if _first_position(session, b) == [3])
    client.force_login(arbitre)
    url = _url("scoring:duplicate_board_made", tournament, board=board.number)
    refused = client.post(url, post)
    assert refused.status_code == 400
    html = refused.content.decode()
    assert message in _error(html, field)
    board.refresh_from_db()
    assert (board.made, board.made_by_table) == ("", None)
    assert not AuditEntry.objects.filter(action="boards.made_recorded").exists()


@pytest.mark.parametrize("name", ["duplicate_board_type", "duplicate_board_made"])
def test_scorers_and_visitors_may_not_type_or_record_an_etui(client, name):
    tournament = duplicate_tournament(players=20, positions=5, is_public=True)
    session = drawn_session(tournament)
    _o, scorer, _arbitre, _ = staff_of(tournament)
    url = _url(f"scoring:{name}", tournament, board=1)
    post = {"taker": "E", "dealer": "E", "chien": "T21 EX HR DD S7 C1", "made": "duplicated"}
    anonymous = client.post(url, post)
    assert anonymous.status_code == 302 and "login" in anonymous.url
    assert client.get(_url("scoring:duplicate_boards_type", tournament)).status_code == 302
    client.force_login(scorer)
    assert client.get(url).status_code == 403
    assert client.post(url, post).status_code == 403
    assert client.get(_url("scoring:duplicate_boards_type", tournament)).status_code == 403
    seance = client.get(_url("scoring:duplicate", tournament)).content.decode()
    assert 'data-testid="type-1"' not in seance and "/made/" not in seance
    board = session.boards.get(number=1)
    assert (board.taker, board.made, board.source) == ("N", "", Board.Source.GENERATED)
    assert not AuditEntry.objects.filter(action__startswith="boards.typed").exists()


@pytest.mark.parametrize(
    "name", ["duplicate_boards_type", "duplicate_board_type", "duplicate_board_made"]
)
def test_a_donnes_libres_tournament_has_no_etuis(client, tournament, staff, name):
    client.force_login(staff["arbitre"])
    kwargs = {} if name == "duplicate_boards_type" else {"board": 1}
    response = client.get(_url(f"scoring:{name}", tournament, **kwargs))
    assert response.status_code == 302
    assert response.url == reverse("manage:tournament", args=[tournament.slug])
