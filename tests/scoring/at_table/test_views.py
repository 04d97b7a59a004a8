"""The table's phone page through HTTP: it renders for a libre table and a duplicate one, takes
an entry, an approval and a dispute with or without script (JSON or a redirect), shows a refused
entry's messages next to their fields, says why a closed table cannot enter (410), knows no
unknown secret (404), takes a table's short code, and never shows a duplicate table another
table's line."""

import json

import pytest
from django.urls import reverse

from scoring.at_table import services
from scoring.formats.duplicate.reads import board_plays
from scoring.models import TableEntry
from tests.scoring.at_table.test_services import GARDE_BY_EAST, deal_post
from tests.scoring.duplicate.helpers import drawn_session, duplicate_tournament

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def libre(libre_access):
    return libre_access


@pytest.fixture
def duplicate():
    tournament = duplicate_tournament(players=8, positions=2, table_entry=True)
    session = drawn_session(tournament)
    table = session.rounds.get(number=1).tables.get(number=1)
    return services.access_of(table)


def url(name, access):
    return reverse(f"at_table:{name}", kwargs={"secret": access.secret})


def libre_entry(number=1, seat=1, key="k1", **values):
    return {
        "number": number,
        "seat": seat,
        "client_key": key,
        **deal_post(number, **(values or GARDE_BY_EAST)),
    }


def test_the_libre_page_shows_the_table_its_seats_and_the_next_deal(client, libre):
    names = [s.registration.player for s in libre.table.seats.order_by("number")]
    response = client.get(url("page", libre), {"me": 1})
    text = response.content.decode()
    assert response.status_code == 200
    assert "You are East" in text and "Deal 1" in text
    assert all(str(name) in text for name in names)
    assert 'name="d1-contract"' in text and 'name="d1-mark0"' in text
    assert "Dealer:" in text  # the deal's dealer, shown before it is played
    assert 'src="/static/js/table_entry.js"' in text


def test_no_form_before_the_seat_is_chosen(client, libre):
    text = client.get(url("page", libre)).content.decode()
    assert "Which seat are you?" in text
    assert 'id="table-entry"' not in text and "Say which seat you are first" in text


def test_a_libre_deal_entered_without_script_is_approved_by_the_other_camp(client, libre):
    response = client.post(url("enter", libre), libre_entry())
    assert response.status_code == 302 and response["Location"].endswith("?me=1")
    entry = TableEntry.objects.get()
    page = client.get(url("page", libre), {"me": 0}).content.decode()
    assert "Waiting for approval by" in page and "Approve Deal 1" in page
    assert "Approve Deal 1" not in client.get(url("page", libre), {"me": 1}).content.decode()
    assert 'name="d2-contract"' in page  # the next deal is proposed
    response = client.post(url("approve", libre), {"entry": entry.pk, "seat": 0})
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == TableEntry.Status.APPROVED
    state = client.get(url("state", libre), {"me": 0}).content.decode()
    assert "Approved" in state and "Running totals" in state and "174" in state


def test_a_libre_deal_in_json_sent_twice_is_recorded_once(client, libre):
    for _i in range(2):
        response = client.post(url("enter", libre), libre_entry(key="same"), **JSON)
        assert response.status_code == 200
    answer = json.loads(response.content)
    assert answer["ok"] and answer["status"] == "waiting"
    assert TableEntry.objects.count() == 1
    response = client.post(url("approve", libre), {"entry": answer["entry"], "seat": 1}, **JSON)
    assert response.status_code == 422 and "seat" in json.loads(response.content)["errors"]
    response = client.post(url("approve", libre), {"entry": answer["entry"], "seat": 2}, **JSON)
    assert json.loads(response.content) == {
        "ok": True,
        "entry": answer["entry"],
        "status": "approved",
    }


def test_a_refused_deal_shows_its_messages_next_to_their_fields(client, libre):
    bad = libre_entry(**dict(GARDE_BY_EAST, points="95"))
    response = client.post(url("enter", libre), bad, **JSON)
    assert response.status_code == 422
    assert "points" in json.loads(response.content)["errors"]
    response = client.post(url("enter", libre), bad)
    text = response.content.decode()
    assert response.status_code == 422
    errors = text.split('data-errors-for="points"', 1)[1].split("</div>", 1)[0]
    assert "role" in errors and "<p>" in errors
    assert 'value="95"' in text  # what was typed is kept
    assert not TableEntry.objects.exists()


def test_no_seat_is_an_error_next_to_the_seat(client, libre):
    response = client.post(url("enter", libre), dict(libre_entry(), seat=""), **JSON)
    assert response.status_code == 422 and "seat" in json.loads(response.content)["errors"]


def test_a_dispute_marks_the_entry(client, libre):
    client.post(url("enter", libre), libre_entry())
    entry = TableEntry.objects.get()
    response = client.post(url("dispute", libre), {"entry": entry.pk, "seat": 0, "note": "45"})
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == TableEntry.Status.DISPUTED
    response = client.post(url("dispute", libre), {"entry": "x", "seat": 0}, **JSON)
    assert response.status_code == 422


