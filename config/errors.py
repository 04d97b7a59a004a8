"""The pages of a refusal (403), an address that names nothing (404) and a server fault (500),
in the visitor's language, each with a way back: to the tournament the address named, when its
public page may be shown, else to the home page."""

import re

from django.shortcuts import render
from django.views.decorators.csrf import requires_csrf_token

from tournaments.models import Tournament

_TOURNAMENT = re.compile(r"^/(?:manage/)?t/([-a-zA-Z0-9_]+)/")


def _way_back(request) -> Tournament | None:
    """The tournament the address names, if its public page is open to everybody."""
    match = _TOURNAMENT.match(request.path)
    if match is None:
        return None
    return Tournament.objects.filter(slug=match[1], is_public=True).first()


@requires_csrf_token
def page_not_found(request, exception=None):
    return render(request, "404.html", {"back": _way_back(request)}, status=404)


@requires_csrf_token
def permission_denied(request, exception=None):
    return render(request, "403.html", {"back": _way_back(request)}, status=403)


@requires_csrf_token
def server_error(request):
    """Nothing that could fail again: no database, the template alone."""
    return render(request, "500.html", status=500)
