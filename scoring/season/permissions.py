"""Who may do what with a challenge. An account that may create tournaments may create a
challenge and manages it (``Challenge.managers``; a superuser manages every one); a manager
adds only tournaments where they are an organiser. A challenge that is not public is, to anyone
else, an address that does not exist.
"""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

from scoring.models import Challenge
from tournaments.permissions import can_create_tournaments

__all__ = ["can_create_challenges", "challenge_required", "manages", "require_manager"]


def can_create_challenges(user) -> bool:
    return can_create_tournaments(user)


def manages(user, challenge: Challenge) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return challenge.managers.filter(pk=user.pk).exists()


def require_manager(user, challenge: Challenge) -> None:
    """For services: refuse (PermissionDenied) an account that does not manage ``challenge``."""
    if not manages(user, challenge):
        raise PermissionDenied


def challenge_required(view):
    """View decorator: loads the challenge named by the address's ``<challenge>`` (its short
    address; ``slug``, in addresses as in the permission matrix, is a tournament's) for one of
    its managers; the view receives the ``Challenge``."""

    @wraps(view)
    def wrapper(request, challenge, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        challenge = get_object_or_404(Challenge, slug=challenge)
        if not manages(request.user, challenge):
            if not challenge.is_public:
                raise Http404
            raise PermissionDenied
        return view(request, challenge, *args, **kwargs)

    return wrapper
