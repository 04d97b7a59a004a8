"""Protections every page gets: a content security policy, no caching of what staff see, a
throttled login, and a limit on the heavy documents one account may have rendered.

The policy (``settings.CONTENT_SECURITY_POLICY``, sent by django-csp) allows nothing inline:
scripts and styles come from our own static files, and handlers are attached by those scripts
(``static/js/confirm.js`` for ``data-confirm``). Templates must not use ``<script>`` without
``src``, ``on...=`` attributes or ``style=`` (``tests/config/test_security.py`` checks the
pages; the browser tests fail on any violation).

Login throttling counts failed logins in the database (``tournaments.LoginFailure``): every
gunicorn worker sees the same counts, and a row per failure gives an exact sliding window with
plain inserts, which concurrent workers cannot lose. (A counter in a shared ``DatabaseCache``
would be read, incremented and written back by each worker, losing increments under
concurrency, and it needs an extra ``createcachetable`` step at deployment.)

Each attempt writes its row *before* its password is checked, then counts the rows, its own
included: of attempts arriving together, only those whose row is among the first ``limit`` go
on, however many there are. Counting after the check, as django-axes does (its issue 592,
"won't fix"), let an attack of 48 simultaneous guesses check 18 passwords against a limit of
5; that is why this project keeps its own throttle. This module knows nothing of tournaments.

A successful login clears the failures of the account that logged in, from the username's
count only (``LoginFailure.cleared``): the address's count keeps them, so that an attacker who
logs into an account of their own between guesses gains no guess against anyone. The failures
cleared are those typed as a name of that account (``username_key`` of its username, which no
other account shares: ``tournaments.accounts`` refuses look-alike usernames).
"""

import ipaddress
import logging
import math
import unicodedata
from datetime import datetime, timedelta

from csp.middleware import CSPMiddleware
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils import timezone
from django.utils.cache import add_never_cache_headers
from django.utils.translation import ngettext

from tournaments.models import LoginFailure

logger = logging.getLogger(__name__)


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    """django-csp's middleware, sending ``settings.CONTENT_SECURITY_POLICY`` with every
    response, in development too (django-csp leaves out DEBUG's technical 404 and 500 pages,
    whose inline styles and scripts are Django's own).

    Also left out: PDFs (opened inline; browsers show them in a built-in viewer that runs inside
    the document, and a strict policy can break it, while a PDF of ours carries no script).
    """

    def process_response(self, request, response):
        if response.get("Content-Type", "").startswith("application/pdf"):
            response._csp_exempt = True
        return super().process_response(request, response)


class NoStoreMiddleware:
    """``Cache-Control: no-store`` on what staff see: every response to a logged-in account
    and every staff or admin address (pages, exports, PDFs, backups). A shared computer at the
    venue, a proxy or the browser's back button must not keep a sheet, a player's e-mail or a
    one-time link. Public pages seen by the public keep their own caching."""

    STAFF_PREFIXES = ("/manage/", "/admin/", "/accounts/")

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)
        staff = (user is not None and user.is_authenticated) or request.path.startswith(
            self.STAFF_PREFIXES
        )
        if staff:
            add_never_cache_headers(response)
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
    """Case, compatibility forms (full-width letters) and spacing do not make another account
    for the count: every name that logs into one account has one key."""
    return unicodedata.normalize("NFKC", username).strip().casefold()[:150]


def _retry_at(failures, limit: int) -> datetime | None:
    """When the ``limit``-th most recent failure leaves the window, or None if not blocked."""
    since = timezone.now() - WINDOW
    times = failures.filter(at__gt=since).order_by("-at").values_list("at", flat=True)
    limiting = list(times[limit - 1 : limit])
    return limiting[0] + WINDOW if limiting else None


def login_retry_at(*, username: str, address: str | None) -> datetime | None:
    """When a refused login may be tried again, or None if it may be tried now."""
    named = LoginFailure.objects.filter(username=username, cleared=False)
    blocks = [_retry_at(named, USERNAME_LIMIT)]
    if address is not None:
        blocks.append(_retry_at(LoginFailure.objects.filter(address=address), ADDRESS_LIMIT))
    blocks = [block for block in blocks if block is not None]
    return max(blocks) if blocks else None


def login_attempt_begin(*, username: str, address: str | None) -> LoginFailure | None:
    """Count an attempt before its password is checked: its row, or None when the username or
    the address already has its limit of failures in the window (the row is then taken back:
    a refused attempt checks no password and is not a failure)."""
    now = timezone.now()
    LoginFailure.objects.filter(at__lte=now - WINDOW).delete()
    attempt = LoginFailure.objects.create(username=username, address=address, at=now)
    recent = LoginFailure.objects.filter(at__gt=now - WINDOW)
    over = recent.filter(username=username, cleared=False).count() > USERNAME_LIMIT or (
        address is not None and recent.filter(address=address).count() > ADDRESS_LIMIT
    )
    if over:
        attempt.delete()
        return None
    return attempt


def login_failures_clear(*, account) -> None:
    """After ``account`` logged in: its failures no longer count for its username (they still
    count for the addresses they came from)."""
    key = username_key(account.get_username())
    LoginFailure.objects.filter(username=key, cleared=False).update(cleared=True)


class ThrottledLoginMixin:
    """For an ``AuthenticationForm``: count the attempt first (``login_attempt_begin``) and
    refuse it outright while its username or address is blocked (the password is not even
    checked); a wrong password leaves the attempt counted; a right one takes the failures of the
    account that logged in out of its username's count, and nothing out of the address's."""

    def clean(self):
        username = username_key(self.cleaned_data.get("username") or "")
        address = client_address(self.request) if self.request is not None else None
        attempt = login_attempt_begin(username=username, address=address)
        if attempt is None:
            logger.warning("login refused: too many failures (%r from %s)", username, address)
            retry_at = login_retry_at(username=username, address=address) or timezone.now()
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
            if self.user_cache is not None:  # the right password, for an inactive account
                attempt.delete()
            raise
        attempt.delete()  # a success is no failure, nor a form sent without both fields
        if self.get_user() is not None:
            login_failures_clear(account=self.get_user())
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
