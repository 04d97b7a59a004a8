"""Browser tests: Playwright (sync API) drives the system Chromium against ``live_server``.

No browser is ever downloaded: we use Debian's ``chromium`` package (``CHROMIUM_PATH`` overrides
the path). Without it the tests are skipped on a workstation and fail in CI (``CI`` set), so a CI
run can never go green without having driven a browser.

Every browser test is also a content security policy check: each context the tests open (through
``page`` or ``browser.new_context``) reports the violations Chromium sees, and a test during
which any was reported fails at teardown, with the list.
"""

import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect, sync_playwright

CHROMIUM_ARGS = [
    "--no-sandbox",  # CI runs as root in a container
    "--disable-gpu",
    "--disable-dev-shm-usage",
    # The machines have no network: keep Chromium from phoning home (refused-connection noise).
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DEFAULT_TIMEOUT_MS = 10_000
SCREENSHOT_DIR = Path(tempfile.gettempdir())

# Playwright runs this before the page's own scripts, outside the page's policy.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolation(
    `${event.effectiveDirective} refused ${event.blockedURI || "inline"} at ` +
    `${event.sourceFile || event.documentURI}:${event.lineNumber} (${event.sample || ""})`
  );
});
"""
# The violations of the running test; csp_violations empties it before each test.
_violations: list[str] = []


def _watch_csp(context):
    """Collect ``context``'s CSP violations: from the DOM event, and from Chromium's console
    messages (which also covers what happens before the event listener is in place)."""
    context.expose_binding(
        "__cspViolation", lambda source, text: _violations.append(f"{source['frame'].url}: {text}")
    )
    context.add_init_script(REPORT_VIOLATIONS)

    def on_console(message):
        if "Content Security Policy" in message.text:
            _violations.append(f"console {message.type}: {message.text}")

    context.on("console", on_console)
    return context


class CspWatchingBrowser:
    """The Playwright ``Browser``, whose new contexts report their CSP violations."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **kwargs):
        return _watch_csp(self._browser.new_context(**kwargs))

    def new_page(self, **kwargs):
        # The page owns its context (closed with it); the watch applies from its first goto.
        page = self._browser.new_page(**kwargs)
        _watch_csp(page.context)
        return page

    def __getattr__(self, name):
        return getattr(self._browser, name)


def _find_chromium() -> str | None:
    candidates = [os.environ.get("CHROMIUM_PATH"), shutil.which("chromium"), "/usr/bin/chromium"]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = _find_chromium()
    if path is None:
        message = (
            "no system Chromium (install Debian's chromium package: apt-get install chromium, "
            "or set CHROMIUM_PATH); browser tests need it"
        )
        if os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}:
            pytest.fail(f"{message}. CI is set, so this is a failure, not a skip.", pytrace=False)
        pytest.skip(message)
    return path


@pytest.fixture(scope="package")
def browser(chromium_path):
    """One Chromium for the browser tests, stopped after them (its event loop with it).

    Playwright's sync API keeps an asyncio event loop running in the test thread (in a greenlet),
    so Django would refuse the tests' own ORM calls (factories, assertions) with
    SynchronousOnlyOperation. Those calls are plain synchronous code: allow them, but only while
    Playwright runs. Set for the whole session, the variable would leak into other tests and
    their subprocesses (``check --deploy`` reports it as async.E001).
    """
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(
                executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS
            )
            yield CspWatchingBrowser(chromium)
            chromium.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test item, so ``page`` knows whether the test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(autouse=True)
def csp_violations():
    """Fail the test if a page it opened broke the content security policy.

    Set up before ``page`` and torn down after it, so that its context is closed by then.
    """
    _violations.clear()
    yield _violations
    found, unique = list(_violations), []
    _violations.clear()
    for violation in found:
        if violation not in unique:
            unique.append(violation)
    if unique:
        pytest.fail("content security policy violations:\n" + "\n".join(unique), pytrace=False)


@pytest.fixture
def page(browser, live_server, request):
    """A fresh browser context (no cookies) in English, whose relative URLs hit ``live_server``.

    On failure a screenshot of the page is saved in the temporary directory.
    """
    context = browser.new_context(
        base_url=live_server.url, locale="en-US", viewport={"width": 1280, "height": 900}
    )
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    expect.set_options(timeout=DEFAULT_TIMEOUT_MS)
    page = context.new_page()
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)[-150:]
        path = SCREENSHOT_DIR / f"browser-{name}.png"
        try:
            page.screenshot(path=str(path), full_page=True)
            print(f"\nscreenshot of the failed browser test: {path}")
        except Exception as exc:  # the page may be gone; the test failure is what matters
            print(f"\nno screenshot of the failed browser test: {exc}")
    context.close()


@pytest.fixture
def log_in(page, live_server):
    """Log ``user`` in by handing the browser a session cookie (the UI login has its own test)."""

    def log_in(user):
        # The session carries a hash of the password: take the account as the database has it.
        user = type(user).objects.get(pk=user.pk)
        client = Client()
        client.force_login(user)
        session_key = client.cookies[settings.SESSION_COOKIE_NAME].value
        page.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": session_key, "url": live_server.url}]
        )
        return user

    return log_in


def fetch_document(page, href: str):
    """A document as a user gets it: at once when ready, else from its job's page once the
    real worker has made it (tournaments.jobs; run here, in the test's thread: a worker thread
    would lock the in-memory SQLite database the live server shares). The file's response."""
    from tests.jobs import run_jobs

    response = page.request.get(href, max_redirects=0)
    if response.status == 302:
        run_jobs()
        response = page.request.get(response.headers["location"].rstrip("/") + "/file/")
    return response


def printed_text(page, link_name: str) -> list[str]:
    """The text of each page of the PDF behind the link named ``link_name``, fetched as a user
    gets it (``fetch_document``)."""
    import io

    from pypdf import PdfReader

    href = page.get_by_role("link", name=link_name, exact=True).get_attribute("href")
    response = fetch_document(page, href)
    assert response.ok and response.body().startswith(b"%PDF"), (link_name, response.status)
    reader = PdfReader(io.BytesIO(response.body()))
    return [" ".join(p.extract_text().split()) for p in reader.pages]
