"""Who may do what in a tournament, and on the site.

Roles are per tournament and ordered: organiser > arbitre > scorer. Superusers count as
organisers everywhere. Views use ``role_required``; services that must not be bypassed check
``has_role`` themselves.

Two rights are the site's, granted by an administrator (the groups "Organisers" and "Player
directory", or the permissions themselves): creating tournaments, and editing the player
directory that every tournament shares. Having an account gives neither.
"""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

from .models import StaffRole, Tournament

Role = StaffRole.Role

CREATE_TOURNAMENTS = "tournaments.add_tournament"
EDIT_DIRECTORY = "tournaments.change_player"
# The groups that carry them (created by migration tournaments/0008, and by ``site_group``).
ORGANISERS_GROUP = "Organisers"
DIRECTORY_GROUP = "Player directory"
GROUP_PERMISSIONS = {
    ORGANISERS_GROUP: ["add_tournament"],
    DIRECTORY_GROUP: ["view_player", "change_player"],
}


def site_group(name: str):
    """The group ``name`` with its permissions, created if a database lacks it (a flushed
    test database, a restored backup of a site from before the groups)."""
    from django.contrib.auth.models import Group, Permission

    group, created = Group.objects.get_or_create(name=name)
    if created:
        group.permissions.add(
            *Permission.objects.filter(
                content_type__app_label="tournaments", codename__in=GROUP_PERMISSIONS[name]
            )
        )
    return group


def can_create_tournaments(user) -> bool:
    return user.is_authenticated and user.has_perm(CREATE_TOURNAMENTS)


def can_edit_directory(user) -> bool:
    return user.is_authenticated and user.has_perm(EDIT_DIRECTORY)


def role_of(user, tournament: Tournament) -> str | None:
    if not user.is_authenticated:
        return None
    if user.is_superuser:
        return Role.ORGANISER
    cache = getattr(user, "_tournament_roles", None)
    if cache is None:
        cache = user._tournament_roles = {}
    if tournament.pk not in cache:
        cache[tournament.pk] = (
            StaffRole.objects.filter(tournament=tournament, user=user)
            .values_list("role", flat=True)
            .first()
        )
    return cache[tournament.pk]


def has_role(user, tournament: Tournament, minimum: str) -> bool:
    role = role_of(user, tournament)
    return role is not None and StaffRole.RANK[role] >= StaffRole.RANK[minimum]


def require_role(user, tournament: Tournament, minimum: str) -> None:
    """For services: refuse (PermissionDenied) an account below ``minimum`` in ``tournament``."""
    if not has_role(user, tournament, minimum):
        raise PermissionDenied


def role_required(minimum: str):
    """View decorator: loads the tournament from ``slug`` and checks the account's role.

    The view receives ``tournament`` instead of ``slug``; ``request.tournament_role`` is set.
    An account with no role in a private tournament is told it does not exist, as for an
    unknown address: a 403 would confirm the address to someone who has no business there.
    """

    def decorator(view):
        @wraps(view)
        def wrapper(request, slug, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            tournament = get_object_or_404(Tournament, slug=slug)
            if not has_role(request.user, tournament, minimum):
                if not tournament.is_public and role_of(request.user, tournament) is None:
                    raise Http404
                raise PermissionDenied
            request.tournament_role = role_of(request.user, tournament)
            return view(request, tournament, *args, **kwargs)

        return wrapper

    return decorator
