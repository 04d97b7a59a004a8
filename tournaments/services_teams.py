"""Writes for the teams of a team tournament: create, change members, delete. Every change
locks the tournament first, so two edits at once cannot both take the same player.

Each service runs in one transaction with its audit entry (``services_common``).
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, ProtectedError
from django.utils.translation import gettext as _

from common.errors import field_error

from .actions import Action
from .models import Registration, Team, Tournament
from .services_common import audit_log, lock_tournament


def _check_members(tournament: Tournament, members, team=None) -> None:
    size = tournament.team_size
    if size == 1:
        raise ValidationError(
            _("This tournament is individual: it has no teams."), code="not_a_team_event"
        )
    most = tournament.team_size_most
    if most > size and not size <= len(members) <= most:
        raise field_error(
            "members",
            _("A team has %(size)s to %(most)s players (chosen: %(count)s)."),
            "team_size",
            size=size,
            most=most,
            count=len(members),
        )
    if most == size and len(members) != size:
        raise field_error(
            "members",
            _("A team has exactly %(size)s players (chosen: %(count)s)."),
            "team_size",
            size=size,
            count=len(members),
        )
    if any(reg.tournament_id != tournament.pk for reg in members):
        raise ValueError("registration of another tournament")
    # Read team membership from the database: the instances handed in may be stale.
    taken = Registration.objects.filter(pk__in=[reg.pk for reg in members], team__isnull=False)
    if team is not None:
        taken = taken.exclude(team=team)
    taken = taken.select_related("player", "team").first()
    if taken is not None:
        raise field_error(
            "members",
            _("%(player)s is already in team %(team)s."),
            "already_in_team",
            player=taken.name,
            team=str(taken.team),
        )


@transaction.atomic
def team_create(*, tournament: Tournament, user, name: str, members) -> Team:
    tournament = lock_tournament(tournament)
    members = list(members)
    _check_members(tournament, members)
    number = (tournament.teams.aggregate(top=Max("number"))["top"] or 0) + 1
    team = Team(tournament=tournament, number=number, name=name.strip() or f"{number}")
    team.full_clean()
    team.save()
    Registration.objects.filter(pk__in=[m.pk for m in members]).update(team=team)
    audit_log(
        action=Action.TEAM_CREATED,
        user=user,
        tournament=tournament,
        data={"team": team.pk, "name": team.name, "members": [m.number for m in members]},
    )
    return team


@transaction.atomic
def team_update(*, team: Team, user, name: str, members) -> Team:
    # Serialised with every other team change of the tournament, then read again: two edits
    # at once would each check the membership as it was before the other, and could leave a
    # team short of a player.
    tournament = lock_tournament(team.tournament)
    team = Team.objects.get(pk=team.pk)
    members = list(members)
    _check_members(tournament, members, team=team)
    team.name = name.strip() or team.name
    team.full_clean()
    team.save()
    team.members.exclude(pk__in=[m.pk for m in members]).update(team=None)
    Registration.objects.filter(pk__in=[m.pk for m in members]).update(team=team)
    audit_log(
        action=Action.TEAM_UPDATED,
        user=user,
        tournament=team.tournament,
        data={"team": team.pk, "name": team.name, "members": [m.number for m in members]},
    )
    return team


@transaction.atomic
def team_delete(*, team: Team, user) -> None:
    lock_tournament(team.tournament)
    audit_log(
        action=Action.TEAM_DELETED,
        user=user,
        tournament=team.tournament,
        data={"team": team.pk, "name": team.name},
    )
    team.members.update(team=None)
    try:
        team.delete()
    except ProtectedError as exc:  # a drawn movement or a match names it: nothing is deleted
        raise ValidationError(
            _("This team plays in the movement or a match: it cannot be deleted."),
            code="team_in_play",
        ) from exc
