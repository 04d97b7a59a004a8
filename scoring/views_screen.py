"""The projector view (public, no account): ``/t/<slug>/screen/``.

One full-screen page that shows its panels in turn, in large type: the published seating of the
position being played (``round_played``: in a duplicate, the first whose scores are not all in;
alphabetical, "NAME First — table N · seat"; in a team match, each match's quarter in play and
who plays in which room, its result once finished), the provisional standings and, in a team
tournament, the team standings (``Standings.teams``, as the public teams page). The
tournament's format says which panels it has and draws them (``TournamentFormat.screen_*``).
``static/js/screen.js`` shows each panel for ``?seconds=`` (20 by default, 5 to 120), scrolls a
long list by itself (a CSS animation it only measures for) and, once a panel is hidden, asks
``/t/<slug>/screen/panel/?panel=<name>&stamp=<n>`` for news: the answer is 204 ("nothing new")
while the ledger's stamp is the one the panel was drawn at, else the panel drawn afresh (htmx
swaps it in place, no reload). Non-public tournaments are a 404 for anyone without a staff
role in them. Queries do not grow with the field: 2 for a 204, at most 8 for a donnes-libres
page; a duplicate's results panel reads its closed séance (about 15 queries), a team match's
its official ranking in 5 whatever the number of matches.
"""

from django.http import HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.template.loader import render_to_string

from scoring.formats.registry import format_of
from scoring.public_live import ledger_stamp
from tournaments.models import Tournament
from tournaments.views.helpers import nothing_new, public_tournament, seating_address

DEFAULT_SECONDS, MIN_SECONDS, MAX_SECONDS = 20, 5, 120


def _number(raw: str) -> int | None:
    """A plain decimal integer of reasonable length, or None (anything else a visitor types)."""
    raw = raw.strip()
    if not raw or len(raw) > 18 or not raw.isascii() or not raw.isdigit():
        return None
    return int(raw)


def display_seconds(raw: str) -> int:
    """How long each panel stays at least: ``?seconds=``, clamped to 5–120, 20 if unreadable."""
    seconds = _number(raw)
    if seconds is None:
        return DEFAULT_SECONDS
    return min(max(seconds, MIN_SECONDS), MAX_SECONDS)


def panels_of(tournament: Tournament) -> tuple[str, ...]:
    """The panels the projector shows in turn, as the tournament's format has them."""
    return format_of(tournament).screen_panels(tournament)


def _panel_contexts(tournament: Tournament, names, stamp: int) -> dict[str, dict]:
    """Each named panel's context: the seating, then the format's own panels, asked at once
    (donnes libres read their standings once for both rankings)."""
    game = format_of(tournament)
    others = [name for name in names if name != "seating"]
    results = game.screen_results(tournament, others, stamp) if others else {}
    contexts = {}
    for name in names:
        context = game.screen_seating(tournament) if name == "seating" else results[name]
        contexts[name] = {"panel": name, **context}
    return contexts


def screen(request, slug):
    tournament = public_tournament(request, slug)
    # The stamp is read before the data: a change in between only costs one more refresh.
    stamp = ledger_stamp(tournament=tournament)
    return render(
        request,
        "public/screen.html",
        {
            "tournament": tournament,
            "stamp": stamp,
            "seconds": display_seconds(request.GET.get("seconds", "")),
            "seating_url": seating_address(request, tournament),
            "panels": _panel_contexts(tournament, panels_of(tournament), stamp).values(),
        },
    )


def panel(request, slug):
    tournament = public_tournament(request, slug)
    name = request.GET.get("panel", "")
    if name not in panels_of(tournament):
        return HttpResponseBadRequest()
    stamp = ledger_stamp(tournament=tournament)
    if nothing_new(request, stamp):
        return HttpResponse(status=204)
    context = _panel_contexts(tournament, [name], stamp)[name]
    html = render_to_string(
        "public/_screen_panel.html",
        {"tournament": tournament, "stamp": stamp, "p": context},
        request=request,
    )
    # The section alone: htmx swaps every top-level node in, blank text ones included, and a
    # projector left on all day would pile them up.
    return HttpResponse(html.strip())
