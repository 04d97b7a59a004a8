"""A challenge's public face (no account): its standings page, which polls for news and is
answered 204 while its stamp (``shown.stamp_of``: the challenge's version and its tournaments'
change stamps) has not moved, its projector panel (``static/js/screen.js`` as the tournaments'
screen), and its standings as a PDF and a workbook (rendered once per state of the standings
and language, then read from the cache). A challenge that is not public is a 404 to anyone but
its managers. Must not write.
"""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from common.cache import compute_once
from common.views import download
from scoring.models import Challenge
from scoring.season import documents
from scoring.season.permissions import manages
from scoring.season.shown import shown_standings, stamp_of
from scoring.season.standings import STANDINGS_SECONDS, compute_standings, standings_key
from scoring.views_screen import display_seconds
from tournaments.views.helpers import (
    live_page,
    nothing_new,
    polled_unchanged,
    refresh_seconds,
    site_address,
)


def public_challenge(request, challenge_slug: str) -> Challenge:
    challenge = get_object_or_404(Challenge, slug=challenge_slug)
    if not challenge.is_public and not manages(request.user, challenge):
        raise Http404
    return challenge


def _shown(challenge: Challenge, key: str):
    """The standings under the key the stamp was made from (one read of the stamps)."""
    return shown_standings(
        compute_once(key, lambda: compute_standings(challenge), STANDINGS_SECONDS)
    )


def _stamp(challenge: Challenge) -> tuple[str, str]:
    key = standings_key(challenge)
    return key, stamp_of(challenge, key=key)


@require_safe
def standings_page(request, challenge_slug):
    challenge = public_challenge(request, challenge_slug)
    key, stamp = _stamp(challenge)
    if polled_unchanged(request, stamp):
        return HttpResponse(status=204)
    context = {
        "challenge": challenge,
        "live_url": f"{request.path}?fragment=1&stamp={stamp}",
        "refresh": refresh_seconds(),
    }
    return live_page(
        request,
        "public/challenge.html",
        "public/_challenge_live.html",
        context,
        lambda: {"shown": _shown(challenge, key)},
        "challenge",
        challenge.pk,
        stamp,
    )


def _panel(challenge: Challenge, key: str, stamp: str) -> dict:
    return {"challenge": challenge, "stamp": stamp, "shown": _shown(challenge, key)}


@require_safe
def screen(request, challenge_slug):
    challenge = public_challenge(request, challenge_slug)
    key, stamp = _stamp(challenge)
    page_url = reverse("challenge:standings", args=[challenge.slug])
    return render(
        request,
        "public/challenge_screen.html",
        {
            **_panel(challenge, key, stamp),
            "seconds": display_seconds(request.GET.get("seconds", "")),
            "page_url": site_address(request) + page_url,
        },
    )


@require_safe
def screen_panel(request, challenge_slug):
    challenge = public_challenge(request, challenge_slug)
    key, stamp = _stamp(challenge)
    if nothing_new(request, stamp):
        return HttpResponse(status=204)
    html = render_to_string(
        "public/_challenge_screen_panel.html", _panel(challenge, key, stamp), request=request
    )
    return HttpResponse(html.strip())  # the section alone (see scoring.views_screen.panel)


DOCUMENT_SECONDS = 600


def _document(challenge: Challenge, kind: str, make):
    """The document of the standings as they are now, in the reader's language: rendered by
    the first reader, then read from the cache (the key moves with any change to the
    standings)."""
    key = f"{standings_key(challenge)}:{kind}:{get_language()}"
    return compute_once(key, lambda: make(challenge=challenge), DOCUMENT_SECONDS)


@require_safe
def standings_pdf(request, challenge_slug):
    challenge = public_challenge(request, challenge_slug)
    return download(_document(challenge, "pdf", documents.standings_pdf))


@require_safe
def standings_xlsx(request, challenge_slug):
    challenge = public_challenge(request, challenge_slug)
    return download(_document(challenge, "xlsx", documents.standings_workbook))
