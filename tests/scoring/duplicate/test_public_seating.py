"""The public seating page and the projector of a duplicate (fft-duplicate.md §1.7, §2): the
position being played (the first whose scores are not all in), another one on request, and
never a score before the séance closes."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management import call_command
from django.urls import reverse

from scoring.formats.duplicate.reads import board_plays
from scoring.formats.duplicate.services import boards_make, session_close, travelling_sheet_confirm
from scoring.formats.duplicate.services_reports import table_report_save
from scoring.formats.registry import format_of
from scoring.models.duplicate import Board, TravellingSheet
from tournaments.models import AuditEntry, Seat, Session, SessionAttacker, Table, Tournament
from tournaments.models.formats import Movement
from tournaments.services_duplicate import session_position_announce, session_publish
from tournaments.services_triplettes import triplettes_movement_build
from tournaments.simulation import tournament_simulate

from .helpers import drawn_session, duplicate_tournament, enter, staff_of

pytestmark = pytest.mark.django_db


def seating(client, tournament, **params):
    response = client.get(reverse("public:seating", args=[tournament.slug]), params)
    assert response.status_code == 200
    return response.content.decode()


def tables_shown(html) -> dict[int, int]:
    """player number -> the table the page gives them."""
    found = re.findall(r'data-testid="table-(\d+)">(\d+)<', html)
    return {int(player): int(table) for player, table in found}


def tables_at(session, position) -> dict[int, int]:
    seats = Seat.objects.filter(round__session=session, round__number=position)
    return {
        s.registration.number: s.table.number for s in seats.select_related("table", "registration")
    }


def finish(session, position, user):
    """Every étui's line of ``position`` typed (a travelling sheet entered that far)."""
    for board in Board.objects.filter(session=session):
        plays = board_plays(session)[board.board_set]
        upto = [p for p in plays if p.position <= position]
        enter(board, [56] * len(upto), user)


@pytest.fixture
def evening():
    """28 players, 7 tables, 7 positions, all published, nothing played."""
    tournament = duplicate_tournament(players=28, positions=7, slug="soiree")
    session = drawn_session(tournament)
    return tournament, session


def screen_seats(client, tournament) -> tuple[str, dict[int, int]]:
    response = client.get(reverse("screen:panel", args=[tournament.slug]), {"panel": "seating"})
    html = response.content.decode()
    found = re.findall(r'data-testid="seat-(\d+)">.*?table <b>(\d+)</b>', html, re.S)
    return html, {int(player): int(table) for player, table in found}


def test_the_seating_page_shows_the_position_being_played_not_the_last(client, evening):
    tournament, session = evening
    html = seating(client, tournament)
    assert "Position 1, being played" in html
    assert tables_shown(html) == tables_at(session, 1)
    assert len(tables_shown(html)) == 28
    _html, shown = screen_seats(client, tournament)
    assert shown == tables_at(session, 1)

    _organiser, scorer, _arbitre, _second = staff_of(tournament)
    finish(session, 1, scorer)
    html = seating(client, tournament)
    assert "Position 2, being played" in html
    assert tables_shown(html) == tables_at(session, 2)
    panel, shown = screen_seats(client, tournament)
    assert "Position 2" in panel and shown == tables_at(session, 2)
    # §1.7: the scores typed are not shown on either page.
    assert "+56" not in html and "+56" not in panel and ">56<" not in html


def test_a_visitor_chooses_another_position(client, evening):
    tournament, session = evening
    html = seating(client, tournament, position="5")
    assert "Position 5 (position 1 is being played)" in html
    assert tables_shown(html) == tables_at(session, 5)
    assert re.search(r'href="[^"]*\?position=5" aria-current="page"', html)
    # Every published position is a plain link: no script needed.
    assert all(f"?position={k}" in html for k in range(1, 8))
    # A search keeps the position chosen; an unknown one falls back on the position played.
    player = Seat.objects.filter(round__session=session).first().registration
    html = seating(client, tournament, position="5", q=str(player.number))
    assert tables_shown(html) == {player.number: tables_at(session, 5)[player.number]}
    assert "Position 1, being played" in seating(client, tournament, position="99")
    assert "Position 1, being played" in seating(client, tournament, position="x")


