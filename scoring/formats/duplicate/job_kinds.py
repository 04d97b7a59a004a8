"""A duplicate séance's documents as jobs (``tournaments.jobs``): the travelling sheets blank
or topped, the étui labels and diagrams, the table cards, the rankings, the feuilles de route
and the workbook of every score and note, for every duplicate form. Four hundred
players' feuilles de route take the best part of a minute: made by the worker, off the request,
as the donnes-libres documents are; the same document of the same state of the tournament is
made once and served again. Which documents a séance has, and how each is made, is the
tournament's format's (``DuplicateFamily.session_documents``)."""

from django.utils.translation import gettext as _

from scoring.formats.duplicate import documents as documents_duplicate
from scoring.formats.duplicate import documents_results as documents_duplicate_results
from scoring.formats.duplicate import excel as excel_duplicate
from scoring.formats.registry import format_named, format_of
from tournaments.jobs import Kind, register
from tournaments.models import Session
from tournaments.permissions import Role

KIND = "duplicate"
# On the tables: when they enter their étuis at the table, each card carries its table's codes.
ON_THE_TABLE = {"cards"}

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


def documents_from(sheets, cards, results, workbook) -> dict:
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


# The individuel's; the team forms make their own papers (fft-duplicate.md §3, §4) under the
# same kinds and names (their ``format.py``).
DOCUMENTS = documents_from(
    documents_duplicate,
    documents_duplicate_results.cards_pdf,
    documents_duplicate_results,
    excel_duplicate,
)


def documents_of(tournament) -> dict | None:
    """The documents a tournament's séances have (None: not a duplicate)."""
    if not tournament.plays_duplicate:
        return None
    return format_of(tournament).session_documents


def on_the_table(tournament, doc: str) -> bool:
    """Whether the document prints the tables' codes: it lies on the tables and they enter at
    the table (from the server's address as the players reach it, ``params``' ``site``)."""
    return doc in ON_THE_TABLE and tournament.table_entry


def params(session: int, doc: str, tournament=None, site: str = "") -> dict:
    """A document's job parameters; a form that names some documents its own way says which
    it is (``form``: its ``Tournament.format``), for their names (``_label``); ``site``, the
    server as the players reach it, for the tables' codes (``on_the_table``)."""
    found = {"session": session, "doc": doc}
    if site and doc in ON_THE_TABLE:
        found["site"] = site
    named = tournament is not None and tournament.plays_duplicate
    if named and format_of(tournament).own_document_names:
        found["form"] = tournament.format
    return found


def _make(tournament, params, progress):
    session = Session.objects.filter(tournament=tournament, number=params["session"]).first()
    documents = documents_of(tournament)
    if session is None or documents is None or params["doc"] not in documents:
        return None
    _name, make = documents[params["doc"]]
    if params.get("site") and params["doc"] in ON_THE_TABLE:
        return make(session, site=params["site"])  # the tables enter at the table: their codes
    return make(session)


def _label(params):
    name, _make = DOCUMENTS[params["doc"]]
    if params.get("form"):  # a team form that names its documents otherwise
        name = format_named(params["form"]).own_document_names.get(params["doc"], name)
    return _("%(name)s, séance %(k)s") % {"name": name(), "k": params["session"]}


def register_duplicate_documents() -> None:
    register(Kind(KIND, Role.SCORER, _make, _label))
