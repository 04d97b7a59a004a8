"""The writers every document shares: a PDF from a template, rows in and file bytes out (Excel
workbook or CSV).

A row generator (``arbitration.documents.report_rows``,
``scoring.formats.libre.exports.individual_rows``, …) yields a header row then data rows of plain
values: numbers stay numbers, times are naive local datetimes, text is text. These writers know
nothing of what the rows mean and never touch the database; the document functions that call them
return ``(filename, content_type, bytes)``, which ``common.views.download`` serves.

``render_pdf`` renders a template under ``templates/print/`` through WeasyPrint, with no outside
resource: the only URLs a document may load are its own ``resource:`` images (fonts are the
system's).
"""

import csv
import datetime
import io
from collections.abc import Iterable, Sequence
from decimal import Decimal

from django.template.loader import render_to_string
from django.utils import timezone, translation

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv; charset=utf-8"
CSV_DELIMITER = ";"
# Characters that make a spreadsheet read a CSV cell as a formula.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def local_naive(moment):
    """Spreadsheets know no time zones: the tournament's local time, without its zone."""
    return None if moment is None else timezone.localtime(moment).replace(tzinfo=None)


def _cell(ws, value):
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    if not isinstance(value, str):
        return value
    cell = WriteOnlyCell(ws, ILLEGAL_CHARACTERS_RE.sub("", value))
    # A name or note starting with "=" is text typed by someone, never a formula to run.
    cell.data_type = "s"
    return cell


def _header_cell(ws, label, font):
    """A header cell, bold; text in it is text, as in every other cell."""
    from openpyxl.cell import WriteOnlyCell

    cell = _cell(ws, label) if isinstance(label, str) else WriteOnlyCell(ws, label)
    cell.font = font
    return cell


def _decimal_cell(ws, value, number_format):
    from openpyxl.cell import WriteOnlyCell

    cell = WriteOnlyCell(ws, value)
    cell.number_format = number_format
    return cell


def xlsx_bytes(
    sheets: Iterable[tuple[str, Iterable[Sequence]]], *, decimal_format: str = ""
) -> bytes:
    """A workbook in write-only mode: one sheet per ``(title, rows)``, the first row a frozen,
    bold header; ``decimal_format`` (such as "#,##0.00" for amounts) shows every Decimal cell
    so."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    workbook = Workbook(write_only=True)
    bold = Font(bold=True)
    for title, rows in sheets:
        ws = workbook.create_sheet(title)
        ws.freeze_panes = "A2"
        rows = iter(rows)
        ws.append([_header_cell(ws, label, bold) for label in next(rows, [])])
        for row in rows:
            ws.append(
                [
                    _decimal_cell(ws, value, decimal_format)
                    if decimal_format and isinstance(value, Decimal)
                    else _cell(ws, value)
                    for value in row
                ]
            )
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _csv_value(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, datetime.datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, Decimal):  # the comma is the French decimal separator
        return str(value).replace(".", ",")
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        # Typed text, never a formula: the apostrophe is how spreadsheets mark a text cell.
        return "'" + value
    return value


def csv_bytes(rows: Iterable[Sequence]) -> bytes:
    """The rows as CSV for French Excel: UTF-8 with a byte-order mark (so accents survive a
    double-click), fields separated by ``;`` (the comma is the French decimal separator),
    quoted only when needed, lines ending in CRLF. Empty cells for ``None``; text that would
    start a formula is prefixed with an apostrophe."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=CSV_DELIMITER, lineterminator="\r\n")
    for row in rows:
        writer.writerow([_csv_value(value) for value in row])
    return "\ufeff".encode() + buffer.getvalue().encode("utf-8")


def render_pdf(
    template: str,
    context: dict,
    resources: dict | None = None,
    *,
    progress=None,
    chunked: str = "",
    chunk: int = 25,
) -> bytes:
    """The PDF of ``template``; ``resources`` maps names to PNG images it shows as
    ``resource:<name>`` (each embedded once, however many pages show it).

    ``progress`` (``start(total)``, ``advance(steps)``) hears how far the rendering is: laid out,
    then written; with ``chunked``, the name of the context's list of one page each (a
    template without page numbers: each part counts its own), the list is laid out ``chunk``
    items at a time, each part reported as it is done, and the parts are written as one PDF."""
    from weasyprint import HTML  # imported here: loading it takes a while, pages don't need it
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class ResourceFetcher(URLFetcher):
        """Serves the document's own images and refuses every other URL."""

        def fetch(self, url, headers=None):
            name = url.removeprefix("resource:")
            if not url.startswith("resource:") or name not in (resources or {}):
                raise ValueError(f"documents load nothing from outside: {url}")
            return URLFetcherResponse(url, resources[name], headers={"Content-Type": "image/png"})

    def layout(part: dict):
        html = render_to_string(template, {**part, "LANGUAGE_CODE": translation.get_language()})
        return HTML(string=html, url_fetcher=ResourceFetcher()).render()

    items = context.get(chunked, []) if chunked else []
    parts = [items[i : i + chunk] for i in range(0, len(items), chunk)] or [None]
    if progress is not None:
        progress.start(len(items) + 1 if chunked else 2)
    documents = []
    for part in parts:
        documents.append(layout(context if part is None else {**context, chunked: part}))
        if progress is not None:
            progress.advance(len(part) if part is not None else 1)
    pages = [page for document in documents for page in document.pages]
    whole = documents[0] if len(documents) == 1 else documents[0].copy(pages)
    pdf = whole.write_pdf()
    if progress is not None:
        progress.advance(1)
    return pdf