def test_a_table_on_paper_is_closed_410_and_shows_no_form(client, libre, staff):
    services.put_on_paper(access=libre, user=staff["arbitre"], reason="phone lost")
    response = client.get(url("page", libre))
    assert response.status_code == 410
    assert "on paper" in response.content.decode()
    assert 'id="table-entry"' not in response.content.decode()
    response = client.post(url("enter", libre), libre_entry(), **JSON)
    assert response.status_code == 410 and "closed" in json.loads(response.content)
    assert client.post(url("enter", libre), libre_entry()).status_code == 410
    assert client.get(url("state", libre)).status_code == 410


def test_an_unknown_secret_is_404(client, libre):
    for name in ("page", "state"):
        assert client.get(reverse(f"at_table:{name}", args=["nope"])).status_code == 404
    assert client.post(reverse("at_table:enter", args=["nope"]), {}).status_code == 404


def test_the_code_form_opens_the_table_or_says_the_code_is_wrong(client, libre):
    address = reverse("at_table:code", kwargs={"slug": libre.table.round.tournament.slug})
    assert client.get(address).status_code == 200
    response = client.post(address, {"table": 1, "code": "WRONG9"})
    text = response.content.decode()
    assert response.status_code == 422
    code_field = text.split('name="code"', 1)[1].split("</div>", 1)[0]
    assert "not the code of table 1" in code_field
    response = client.post(address, {"table": 1, "code": libre.short_code.lower()})
    assert response.status_code == 302 and response["Location"] == url("page", libre)


def test_the_code_form_is_404_without_table_entry(client, tournament):
    address = reverse("at_table:code", kwargs={"slug": tournament.slug})
    assert client.get(address).status_code == 404


def test_the_duplicate_page_proposes_the_etui_and_its_orientation(client, duplicate):
    response = client.get(url("page", duplicate), {"me": 0})
    text = response.content.decode()
    assert response.status_code == 200
    assert "Étui" in text and 'name="score"' in text and "Taker:" in text


def test_another_etui_asks_for_a_confirmation(client, duplicate):
    game = services.game_of(duplicate.table)
    first, second = [item.number for item in game.items(duplicate.table)][:2]
    text = client.get(url("page", duplicate), {"me": 0, "number": second}).content.decode()
    assert 'name="other"' in text
    post = {"number": second, "seat": 0, "client_key": "a", "score": "+56"}
    response = client.post(url("enter", duplicate), post, **JSON)
    assert response.status_code == 422 and "other" in json.loads(response.content)["errors"]
    response = client.post(url("enter", duplicate), dict(post, other="1"), **JSON)
    assert response.status_code == 200
    assert TableEntry.objects.get().number == second != first


def test_the_duplicate_page_never_shows_another_tables_line(client, duplicate):
    """Every other table enters and approves its lines with a score no one else has; this
    table's page and its live part show none of them."""
    session = duplicate.table.round.session
    plays = board_plays(session)
    score = 100
    for board in session.boards.order_by("number"):
        for play in plays[board.board_set]:
            table = session.rounds.get(number=play.position).tables.get(number=play.table)
            if table == duplicate.table:
                continue
            access = services.access_of(table)
            score += 2
            entry = services.submit(
                access=access,
                number=board.number,
                seat=0,
                post={"score": f"+{score}"},
                client_key=f"{board.pk}-{table.pk}",
            )
            game = services.game_of(table)
            approver = min(game.approvers(table, board.number, entry.data, 0))
            services.approve(access=access, entry_id=entry.pk, seat=approver)
    own = services.game_of(duplicate.table).items(duplicate.table)[0].number
    client.post(
        url("enter", duplicate), {"number": own, "seat": 0, "client_key": "o", "score": "+56"}
    )
    text = client.get(url("page", duplicate), {"me": 0}).content.decode()
    text += client.get(url("state", duplicate), {"me": 0}).content.decode()
    assert "+56" in text
    for other in range(102, score + 1, 2):
        assert f"+{other}" not in text
    assert "Running totals" not in text and "rank" not in text.lower()


def test_a_deal_not_played_is_approved_by_another_player(client, libre):
    post = {"number": 1, "seat": 0, "client_key": "pass", "d1-mode": "all_pass"}
    answer = json.loads(client.post(url("enter", libre), post, **JSON).content)
    assert answer["ok"]
    page = client.get(url("page", libre), {"me": 2}).content.decode()
    assert "Approve Deal 1" in page
    response = client.post(url("approve", libre), {"entry": answer["entry"], "seat": 2}, **JSON)
    assert json.loads(response.content)["status"] == "approved"


def test_the_phone_says_who_dealt_and_the_next_deal_follows(client, libre):
    """The first dealer is drawn: the form offers every seat, the expected one ticked, and the
    dealer sent moves the next deal's dealer on."""
    text = client.get(url("page", libre), {"me": 1}).content.decode()
    assert text.count('name="d1-dealer"') == 4
    assert 'name="d1-dealer" value="0" checked' in text  # Nord until the table says otherwise
    post = libre_entry(**GARDE_BY_EAST, dealer="2")
    assert client.post(url("enter", libre), post).status_code == 302
    text = client.get(url("page", libre), {"me": 1}).content.decode()
    assert 'name="d2-dealer" value="1" checked' in text  # after Sud, Est deals
