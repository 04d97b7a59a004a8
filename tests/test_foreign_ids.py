"""Issue 36, another tournament's ids in form bodies: an offender, a caller, a protested
incident or sheet, a decision's player, a team's members, a quadrette's attacker, a team match
quarter's players, a triplettes line's attacker, each posted as the id of a row of tournament B
on tournament A's pages by A's own staff. Every one is refused next to its field or by a
message, with a 400 or the page again, and nothing is saved."""

import pytest

from arbitration import services as arbitration
from arbitration.models import Decision, Incident, IncidentKind
from scoring.formats.match.services import matches_draw
from scoring.models import QuarterPlayer, TravellingSheet
from scoring.models.duplicate import TravellingLine
from tests.factories import (
    RegistrationFactory,
    StaffRoleFactory,
    TournamentFactory,
    UserFactory,
)
from tests.scoring.conftest import seat_and_publish
from tests.scoring.duplicate.helpers import staff_of
from tests.scoring.duplicate.test_quadrettes import drawn, quadrettes
from tests.scoring.duplicate.test_team_match import competition_of, members
from tests.scoring.duplicate.test_triplettes import drawn as triplettes_drawn
from tests.scoring.duplicate.test_triplettes import triplettes
from tests.support import enter, url
from tournaments.models import SessionAttacker, StaffRole, Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def two(tournament, staff):
    """Tournament A (``tournament``, its staff) and B, another organiser's, each with a
    published position, a confirmed sheet at table 1 and an incident there."""
    other, organiser_b, arbitre_b = TournamentFactory(), UserFactory(), UserFactory()
    StaffRoleFactory(tournament=other, user=organiser_b, role=StaffRole.Role.ORGANISER)
    StaffRoleFactory(tournament=other, user=arbitre_b, role=StaffRole.Role.ARBITRE)
    tables = {}
    for name, (t, organiser, arbitre) in {
        "a": (tournament, staff["organiser"], staff["arbitre"]),
        "b": (other, organiser_b, arbitre_b),
    }.items():
        t.positions = 2
        t.save()
        table = seat_and_publish(t, organiser, 8).tables.get(number=1)
        sheet = enter(table, organiser, confirm_by=arbitre)
        incident = arbitration.incident_log(
            tournament=t, user=arbitre, round=table.round, table=table, kind=IncidentKind.CONDUCT
        )
        tables[name] = {"table": table, "sheet": sheet, "incident": incident}
    return tables


def _player_b(two, _field):
    return two["b"]["table"].seats.get(number=1).registration_id


# What is posted on A's incident form: the field, and the id of B's row it names.
INCIDENT_FIELDS = {
    "offender": ("conduct", _player_b),
    "caller": ("conduct", _player_b),
    "contests": ("protest", lambda two, _f: two["b"]["incident"].pk),
    "contests_sheet": ("protest", lambda two, _f: two["b"]["sheet"].pk),
}


@pytest.mark.parametrize("field", sorted(INCIDENT_FIELDS))
def test_the_incident_form_refuses_another_tournaments_row(client, staff, two, field):
    kind, foreign = INCIDENT_FIELDS[field]
    a = two["a"]["table"]
    client.force_login(staff["arbitre"])
    before = Incident.objects.count()
    data = {"round": "1", "table": "1", "kind": kind, field: str(foreign(two, field))}
    response = client.post(url("arbitration:new", a.round.tournament), data)
    assert response.status_code == 400
    assert field in response.context["form"].errors
    assert Incident.objects.count() == before


@pytest.mark.parametrize("kind", ["warning", "penalty"])
def test_the_decision_form_refuses_another_tournaments_player(client, staff, two, kind):
    incident = two["a"]["incident"]
    client.force_login(staff["arbitre"])
    data = {"kind": kind, "player": str(_player_b(two, "player")), "points": "5", "note": "x"}
    address = url("arbitration:decide", incident.tournament, pk=incident.pk)
    response = client.post(address, data)
    assert response.status_code == 400
    assert "player" in response.context["decision_form"].errors
    assert not Decision.objects.exists()


def test_a_team_takes_no_member_of_another_tournament(organiser_client, organiser):
    teams = TournamentFactory(kind="teams_2")
    StaffRoleFactory(tournament=teams, user=organiser, role=StaffRole.Role.ORGANISER)
    ours = RegistrationFactory(tournament=teams)
    theirs = RegistrationFactory(tournament=TournamentFactory(kind="teams_2"))
    address = url("manage:team_create", teams)
    response = organiser_client.post(address, {"name": "Duo", "members": [ours.pk, theirs.pk]})
    assert "members" in response.context["form"].errors
    assert not Team.objects.exists() and theirs.team_id is None


def test_a_quadrette_takes_no_attacker_of_another_tournament(client):
    ours, theirs = quadrettes(players=8, positions=1), quadrettes(8, 1, slug="quad-b")
    session = drawn(ours)
    _organiser, _scorer, arbitre, _second = staff_of(ours)
    team = ours.teams.get(number=1)
    before = SessionAttacker.objects.get(session=session, team=team).registration_id
    stranger = theirs.teams.get(number=1).members.first()
    client.force_login(arbitre)
    address = url("scoring:duplicate_attacker", ours, session=1, team=team.number)
    page = client.post(address, {"attacker": str(stranger.pk)}, follow=True).content.decode()
    assert "Choose the attacker among the quadrette" in page
    assert SessionAttacker.objects.get(session=session, team=team).registration_id == before


def test_a_quarter_takes_no_player_of_another_tournament(client):
    ours, theirs = competition_of(slug="match-a"), competition_of(slug="match-b")
    _organiser, _scorer, arbitre, _second = staff_of(ours)
    (match,) = matches_draw(tournament=ours, user=ours.created_by, seed=1)
    (other,) = matches_draw(tournament=theirs, user=theirs.created_by, seed=1)
    a, b = members(match.team_a), members(match.team_b)
    data = {
        "attacker_a": members(other.team_a)[0].pk,
        "defenders_a": [p.pk for p in a[1:4]],
        "attacker_b": b[0].pk,
        "defenders_b": [p.pk for p in b[1:4]],
        "a_room": "open",
        "board_set": "1",
    }
    client.force_login(arbitre)
    address = url("scoring:match_quarter_players", ours, match=match.number, quarter=1)
    response = client.post(address, data)
    assert response.status_code == 400
    assert "attacker_a" in response.context["quarter_form"].errors
    assert not QuarterPlayer.objects.exists()


def test_a_triplettes_line_takes_no_attacker_of_another_tournament(client):
    ours, theirs = triplettes(slug="tri-a"), triplettes(slug="tri-b")
    session = triplettes_drawn(ours)
    _o, _scorer, arbitre, _second = staff_of(ours)
    stranger = theirs.registrations.first()
    client.force_login(arbitre)
    address = url("scoring:duplicate_board", ours, session=1, board=1)
    response = client.post(
        address, {"base_version": "0", "score-0": "+56", "attacker-0": str(stranger.pk)}
    )
    assert response.status_code == 400
    assert "must be a member of the triplette that attacks" in response.content.decode()
    assert not TravellingSheet.objects.filter(board__session=session).exists()
    assert not TravellingLine.objects.filter(attacker=stranger).exists()
