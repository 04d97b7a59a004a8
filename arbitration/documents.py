"""The arbitre's report: every incident and its decisions, as an A4 PDF and as a spreadsheet.

Each document function returns ``(filename, content_type, bytes)`` for
``common.views.download``. The spreadsheet is written from ``report_rows``, a row
generator on the same selector as the PDF, so the rankings workbook can add the same sheet
("Arbitrage") to its own. Must not write to the database.
"""

from collections.abc import Iterator

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from common.rendering import PDF, XLSX, local_naive, render_pdf, xlsx_bytes
from tournaments.models import Registration, Tournament

from .models import Decision, Incident
from .selectors import report_incidents

SHEET_TITLE = "Arbitrage"


def person(registration: Registration | None) -> str:
    """ "12 MARTIN Jeanne": a player as the arbitre names them (number first)."""
    if registration is None:
        return ""
    return f"{registration.number} {registration.name}"


def decision_label(decision: Decision) -> str:
    """The decision's type, with the deal a bid ban is about."""
    label = decision.get_kind_display()
    if decision.kind != Decision.Kind.BID_BAN:
        return label
    if decision.deal_number is None:
        target = _("position %(k)s, first deal played") % {"k": decision.position}
    else:
        target = _("position %(k)s, deal %(n)s") % {
            "k": decision.position,
            "n": decision.deal_number,
        }
    return f"{label} ({target})"


def report_header(*, etuis: bool = False) -> list[str]:
    """The columns; a duplicate's incidents name an étui of the séance (``etuis``)."""
    return [
        _("Position"),
        _("Table"),
        _("Étui") if etuis else _("Deal"),
        _("Called at"),
        _("Type"),
        _("Offender"),
        _("Called by"),
        _("Status"),
        _("Decision"),
        _("Player"),
        _("Points"),
        pgettext("arbitration decision", "Note"),
        _("Automatic"),
        _("Undone at"),
        _("Why it was undone"),
    ]


def _incident_cells(incident: Incident) -> list:
    return [
        incident.round.number,
        incident.table.number if incident.table else None,
        incident.deal_number,
        local_naive(incident.called_at),
        incident.get_kind_display(),
        person(incident.offender),
        person(incident.caller),
        incident.get_status_display(),
    ]


def _decision_cells(decision: Decision | None) -> list:
    if decision is None:
        return [""] * 7
    return [
        decision_label(decision),
        _("the dealer") if decision.on_dealer else person(decision.registration),
        decision.points,
        decision.note,
        _("yes") if decision.automatic else "",
        local_naive(decision.undone_at),
        decision.undo_reason,
    ]


def workbook_sheet(tournament: Tournament) -> tuple[str, Iterator[list]]:
    """The report as the results workbook's last sheet (registered with
    ``scoring.formats.libre.exports``)."""
    return SHEET_TITLE, report_rows(tournament=tournament)


def report_rows(*, tournament: Tournament) -> Iterator[list]:
    """The header, then one row per decision (an incident without any gets one row of its own),
    by position then time. Numbers stay numbers, times are naive local datetimes."""
    yield report_header(etuis=tournament.plays_duplicate)
    for incident in report_incidents(tournament=tournament):
        decisions = list(incident.decisions.all()) or [None]
        for decision in decisions:
            yield _incident_cells(incident) + _decision_cells(decision)


def _filename(tournament: Tournament, extension: str) -> str:
    return f"{tournament.slug}-arbitrage.{extension}"


def arbitration_report_xlsx(*, tournament: Tournament) -> tuple[str, str, bytes]:
    content = xlsx_bytes([(SHEET_TITLE, report_rows(tournament=tournament))])
    return _filename(tournament, "xlsx"), XLSX, content


def _by_position(incidents) -> list[tuple[int, list[Incident]]]:
    groups: dict[int, list[Incident]] = {}
    for incident in incidents:
        groups.setdefault(incident.round.number, []).append(incident)
    return list(groups.items())


def arbitration_report_pdf(*, tournament: Tournament, progress=None) -> tuple[str, str, bytes]:
    incidents = list(report_incidents(tournament=tournament))
    decisions = [d for incident in incidents for d in incident.decisions.all()]
    context = {
        "tournament": tournament,
        "positions": _by_position(incidents),
        "incident_count": len(incidents),
        "decision_count": sum(1 for d in decisions if d.is_active),
        "penalty_points": sum(
            d.points or 0 for d in decisions if d.kind == Decision.Kind.PENALTY and d.is_active
        ),
        "printed_at": timezone.localtime(),
    }
    return (
        _filename(tournament, "pdf"),
        PDF,
        render_pdf("print/arbitration_report.html", context, progress=progress),
    )


def _report_label(params) -> str:
    return _("Arbitre's report (%(fmt)s)") % {"fmt": "PDF" if params["fmt"] == "pdf" else "Excel"}


def _report(tournament, params, progress):
    if params["fmt"] == "pdf":
        return arbitration_report_pdf(tournament=tournament, progress=progress)
    return arbitration_report_xlsx(tournament=tournament)


def register_report_documents() -> None:
    """The arbitre's report, as a job of ``tournaments.jobs``."""
    from tournaments.jobs import Kind, register
    from tournaments.permissions import Role

    register(Kind("arbitration.report", Role.ARBITRE, _report, _report_label))
