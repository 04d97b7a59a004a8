"""One realistic tournament for the URL permission test, built through the services.

A pairs tournament of 8 players (4 teams), position 1 seated and published, the sheet of table 1
entered and confirmed, the sheet of table 2 entered only, an incident at table 1 with a penalty
and a bid ban decided; plus one account per role, an organiser of another tournament and a
superuser. ``values`` holds what the addresses need (slug, numbers, ids), by name.

This module builds data and asserts nothing: the expectations live in the test.
"""

import random
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.contenttypes.models import ContentType
from django_tasks_db.models import DBTaskResult

from arbitration import services as arbitration
from scoring.formats.libre import services as scoring
from scoring.formats.libre.selectors import table_setup
from scoring.formats.libre.simulation import random_sheet
from scoring.models import BidBan, Penalty, ScoreSheet
from tests.factories import StaffRoleFactory, TournamentFactory, UserFactory
from tournaments import jobs
from tournaments.models import AuditEntry, StaffRole, Tournament
from tournaments.permissions import ORGANISERS_GROUP, site_group
from tournaments.simulation import tournament_simulate

Role = StaffRole.Role


@dataclass
class World:
    tournament: Tournament
    users: dict = field(default_factory=dict)  # role name -> account (no entry: anonymous)
    values: dict = field(default_factory=dict)  # what URL parameters are filled with
    sessions: dict = field(default_factory=dict)  # role name -> session key, once logged in


def _sheet(table, *, scorer, arbitre=None, seed: int) -> ScoreSheet:
    seats = list(table.seats.order_by("number"))
    entry = random_sheet(table_setup(table=table, seats=seats), random.Random(seed))
    sheet = scoring.scoresheet_save(table=table, user=scorer, entry=entry, base_version=0)
    return scoring.scoresheet_confirm(sheet=sheet, user=arbitre) if arbitre else sheet


def _staff_pk(tournament, user) -> int:
    return StaffRole.objects.get(tournament=tournament, user=user).pk


def build_world() -> World:
    organiser = UserFactory(username="perm-organiser")
    organiser.groups.add(site_group(ORGANISERS_GROUP))  # may create tournaments
    tournament = tournament_simulate(
        slug="permissions", players=8, user=organiser, team_size=2, positions=1, seed=3
    )
    Tournament.objects.filter(pk=tournament.pk).update(is_public=True)
    tournament.refresh_from_db()
    users = {"organiser": organiser}
    for role in (Role.SCORER, Role.ARBITRE):
        users[role.value] = UserFactory(username=f"perm-{role.value}")
        StaffRoleFactory(tournament=tournament, user=users[role.value], role=role)
    users["other_organiser"] = UserFactory(username="perm-other-organiser")
    elsewhere = TournamentFactory(slug="someone-elses", is_public=True)
    StaffRoleFactory(tournament=elsewhere, user=users["other_organiser"])
    users["superuser"] = get_user_model().objects.create_superuser(
        "perm-superuser", password="not-used-anywhere"
    )

    round1 = tournament.rounds.get(number=1)
    table1, table2 = round1.tables.order_by("number")[:2]
    confirmed = _sheet(table1, scorer=users["scorer"], arbitre=users["arbitre"], seed=1)
    _sheet(table2, scorer=users["scorer"], seed=2)

    offender = table1.seats.get(number=0).registration
    incident = arbitration.incident_log(
        tournament=tournament,
        user=users["arbitre"],
        round=round1,
        table=table1,
        deal_number=2,
        kind="conduct",
        offender=offender,
        description="Spoke during the play.",
    )
    penalty = arbitration.decision_add(
        incident=incident, user=users["arbitre"], kind="penalty", points=20, note="noise"
    ).decision
    arbitration.decision_add(
        incident=incident, user=users["arbitre"], kind="bid_ban", registration=offender, position=2
    )

    team = tournament.teams.order_by("number").first()
    job = jobs.ask(
        tournament=tournament,
        user=users["arbitre"],
        kind="arbitration.report",
        params={"fmt": "xlsx"},
    )
    values = {
        "other_slug": elsewhere.slug,
        "position": round1.number,
        "table": table1.number,
        "registration": offender.number,
        "team": team.number,
        "job": job.pk,
        "incident": incident.pk,
        "decision": penalty.pk,
        "staff": _staff_pk(tournament, users["scorer"]),
        # Django admin objects, by model label
        "auth.group": Group.objects.create(name="referees").pk,
        "auth.user": users["superuser"].pk,
        "tournaments.tournament": tournament.pk,
        "tournaments.player": offender.player_id,
        "tournaments.registration": offender.pk,
        "tournaments.auditentry": AuditEntry.objects.filter(tournament=tournament).first().pk,
        "tournaments.club": offender.player.club_id,
        "tournaments.team": team.pk,
        "tournaments.staffrole": _staff_pk(tournament, users["arbitre"]),
        "scoring.bidban": BidBan.objects.get(tournament=tournament).pk,
        "scoring.penalty": Penalty.objects.get(tournament=tournament).pk,
        "scoring.scoresheet": confirmed.pk,
        "content_type": ContentType.objects.get_for_model(Tournament).pk,
        "django_tasks_database.dbtaskresult": DBTaskResult.objects.get().pk,
    }
    return World(tournament=tournament, users=users, values=values)
