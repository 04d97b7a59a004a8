"""The import of a file of players: all rows or none.

The rows are checked again here, inside the transaction, whatever the preview showed: a
registration made meanwhile by someone else must not slip through. Each registration keeps the
identity in the file; a licence the player directory knows links its record and changes it only
when asked (``update_directory``) by an account with the directory right. On a team tournament
the file's Team column creates the new teams and puts the players in theirs (``import_teams``
says which), in the same transaction and with the audit entries of a team created or changed.
"""

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .actions import Action
from .import_teams import TeamPlan, plan_teams
from .imports import check_rows, directory_differences
from .models import Club, Player, Registration, Team, Tournament
from .permissions import can_edit_directory
from .services import (
    audit_log,
    club_get_or_create,
    lock_tournament,
    next_registration_number,
    player_update,
)
from .services_players import guest_players, guest_taken


@transaction.atomic
def players_import(
    *,
    tournament: Tournament,
    user,
    rows: list[dict],
    create_clubs: bool,
    filename: str = "",
    update_directory: bool = False,
) -> list[Registration]:
    if update_directory and not can_edit_directory(user):
        raise PermissionDenied
    tournament = lock_tournament(tournament)
    checked, unknown_clubs = check_rows(
        tournament=tournament, rows=rows, create_clubs=create_clubs, directory=update_directory
    )
    plan = plan_teams(tournament=tournament, checked=checked)
    bad = [i for i, row in enumerate(checked, start=1) if row.errors]
    if bad:
        raise ValidationError(
            ngettext(
                "%(count)s row has a problem; nothing was imported.",
                "%(count)s rows have problems; nothing was imported.",
                len(bad),
            ),
            code="rows_invalid",
            params={"count": len(bad)},
        )
    if not checked:
        raise ValidationError(_("There is nothing to import."), code="nothing_to_import")
    for name in unknown_clubs:
        club_get_or_create(name=name, user=user)
    teams = _teams_of(tournament, plan)
    registrations, updated = _registrations(tournament, user, checked, teams, update_directory)
    Registration.objects.bulk_create(registrations)
    _audit_teams(tournament, user, plan, teams)
    audit_log(
        action=Action.REGISTRATION_IMPORTED,
        user=user,
        tournament=tournament,
        data={
            "file": filename,
            "count": len(registrations),
            "clubs_created": unknown_clubs,
            "directory_updated": updated,
        },
    )
    return registrations


def _players(tournament: Tournament, checked: list, identities: list[dict]) -> list:
    """The directory's record of each row, or None for a new one: its licence's, else a guest's
    of the same name and club (``services_players.guest_players``); two queries."""
    licences = [r.values["licence"] for r in checked if r.values["licence"]]
    players = {p.licence: p for p in Player.objects.filter(licence__in=licences)}
    guests = guest_players(
        tournament=tournament,
        identities=[
            i for row, i in zip(checked, identities, strict=True) if not row.values["licence"]
        ],
    )
    return [
        players.get(row.values["licence"])
        if row.values["licence"]
        else guest_taken(guests, identity)
        for row, identity in zip(checked, identities, strict=True)
    ]


def _registrations(tournament: Tournament, user, checked, teams, update_directory: bool):
    """The rows' registrations (not saved yet), their directory records found or created, and
    the licences whose records the rows updated."""
    clubs = {c.name.lower(): c for c in Club.objects.all()}
    identities = [_identity(row.values, clubs) for row in checked]
    number = next_registration_number(tournament)
    registrations, updated = [], []
    found = _players(tournament, checked, identities)
    for row, identity, player in zip(checked, identities, found, strict=True):
        v = row.values
        if player is None:
            player = Player.objects.create(licence=v["licence"] or None, **identity)
        elif update_directory and directory_differences(player, v):
            changes = {k: value for k, value in identity.items() if value}
            player_update(player=player, user=user, **changes)
            updated.append(player.licence)
        registrations.append(
            Registration(
                tournament=tournament,
                player=player,
                number=number,
                team=teams.get(v["team"]) if tournament.has_teams else None,
                **identity,
            )
        )
        number += 1
    return registrations, updated


def _teams_of(tournament: Tournament, plan: TeamPlan) -> dict[str, Team]:
    """The teams the rows join by name: the tournament's own, and the new ones created here."""
    teams = {planned.name: planned.team for planned in plan.teams if not planned.is_new}
    number = tournament.teams.aggregate(top=Max("number"))["top"] or 0
    for planned in plan.new:
        number += 1
        team = Team(tournament=tournament, number=number, name=planned.name)
        team.full_clean()
        team.save()
        teams[planned.name] = team
    return teams


def _audit_teams(tournament: Tournament, user, plan: TeamPlan, teams: dict[str, Team]) -> None:
    """One entry per team created or joined, as ``team_create`` and ``team_update`` write it:
    the team and all its members' numbers."""
    if not plan.teams:
        return
    members: dict[int, list[int]] = {}
    for team_id, number in Registration.objects.filter(
        team__in=[teams[p.name] for p in plan.teams if p.rows]
    ).values_list("team_id", "number"):
        members.setdefault(team_id, []).append(number)
    for planned in plan.teams:
        if not planned.rows:
            continue
        team = teams[planned.name]
        audit_log(
            action=Action.TEAM_CREATED if planned.is_new else Action.TEAM_UPDATED,
            user=user,
            tournament=tournament,
            data={"team": team.pk, "name": team.name, "members": sorted(members[team.pk])},
        )


def _identity(values: dict, clubs: dict) -> dict:
    return {
        "last_name": values["last_name"],
        "first_name": values["first_name"],
        "club": clubs.get(values["club"].lower()) if values["club"] else None,
        "email": values["email"],
    }
