"""The results menu of donnes libres (``/manage/t/<slug>/results/``): the rankings after a
chosen position, provisional or official, and how many of its sheets are in. The view is the
root's (``scoring.views_exports``); the format answers through ``Libre.results_page``."""

from django.shortcuts import render

from scoring.formats.libre import exports


def position_asked(tournament, raw: str) -> int:
    """The last position counted from ``?after=``: the latest published when it is not a
    number, else clamped to the tournament's positions."""
    after = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 4 else None
    return exports.resolve_up_to(tournament, after)


def results_page(request, tournament):
    after = position_asked(tournament, request.GET.get("after", ""))
    official = request.GET.get("official") == "1"
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
