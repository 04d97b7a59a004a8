"""Writes: every change to tournaments, players, teams and roles goes through a service here.

Each service takes keyword arguments, runs in one transaction and writes its audit entry in that
same transaction. User errors are ``ValidationError`` with a code and, where it belongs to one,
the field at fault, so a form can show it next to that field. Services never render anything.
"""

from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from .accounts import may_get_a_link
from .extensions import rounds_with_results
from .models import AuditEntry, Club, Player, Registration, StaffRole, Team, Tournament
from .permissions import can_create_tournaments, can_edit_directory

TOURNAMENT_SETTINGS = [
    "name",
    "slug",
    "date",
    "venue",
    "kind",
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
    "is_public",
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
PLAYER_FIELDS = ["licence", "last_name", "first_name", "club", "email"]


def audit_log(*, action: str, user=None, tournament=None, data=None) -> AuditEntry:
    """Record an action. Call it inside the service's transaction."""
    return AuditEntry.objects.create(
        action=action,
        user=user if user is not None and user.is_authenticated else None,
        tournament=tournament,
        data=data or {},
    )


def field_error(field: str, message: str, code: str, **params) -> ValidationError:
    """A user error that belongs next to one field, with its code and values."""
    return ValidationError({field: ValidationError(message, code=code, params=params)})


def clean_text(text, limit: int) -> str:
    """Typed text as kept: no NUL (PostgreSQL refuses it), no surrounding spaces, ``limit``
    characters at most."""
    return (text or "").replace("\x00", "").strip()[:limit]


def _plain(value):
    if hasattr(value, "pk"):
        return value.pk
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def _changes(instance, fields, values) -> dict:
    changed = {}
    for field in fields:
        if field in values and getattr(instance, field) != values[field]:
            changed[field] = [_plain(getattr(instance, field)), _plain(values[field])]
            setattr(instance, field, values[field])
    return changed


def lock_tournament(tournament: Tournament) -> Tournament:
    """Serialise writes that allocate numbers or move players between teams in a tournament
    (a row lock on PostgreSQL; SQLite takes its write lock when the transaction begins). For
    the services of this package (seating, import)."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


# --- tournaments and roles -------------------------------------------------------------------


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
    tournament.full_clean()
    tournament.save()
    StaffRole.objects.create(tournament=tournament, user=user, role=StaffRole.Role.ORGANISER)
    audit_log(
        action="tournament.created",
        user=user,
        tournament=tournament,
        data={k: _plain(v) for k, v in settings.items()},
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
    changed = _changes(tournament, TOURNAMENT_SETTINGS, settings)
    if changed:
        tournament.full_clean()
        tournament.save()
        audit_log(action="tournament.updated", user=user, tournament=tournament, data=changed)
    return tournament


def colleagues(user):
    """The accounts ``user`` may find by username to give a role: those with a role in a
    tournament ``user`` organises (every account for a superuser). Anyone else's username is
    answered as unknown, so that the form tells nobody which usernames exist."""
    accounts = get_user_model().objects.all()
    if user.is_superuser:
        return accounts
    organised = StaffRole.objects.filter(user=user, role=StaffRole.Role.ORGANISER)
    return accounts.filter(tournament_roles__tournament__in=organised.values("tournament"))


class RoleGranted(NamedTuple):
    staff: StaffRole
    previous: str | None  # the role it replaced, None for a new member of the staff


@transaction.atomic
def staff_role_grant(*, tournament: Tournament, user, username: str, role: str) -> RoleGranted:
    """Give ``username`` a role in ``tournament``; a role they had there is replaced."""
    account = colleagues(user).filter(username=username).first()
    if account is None:
        raise field_error(
            "username",
            _(
                "No account you work with has the username “%(username)s”: create the account "
                "below, or ask its owner to have an organiser of your tournaments add it."
            ),
            "unknown_account",
            username=username,
        )
    if account == user and role != StaffRole.Role.ORGANISER:
        raise field_error("role", _("You cannot lower your own role."), "own_role")
    if account.pk == tournament.created_by_id and role != StaffRole.Role.ORGANISER:
        raise field_error(
            "username", _("The tournament's creator stays its organiser."), "creator_role"
        )
    previous = (
        StaffRole.objects.filter(tournament=tournament, user=account)
        .values_list("role", flat=True)
        .first()
    )
    staff, created = StaffRole.objects.update_or_create(
        tournament=tournament, user=account, defaults={"role": role}
    )
    audit_log(
        action="tournament.role.granted",
        user=user,
        tournament=tournament,
        data={"account": account.username, "role": role, "new": created, "previous": previous},
    )
    return RoleGranted(staff, previous)


@transaction.atomic
def staff_account_create(*, tournament: Tournament, user, username: str, role: str) -> StaffRole:
    """Create an account for someone's day at ``tournament`` and give it ``role``. It has no
    password: its owner chooses one through the one-time link the organiser is shown
    (``tournaments.accounts``)."""
    User = get_user_model()
    username = clean_text(username, 150)
    account = User(username=username)
    try:
        account.full_clean(exclude=["password"])
    except ValidationError as exc:
        raise ValidationError({"username": exc.message_dict.get("username", exc.messages)}) from exc
    account.set_unusable_password()
    account.save()
    staff = StaffRole.objects.create(tournament=tournament, user=account, role=role)
    audit_log(
        action="tournament.account.created",
        user=user,
        tournament=tournament,
        data={"account": account.username, "role": role},
    )
    return staff


@transaction.atomic
def staff_account_link(*, staff: StaffRole, user) -> None:
    """Allow a new one-time link for ``staff``'s account (``accounts.may_get_a_link``)."""
    if not may_get_a_link(staff):
        raise ValidationError(
            _("%(account)s already has a password, or was not created here: no link is given."),
            code="no_link",
            params={"account": staff.user.username},
        )
    audit_log(
        action="tournament.account.link",
        user=user,
        tournament=staff.tournament,
        data={"account": staff.user.username},
    )


@transaction.atomic
def staff_role_revoke(*, staff: StaffRole, user) -> None:
    if staff.user_id == user.pk:
        raise ValidationError(_("You cannot remove your own role."), code="own_role")
    if staff.user_id == staff.tournament.created_by_id:
        raise ValidationError(
            _("The tournament's creator stays its organiser."), code="creator_role"
        )
    audit_log(
        action="tournament.role.revoked",
        user=user,
        tournament=staff.tournament,
        data={"account": staff.user.username, "role": staff.role},
    )
    staff.delete()


# --- clubs, players, registrations ------------------------------------------------------------


def club_get_or_create(*, name: str, user=None) -> Club:
    name = " ".join(name.split())
    club = Club.objects.filter(name__iexact=name).first()
    if club is None:
        club = Club(name=name)
        club.full_clean()
        club.save()
        audit_log(action="club.created", user=user, data={"club": club.pk, "name": name})
    return club


def next_registration_number(tournament: Tournament) -> int:
    top = tournament.registrations.aggregate(top=Max("number"))["top"]
    return (top or 0) + 1


def _register(*, tournament, player, user, action, **registration) -> Registration:
    if tournament.registrations.filter(player=player).exists():
        raise field_error(
            "licence",
            _("Licence %(licence)s is already registered in this tournament."),
            "already_registered",
            licence=player.licence,
        )
    reg = Registration(
        tournament=tournament,
        player=player,
        number=next_registration_number(tournament),
        **registration,
    )
    reg.full_clean(exclude=["tournament", "player"])
    reg.save()
    audit_log(
        action=action,
        user=user,
        tournament=tournament,
        data={"registration": reg.pk, "number": reg.number, "player": player.pk},
    )
    return reg


IDENTITY_LIMITS = {"last_name": 80, "first_name": 80, "email": 254}


def _clean_identity(values: dict, *, new_club: str = "", user=None) -> dict:
    """``values`` with the identity fields it has as kept (a registration's or a directory
    record's): texts cleaned, a club typed anew created."""
    cleaned = dict(values)
    for name, limit in IDENTITY_LIMITS.items():
        if name in cleaned:
            cleaned[name] = clean_text(cleaned[name], limit)
    if new_club:
        cleaned["club"] = club_get_or_create(name=new_club, user=user)
    return cleaned


def _directory_player(*, licence: str | None, identity: dict) -> Player:
    """The directory's player with ``licence``, as recorded; a new record (from ``identity``)
    for a licence not yet known or a guest."""
    player = Player.objects.filter(licence=licence).first() if licence else None
    if player is None:
        player = Player(licence=licence or None, **identity)
        player.full_clean()
        player.save()
    return player


@transaction.atomic
def player_register(
    *,
    tournament: Tournament,
    user,
    licence: str | None,
    last_name: str,
    first_name: str,
    club: Club | None = None,
    new_club: str = "",
    email: str = "",
    joins_at_position: int = 1,
) -> Registration:
    """Register a player under the identity typed here. A licence already in the directory
    links that record and leaves it as it is: the directory is shared by every tournament,
    and what it holds is not shown to whoever types a licence."""
    tournament = lock_tournament(tournament)
    identity = _clean_identity(
        {"last_name": last_name, "first_name": first_name, "club": club, "email": email},
        new_club=new_club,
        user=user,
    )
    player = _directory_player(licence=licence, identity=identity)
    return _register(
        tournament=tournament,
        player=player,
        user=user,
        action="registration.created",
        joins_at_position=joins_at_position,
        **identity,
    )


REGISTRATION_FIELDS = [
    "last_name",
    "first_name",
    "club",
    "email",
    "joins_at_position",
    "withdrawn_after_position",
]


@transaction.atomic
def registration_update(
    *, registration: Registration, user, new_club: str = "", licence=None, **values
) -> Registration:
    """Change a registration: the identity it shows in this tournament, its late join or
    withdrawal, and its licence (which links another directory record: a licence mistyped
    at registration is corrected here). The directory's records are never changed."""
    values = _clean_identity(values, new_club=new_club, user=user)
    changed = _changes(registration, REGISTRATION_FIELDS, values)
    if licence is not None and (licence or None) != registration.player.licence:
        old = registration.player
        player = _directory_player(
            licence=licence or None,
            identity={
                "last_name": registration.last_name,
                "first_name": registration.first_name,
                "club": registration.club,
                "email": registration.email,
            },
        )
        if registration.tournament.registrations.filter(player=player).exists():
            raise field_error(
                "licence",
                _("Licence %(licence)s is already registered in this tournament."),
                "already_registered",
                licence=licence,
            )
        registration.player = player
        changed["licence"] = [old.licence, player.licence]
        changed["player"] = [old.pk, player.pk]
    if changed:
        registration.full_clean(exclude=["tournament", "player", "team"])
        registration.save()
        audit_log(
            action="registration.updated",
            user=user,
            tournament=registration.tournament,
            data={"registration": registration.pk, **changed},
        )
    return registration


@transaction.atomic
def player_update(*, player: Player, user, new_club: str = "", **values) -> Player:
    """Change a record of the player directory: only with the directory right. Tournaments
    keep the identity their registrations were made under."""
    if not can_edit_directory(user):
        raise PermissionDenied
    values = _clean_identity(values, new_club=new_club, user=user)
    if "licence" in values:
        values["licence"] = values["licence"] or None
    changed = _changes(player, PLAYER_FIELDS, values)
    if changed:
        player.full_clean()
        player.save()
        audit_log(action="player.updated", user=user, data={"player": player.pk, **changed})
    return player


@transaction.atomic
def registration_exclude(
    *,
    registration: Registration,
    user,
    after_position: int | None,
    excluded: bool = True,
    reason="",
) -> Registration:
    """Exclude a player from every position after ``after_position`` (an arbitre's decision),
    or take the exclusion back (``excluded=False``; ``after_position`` is then the withdrawal
    the player had before, None to play on)."""
    before = {
        "excluded": registration.excluded,
        "withdrawn_after_position": registration.withdrawn_after_position,
    }
    registration.excluded = excluded
    registration.withdrawn_after_position = after_position
    registration.save(update_fields=["excluded", "withdrawn_after_position"])
    audit_log(
        action="registration.excluded" if excluded else "registration.exclusion_undone",
        user=user,
        tournament=registration.tournament,
        data={
            "registration": registration.pk,
            "number": registration.number,
            "after_position": after_position,
            "reason": reason[:300],
            "before": before,
        },
    )
    return registration


@transaction.atomic
def registration_check_in(*, registration: Registration, user, present: bool) -> Registration:
    if registration.checked_in != present:
        registration.checked_in = present
        registration.checked_in_at = timezone.now() if present else None
        registration.save(update_fields=["checked_in", "checked_in_at"])
        audit_log(
            action="registration.checked_in" if present else "registration.checked_out",
            user=user,
            tournament=registration.tournament,
            data={"registration": registration.pk, "number": registration.number},
        )
    return registration


@transaction.atomic
def registration_delete(*, registration: Registration, user) -> None:
    if registration.team_id is not None:
        raise ValidationError(
            _("%(player)s is in team %(team)s: take them out of the team first."),
            code="in_a_team",
            params={"player": registration.name, "team": str(registration.team)},
        )
    audit_log(
        action="registration.deleted",
        user=user,
        tournament=registration.tournament,
        data={"number": registration.number, "player": registration.player_id},
    )
    registration.delete()


# --- teams ------------------------------------------------------------------------------------


def _check_members(tournament: Tournament, members, team=None) -> None:
    size = tournament.team_size
    if size == 1:
        raise ValidationError(
            _("This tournament is individual: it has no teams."), code="not_a_team_event"
        )
    if len(members) != size:
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
        action="team.created",
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
        action="team.updated",
        user=user,
        tournament=team.tournament,
        data={"team": team.pk, "name": team.name, "members": [m.number for m in members]},
    )
    return team


@transaction.atomic
def team_delete(*, team: Team, user) -> None:
    lock_tournament(team.tournament)
    audit_log(
        action="team.deleted",
        user=user,
        tournament=team.tournament,
        data={"team": team.pk, "name": team.name},
    )
    team.members.update(team=None)
    team.delete()
