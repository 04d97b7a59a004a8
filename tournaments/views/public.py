"""Public pages: no account needed, only tournaments marked public (staff see their own too)."""

from django.http import Http404
from django.shortcuts import get_object_or_404, render

from ..models import Tournament
from ..permissions import role_of
from ..selectors import public_tournaments


def home(request):
    return render(request, "public/home.html", {"tournaments": public_tournaments()})


def tournament(request, slug):
    t = get_object_or_404(Tournament, slug=slug)
    if not t.is_public and role_of(request.user, t) is None:
        raise Http404
    return render(
        request,
        "public/tournament.html",
        {"tournament": t, "player_count": t.registrations.count()},
    )
