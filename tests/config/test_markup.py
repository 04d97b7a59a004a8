"""What assistive technology needs from every page, checked on the pages themselves: every page a
superuser reaches from the tournament's pages (and the public ones, logged out) is crawled and
must have a "skip to content" link to its main region, a live region for its messages, a name
on every table header, no id twice, and every aria-describedby pointing at an element there.
The browser's own audit (axe-core) is tests/browser/test_accessibility.py."""

import re
from html.parser import HTMLParser
from urllib.parse import urljoin, urlparse

import pytest
from django.db import transaction
from django.test import Client

from tests.permissions_fixtures import build_world

SKIPPED = re.compile(
    r"\.(pdf|xlsx|csv|json|gz|ico|png)$|/export|/backup|/logout|/screen/data|/i18n/"
)


class Page(HTMLParser):
    """The parts of a page these checks read."""

    def __init__(self):
        super().__init__()
        self.ids, self.described, self.links = [], [], []
        self.headers, self._header = [], None
        self.skip_link = self.main = self.messages = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if "aria-describedby" in attrs:
            self.described += attrs["aria-describedby"].split()
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
            if "skip-link" in (attrs.get("class") or "") and attrs["href"] == "#main":
                self.skip_link = True
        if tag == "main" and attrs.get("id") == "main":
            self.main = True
        if attrs.get("id") == "messages" and attrs.get("role") == "status":
            self.messages = True
        if tag == "th":
            self._header = ""

    def handle_data(self, data):
        if self._header is not None:
            self._header += data

    def handle_endtag(self, tag):
        if tag == "th":
            self.headers.append(self._header.strip())
            self._header = None


def crawl(client, starts, inside):
    """{path: Page} for every HTML page reached from ``starts`` by links under ``inside``."""
    seen, queue, pages = set(starts), list(starts), {}
    while queue:
        path = queue.pop(0)
        response = client.get(path)
        if response.status_code != 200 or "text/html" not in response["Content-Type"]:
            continue
        page = Page()
        page.feed(response.content.decode())
        pages[path] = page
        for href in page.links:
            target = urlparse(urljoin(path, href)).path
            if target.startswith(inside) and target not in seen and not SKIPPED.search(target):
                seen.add(target)
                queue.append(target)
    return pages


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        yield build_world()
        transaction.set_rollback(True)


def _check(pages):
    problems = []
    for path, page in pages.items():
        if not (page.skip_link and page.main and page.messages):
            problems.append(f"{path}: no skip link, main#main or messages region")
        if "" in page.headers:
            problems.append(f"{path}: a table header without a name")
        twice = {i for i in page.ids if page.ids.count(i) > 1}
        if twice:
            problems.append(f"{path}: ids used twice: {sorted(twice)}")
        missing = set(page.described) - set(page.ids)
        if missing:
            problems.append(f"{path}: aria-describedby to nothing: {sorted(missing)}")
    return problems


@pytest.mark.django_db
def test_staff_pages(world):
    client = Client()
    client.force_login(world.users["superuser"])
    slug = world.tournament.slug
    pages = crawl(client, [f"/manage/t/{slug}/"], f"/manage/t/{slug}/")
    assert len(pages) > 25, sorted(pages)  # the crawl reached the whole tournament
    assert _check(pages) == []


@pytest.mark.django_db
def test_public_pages(world):
    slug = world.tournament.slug
    pages = crawl(Client(), ["/", f"/t/{slug}/"], "/t/")
    assert len(pages) > 5, sorted(pages)
    assert _check(pages) == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "data"),
    [("settings/", {"name": ""}), ("players/add/", {"last_name": ""})],
)
def test_a_form_with_errors_describes_each_field_by_its_help_and_its_error(world, path, data):
    client = Client()
    client.force_login(world.users["superuser"])
    response = client.post(f"/manage/t/{world.tournament.slug}/{path}", data)
    page = Page()
    page.feed(response.content.decode())
    assert _check({path: page}) == []  # each id once, every description found
    invalid = re.findall(
        r'<(?:input|select|textarea)[^>]*aria-invalid="true"[^>]*>', response.content.decode()
    )
    assert invalid, "no field in error"
    for field in invalid:
        ids = re.search(r'aria-describedby="([^"]+)"', field).group(1).split()
        assert any(i.endswith("_error") for i in ids), field


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["checkin", "players"])
def test_a_search_says_how_many_it_found(world, page):
    client = Client()
    client.force_login(world.users["superuser"])
    slug = world.tournament.slug
    name = world.tournament.registrations.order_by("number").first().last_name
    url = f"/manage/t/{slug}/{page}/?q={name}"
    count = world.tournament.registrations.filter(last_name=name).count()
    found = f"{count} player found." if count == 1 else f"{count} players found."
    html = client.get(url).content.decode()
    assert re.search(rf'id="search-count"[^>]*role="status">{found}<', html)
    html = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert f'<p id="search-count" hx-swap-oob="innerHTML">{found}</p>' in html
    html = client.get(f"/manage/t/{slug}/{page}/?q=zzzzzz", headers={"HX-Request": "true"})
    assert "0 players found." in html.content.decode()
