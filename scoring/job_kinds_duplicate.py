"""A duplicate séance's documents as jobs (``tournaments.jobs``): the travelling sheets blank
or topped, the étui labels and diagrams, the table cards, the rankings, the feuilles de route
and the workbook of every score and note, for the individuel and the triplettes. Four hundred
players' feuilles de route take the best part of a minute: made by the worker, off the request,
as the donnes-libres documents are; the same document of the same state of the tournament is
made once and served again."""

from django.utils.translation import gettext as _

from tournaments.jobs import Kind, register
from tournaments.models import Session
from tournaments.permissions import Role

from . import (
    documents_duplicate,
    documents_duplicate_results,
    documents_quadrettes,
    documents_quadrettes_results,
    documents_triplettes,
    documents_triplettes_results,
    excel_duplicate,
    excel_quadrettes,
    excel_triplettes,
)

KIND = "duplicate"

# doc -> (what the page calls it, how it is made from the séance)
DOCUMENTS = {
    "sheets": (
        lambda: _("Travelling sheets (PDF)"),
        lambda session: documents_duplicate.travelling_sheets_pdf(session),
    ),
    "topped": (
        lambda: _("Topped travelling sheets (PDF)"),
        lambda session: documents_duplicate.travelling_sheets_pdf(session, topped=True),
    ),
    "labels": (lambda: _("Étui labels and diagrams (PDF)"), documents_duplicate.board_labels_pdf),
    "cards": (lambda: _("Table cards (PDF)"), documents_duplicate_results.cards_pdf),
    "ranking": (lambda: _("Rankings (PDF)"), documents_duplicate_results.ranking_pdf),
    "roadmaps": (lambda: _("Feuilles de route (PDF)"), documents_duplicate_results.roadmaps_pdf),
    "export": (lambda: _("Every score and note (Excel)"), excel_duplicate.session_workbook),
}

# The quadrettes' own papers (fft-duplicate.md §4) under the same kinds and names (a job's
# label knows only its parameters), the étui labels shared.
QUADRETTE_DOCUMENTS = {
    "sheets": (
        DOCUMENTS["sheets"][0],
        lambda session: documents_quadrettes.travelling_sheets_pdf(session),
    ),
    "topped": (
        DOCUMENTS["topped"][0],
        lambda session: documents_quadrettes.travelling_sheets_pdf(session, topped=True),
    ),
    "labels": DOCUMENTS["labels"],
    "cards": (DOCUMENTS["cards"][0], documents_quadrettes.cards_pdf),
    "ranking": (DOCUMENTS["ranking"][0], documents_quadrettes_results.ranking_pdf),
    "roadmaps": (DOCUMENTS["roadmaps"][0], documents_quadrettes_results.roadmaps_pdf),
    "export": (DOCUMENTS["export"][0], excel_quadrettes.session_workbook),
}


# The triplettes' own makers of the same documents (fft-duplicate.md §3), the étui labels
# the individuel's.
TRIPLETTE_DOCUMENTS = {
    "sheets": (
        DOCUMENTS["sheets"][0],
        lambda session: documents_triplettes.travelling_sheets_pdf(session),
    ),
    "topped": (
        DOCUMENTS["topped"][0],
        lambda session: documents_triplettes.travelling_sheets_pdf(session, topped=True),
    ),
    "labels": DOCUMENTS["labels"],
    "cards": (DOCUMENTS["cards"][0], documents_triplettes.cards_pdf),
    "ranking": (DOCUMENTS["ranking"][0], documents_triplettes_results.ranking_pdf),
    "roadmaps": (DOCUMENTS["roadmaps"][0], documents_triplettes_results.roadmaps_pdf),
    "export": (DOCUMENTS["export"][0], excel_triplettes.session_workbook),
}


def documents_of(tournament) -> dict | None:
    """The documents a tournament's séances have (None: not a duplicate)."""
    if tournament.is_quadrettes:
        return QUADRETTE_DOCUMENTS
    if tournament.is_triplettes:
        return TRIPLETTE_DOCUMENTS
    return DOCUMENTS if tournament.is_duplicate else None


def params(session: int, doc: str) -> dict:
    return {"session": session, "doc": doc}


def _make(tournament, params, progress):
    session = Session.objects.filter(tournament=tournament, number=params["session"]).first()
    documents = documents_of(tournament)
    if session is None or documents is None or params["doc"] not in documents:
        return None
    _name, make = documents[params["doc"]]
    return make(session)


def _label(params):
    name, _make = DOCUMENTS[params["doc"]]
    return _("%(name)s, séance %(k)s") % {"name": name(), "k": params["session"]}


def register_duplicate_documents() -> None:
    register(Kind(KIND, Role.SCORER, _make, _label))
