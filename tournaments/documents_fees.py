"""The treasurer's sheet of a tournament as documents: a PDF (``templates/print/treasurer.html``)
and an Excel workbook, both from ``selectors_fees.treasurer_sheet``. Amounts in the workbook
are numbers in euros with two decimals (``common.money.euros``: exact Decimals, never floats).
Each function returns ``(filename, content_type, bytes)``; nothing here writes.
"""

from django.utils import timezone
from django.utils.translation import gettext as _

from common.money import euros
from common.rendering import PDF, XLSX, render_pdf, xlsx_bytes

from .models import FeeCategory, Tournament
from .selectors_fees import TreasurerSheet, treasurer_sheet


def _name(tournament: Tournament, ext: str) -> str:
    return f"{tournament.slug}-treasurer.{ext}"


def summary_rows(sheet: TreasurerSheet):
    """Header, then one row per category, per payment method, and the total collected."""
    yield [_("Category or payment"), _("Fee (€)"), _("Players"), _("Amount (€)")]
    for line in sheet.by_category:
        fee = None if line.fee_cents is None else euros(line.fee_cents)
        yield [line.label, fee, line.count, euros(line.cents)]
    for line in sheet.by_payment:
        yield [line.label, None, line.count, euros(line.cents)]
    yield [_("Total collected"), None, sheet.paid_count, euros(sheet.collected_cents)]
    yield [_("Still due"), None, len(sheet.unpaid), euros(sheet.due_cents)]


def unpaid_rows(sheet: TreasurerSheet):
    """Header, then each player who has not paid, with the category proposed and the amount."""
    yield [_("No."), _("Player"), _("Club"), _("Checked in"), _("Category"), _("Due (€)")]
    for row in sheet.unpaid:
        label = str(FeeCategory(row.category).label) if row.category else ""
        checked = _("yes") if row.checked_in else _("no")
        yield [row.number, row.name, row.club, checked, label, euros(row.due_cents)]


def treasurer_xlsx(*, tournament: Tournament) -> tuple[str, str, bytes]:
    sheet = treasurer_sheet(tournament=tournament)
    content = xlsx_bytes(
        [
            (_("Fees"), summary_rows(sheet)),
            (_("Not paid"), unpaid_rows(sheet)),
        ],
        decimal_format="#,##0.00",
    )
    return _name(tournament, "xlsx"), XLSX, content


def treasurer_pdf(*, tournament: Tournament) -> tuple[str, str, bytes]:
    context = {
        "tournament": tournament,
        "sheet": treasurer_sheet(tournament=tournament),
        "made_at": timezone.localtime(),
    }
    return _name(tournament, "pdf"), PDF, render_pdf("print/treasurer.html", context)
