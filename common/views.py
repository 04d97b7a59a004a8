"""Helpers every app's views share: a request from htmx, the version a form was opened on, a
document as a download, a sortable table one page at a time; and the site's icon at the address
browsers ask for."""

from django.core.paginator import EmptyPage, PageNotAnInteger
from django.http import HttpResponse
from django.shortcuts import redirect
from django.templatetags.static import static
from django_tables2 import RequestConfig


def is_htmx(request) -> bool:
    """True for a request htmx made (it then wants a fragment, not a whole page)."""
    return request.headers.get("HX-Request") == "true"


def form_version(raw) -> int | None:
    """The version a form was opened on; None when the form does not say (not checked)."""
    if raw is None:
        return None
    try:
        return max(0, int(raw))
    except (TypeError, ValueError):
        return -1  # matches no version: the save answers with a conflict


def download(document: tuple[str, str, bytes]) -> HttpResponse:
    """A document function's ``(filename, content_type, bytes)`` as a download: saved as a
    file every time, whether it was ready at once or made by the worker first (shown in the tab,
    a PDF would be one thing on the first ask and another on the next)."""
    filename, content_type, content = document
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def paginate_table(table, request, per_page: int = 100) -> None:
    """Sort a django-tables2 table from the request and show one page of it.

    The page size is ours, never the request's; a page number that is not one shows page 1.
    """
    RequestConfig(request, paginate=False).configure(table)
    try:
        page = int(request.GET.get("page", 1))
    except ValueError:
        page = 1
    try:
        table.paginate(page=page, per_page=per_page)
    except (EmptyPage, PageNotAnInteger):
        table.paginate(page=1, per_page=per_page)


def favicon(request):
    """``/favicon.ico``: the icon, under its static address (which changes with its content)."""
    return redirect(static("img/favicon.ico"))
