"""Public results pages (no account): the standings, the team standings, a player's page, a
quadrette's page.

Stable addresses players share: ``/t/<slug>/standings/``, ``/t/<slug>/standings/teams/``,
``/t/<slug>/players/<number>/``, ``/t/<slug>/quadrettes/<number>/``. Provisional by default
(every entered sheet, marked as such), official on request (confirmed sheets only), after any
position. A donnes-libres page polls for changes (htmx, every few seconds) and is answered
"nothing new" (204) until the ledger's stamp moves; the rankings come from the cache under that
stamp. A duplicate's pages (standings, player, quadrette) and a team match's poll the same way
(``public_live``) and read the closed séances and quarters only (``views_public_duplicate``,
``views_public_quadrettes``, ``views_public_match``).
Non-public tournaments are a 404 for anyone without a staff role in them.
"""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse

from scoring.formats.duplicate.views_public import duplicate_player, duplicate_standings
from scoring.formats.libre.bans import player_bans
from scoring.formats.libre.player_results import player_results
from scoring.formats.libre.standings import Standings, cached_standings, ledger_stamp
from scoring.formats.match.views_public import match_player, match_standings
from scoring.formats.quadrettes.views_public import quadrette_page as quadrette_view
from scoring.public_live import live_address
from tournaments.models import Registration, Team
from tournaments.selectors_seating import last_published_position
from tournaments.views.helpers import (
    live_page,
    polled_unchanged,
    public_tournament,
    refresh_seconds,
)


def _choices(request, tournament) -> tuple[int, bool, str]:
    """The position counted, official or not, and the position as asked ('' for the default,
    which follows the tournament: polls keep following it as positions are published)."""
    raw = request.GET.get("after", "")
    asked = raw if raw.isascii() and raw.isdigit() and len(raw) < 4 else ""
    after = int(asked) if asked else last_published_position(tournament=tournament)
    return min(max(after, 1), tournament.positions), request.GET.get("official") == "1", asked


def _ranking_page(request, tournament, template: str, fragment: str, **extra):
    """A standings page (individual or teams): 204 to a poll when nothing changed."""
    stamp = ledger_stamp(tournament=tournament)
    if polled_unchanged(request, stamp):
        return HttpResponse(status=204)
    after, official, asked = _choices(request, tournament)
    context = {
        "tournament": tournament,
        "after": after,
        "official": official,
        "positions": range(1, tournament.positions + 1),
        # Asked for a position: the poll keeps it; else it follows the positions published.
        "live_url": live_address(
            request, stamp, after=str(after) if asked else "", official="1" if official else ""
        ),
        "refresh": refresh_seconds(),
    }

    def make():
        ranking = cached_standings(
            tournament=tournament, up_to=after, official=official, stamp=stamp
        )
        return {"ranking": ranking, **{name: f(ranking) for name, f in extra.items()}}

    key = (tournament.pk, after, bool(asked), official, stamp)
    return live_page(request, template, fragment, context, make, *key)


def standings_page(request, slug):
    tournament = public_tournament(request, slug)
    if tournament.is_team_match:
        return match_standings(request, tournament)
    if tournament.plays_duplicate:
        return duplicate_standings(request, tournament)
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
    if tournament.is_team_match:  # its teams' standings are the matches' table
        return match_standings(request, tournament)
    if not tournament.has_teams:
        raise Http404
    if tournament.plays_duplicate:  # triplettes, quadrettes: the teams' ranking is the ranking
        return redirect("standings:individual", slug=tournament.slug)
    return _ranking_page(
        request, tournament, "public/teams.html", "public/_teams.html", teams=Standings.teams
    )


def player_page(request, slug, number):
    tournament = public_tournament(request, slug)
    registration = get_object_or_404(
        Registration.objects.select_related("club", "team"),
        tournament=tournament,
        number=number,
    )
    if tournament.is_team_match:
        return match_player(request, tournament, registration)
    if tournament.plays_duplicate:
        return duplicate_player(request, tournament, registration)
    stamp = ledger_stamp(tournament=tournament)
    if polled_unchanged(request, stamp):
        return HttpResponse(status=204)
    official = request.GET.get("official") == "1"
    context = {
        "tournament": tournament,
        "registration": registration,
        "official": official,
        "live_url": live_address(request, stamp, official="1" if official else ""),
        "refresh": refresh_seconds(),
    }

    def make():
        return {
            "results": player_results(registration=registration, official=official),
            "bans": player_bans(registration=registration),
        }

    key = (tournament.pk, registration.pk, official, stamp)
    return live_page(request, "public/player.html", "public/_player.html", context, make, *key)


def quadrette_page(request, slug, number):
    tournament = public_tournament(request, slug)
    if not tournament.is_quadrettes:
        raise Http404
    team = get_object_or_404(Team, tournament=tournament, number=number)
    return quadrette_view(request, tournament, team)