def test_the_last_position_stays_once_every_score_is_in_and_the_seance_closed(client, evening):
    tournament, session = evening
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    finish(session, 7, scorer)
    html = seating(client, tournament)
    assert "Position 7, being played" in html
    for sheet in TravellingSheet.objects.filter(board__session=session):
        travelling_sheet_confirm(sheet=sheet, user=arbitre)
    session_close(session=session, user=arbitre)
    html = seating(client, tournament)
    assert "Position 7<" in html and "being played" not in html
    assert tables_shown(html) == tables_at(session, 7)


def simulated(fmt, players, positions):
    call_command(
        "simulate_tournament",
        "--slug", fmt, "--players", str(players), "--format", fmt,
        "--positions", str(positions), "--sheets", "--seed", "3",
    )  # fmt: skip
    return Tournament.objects.get(slug=fmt)


def team_tables(tournament, position) -> dict[int, int]:
    """player number -> the table their team plays at ``position`` (the attacker's own table
    in quadrettes: the one where their quadrette visits)."""
    attackers = set(
        SessionAttacker.objects.filter(session__tournament=tournament).values_list(
            "registration__number", flat=True
        )
    )
    # In oppositions the home team defends and the visitor's attacker sits South.
    visits = tournament.seating_movement == Movement.OPPOSITIONS
    where = {}
    for table in Table.objects.filter(round__tournament=tournament, round__number=position):
        for member in table.ns_team.members.all():
            if not (visits and member.number in attackers):
                where[member.number] = table.number
        for member in table.ew_team.members.all():
            if not visits or member.number in attackers:
                where[member.number] = table.number
    return where


@pytest.mark.parametrize(
    ("fmt", "players", "positions"), [("triplettes", 30, 5), ("quadrettes", 16, 3)]
)
def test_a_closed_team_seance_still_shows_its_movement(client, fmt, players, positions):
    tournament = simulated(fmt, players, positions)
    assert tournament.sessions.get().is_closed
    html = seating(client, tournament)
    assert f"Position {positions}<" in html and "No player matches" not in html
    assert tables_shown(html) == team_tables(tournament, positions)
    assert len(tables_shown(html)) == players
    html = seating(client, tournament, position="1")
    assert tables_shown(html) == team_tables(tournament, 1)
    panel, shown = screen_seats(client, tournament)
    assert "Nobody is seated" not in panel and shown == team_tables(tournament, positions)
    member = tournament.registrations.order_by("number").first()
    page = client.get(reverse("standings:player", args=[tournament.slug, member.number]))
    html = page.content.decode()
    assert "not published yet" not in html and 'data-testid="movement"' in html
    rows = re.findall(r"<tr><td>(\d+)</td><td>(\d+)</td>", html)
    assert [(int(p), int(t)) for p, t in rows] == [
        (k, team_tables(tournament, k)[member.number]) for k in range(1, positions + 1)
    ]
    assert 'data-testid="results-1"' in html and "hidden-until-closed" not in html
    if format_of(tournament).team_roadmap_page:  # the team's own page too
        address = reverse("standings:quadrette", args=[tournament.slug, member.team.number])
        html = client.get(address).content.decode()
        assert 'data-testid="movement"' in html and 'data-testid="roadmap"' in html


def test_a_triplettes_seance_drawn_through_the_services_shows_each_member(client):
    organiser = get_user_model().objects.get_or_create(username="tri-organiser")[0]
    tournament = tournament_simulate(
        slug="tri", players=24, user=organiser, team_size=3, seed=3, positions=3,
        format=Tournament.Format.TRIPLETTES,
    )  # fmt: skip
    session = triplettes_movement_build(tournament=tournament, user=organiser, seed=2)
    boards_make(session=session, user=organiser, seed=2)
    session_publish(session=session, user=organiser)
    html = seating(client, tournament)
    assert "Position 1, being played" in html
    assert tables_shown(html) == team_tables(tournament, 1)
    member = tournament.registrations.order_by("number").first()
    html = seating(client, tournament, q=member.last_name)
    assert f'data-testid="found-{member.number}"' in html
    assert "North-South" in html or "East-West" in html


