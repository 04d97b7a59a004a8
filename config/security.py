"""Protections every page gets: a content security policy and a throttled login.

The policy allows nothing inline: scripts and styles come from our own static files, and
handlers are attached by those scripts (``static/js/confirm.js`` for ``data-confirm``).
Templates must not use ``<script>`` without ``src``, ``on...=`` attributes or ``style=``
(``tests/config/test_security.py`` checks the pages; the browser tests fail on any violation).

Login throttling counts failed logins in the database (``tournaments.LoginFailure``): every
gunicorn worker sees the same counts, and a row per failure gives an exact sliding window with
plain inserts, which concurrent workers cannot lose. (A counter in a shared ``DatabaseCache``
would be read, incremented and written back by each worker, losing increments under
concurrency, and it needs an extra ``createcachetable`` step at deployment.) This module knows
nothing of tournaments.
"""

import ipaddress
import logging
import math
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils import timezone
from django.utils.translation import ngettext

from tournaments.models import LoginFailure

logger = logging.getLogger(__name__)

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        # data: for small images the admin's and our stylesheets may inline.
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


class ContentSecurityPolicyMiddleware:
    """Send ``CONTENT_SECURITY_POLICY`` with every response, in development too.

    Left out: PDFs (opened inline; browsers show them in a built-in viewer that runs inside the
    document, and a strict policy can break it, while a PDF of ours carries no script), and in
    DEBUG the technical 404 and 500 pages, whose inline styles and scripts are Django's own.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if "Content-Security-Policy" in response:
            return response
        if response.get("Content-Type", "").startswith("application/pdf"):
            return response
        if settings.DEBUG and response.status_code in {404, 500}:
            return response
        response["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
        return response


# --- login throttling ---------------------------------------------------------------------------

USERNAME_LIMIT = 5
ADDRESS_LIMIT = 20
WINDOW = timedelta(minutes=15)


def client_address(request) -> str | None:
    """The address the request came from, seen through ``TRUSTED_PROXIES`` reverse proxies.

    Each proxy appends the address it received the request from to ``X-Forwarded-For``; the
    entries before ours are the client's to write, so only the one our outermost proxy added
    is believed.
    """
    candidates = []
    proxies = settings.TRUSTED_PROXIES
    if proxies:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        forwarded = [entry.strip() for entry in forwarded if entry.strip()]
        if len(forwarded) >= proxies:
            candidates.append(forwarded[-proxies])
    candidates.append(request.META.get("REMOTE_ADDR", ""))
    for candidate in candidates:
        try:
            return str(ipaddress.ip_address(candidate))
        except ValueError:
            continue
    return None


def username_key(username: str) -> str:
    """Case and spacing do not make another account for the count."""
    return username.strip().casefold()[:150]


def _retry_at(failures, limit: int) -> datetime | None:
    """When the ``limit``-th most recent failure leaves the window, or None if not blocked."""
    since = timezone.now() - WINDOW
    times = failures.filter(at__gt=since).order_by("-at").values_list("at", flat=True)
    limiting = list(times[limit - 1 : limit])
    return limiting[0] + WINDOW if limiting else None


def login_retry_at(*, username: str, address: str | None) -> datetime | None:
    """When a refused login may be tried again, or None if it may be tried now."""
    blocks = [_retry_at(LoginFailure.objects.filter(username=username), USERNAME_LIMIT)]
    if address is not None:
        blocks.append(_retry_at(LoginFailure.objects.filter(address=address), ADDRESS_LIMIT))
    blocks = [block for block in blocks if block is not None]
    return max(blocks) if blocks else None


def login_failure_record(*, username: str, address: str | None) -> None:
    LoginFailure.objects.filter(at__lte=timezone.now() - WINDOW).delete()
    LoginFailure.objects.create(username=username, address=address)


def login_failures_clear(*, username: str) -> None:
    LoginFailure.objects.filter(username=username).delete()


class ThrottledLoginMixin:
    """For an ``AuthenticationForm``: refuse the attempt outright while its username or address
    is blocked (the password is not even checked), count a wrong password, and forget the
    username's failures once it logs in.

    Attempts running at the same moment may each pass the check before any failure is counted;
    that lets a few more through, never fewer.
    """

    def clean(self):
        username = username_key(self.cleaned_data.get("username") or "")
        address = client_address(self.request) if self.request is not None else None
        retry_at = login_retry_at(username=username, address=address)
        if retry_at is not None:
            logger.warning("login refused: too many failures (%r from %s)", username, address)
            minutes = max(1, math.ceil((retry_at - timezone.now()).total_seconds() / 60))
            raise ValidationError(
                ngettext(
                    "Too many failed login attempts. Try again in %(minutes)s minute.",
                    "Too many failed login attempts. Try again in %(minutes)s minutes.",
                    minutes,
                )
                % {"minutes": minutes},
                code="throttled",
            )
        try:
            cleaned = super().clean()
        except ValidationError:
            if self.user_cache is None:
                login_failure_record(username=username, address=address)
            raise
        if self.user_cache is not None:
            login_failures_clear(username=username)
        return cleaned


class ThrottledAuthenticationForm(ThrottledLoginMixin, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(ThrottledLoginMixin, AdminAuthenticationForm):
    """The admin's login form, throttled like ours: the admin is another way in."""


class ThrottledLoginView(auth_views.LoginView):
    form_class = ThrottledAuthenticationForm

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.has_error(NON_FIELD_ERRORS, "throttled"):
            response.status_code = 429
        return response
