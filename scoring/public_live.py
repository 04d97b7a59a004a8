"""How a duplicate's or a team match's public page refreshes: as the donnes-libres pages do,
htmx asks for its live part every few seconds (``?fragment=1&stamp=<n>``) and is answered 204
("nothing new") while the ledger's stamp is the one the page shows; else the part is drawn
afresh, once per state of the tournament and language (``cached_fragment``), and swapped in
place. No ``<meta http-equiv="refresh">``: a reload that moves the reader's focus and place
(WCAG 2.2.1, 2.2.4).

``make`` computes what the live part shows (the closed séances' results): it is called only
when the part is not cached under the stamp, so a page polled by a hundred phones reads the
results once per change. Only the views call this.
"""

from django.http import HttpResponse, QueryDict

from tournaments.selectors import change_stamp
from tournaments.views.helpers import live_page, polled_unchanged, refresh_seconds


def ledger_stamp(*, tournament) -> int:
    """Changes whenever anything a results page reads changes (every write leaves an audit
    entry): what a page shows is cached under it, and a poll that holds it is answered 204."""
    return change_stamp(tournament=tournament)


def live_address(request, stamp: int, **params) -> str:
    """The address the page polls: the same choices, the stamp it shows."""
    query = QueryDict(mutable=True)
    query.update({name: value for name, value in params.items() if value})
    query["fragment"] = "1"
    query["stamp"] = str(stamp)
    return f"{request.path}?{query.urlencode()}"


def live_results_page(request, tournament, template: str, fragment: str, context, make, *key):
    """``template`` whose ``fragment`` (its live part) polls; ``key`` names what the part
    shows besides the tournament, its stamp and the language."""
    stamp = ledger_stamp(tournament=tournament)
    if polled_unchanged(request, stamp):
        return HttpResponse(status=204)
    context = {
        **context,
        "tournament": tournament,
        "live_url": live_address(request, stamp),
        "refresh": refresh_seconds(),
    }
    return live_page(request, template, fragment, context, make, tournament.pk, *key, stamp)
