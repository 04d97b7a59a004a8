"""The content security policy on every page, the production profile's security settings, and
the limits on uploaded player files.

The page check walks the site as an organiser (and the admin as a superuser), following links
from a few starting pages, so that a new page is checked without being listed here. The browser
tests (tests/browser/conftest.py) then fail on any violation Chromium reports.
"""

import json
import os
import subprocess
import sys
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from arbitration import services as arbitration
from scoring.formats.libre import services as sheets
from scoring.formats.libre.forms import read_entry
from tests.arbitration.conftest import seat
from tests.config.test_settings import ROOT, run_manage
from tests.factories import UserFactory
from tests.jobs import fetch
from tests.scoring.conftest import SAMPLE, VISAS, seat_and_publish
from tournaments import imports
from tournaments.models import Registration

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)


def directives(header: str | None) -> dict[str, set[str]]:
    """A policy's directives and their sources, whatever order the header lists them in."""
    parts = [part.split() for part in (header or "").split(";") if part.strip()]
    return {name: set(sources) for name, *sources in parts}


PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "q8#vT2-" + "z9y8x7w6v5u4t3s2r1p0" * 3,
    "ALLOWED_HOSTS": "example.org",
}


class InlineCode(HTMLParser):
    """Collects what the policy would refuse: inline scripts and styles, handler attributes."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self._script_with_src = False

    def handle_starttag(self, tag, attrs):
        text = self.get_starttag_text()
        for name, value in attrs:
            if name.startswith(("on", "hx-on", "data-hx-on")):
                self.problems.append(f"handler attribute: {text}")
            elif name == "style":
                self.problems.append(f"style attribute: {text}")
            elif (value or "").strip().lower().startswith("javascript:"):
                self.problems.append(f"javascript: address: {text}")
        if tag == "script":
            self._script_with_src = any(name == "src" and value for name, value in attrs)
            if not self._script_with_src:
                self.problems.append(f"inline script: {text}")
        elif tag == "style":
            self.problems.append(f"inline style element: {text}")

    def handle_data(self, data):
        if self._script_with_src and self.lasttag == "script" and data.strip():
            self.problems.append(f"script with both src and code: {data.strip()[:80]}")

    def handle_endtag(self, tag):
        if tag == "script":
            self._script_with_src = False


def inline_code(html: str) -> list[str]:
    parser = InlineCode()
    parser.feed(html)
    parser.close()
    return parser.problems


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self.hrefs.extend(value for name, value in attrs if name == "href" and value)


def links(base: str, html: str) -> list[str]:
    parser = Links()
    parser.feed(html)
    return [urljoin(base, href) for href in parser.hrefs]


def crawl(client, starts, *, within="/", never=(), limit=150):
    """GET the start pages and the local pages they link to, one address per path.

    Returns ``{address: response}`` for every HTML response (error pages included).
    """
    seen_paths, pages, queue = set(), {}, list(starts)
    while queue and len(seen_paths) < limit:
        address = queue.pop(0)
        parts = urlsplit(address)
        if parts.netloc and parts.netloc != "testserver":
            continue
        if not parts.path.startswith(within) or parts.path.startswith(tuple(never)):
            continue
        if parts.path in seen_paths:
            continue
        seen_paths.add(parts.path)
        response = client.get(address)
        if not response.get("Content-Type", "").startswith("text/html"):
            continue
        pages[address] = response
        if response.status_code == 200:
            queue.extend(links(address, response.content.decode()))
    return pages


@pytest.mark.parametrize(
    "html",
    [
        "<script>alert(1)</script>",
        '<script src="/static/a.js">alert(1)</script>',
        '<button onclick="go()">x</button>',
        '<p style="color:red">x</p>',
        "<style>p { color: red }</style>",
        '<a href="javascript:go()">x</a>',
        '<div hx-on:click="go()">x</div>',
    ],
)
def test_the_page_check_sees_inline_code(html):
    assert inline_code(f"<!doctype html><html><body>{html}</body></html>")


@pytest.mark.django_db
def test_the_policy_is_the_one_we_mean(client):
    assert directives(client.get(reverse("public:home"))["Content-Security-Policy"]) == directives(
        POLICY
    )


@pytest.fixture
def busy_tournament(tournament, staff):
    """A tournament with something on every page: a published position, a confirmed sheet, an
    incident with a decision, a pending import."""
    tournament.positions = 2
    tournament.save()
    round1 = seat_and_publish(tournament, staff["organiser"], 8)
    table = round1.tables.get(number=1)
    sheet = sheets.scoresheet_save(
        table=table, user=staff["scorer"], entry=read_entry({**SAMPLE, **VISAS}), base_version=0
    )
    sheets.scoresheet_confirm(sheet=sheet, user=staff["organiser"])
    incident = arbitration.incident_log(
        tournament=tournament,
        user=staff["arbitre"],
        round=round1,
        table=table,
        kind="conduct",
        offender=seat(table, 1),
        deal_number=1,
    )
    arbitration.incident_confirm(incident=incident, user=staff["arbitre"])
    return tournament


def policy_problems(pages) -> dict:
    """Per address, what breaks the policy: inline code, or a missing or other header."""
    problems = {}
    for address, response in pages.items():
        found = inline_code(response.content.decode())
        if directives(response.get("Content-Security-Policy")) != directives(POLICY):
            found.append(f"header: {response.get('Content-Security-Policy')!r}")
        if found:
            problems[address] = found
    return problems


@pytest.mark.django_db
def test_every_page_sends_the_policy_and_has_nothing_inline(client, busy_tournament, staff):
    tournament = busy_tournament
    anonymous = crawl(client, [reverse("public:home"), reverse("login")], never=["/manage/"])
    client.force_login(staff["organiser"])
    client.post(
        reverse("manage:import_upload", args=[tournament.slug]),
        {"file": SimpleUploadedFile("p.csv", "Nom;Prénom\nDurand;Anne\n".encode())},
    )
    starts = [
        reverse("manage:home"),
        reverse("manage:tournament", args=[tournament.slug]),
        reverse("manage:import_preview", args=[tournament.slug]),
        reverse("manage:registration_edit", args=[tournament.slug, 1]),
        reverse("manage:round", args=[tournament.slug, 1]),
        reverse("scoring:sheet", args=[tournament.slug, 1, 1]),
        reverse("scoring:sheet", args=[tournament.slug, 1, 2]),
        reverse("arbitration:new", args=[tournament.slug]),
        reverse("arbitration:record", args=[tournament.slug, 1]),
        reverse("screen:screen", args=[tournament.slug]),
    ]
    staff_pages = crawl(client, starts, never=["/admin/", "/accounts/logout/", "/i18n/"])
    pages = {**anonymous, **staff_pages}
    # The walk must have reached the pages that once broke the policy, and many more.
    assert len(staff_pages) > 30
    for name in ["manage:round", "manage:registration_edit", "arbitration:record"]:
        assert any(reverse(name, args=[tournament.slug, 1]) in address for address in pages)
    assert policy_problems(pages) == {}
    # Nothing a logged-in account sees is kept by a browser or a proxy.
    stored = [a for a, r in staff_pages.items() if "no-store" not in r.get("Cache-Control", "")]
    assert stored == []


@pytest.mark.django_db
def test_staff_downloads_are_not_stored_and_public_pages_may_be(client, busy_tournament, staff):
    tournament = busy_tournament
    public = client.get(reverse("public:tournament", args=[tournament.slug]))
    assert "no-store" not in public.get("Cache-Control", "")
    client.force_login(staff["organiser"])
    downloads = [
        reverse("manage:round_document", args=[tournament.slug, 1, "tables"]),
        reverse("scoring:export", args=[tournament.slug, "individual", "csv"]),
        reverse("arbitration:report", args=[tournament.slug, "xlsx"]),
    ]
    for address in downloads:
        waiting = client.get(address)  # the job's page while a worker makes it
        assert "no-store" in waiting["Cache-Control"], address
        response = fetch(client, address)
        assert response.status_code == 200, address
        assert "no-store" in response["Cache-Control"], address
        assert "private" in response["Cache-Control"], address


@pytest.mark.django_db
def test_admin_pages_send_the_policy_and_have_nothing_inline(client, busy_tournament):
    login = client.get(reverse("admin:login"))
    assert directives(login["Content-Security-Policy"]) == directives(POLICY)
    assert inline_code(login.content.decode()) == []
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(admin)
    starts = [
        reverse("admin:index"),
        reverse("admin:auth_user_add"),
        reverse("admin:auth_user_change", args=[admin.pk]),
        reverse("admin:auth_user_password_change", args=[admin.pk]),
        reverse("admin:tournaments_tournament_change", args=[busy_tournament.pk]),
    ]
    pages = crawl(client, starts, within="/admin/", never=["/admin/logout/"], limit=60)
    assert len(pages) > 15
    assert policy_problems(pages) == {}


@pytest.mark.django_db
def test_pdfs_are_left_without_the_policy(organiser_client, busy_tournament):
    """Browsers show inline PDFs in a built-in viewer that a strict policy may break."""
    address = reverse("manage:round_document", args=[busy_tournament.slug, 1, "tables"])
    response = fetch(organiser_client, address)
    assert response["Content-Type"] == "application/pdf"
    assert "Content-Security-Policy" not in response


# --- the production profile ------------------------------------------------------------------


def test_check_deploy_reports_nothing_in_production():
    result = run_manage("check", "--deploy", env=PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout, result.stdout
    assert result.stderr == ""


def test_production_cookies_and_headers():
    code = (
        "import json; from config import settings as s; print(json.dumps({k: getattr(s, k) for k in"
        " ['SESSION_COOKIE_SECURE', 'SESSION_COOKIE_HTTPONLY', 'SESSION_COOKIE_SAMESITE',"
        " 'CSRF_COOKIE_SECURE', 'CSRF_COOKIE_HTTPONLY', 'X_FRAME_OPTIONS',"
        " 'SECURE_REFERRER_POLICY', 'SECURE_HSTS_SECONDS', 'SECURE_CONTENT_TYPE_NOSNIFF',"
        " 'MIDDLEWARE', 'TRUSTED_PROXIES']}))"
    )
    clean = {k: v for k, v in os.environ.items() if k not in PRODUCTION}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, **PRODUCTION},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout)
    assert values.pop("MIDDLEWARE")[:3] == [
        "django.middleware.security.SecurityMiddleware",
        "whitenoise.middleware.WhiteNoiseMiddleware",
        "config.security.ContentSecurityPolicyMiddleware",
    ]
    assert values == {
        "SESSION_COOKIE_SECURE": True,
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "CSRF_COOKIE_SECURE": True,
        "CSRF_COOKIE_HTTPONLY": True,
        "X_FRAME_OPTIONS": "DENY",
        "SECURE_REFERRER_POLICY": "same-origin",
        "SECURE_HSTS_SECONDS": 31536000,
        "SECURE_CONTENT_TYPE_NOSNIFF": True,
        # No proxy trusted unless configured: a client talking to gunicorn directly would
        # otherwise choose its address for the login throttle with X-Forwarded-For.
        "TRUSTED_PROXIES": 0,
    }


@pytest.mark.django_db
def test_pages_send_the_other_security_headers(client):
    response = client.get(reverse("public:home"))
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"


# --- uploads ---------------------------------------------------------------------------------


def upload(client, tournament, name, data):
    address = reverse("manage:import_upload", kwargs={"slug": tournament.slug})
    return client.post(address, {"file": SimpleUploadedFile(name, data)})


@pytest.mark.django_db
def test_too_large_upload_is_refused_before_it_is_read(organiser_client, tournament, monkeypatch):
    def never(*args):
        raise AssertionError("a file over the limit must not be read")

    monkeypatch.setattr("tournaments.views.imports.read_player_file", never)
    data = b"Nom;Pr\xc3\xa9nom\n" + b"x" * imports.MAX_FILE_BYTES
    response = upload(organiser_client, tournament, "players.csv", data)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.has_error("file", "too_large")
    assert "larger than 2 MB" in str(form.errors["file"])
    assert 'id="id_file_error"' in response.content.decode()
    assert not Registration.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("players.html", b"<script>alert(1)</script>"),
        ("players.exe", b"MZ\x90\x00\x03"),
        ("players.svg", b'<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
        ("players", b"Nom;Pr\xc3\xa9nom\nDurand;Anne\n"),
    ],
)
def test_wrong_file_type_is_refused_next_to_the_field(organiser_client, tournament, name, data):
    response = upload(organiser_client, tournament, name, data)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.has_error("file", "not_a_spreadsheet")
    assert "Choose an Excel (.xlsx) or CSV (.csv) file." in str(form.errors["file"])
    assert 'id="id_file_error"' in response.content.decode()
    assert not Registration.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("players.csv", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, "not a spreadsheet"),
        ("players.xlsx", b"%PDF-1.4 not a workbook", "not a readable Excel"),
        ("players.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1rest", "Old Excel files (.xls)"),
    ],
)
def test_content_that_does_not_match_the_name_is_refused(
    organiser_client, tournament, name, data, message
):
    response = upload(organiser_client, tournament, name, data)
    assert response.status_code == 200
    assert message in str(response.context["form"].errors["file"])
    assert not Registration.objects.exists()


def test_templates_have_nothing_inline():
    """Also the fragments and pages the walk above does not reach (team tournaments...).

    ``templates/print/`` is left out: WeasyPrint renders it to PDF, no browser shows it.
    """
    problems = {}
    for path in sorted((ROOT / "templates").rglob("*.html")):
        if path.parent.name == "print":
            continue
        found = inline_code(path.read_text())
        if found:
            problems[str(path.relative_to(ROOT))] = found
    assert problems == {}


@pytest.mark.django_db
def test_debug_error_pages_keep_their_own_styles_and_scripts(client, settings):
    """Django's technical 404 and 500 pages are inline; every other page keeps the policy."""
    settings.DEBUG = True
    assert "Content-Security-Policy" not in client.get("/no-such-page/")
    assert directives(client.get(reverse("public:home"))["Content-Security-Policy"]) == directives(
        POLICY
    )
