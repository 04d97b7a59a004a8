"""Staff downloads of a duplicate séance's documents:
/manage/t/<slug>/duplicate/<k>/documents/<kind>.pdf, kind "sheets" (blank travelling sheets),
"topped" (the topped ones, from the confirmed sheets), "labels" (étui labels and diagrams),
"ranking" (alterné and général rankings), "roadmaps" (the players' feuilles de route) or
"cards" (table cards); and /documents/export.xlsx, every score and note of the séance.

Thin: the documents are ``documents_duplicate``'s, ``documents_duplicate_results``' and
``excel_duplicate``'s, made here, at once (a séance is a few dozen étuis). A donnes-libres
tournament has none: its visitors are sent back to its page.
"""

from django.http import Http404
from django.shortcuts import get_object_or_404

from common.views import download
from tournaments.models import Session
from tournaments.permissions import Role, role_required

from . import documents_duplicate, documents_duplicate_results, excel_duplicate
from .views_duplicate import duplicate_only

DOCUMENTS = {
    "sheets": lambda session: documents_duplicate.travelling_sheets_pdf(session),
    "topped": lambda session: documents_duplicate.travelling_sheets_pdf(session, topped=True),
    "labels": documents_duplicate.board_labels_pdf,
    "ranking": documents_duplicate_results.ranking_pdf,
    "roadmaps": documents_duplicate_results.roadmaps_pdf,
    "cards": documents_duplicate_results.cards_pdf,
}


@role_required(Role.SCORER)
@duplicate_only
def session_document(request, tournament, session, kind):
    if kind not in DOCUMENTS:
        raise Http404
    found = get_object_or_404(Session, tournament=tournament, number=session)
    return download(DOCUMENTS[kind](found))


@role_required(Role.SCORER)
@duplicate_only
def session_export(request, tournament, session):
    found = get_object_or_404(Session, tournament=tournament, number=session)
    return download(excel_duplicate.session_workbook(found))
