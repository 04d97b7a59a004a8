"""The results as jobs (``tournaments.jobs``): rankings, each player's page, the workbook and
the CSV files, after a position, provisional or official. The job is every format's: the
tournament's format makes the document (``TournamentFormat.results_document``)."""

from django.utils.translation import gettext as _

from scoring.formats.registry import format_of
from tournaments.jobs import Kind, register
from tournaments.permissions import Role

NAMES = {
    ("individual", "pdf"): lambda: _("Individual ranking (PDF)"),
    ("teams", "pdf"): lambda: _("Team ranking (PDF)"),
    ("players", "pdf"): lambda: _("Each player's results, one page each (PDF)"),
    ("results", "xlsx"): lambda: _("Everything in one workbook (Excel)"),
    ("individual", "csv"): lambda: _("Individual ranking (CSV)"),
    ("teams", "csv"): lambda: _("Team ranking (CSV)"),
    ("positions", "csv"): lambda: _("Marks per position (CSV)"),
    ("deals", "csv"): lambda: _("Every deal (CSV)"),
    ("penalties", "csv"): lambda: _("Penalties (CSV)"),
    ("federation", "csv"): lambda: _("Federation results file (CSV)"),
    ("ranking", "pdf"): lambda: _("Ranking (PDF)"),
    ("ranking", "csv"): lambda: _("Ranking (CSV)"),
}
# Donnes libres: rankings with a bilan per position, each player's page, every deal.
LIBRE = set(NAMES) - {("ranking", "pdf"), ("ranking", "csv")}


def libre_kinds(tournament) -> set[tuple[str, str]]:
    """The results documents of a tournament in donnes libres (a team ranking with teams)."""
    return {(kind, fmt) for kind, fmt in LIBRE if kind != "teams" or tournament.has_teams}


def _make(tournament, params, progress):
    return format_of(tournament).results_document(
        tournament=tournament,
        kind=params["kind"],
        fmt=params["fmt"],
        up_to=params["up_to"],
        official=params["official"],
        progress=progress,
    )


def _label(params):
    name = NAMES[params["kind"], params["fmt"]]()
    state = _("official") if params["official"] else _("provisional")
    if params["kind"] == "ranking" or params.get("up_to") is None:
        return _("%(name)s, %(state)s") % {"name": name, "state": state}
    return _("%(name)s, after position %(k)s, %(state)s") % {
        "name": name,
        "k": params["up_to"],
        "state": state,
    }


def register_results_documents() -> None:
    register(Kind("results", Role.ARBITRE, _make, _label))