def test_the_tables_slips_move_the_page_on_a_table_missing_holds_it(client, evening):
    tournament, session = evening
    _organiser, scorer, _arbitre, _second = staff_of(tournament)
    tables = Table.objects.filter(round__session=session, round__number=1).order_by("number")
    for table in tables[1:]:
        boards = Board.objects.filter(session=session, board_set=table.board_set)
        table_report_save(
            session=session,
            round_number=1,
            table=table.number,
            scores={b.number: 56 for b in boards},
            user=scorer,
        )
    assert "Position 1, being played" in seating(client, tournament)  # table 1 still playing
    first = tables[0]
    boards = list(Board.objects.filter(session=session, board_set=first.board_set))
    table_report_save(
        session=session,
        round_number=1,
        table=first.number,
        scores={b.number: 56 for b in boards[:-1]},
        user=scorer,
    )
    assert "Position 1, being played" in seating(client, tournament)  # one étui short
    table_report_save(
        session=session,
        round_number=1,
        table=first.number,
        scores={boards[-1].number: 56},
        user=scorer,
    )
    html = seating(client, tournament)
    assert "Position 2, being played" in html and "56" not in html.split("<main")[1]


def test_the_seating_page_reads_a_constant_number_of_queries(
    client, evening, django_assert_max_num_queries
):
    tournament, session = evening
    _organiser, scorer, _arbitre, _second = staff_of(tournament)
    finish(session, 3, scorer)
    with django_assert_max_num_queries(10):
        html = seating(client, tournament)
    assert "Position 4, being played" in html


def test_the_arbitre_s_signal_moves_the_players_on_when_no_score_is_typed(client, evening):
    """A club that types the travelling sheets at the end: the arbitre announces each position
    from the séance page, the seating page and the projector follow; scores that show a later
    position over still come first."""
    tournament, session = evening
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    client.force_login(arbitre)
    page = reverse("scoring:duplicate", args=[tournament.slug, 1])
    html = client.get(page).content.decode()
    assert "show position 1 as being played" in html
    assert '<option value="2" selected>' in html  # the next position, ready to announce
    announce = reverse("scoring:duplicate_announce", args=[tournament.slug, 1])
    assert client.post(announce, {"number": "3"}).status_code == 302
    client.logout()
    html = seating(client, tournament)
    assert "Position 3, being played" in html
    assert tables_shown(html) == tables_at(session, 3)
    assert screen_seats(client, tournament)[1] == tables_at(session, 3)
    finish(session, 4, scorer)  # the scores say position 5 is being played: later, it wins
    assert "Position 5, being played" in seating(client, tournament)
    entry = AuditEntry.objects.filter(action="session.updated").latest("pk")
    assert entry.user == arbitre and entry.data["playing"] == [None, 3]


def test_an_announce_is_refused_with_its_reason(evening):
    tournament, session = evening
    organiser, scorer, arbitre, _second = staff_of(tournament)
    with pytest.raises(PermissionDenied):
        session_position_announce(session=session, user=scorer, number=2)
    for wrong in ("8", "x", None, "-1"):
        with pytest.raises(ValidationError, match="published positions"):
            session_position_announce(session=session, user=arbitre, number=wrong)
    assert Session.objects.get(pk=session.pk).playing is None
    for board in session.boards.all():
        enter(board, [56] * 7, scorer, confirm_by=arbitre)
    session_close(session=session, user=arbitre)
    with pytest.raises(ValidationError, match="closed"):
        session_position_announce(session=session, user=arbitre, number=2)
