"""Writes: every change to tournaments, players, teams and roles goes through a service.

This module holds the tournament's own (create it, change its settings) and names, for callers
(views, commands, other apps), the services of the modules beside it: players, clubs and
registrations in ``services_players``, staff roles and accounts in ``services_staff``, teams in
``services_teams``, and what they all share (the audit entry, field errors, the tournament
lock) in ``services_common``. Seating and the import of a file of players have their own
modules (``services_seating``, ``services_import``).

Each service takes keyword arguments, runs in one transaction and writes its audit entry in that
same transaction. User errors are ``ValidationError`` with a code and, where it belongs to one,
the field at fault, so a form can show it next to that field. Services never render anything.
"""

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from common.errors import field_error
from common.text import clean_text

from .actions import Action
from .extensions import enters_at_table, rounds_with_results
from .models import StaffRole, Tournament, TournamentAddress
from .permissions import can_create_tournaments
from .services_common import apply_changes, audit_log, lock_tournament, plain
from .services_merge import player_merge
from .services_players import (
    club_get_or_create,
    next_registration_number,
    player_register,
    player_update,
    registration_check_in,
    registration_delete,
    registration_exclude,
    registration_update,
    registrations_check_in_all,
)
from .services_staff import (
    RoleGranted,
    colleagues,
    staff_account_create,
    staff_account_link,
    staff_role_grant,
    staff_role_revoke,
)
from .services_teams import team_create, team_delete, team_update

# What callers may import from here, the other modules' services included.
__all__ = [
    "SCORED_SETTINGS",
    "TOURNAMENT_SETTINGS",
    "RoleGranted",
    "audit_log",
    "clean_text",
    "club_get_or_create",
    "colleagues",
    "field_error",
    "lock_tournament",
    "next_registration_number",
    "player_merge",
    "player_register",
    "player_update",
    "registration_check_in",
    "registration_delete",
    "registration_exclude",
    "registration_update",
    "registrations_check_in_all",
    "staff_account_create",
    "staff_account_link",
    "staff_role_grant",
    "staff_role_revoke",
    "team_create",
    "team_delete",
    "team_update",
    "tournament_create",
    "tournament_create_unchecked",
    "tournament_update",
]

TOURNAMENT_SETTINGS = [
    "name",
    "slug",
    "date",
    "venue",
    "kind",
    "format",
    "boards_per_set",
    "colour",
    "positions",
    "deals_table_4",
    "deals_table_5",
    "deals_table_3",
    "remainder",
    "table5_mode",
    "poignee_simple",
    "poignee_double",
    "poignee_triple",
    "tie_break",
    "four_eyes",
    "table_entry",
    "table_entry_confirmed",
    "is_public",
    "organiser_club",
]
# Settings the score sheets depend on (deals per table, the game at a table of 5, the primes).
SCORED_SETTINGS = [
    "deals_table_4",
    "deals_table_5",
    "deals_table_3",
    "table5_mode",
    "poignee_simple",
    "poignee_double",
    "poignee_triple",
]


def tournament_create(*, user, **settings) -> Tournament:
    """Create a tournament, its creator its organiser: a right the site grants."""
    if not can_create_tournaments(user):
        raise PermissionDenied
    return tournament_create_unchecked(user=user, **settings)


@transaction.atomic
def tournament_create_unchecked(*, user, **settings) -> Tournament:
    """``tournament_create`` without the right: for commands run by whoever runs the server
    (the demo, simulations), never for a request."""
    unknown = set(settings) - set(TOURNAMENT_SETTINGS)
    if unknown:
        raise TypeError(f"unknown tournament settings: {sorted(unknown)}")
    tournament = Tournament(created_by=user, **settings)
    _check_table_entry(tournament)
    tournament.full_clean()
    tournament.save()
    StaffRole.objects.create(tournament=tournament, user=user, role=StaffRole.Role.ORGANISER)
    audit_log(
        action=Action.TOURNAMENT_CREATED,
        user=user,
        tournament=tournament,
        data={k: plain(v) for k, v in settings.items()},
    )
    return tournament


@transaction.atomic
def tournament_update(*, tournament: Tournament, user, **settings) -> Tournament:
    unknown = set(settings) - set(TOURNAMENT_SETTINGS)
    if unknown:
        raise TypeError(f"unknown tournament settings: {sorted(unknown)}")
    if "kind" in settings and settings["kind"] != tournament.kind and tournament.teams.exists():
        raise field_error(
            "kind", _("Delete the teams before changing the kind of tournament."), "kind_has_teams"
        )
    if (
        "format" in settings
        and settings["format"] != tournament.format
        and tournament.rounds.exists()
    ):
        raise field_error(
            "format",
            _("Positions are seated: delete them before changing how the deals are played."),
            "format_seated",
        )
    # The sheets entered were checked against these: changing them would make them wrong.
    frozen = [
        name
        for name in SCORED_SETTINGS
        if name in settings and settings[name] != getattr(tournament, name)
    ]
    if frozen and rounds_with_results(tournament.rounds.all()):
        raise ValidationError(
            {
                name: ValidationError(
                    _("Score sheets have been entered: this setting can no longer change."),
                    code="scored",
                )
                for name in frozen
            }
        )
    positions = settings.get("positions", tournament.positions)
    if positions < tournament.positions:
        _check_positions_unused(tournament, positions)
    old_slug = tournament.slug
    changed = apply_changes(tournament, TOURNAMENT_SETTINGS, settings)
    if changed:
        _check_table_entry(tournament)
        tournament.full_clean()
        if tournament.slug != old_slug:  # the old address keeps leading to the tournament
            TournamentAddress.objects.filter(slug=tournament.slug).delete()
            TournamentAddress.objects.update_or_create(
                slug=old_slug, defaults={"tournament": tournament}
            )
        tournament.save()
        audit_log(action=Action.TOURNAMENT_UPDATED, user=user, tournament=tournament, data=changed)
    return tournament


def _check_table_entry(tournament: Tournament) -> None:
    """Entry at the tables only where the format has it (a team match plays on paper)."""
    if tournament.table_entry and not enters_at_table(tournament.format):
        raise field_error(
            "table_entry",
            _("This game is played on paper only: its tables cannot enter their own scores."),
            "table_entry_paper_only",
        )


def _check_positions_unused(tournament: Tournament, positions: int) -> None:
    """Refuse to cut the tournament down to ``positions`` while a player joins or withdraws
    after it, or a later position is seated."""
    beyond = Q(joins_at_position__gt=positions) | Q(withdrawn_after_position__gt=positions)
    if tournament.registrations.filter(beyond).exists():
        raise field_error(
            "positions",
            _("Some players join or withdraw after position %(n)s: change them first."),
            "positions_in_use",
            n=positions,
        )
    if tournament.rounds.filter(number__gt=positions).exists():
        raise field_error(
            "positions",
            _("Position %(n)s is already seated."),
            "positions_in_use",
            n=positions + 1,
        )
