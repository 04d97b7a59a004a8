"""Staff downloads of the results: /manage/t/<slug>/results/ lists them, and
/manage/t/<slug>/results/<kind>.<fmt>?after=<k>&official=1 serves one (arbitre and above).

Thin: read the choices and ask ``tournaments.jobs`` for the document
(``scoring.formats.libre.job_kinds``): served when ready, else made by a worker while a page shows
how far it is. The CSV files, rows made in well under a second, are made here, at once. A position
that is not one falls back to every position; one out of range is clamped. The position is a choice
of donnes libres only: the other formats' page shows their official ranking for the whole tournament
(``official_ranking``, read from the cache where each write's commit leaves it;
``exports_ranking``).
"""

from django.http import Http404
from django.shortcuts import render

from common.views import download
from scoring import exports_ranking
from scoring.formats.libre import exports, job_kinds
from scoring.official_ranking import cached_official_ranking
from tournaments.permissions import Role, role_required
from tournaments.views.jobs import document_response


def _choices(request, tournament) -> tuple[int | None, bool]:
    """(the last position counted, official): a position only in donnes libres, where the
    ranking runs position by position; the other formats rank the whole tournament."""
    official = request.GET.get("official") == "1"
    if tournament.format != tournament.Format.LIBRE:
        return None, official
    raw = request.GET.get("after", "")
    after = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 4 else None
    return exports.resolve_up_to(tournament, after), official


def _ranking_context(tournament, official: bool) -> dict:
    ranking = cached_official_ranking(tournament=tournament, official=official)
    return {
        "parts": exports_ranking.ranking_parts(ranking, exports_ranking.member_names(tournament)),
        "progress": exports_ranking.ranking_progress(tournament),
        "legend": exports_ranking.legend(ranking, official),
        "penalties": ("penalties", "csv") in exports_ranking.kinds(tournament),
    }


@role_required(Role.ARBITRE)
def results_exports(request, tournament):
    after, official = _choices(request, tournament)
    if after is None:
        query = "?official=1" if official else ""
        context = {"tournament": tournament, "official": official, "query": query}
        context.update(_ranking_context(tournament, official))
        return render(request, "scoring/exports_ranking.html", context)
    query = f"?after={after}" + ("&official=1" if official else "")
    context = {
        "tournament": tournament,
        "after": after,
        "official": official,
        "positions": range(1, tournament.positions + 1),
        "counts": exports.sheet_counts(tournament=tournament, up_to=after),
        "query": query,
    }
    return render(request, "scoring/exports.html", context)


@role_required(Role.ARBITRE)
def results_download(request, tournament, kind, fmt):
    """A results document: served when ready, else made by a worker (tournaments.jobs)."""
    if not job_kinds.exists(tournament, kind, fmt):
        raise Http404
    after, official = _choices(request, tournament)
    if fmt == "csv":  # rows, under a second even for a big open: made here, never stale
        return download(
            exports.document(
                tournament=tournament, kind=kind, fmt=fmt, up_to=after, official=official
            )
        )
    params = {"kind": kind, "fmt": fmt, "up_to": after, "official": official}
    return document_response(request, tournament, "results", params)
