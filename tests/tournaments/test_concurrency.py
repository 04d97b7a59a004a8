"""Two organisers editing teams at once, on PostgreSQL (threads need a shared database; on
SQLite these tests are skipped, CI runs them on PostgreSQL). The attack: two simultaneous team
edits left a team of 1 in a teams-of-2 tournament."""

import pytest
from django.db import connection

from tests.factories import RegistrationFactory, StaffRoleFactory, TournamentFactory, UserFactory
from tests.threads import Checkpoint, second_waits_for_first
from tournaments import services, services_teams
from tournaments.models import Registration, Team

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="needs a database shared by threads"
    ),
]


def test_two_team_edits_at_once_never_leave_a_team_short(monkeypatch):
    tournament = TournamentFactory(kind="teams_2")
    user = UserFactory(username=f"organiser-{tournament.pk}")
    StaffRoleFactory(tournament=tournament, user=user, role="organiser")
    p1, p2, p3, p4, p5 = (RegistrationFactory(tournament=tournament) for _ in range(5))
    team_a = services.team_create(tournament=tournament, user=user, name="A", members=[p1, p2])
    team_b = services.team_create(tournament=tournament, user=user, name="B", members=[p3, p4])

    def a_takes_p5():
        return services.team_update(team=team_a, user=user, name="A", members=[p1, p5])

    def b_takes_p5():
        return services.team_update(team=team_b, user=user, name="B", members=[p3, p5])

    # The first edit is held once it has checked the members (p5 free), before it writes them;
    # the second must wait for it before checking, or both would find p5 free.
    checked = Checkpoint(monkeypatch, services_teams, "_check_members", hold=True)
    results = second_waits_for_first(
        a_takes_p5, b_takes_p5, held=checked, got_through=lambda: checked.begun > 1
    )
    assert [outcome for outcome, _ in results] == ["ok", "refused"], results
    for team in Team.objects.filter(tournament=tournament):
        assert Registration.objects.filter(team=team).count() == 2, team.name
