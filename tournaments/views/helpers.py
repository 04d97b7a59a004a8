"""Small helpers shared by the views (staff and public)."""

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.http.request import split_domain_port
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from common.network import is_loopback, lan_address

from ..models import Tournament
from ..permissions import role_of


def public_tournament(request, slug) -> Tournament:
    """The tournament of a public page: a 404 when it is not public, except for its staff."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.is_public and role_of(request.user, tournament) is None:
        raise Http404
    return tournament


def site_address(request) -> str:
    """The server's address as the players' phones reach it ("http://192.168.1.20:8000"), as
    the request reached the server: on the club's network, the laptop's LAN address. An
    organiser working on the laptop itself (127.0.0.1, localhost) would print an address no
    phone can open: the laptop's address on its network is printed instead, when it has one."""
    host, port = split_domain_port(request.get_host())
    lan = lan_address() if is_loopback(host) else None
    if lan is None:
        return request.build_absolute_uri("/").rstrip("/")
    return f"{request.scheme}://{lan}{':' + port if port else ''}"


def seating_address(request, tournament: Tournament) -> str:
    """The absolute address of the tournament's public seating page ("Where do I sit?"), on
    the server as the players reach it (``site_address``). Printed and shown with its QR code
    (``common.qr``)."""
    return site_address(request) + reverse("public:seating", kwargs={"slug": tournament.slug})


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
