"""Entry at the table in triplettes and quadrettes, whose movements place teams and no ``Seat``:
a séance played through the services by the seat the rulebook names (North in triplettes, the
South attacker in quadrettes) and approved by the other side, each étui confirmed once every
table's line is approved; the phone page names the seats and offers the writer the form; the
triplettes' attacker is chosen by name, and a hostile value is refused next to its field."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.at_table import services
from scoring.formats.duplicate.reads import board_plays
from scoring.formats.duplicate.services import boards_make
from scoring.models import TableEntry, TravellingSheet
from tournaments.models import Registration, SessionAttacker, SessionDefender, Tournament
from tournaments.services_duplicate import session_publish
from tournaments.services_quadrettes import quadrettes_movement_build
from tournaments.services_triplettes import triplettes_movement_build
from tournaments.simulation import tournament_simulate

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
BUILD = {
    Tournament.Format.TRIPLETTES: (3, triplettes_movement_build),
    Tournament.Format.QUADRETTES: (4, quadrettes_movement_build),
}


def team_session(format_, players, positions):
    organiser = get_user_model().objects.get_or_create(username="team-organiser")[0]
    team_size, build = BUILD[format_]
    tournament = tournament_simulate(
        slug=f"at-table-{format_}",
        players=players,
        user=organiser,
        team_size=team_size,
        seed=3,
        positions=positions,
        format=format_,
    )
    tournament.table_entry = True
    tournament.save()
    session = build(tournament=tournament, user=organiser, seed=2)
    boards_make(session=session, user=organiser, seed=2)
    session_publish(session=session, user=organiser)
    return session


@pytest.fixture
def triplettes():
    return team_session(Tournament.Format.TRIPLETTES, 18, 2)


@pytest.fixture
def quadrettes():
    return team_session(Tournament.Format.QUADRETTES, 16, 3)


def url(name, access):
    return reverse(f"at_table:{name}", kwargs={"secret": access.secret})


def play_seance(session, writer):
    """Every table enters each étui of its série from ``writer`` (the triplettes naming the
    first attacker offered), and a seat of the other side approves it."""
    plays = board_plays(session)
    for board in session.boards.order_by("number"):
        for play in plays[board.board_set]:
            table = session.rounds.get(number=play.position).tables.get(number=play.table)
            access = services.access_of(table)
            game = services.game_of(table)
            item = next(i for i in game.items(table) if i.number == board.number)
            assert item.writers == {writer}
            post = {"score": "+56"}
            if item.extra["attackers"]:
                post["attacker"] = str(item.extra["attackers"][0][0])
            entry = services.submit(
                access=access,
                number=board.number,
                seat=writer,
                post=post,
                client_key=f"{board.pk}-{table.pk}",
            )
            approvers = game.approvers(table, board.number, entry.data, writer)
            assert approvers and writer not in approvers
            with pytest.raises(services.EntryRefused):  # the writer does not sign their own
                services.approve(access=access, entry_id=entry.pk, seat=writer)
            services.approve(access=access, entry_id=entry.pk, seat=min(approvers))
            line = services.game_of(table).ledger(table)[board.number]
            assert line["score"] == 56 and line["attacker"] == entry.data["attacker"]
        sheet = TravellingSheet.objects.get(board=board, status="confirmed")
        assert sheet.lines.count() == len(plays[board.board_set])


def test_a_triplettes_seance_is_entered_by_north_and_approved_by_the_other_triplette(triplettes):
    play_seance(triplettes, writer=0)
    assert TableEntry.objects.filter(status="approved").count() == sum(
        len(plays) * triplettes.boards.filter(board_set=s).count()
        for s, plays in board_plays(triplettes).items()
    )


def test_a_quadrettes_seance_is_entered_by_the_south_attacker_and_approved_by_a_defender(
    quadrettes,
):
    play_seance(quadrettes, writer=2)
    assert not TravellingSheet.objects.filter(board__session=quadrettes).exclude(
        status__in=["confirmed", "superseded"]
    )


def test_the_triplettes_approver_is_of_the_other_triplette(triplettes):
    """The taker's seat is the attacking triplette's, the three others the defence's: North's
    line is approved by the taker, or by a defender when North takes."""
    table = triplettes.rounds.first().tables.first()
    game = services.game_of(table)
    for board in triplettes.boards.filter(board_set=table.board_set):
        approvers = game.approvers(table, board.number, {"score": 56}, 0)
        expected = {"E", "S", "W"} if board.taker == "N" else {board.taker}
        assert {"NESW"[seat] for seat in approvers} == expected


def test_the_triplettes_page_names_the_seats_and_offers_north_the_form(client, triplettes):
    table = triplettes.rounds.first().tables.first()
    access = services.access_of(table)
    text = client.get(url("page", access)).content.decode()
    assert text.count('name="me"') == 4
    assert table.ns_team.name in text and table.ew_team.name in text
    response = client.get(url("page", access), {"me": 0})
    text = response.content.decode()
    assert response.status_code == 200
    assert "You are North" in text and 'name="score"' in text and 'name="attacker"' in text
    members = Registration.objects.filter(team__in=[table.ns_team, table.ew_team])
    ids = set(members.values_list("pk", flat=True))
    chosen = text.split('name="attacker"', 1)[1].split("</fieldset>", 1)[0]
    assert any(member.name in chosen for member in members)
    for pk in ids:  # the choice's values are ids, its words are names
        assert f"<span>{pk}</span>" not in text


def test_the_triplettes_attacker_is_chosen_by_name_and_a_hostile_one_refused(client, triplettes):
    table = triplettes.rounds.first().tables.first()
    access = services.access_of(table)
    game = services.game_of(table)
    item = game.items(table)[0]
    attackers = item.extra["attackers"]
    members = Registration.objects.filter(pk__in=[pk for pk, _name in attackers])
    assert sorted(name for _pk, name in attackers) == sorted(m.name for m in members)
    post = {"number": item.number, "seat": 0, "score": "+56"}
    outsider = Registration.objects.exclude(pk__in=members).first().pk
    for key, hostile in enumerate(["", "²", "٣", "9" * 5000, "-1", "1.0", str(outsider)]):
        data = dict(post, client_key=f"h{key}", attacker=hostile)
        response = client.post(url("enter", access), data, **JSON)
        assert response.status_code == 422, hostile[:10]
        assert "attacker" in json.loads(response.content)["errors"]
        response = client.post(url("enter", access), dict(data, client_key=f"p{key}"))
        assert response.status_code == 422
        text = response.content.decode()
        assert 'id="err-attacker"' in text and 'name="attacker"' in text
    assert not TableEntry.objects.exists()
    chosen = attackers[0]
    data = dict(post, client_key="ok", attacker=str(chosen[0]))
    assert client.post(url("enter", access), data, **JSON).status_code == 200
    entry = TableEntry.objects.get()
    assert entry.data["attacker"] == chosen[0]
    state = client.get(url("state", access), {"me": 0}).content.decode()
    assert chosen[1] in state


def test_the_quadrettes_page_names_each_seat_and_offers_south_the_form(client, quadrettes):
    table = quadrettes.rounds.first().tables.first()
    access = services.access_of(table)
    defenders = SessionDefender.objects.filter(session=quadrettes, team=table.ns_team)
    attacker = SessionAttacker.objects.get(session=quadrettes, team=table.ew_team).registration
    seats = {s.label: s.name for s in services.game_of(table).seats(table)}
    assert attacker.name in seats["South"] and table.ew_team.name in seats["South"]
    for defender in defenders:
        assert defender.registration.name in seats[defender.get_orientation_display()]
    response = client.get(url("page", access), {"me": 2})
    text = response.content.decode()
    assert response.status_code == 200
    assert "You are South" in text and 'name="score"' in text and 'name="attacker"' not in text
    assert all(d.registration.name in text for d in defenders) and attacker.name in text
    text = client.get(url("page", access), {"me": 0}).content.decode()
    assert "Another seat enters this one" in text


def test_a_seat_outside_the_table_is_refused_next_to_the_seat(client, quadrettes):
    table = quadrettes.rounds.first().tables.first()
    access = services.access_of(table)
    number = services.game_of(table).items(table)[0].number
    for key, seat in enumerate(["4", "0"]):  # no fifth seat; North defends and does not write
        post = {"number": number, "seat": seat, "client_key": f"s{key}", "score": "+56"}
        response = client.post(url("enter", access), post, **JSON)
        assert response.status_code == 422
        assert "seat" in json.loads(response.content)["errors"]
