"""Who may do what in a tournament.

Roles are per tournament and ordered: organiser > arbitre > scorer. Superusers count as
organisers everywhere. Views use ``role_required``; services that must not be bypassed check
``has_role`` themselves.
"""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from .models import StaffRole, Tournament

Role = StaffRole.Role


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
    """

    def decorator(view):
        @wraps(view)
        def wrapper(request, slug, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            tournament = get_object_or_404(Tournament, slug=slug)
            if not has_role(request.user, tournament, minimum):
                raise PermissionDenied
            request.tournament_role = role_of(request.user, tournament)
            return view(request, tournament, *args, **kwargs)

        return wrapper

    return decorator
