"""What many test modules do the same way, written once: the address of a page, a sheet entered
at a table, the text of a PDF.

- ``url`` gives a page of a tournament by its full name (``"manage:rounds"``), ``urls_of`` the
  same for the pages of one namespace named without it (``"new"`` for ``"arbitration:new"``),
  ``table_url`` a scoring page of a table, ``export_url`` a results export.
- ``enter`` saves a libre score sheet through the service, the official sample with its visas
  unless told otherwise, and confirms it if asked.
- ``text_of`` reads a PDF's words back with pypdf, ``page_texts`` page by page, ``flat_lines``
  a page's lines with their runs of spaces made one.

Fixtures stay in the conftest files; the factories in ``tests.factories``.
"""

import io
from collections.abc import Callable

from django.urls import reverse
from pypdf import PdfReader

from scoring.formats.libre import services
from scoring.formats.libre.forms import read_entry
from tests.scoring.conftest import SAMPLE, VISAS

# --- addresses ---------------------------------------------------------------------------------

# A scoring page of a position rather than of one of its tables.
_POSITION_PAGES = ("dashboard", "open", "close", "reopen")


def url(name: str, tournament=None, **kwargs) -> str:
    """The address of page ``name`` of ``tournament`` (its slug), with the address's other
    parts; without a tournament, of a page of none."""
    if tournament is not None:
        kwargs["slug"] = tournament.slug
    return reverse(name, kwargs=kwargs)


def urls_of(namespace: str) -> Callable[..., str]:
    """``url`` for the pages of ``namespace``, each named without it."""

    def address(name: str, tournament=None, **kwargs) -> str:
        return url(f"{namespace}:{name}", tournament, **kwargs)

    return address


def table_url(name: str, table, **extra) -> str:
    """The address of scoring page ``name`` of ``table`` (of its position for the position's
    pages: the dashboard, opening and closing)."""
    kwargs = {"slug": table.round.tournament.slug, "number": table.round.number, **extra}
    if name not in _POSITION_PAGES:
        kwargs["table"] = table.number
    return reverse(f"scoring:{name}", kwargs=kwargs)


def export_url(tournament, kind: str, fmt: str, query: str = "") -> str:
    """The address of results export ``kind`` in format ``fmt``, with a query string."""
    path = reverse("scoring:export", kwargs={"slug": tournament.slug, "kind": kind, "fmt": fmt})
    return path + query


# --- sheets ------------------------------------------------------------------------------------


def enter(table, user, data=None, base=0, *, confirm_by=None, **kwargs):
    """The libre score sheet ``user`` saves at ``table`` over version ``base``: ``data`` as the
    page posts it (the official sample with every visa by default), ``kwargs`` to the service;
    confirmed by ``confirm_by`` when given."""
    sheet = services.scoresheet_save(
        table=table,
        user=user,
        entry=read_entry({**SAMPLE, **VISAS} if data is None else data),
        base_version=base,
        **kwargs,
    )
    if confirm_by:
        services.scoresheet_confirm(sheet=sheet, user=confirm_by)
    return sheet


# --- documents ---------------------------------------------------------------------------------


def page_texts(pdf: bytes) -> list[str]:
    """The text of each page of ``pdf``."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def text_of(pdf: bytes) -> str:
    """The text of ``pdf``, its pages one after the other."""
    return "\n".join(page_texts(pdf))


def flat_lines(text: str) -> list[str]:
    """The lines of ``text``, each with its runs of spaces made one."""
    return [" ".join(line.split()) for line in text.splitlines()]
