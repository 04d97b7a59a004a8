"""The public results pages of donnes libres (no account): the standings, the team standings and
a player's page, after any position, provisional by default (every entered sheet, marked as
such), official on request (confirmed sheets only). A page polls for changes (htmx, every few
seconds) and is answered "nothing new" (204) until the ledger's stamp moves; the rankings come
from the cache under that stamp. The views are the root's (``scoring.views_public``); the
format answers through ``Libre.public_*``.
"""

from django.http import Http404, HttpResponse
from django.urls import reverse

from scoring.formats.libre.bans import player_bans
from scoring.formats.libre.player_results import player_results
from scoring.formats.libre.standings import Standings, cached_standings, ledger_stamp
from scoring.public_live import live_address
from tournaments.selectors_seating import last_published_position
from tournaments.views.helpers import live_page, polled_unchanged, refresh_seconds


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


def standings_page(request, tournament):
    # Reversed once, not once per row: a thousand rows render in a few milliseconds.
    player_url = reverse("standings:player", args=[tournament.slug, 0])[:-2]
    return _ranking_page(
        request,
        tournament,
        "public/standings.html",
        "public/_standings.html",
        player_url=lambda ranking: player_url,
    )


def team_standings_page(request, tournament):
    if not tournament.has_teams:
        raise Http404
    return _ranking_page(
        request, tournament, "public/teams.html", "public/_teams.html", teams=Standings.teams
    )


def player_page(request, tournament, registration):
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


def screen_standings(tournament, names, stamp: int) -> dict[str, dict]:
    """The projector's standings and team standings panels: the standings read once for both
    (as the public pages count them, provisional)."""
    ranking = cached_standings(tournament=tournament, stamp=stamp)
    # Nothing to rank yet: no sheet counted and every total still 0 (no penalty either).
    empty = ranking.sheets == 0 and not any(row.total for row in ranking.rows)
    contexts = {}
    for name in names:
        contexts[name] = {"ranking": ranking, "no_results": empty}
        if name == "teams":
            contexts[name]["teams"] = ranking.teams()
    return contexts
