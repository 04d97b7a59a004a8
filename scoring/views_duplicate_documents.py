"""Staff downloads of a duplicate séance's documents:
/manage/t/<slug>/duplicate/<k>/documents/<kind>.pdf, kind "sheets" (blank travelling sheets),
"topped" (the topped ones, from the confirmed sheets), "labels" (étui labels and diagrams),
"ranking" (alterné and général rankings), "roadmaps" (the players' feuilles de route) or
"cards" (table cards); and /documents/export.xlsx, every score and note of the séance.

Thin: the documents are ``documents_duplicate``'s, ``documents_duplicate_results``' and
``excel_duplicate``'s, made by the worker (``job_kinds_duplicate``): the file at once when the
same document of the same state was made already, else its job's page, which follows the
rendering. A donnes-libres tournament has none: its visitors are sent back to its page; the
triplettes have them all (``job_kinds_duplicate.TRIPLETTES``), the other team duplicates not
yet.
"""

from functools import wraps

from django.http import Http404
from django.shortcuts import get_object_or_404

from tournaments.models import Session
from tournaments.permissions import Role, role_required
from tournaments.views.jobs import document_response

from . import job_kinds_duplicate
from .views_duplicate import duplicate_only, individuel_only


def with_documents(view):
    """The individuel's and the triplettes' séances have these documents; the other team
    duplicates are sent back to the séance (``individuel_only``'s message)."""
    refused = individuel_only(view)

    @wraps(view)
    def wrapper(request, tournament, *args, **kwargs):
        if tournament.is_triplettes:
            return view(request, tournament, *args, **kwargs)
        return refused(request, tournament, *args, **kwargs)

    return wrapper


@role_required(Role.SCORER)
@duplicate_only
@with_documents
def session_document(request, tournament, session, kind):
    if kind not in job_kinds_duplicate.DOCUMENTS or kind == "export":
        raise Http404
    return _document(request, tournament, session, kind)


@role_required(Role.SCORER)
@duplicate_only
@with_documents
def session_export(request, tournament, session):
    return _document(request, tournament, session, "export")


def _document(request, tournament, session, kind):
    found = get_object_or_404(Session, tournament=tournament, number=session)
    params = job_kinds_duplicate.params(found.number, kind)
    return document_response(request, tournament, job_kinds_duplicate.KIND, params)
