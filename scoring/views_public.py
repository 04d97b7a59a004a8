"""Public results pages (no account): the standings, the team standings, a player's page.

Stable addresses players share: ``/t/<slug>/standings/``, ``/t/<slug>/standings/teams/``,
``/t/<slug>/players/<number>/``. Provisional by default (every entered sheet, marked as such),
official on request (confirmed sheets only), after any position. Each page polls for changes
(htmx, every few seconds) and is answered "nothing new" (204) until the ledger's stamp moves;
the rankings come from the cache under that stamp. Non-public tournaments are a 404 for anyone
without a staff role in them.
"""

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from tournaments.models import Registration
from tournaments.selectors import last_published_position
from tournaments.views.helpers import nothing_new, public_tournament

from .standings import Standings, cached_standings, ledger_stamp, player_results


def refresh_seconds() -> int:
    """How often public pages ask for news (``PUBLIC_REFRESH_SECONDS``, 15 by default)."""
    return getattr(settings, "PUBLIC_REFRESH_SECONDS", 15)


def _choices(request, tournament) -> tuple[int, bool]:
    raw = request.GET.get("after", "")
    after = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 4 else None
    if after is None:
        after = last_published_position(tournament=tournament)
    return min(max(after, 1), tournament.positions), request.GET.get("official") == "1"


def _unchanged(request, stamp: int) -> bool:
    """A poll from the page itself that already shows this state of the ledger."""
    return request.GET.get("fragment") == "1" and nothing_new(request, stamp)


def _page(request, template, context, fragment_template):
    if request.GET.get("fragment") == "1":
        return render(request, fragment_template, context)
    return render(request, template, context)


def _live_url(request, stamp: int) -> str:
    query = request.GET.copy()
    query["fragment"] = "1"
    query["stamp"] = str(stamp)
    return f"{request.path}?{query.urlencode()}"


def _ranking_page(request, tournament, template: str, fragment: str, **extra):
    """A standings page (individual or teams): 204 to a poll when nothing changed."""
    stamp = ledger_stamp(tournament=tournament)
    if _unchanged(request, stamp):
        return HttpResponse(status=204)
    after, official = _choices(request, tournament)
    ranking = cached_standings(tournament=tournament, up_to=after, official=official, stamp=stamp)
    context = {
        "tournament": tournament,
        "ranking": ranking,
        "after": after,
        "official": official,
        "positions": range(1, tournament.positions + 1),
        "live_url": _live_url(request, stamp),
        "refresh": refresh_seconds(),
        **{name: make(ranking) for name, make in extra.items()},
    }
    return _page(request, template, context, fragment)


def standings_page(request, slug):
    tournament = public_tournament(request, slug)
    # Reversed once, not once per row: a thousand rows render in a few milliseconds.
    player_url = reverse("standings:player", args=[tournament.slug, 0])[:-2]
    return _ranking_page(
        request,
        tournament,
        "public/standings.html",
        "public/_standings.html",
        player_url=lambda ranking: player_url,
    )


def team_standings_page(request, slug):
    tournament = public_tournament(request, slug)
    if not tournament.has_teams:
        raise Http404
    return _ranking_page(
        request, tournament, "public/teams.html", "public/_teams.html", teams=Standings.teams
    )


def player_page(request, slug, number):
    tournament = public_tournament(request, slug)
    registration = get_object_or_404(
        Registration.objects.select_related("player__club", "team"),
        tournament=tournament,
        number=number,
    )
    stamp = ledger_stamp(tournament=tournament)
    if _unchanged(request, stamp):
        return HttpResponse(status=204)
    official = request.GET.get("official") == "1"
    context = {
        "tournament": tournament,
        "registration": registration,
        "results": player_results(registration=registration, official=official),
        "official": official,
        "live_url": _live_url(request, stamp),
        "refresh": refresh_seconds(),
    }
    return _page(request, "public/player.html", context, "public/_player.html")
