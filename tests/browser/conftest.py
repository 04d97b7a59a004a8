"""Browser tests: Playwright (sync API) drives the system Chromium against ``live_server``.

No browser is ever downloaded: we use Debian's ``chromium`` package (``CHROMIUM_PATH`` overrides
the path). Without it the tests are skipped on a workstation and fail in CI (``CI`` set), so a CI
run can never go green without having driven a browser.
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
            yield chromium
            chromium.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test item, so ``page`` knows whether the test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


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
