"""The position documents as jobs (``tournaments.jobs``): table plan, alphabetical list, table
cards and score sheets (all of them, or the tables asked for)."""

from django.utils.translation import gettext as _

from . import documents
from .extensions import not_seating
from .jobs import Kind, register
from .permissions import Role
from .selectors import change_stamp, seating_stamp

# On the tables: when they enter their deals at the table, each carries its table's code.
ON_THE_TABLE = {"cards", "sheets"}

LABELS = {
    "tables": lambda: _("Table plan"),
    "list": lambda: _("Alphabetical list"),
    "cards": lambda: _("Table cards"),
    "sheets": lambda: _("Score sheets"),
}


def _make(name):
    def make(tournament, params, progress):
        round_ = tournament.rounds.filter(number=params["position"]).first()
        if round_ is None:
            return None
        options = {"round": round_, "progress": progress}
        if name in ("tables", "list"):
            options["seating_url"] = params["seating_url"]
        if name in ON_THE_TABLE and params.get("site"):
            options["site"] = params["site"]  # the tables enter at the table: their codes
        if name == "sheets" and params.get("tables"):
            options["numbers"] = params["tables"]
        maker = {
            "tables": documents.table_plan_pdf,
            "list": documents.alphabetical_list_pdf,
            "cards": documents.table_cards_pdf,
            "sheets": documents.score_sheets_pdf,
        }[name]
        return maker(**options)

    return make


def _label(name):
    def label(params):
        text = _("%(what)s, position %(k)s") % {"what": LABELS[name](), "k": params["position"]}
        tables = params.get("tables")
        if tables:
            text += " · " + _("tables %(numbers)s") % {"numbers": ", ".join(map(str, tables))}
        return text

    return label


def seating_and_bans_stamp(*, tournament) -> int:
    """What the score sheets print: the seating, and the bid bans (but not the sheets of the
    positions being played meanwhile)."""
    return change_stamp(
        tournament=tournament, ignoring=tuple(p for p in not_seating() if p != "bid_ban.")
    )


def register_position_documents() -> None:
    for name in LABELS:
        stamp = seating_and_bans_stamp if name == "sheets" else seating_stamp
        register(Kind(f"position.{name}", Role.SCORER, _make(name), _label(name), stamp))
