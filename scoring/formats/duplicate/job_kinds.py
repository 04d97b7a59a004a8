"""A duplicate séance's documents as jobs (``tournaments.jobs``): the travelling sheets blank
or topped, the étui labels and diagrams, the table cards, the rankings, the feuilles de route
and the workbook of every score and note, for the individuel and the triplettes. Four hundred
players' feuilles de route take the best part of a minute: made by the worker, off the request,
as the donnes-libres documents are; the same document of the same state of the tournament is
made once and served again."""

from django.utils.translation import gettext as _

from scoring.formats.duplicate import documents as documents_duplicate
from scoring.formats.duplicate import documents_results as documents_duplicate_results
from scoring.formats.duplicate import excel as excel_duplicate
from scoring.formats.quadrettes import documents as documents_quadrettes
from scoring.formats.quadrettes import documents_results as documents_quadrettes_results
from scoring.formats.quadrettes import excel as excel_quadrettes
from scoring.formats.triplettes import documents as documents_triplettes
from scoring.formats.triplettes import documents_results as documents_triplettes_results
from scoring.formats.triplettes import excel as excel_triplettes
from tournaments.jobs import Kind, register
from tournaments.models import Session
from tournaments.permissions import Role

KIND = "duplicate"

# doc -> what the page calls it (a job's label knows only its parameters: the same for every form)
NAMES = {
    "sheets": lambda: _("Travelling sheets (PDF)"),
    "topped": lambda: _("Topped travelling sheets (PDF)"),
    "labels": lambda: _("Étui labels and diagrams (PDF)"),
    "cards": lambda: _("Table cards (PDF)"),
    "ranking": lambda: _("Rankings (PDF)"),
    "roadmaps": lambda: _("Feuilles de route (PDF)"),
    "export": lambda: _("Every score and note (Excel)"),
}


def _documents(sheets, cards, results, workbook) -> dict:
    """doc -> (its name, how it is made from the séance), from a form's modules: the
    travelling sheets (``sheets``; the étui labels are the individuel's for every form), the
    table cards' maker, the rankings and feuilles de route (``results``), the workbook."""
    makers = {
        "sheets": lambda session: sheets.travelling_sheets_pdf(session),
        "topped": lambda session: sheets.travelling_sheets_pdf(session, topped=True),
        "labels": documents_duplicate.board_labels_pdf,
        "cards": cards,
        "ranking": results.ranking_pdf,
        "roadmaps": results.roadmaps_pdf,
        "export": workbook.session_workbook,
    }
    return {doc: (NAMES[doc], make) for doc, make in makers.items()}


DOCUMENTS = _documents(
    documents_duplicate,
    documents_duplicate_results.cards_pdf,
    documents_duplicate_results,
    excel_duplicate,
)
# The teams' own papers (fft-duplicate.md §3, §4) under the same kinds and names.
TRIPLETTE_DOCUMENTS = _documents(
    documents_triplettes,
    documents_triplettes.cards_pdf,
    documents_triplettes_results,
    excel_triplettes,
)
QUADRETTE_DOCUMENTS = _documents(
    documents_quadrettes,
    documents_quadrettes.cards_pdf,
    documents_quadrettes_results,
    excel_quadrettes,
)


def documents_of(tournament) -> dict | None:
    """The documents a tournament's séances have (None: not a duplicate)."""
    if tournament.is_quadrettes:
        return QUADRETTE_DOCUMENTS
    if tournament.is_triplettes:
        return TRIPLETTE_DOCUMENTS
    return DOCUMENTS if tournament.is_duplicate else None


# The quadrettes' own names of two documents, as their séance page calls them.
QUADRETTE_NAMES = {
    "cards": lambda: _("Preparation and table cards (PDF)"),
    "export": lambda: _("Every score and PM (Excel)"),
}


def params(session: int, doc: str, tournament=None) -> dict:
    """A document's job parameters; a quadrettes' says so, for its name (``_label``)."""
    found = {"session": session, "doc": doc}
    if tournament is not None and tournament.is_quadrettes:
        found["form"] = "quadrettes"
    return found


def _make(tournament, params, progress):
    session = Session.objects.filter(tournament=tournament, number=params["session"]).first()
    documents = documents_of(tournament)
    if session is None or documents is None or params["doc"] not in documents:
        return None
    _name, make = documents[params["doc"]]
    return make(session)


def _label(params):
    name, _make = DOCUMENTS[params["doc"]]
    if params.get("form") == "quadrettes":
        name = QUADRETTE_NAMES.get(params["doc"], name)
    return _("%(name)s, séance %(k)s") % {"name": name(), "k": params["session"]}


def register_duplicate_documents() -> None:
    register(Kind(KIND, Role.SCORER, _make, _label))
