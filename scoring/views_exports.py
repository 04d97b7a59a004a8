"""Staff downloads of the results: /manage/t/<slug>/results/ lists them, and
/manage/t/<slug>/results/<kind>.<fmt>?after=<k>&official=1 serves one (arbitre and above).

Thin: the tournament's format says what its menu shows and which documents it has
(``TournamentFormat.results_page``, ``results_kinds``: the official ranking's by default,
``exports_ranking``; donnes libres their rankings after a chosen position). A document is asked
of ``tournaments.jobs`` (``scoring.formats.libre.job_kinds``): served when ready, else made by a
worker while a page shows how far it is. The CSV files, rows made in well under a second, are
made here, at once. A position that is not one falls back to every position; one out of range
is clamped; a format without positions ranks the whole tournament. The arbitre declares the
results final here, or withdraws them (``scoring.results_final``).
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.forms import ReopenForm
from common.views import download
from scoring.formats.registry import format_of
from scoring.results_final import results_declare_final, results_withdraw_final
from tournaments.permissions import Role, role_required
from tournaments.views.jobs import document_response


@role_required(Role.ARBITRE)
def results_exports(request, tournament):
    return format_of(tournament).results_page(request, tournament)


@role_required(Role.ARBITRE)
def results_download(request, tournament, kind, fmt):
    """A results document: served when ready, else made by a worker (tournaments.jobs)."""
    game = format_of(tournament)
    if (kind, fmt) not in game.results_kinds(tournament):
        raise Http404
    after = game.results_position(tournament, request.GET.get("after", ""))
    official = request.GET.get("official") == "1"
    if fmt == "csv":  # rows, under a second even for a big open: made here, never stale
        return download(
            game.results_document(
                tournament=tournament, kind=kind, fmt=fmt, up_to=after, official=official
            )
        )
    params = {"kind": kind, "fmt": fmt, "up_to": after, "official": official}
    return document_response(request, tournament, "results", params)


@require_POST
@role_required(Role.ARBITRE)
def results_final(request, tournament):
    """The arbitre declares the results final (every unit closed), or withdraws them with a
    reason (``reopen`` pressed): ``scoring.results_final``."""
    form = ReopenForm.read(request.POST)
    try:
        if form["reopen"]:
            results_withdraw_final(tournament=tournament, user=request.user, reason=form["reason"])
            messages.success(request, _("The results are no longer final."))
        else:
            results_declare_final(tournament=tournament, user=request.user)
            messages.success(request, _("The results are final."))
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return redirect("scoring:exports", slug=tournament.slug)
