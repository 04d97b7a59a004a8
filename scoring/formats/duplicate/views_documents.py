"""Staff downloads of a duplicate séance's documents:
/manage/t/<slug>/duplicate/<k>/documents/<kind>.pdf, kind "sheets" (blank travelling sheets),
"topped" (the topped ones, from the confirmed sheets), "labels" (étui labels and diagrams),
"ranking" (alterné and général rankings), "roadmaps" (the players' feuilles de route) or
"cards" (table cards; for the quadrettes with the preparation page; each table's codes when
the tables enter at the table, from the server's address as the request reached it); and
/documents/export.xlsx, every score and note (PM for the quadrettes) of the séance.

Thin: the documents (``documents_duplicate``, ``documents_triplettes``, ``documents_quadrettes``
and their ``_results`` and ``excel_`` companions) are made by the worker
(``job_kinds_duplicate``): the file at once when the same document of the same state was made
already, else its job's page, which follows the rendering; each form of duplicate has its own
makers (``job_kinds_duplicate.documents_of``). A donnes-libres tournament or a team match has
none: its visitors are sent back to its page.
"""

from django.http import Http404
from django.shortcuts import get_object_or_404

from scoring.formats.duplicate import job_kinds as job_kinds_duplicate
from scoring.formats.duplicate.views import duplicate_only
from tournaments.models import Session
from tournaments.permissions import Role, role_required
from tournaments.views.helpers import site_address
from tournaments.views.jobs import document_response


@role_required(Role.SCORER)
@duplicate_only
def session_document(request, tournament, session, kind):
    if kind not in job_kinds_duplicate.documents_of(tournament) or kind == "export":
        raise Http404
    return _document(request, tournament, session, kind)


@role_required(Role.SCORER)
@duplicate_only
def session_export(request, tournament, session):
    return _document(request, tournament, session, "export")


def _document(request, tournament, session, kind):
    found = get_object_or_404(Session, tournament=tournament, number=session)
    on_the_table = job_kinds_duplicate.on_the_table(tournament, kind)
    site = site_address(request) if on_the_table else ""  # each table's codes
    params = job_kinds_duplicate.params(found.number, kind, tournament, site=site)
    return document_response(request, tournament, job_kinds_duplicate.KIND, params)
