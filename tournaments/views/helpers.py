"""Small helpers shared by the views (staff and public)."""

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.paginator import EmptyPage, PageNotAnInteger
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django_tables2 import RequestConfig

from ..models import Tournament
from ..permissions import role_of


def add_service_error(form, exc: ValidationError) -> None:
    """Show a service's ValidationError on the form: next to its field when the form has it."""
    if hasattr(exc, "error_dict"):
        for field, errors in exc.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc)


def is_htmx(request) -> bool:
    """True for a request htmx made (it then wants a fragment, not a whole page)."""
    return request.headers.get("HX-Request") == "true"


def download(document: tuple[str, str, bytes]) -> HttpResponse:
    """A document function's ``(filename, content_type, bytes)`` as a download."""
    filename, content_type, content = document
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
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


def public_tournament(request, slug) -> Tournament:
    """The tournament of a public page: a 404 when it is not public, except for its staff."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.is_public and role_of(request.user, tournament) is None:
        raise Http404
    return tournament


def nothing_new(request, stamp: int) -> bool:
    """A poll (``?stamp=``) from a page that already shows this state of the tournament: the
    view answers 204 and htmx leaves the page alone."""
    return request.GET.get("stamp", "").strip() == str(stamp)


def refresh_seconds() -> int:
    """How often public pages ask for news (``PUBLIC_REFRESH_SECONDS``, 15 by default)."""
    return getattr(settings, "PUBLIC_REFRESH_SECONDS", 15)


FRAGMENT_SECONDS = 600


def cached_fragment(request, template: str, context, *key) -> str:
    """The live part of a public page, rendered once per state of the tournament and language.

    ``context`` is the template's context, or a function making it (called on a miss only:
    what it computes is not even read from a cache when the rendered bytes are there).

    ``key`` must name everything the fragment shows, the change stamp included: a new stamp is
    a new key, so every worker serves fresh bytes without being told. Fragments hold nothing
    personal (no CSRF token, no account), so every visitor may be served the same bytes; a
    thousand rows render once instead of at every viewer's poll.
    """
    full_key = ":".join(["fragment", template, get_language() or "", *map(str, key)])
    html = cache.get(full_key)
    if html is None:
        html = render_to_string(template, context() if callable(context) else context, request)
        cache.set(full_key, html, FRAGMENT_SECONDS)
    return mark_safe(html)


def polled_unchanged(request, stamp: int) -> bool:
    """A poll from a public page's live part (``?fragment=1``) that already shows ``stamp``."""
    return request.GET.get("fragment") == "1" and nothing_new(request, stamp)


def live_page(request, template, fragment_template, context, make, *key):
    """A public page, or its live part alone to a poll (``?fragment=1``). ``make`` returns what
    the live part needs besides ``context``; it is called only when the rendered part is not in
    the cache under ``key`` (what it shows, the stamp included)."""
    fragment = cached_fragment(request, fragment_template, lambda: {**context, **make()}, *key)
    if request.GET.get("fragment") == "1":
        return HttpResponse(fragment)
    return render(request, template, {**context, "fragment_html": fragment})
