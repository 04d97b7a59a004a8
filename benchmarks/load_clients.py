"""What the load test's simulated people do, over HTTP only: arbitres and public viewers.

An arbitre logs in through the login page, then, until the time is up, either checks and
confirms a sheet another arbitre entered (four-eyes), or opens the next free table's sheet,
"types" it (a pause) and saves it through the real form, now and then with a double click (the
same form sent twice at once). A viewer opens the standings or the seating, with its stylesheet
and script, then polls the page's live fragment every few seconds exactly as htmx does
(``?fragment=1&stamp=…``; 204 while nothing changed), taking the next address from each answer.
With several servers, each person's requests go to them in turn (``Browser``), and every
confirmation is watched on each server (``Settings.freshness``, ``load_fresh``).

Everything the clients send was computed before the run (``TablePlan``): no database access
here. What they saw accepted goes into the ``Ledger``, which the check after the run compares
with the database.
"""

import asyncio
import html
import random
import re
from collections import deque
from dataclasses import dataclass, field

from .load_http import Browser, hidden_fields

# Pauses in seconds (multiplied by --pace): an arbitre between two jobs, while typing a sheet,
# while checking one before confirming it. Far quicker than people: this is a stress test.
BETWEEN = (0.5, 2.0)
TYPING = (3.0, 8.0)
CHECKING = (1.0, 3.0)
_LIVE = re.compile(r'<div id="(?:live|seating-live)" hx-get="([^"]+)"')
_ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')
_STATUS = re.compile(r'<span class="tag ?([a-z-]*)" data-testid="sheet-status">[^<]*v(\d+)')


@dataclass(frozen=True)
class TablePlan:
    table_id: int
    position: int
    number: int
    # the sheet as typed (a ``SheetEntry``: ``scoring.formats.libre.simulation.random_sheet``)
    entry: object
    form: dict[
        str, str
    ]  # the same, as the sheet form posts it (``scoring.formats.libre.forms.post_fields``)


@dataclass
class Accepted:
    username: str
    token: str
    entry: object  # the ``SheetEntry`` sent
    double: bool


@dataclass
class Ledger:
    """The arbitres' shared work list, and what the server told them it accepted."""

    free: deque  # of TablePlan: tables nobody has entered yet
    to_confirm: deque = field(default_factory=deque)  # (TablePlan, who entered it)
    accepted: dict[int, Accepted] = field(default_factory=dict)  # table id ->
    confirmed: dict[int, str] = field(default_factory=dict)  # table id -> who confirmed it
    uncertain: set[int] = field(default_factory=set)  # a save or confirm that got no answer
    doubles: int = 0

    def confirmation_for(self, username: str):
        """The oldest sheet waiting for a confirmation that ``username`` did not enter."""
        for item in self.to_confirm:
            if item[1] != username:
                self.to_confirm.remove(item)
                return item
        return None


@dataclass
class Settings:
    slug: str
    pace: float = 1.0
    double: float = 0.1  # share of saves and confirmations sent twice at once
    poll: tuple[float, float] = (2.0, 5.0)
    arrival: float = 10.0  # viewers open their page over the first seconds, not all at once
    freshness: object = None  # a ``load_fresh.Freshness``: every confirmation is watched


async def pause(stop: asyncio.Event, seconds: float) -> bool:
    """Wait ``seconds``; True when the time is up meanwhile (the caller then stops)."""
    if stop.is_set():
        return True
    try:
        await asyncio.wait_for(stop.wait(), seconds)
    except TimeoutError:
        return False
    return True


def sheet_url(slug: str, table: TablePlan) -> str:
    return f"/manage/t/{slug}/positions/{table.position}/sheets/{table.number}/"


async def login(browser: Browser, username: str, password: str) -> bool:
    page = await browser.get("login: page", "/accounts/login/")
    if page is None or not page.ok:
        return False
    form = hidden_fields(page.text)
    form.update(username=username, password=password)
    answer = await browser.post("login: submit", "/accounts/login/", form)
    if answer is None or not answer.ok:
        return False
    home = await browser.get("login: home", answer.header("location") or "/manage/")
    return home is not None and home.ok


async def arbitre(browser, username, ledger: Ledger, settings: Settings, stop, rng) -> None:
    """Confirm what others entered, else enter the next free table, until the time is up."""
    while not await pause(stop, rng.uniform(*BETWEEN) * settings.pace):
        job = ledger.confirmation_for(username)
        if job is not None:
            await _confirm(browser, username, job[0], ledger, settings, stop, rng)
        elif ledger.free:
            await _enter(browser, username, ledger.free.popleft(), ledger, settings, stop, rng)


async def _twice(rng, settings: Settings, ledger: Ledger, send):
    """Send a form once, or twice at once (a double click): the answers."""
    if rng.random() < settings.double:
        ledger.doubles += 1
        return await asyncio.gather(send(), send())
    return [await send()]


def _redirected_to(answer, url: str) -> bool:
    return answer is not None and answer.ok and answer.header("location") == url


async def _enter(browser, username, table, ledger, settings, stop, rng) -> None:
    url = sheet_url(settings.slug, table)
    page = await browser.get("sheet: open", url)
    if page is None or not page.ok:
        return
    hidden = hidden_fields(page.text, 'id="sheet-form"')
    if hidden.get("base_version") != "0" or not hidden.get("token"):
        browser.recorder.error("sheet: open", f"{url}: not a blank sheet form {hidden}")
        return
    if await pause(stop, rng.uniform(*TYPING) * settings.pace):
        return  # time is up while typing: the sheet is never sent
    form = {**table.form, **hidden}  # each line's dealer: the form's, in turn from Nord
    answers = await _twice(rng, settings, ledger, lambda: browser.post("sheet: save", url, form))
    if any(answer is None for answer in answers):
        ledger.uncertain.add(table.table_id)
    for answer in answers:
        if answer is not None and answer.ok and not _redirected_to(answer, url):
            where = answer.header("location")
            browser.recorder.error("sheet: save", f"{url}: redirected to {where}")
    if not any(_redirected_to(answer, url) for answer in answers):
        return
    ledger.accepted[table.table_id] = Accepted(
        username, hidden["token"], table.entry, len(answers) > 1
    )
    shown = await browser.get("sheet: view", url)
    if shown is not None and shown.ok:
        status = _STATUS.search(shown.text)
        if status is None or status.groups() != ("tag-warn", "1"):
            found = status.groups() if status else None
            browser.recorder.error("sheet: view", f"{url}: after saving, status shows {found}")
    ledger.to_confirm.append((table, username))


async def _confirm(browser, username, table, ledger, settings, stop, rng) -> None:
    url = sheet_url(settings.slug, table)
    page = await browser.get("sheet: view", url)
    if page is None or not page.ok:
        return
    hidden = hidden_fields(page.text, f'action="{url}confirm/"')
    if "version" not in hidden:
        browser.recorder.error("sheet: view", f"{url}: no confirmation form for {username}")
        return
    if await pause(stop, rng.uniform(*CHECKING) * settings.pace):
        return
    watches = await settings.freshness.before() if settings.freshness else []
    answers = await _twice(
        rng, settings, ledger, lambda: browser.post("sheet: confirm", url + "confirm/", hidden)
    )
    if any(answer is None for answer in answers):
        ledger.uncertain.add(table.table_id)
    if not any(_redirected_to(answer, url) for answer in answers):
        return
    # The confirm view redirects to the sheet whether it confirmed or refused (with a message):
    # the sheet's status says which.
    shown = await browser.get("sheet: view", url)
    if shown is None or not shown.ok:
        ledger.uncertain.add(table.table_id)
        return
    status = _STATUS.search(shown.text)
    if status is not None and status.group(1) == "tag-ok":
        ledger.confirmed[table.table_id] = username
        if watches:
            name = f"position {table.position} table {table.number}"
            await settings.freshness.after(watches, name)
    else:
        found = status.groups() if status else None
        browser.recorder.error("sheet: confirm", f"{url}: not confirmed, status shows {found}")


async def viewer(browser: Browser, page: str, settings: Settings, stop, rng) -> None:
    """A phone showing ``page`` ("standings" or "seating"), polling it until the time is up."""
    if await pause(stop, rng.uniform(0, settings.arrival)):
        return
    path = f"/t/{settings.slug}/{page}/"
    first = await browser.get(f"{page}: page", path)
    if first is None or not first.ok:
        return
    for asset in dict.fromkeys(_ASSET.findall(first.text)):  # an empty browser cache
        await browser.get("static", html.unescape(asset))
    live = _live_url(browser, page, first.text)
    while live and not await pause(stop, rng.uniform(*settings.poll)):
        answer = await browser.get(
            f"{page}: poll", live, expect=(200, 204), headers={"HX-Request": "true"}
        )
        if answer is not None and answer.status == 200:
            live = _live_url(browser, page, answer.text) or live


def _live_url(browser: Browser, page: str, text: str) -> str | None:
    found = _LIVE.search(text)
    if found is None:
        browser.recorder.error(f"{page}: page", "no live fragment address in the page")
        return None
    url = html.unescape(found.group(1))
    # htmx adds the search box (hx-include="#q") to the seating's polls: empty here.
    return url + "&q=" if page == "seating" else url


def viewer_pages(count: int) -> list[str]:
    """Half the viewers look at the standings, half at the seating."""
    return ["standings" if i % 2 == 0 else "seating" for i in range(count)]


def new_rng(seed: int, name: str) -> random.Random:
    return random.Random(f"{seed}:{name}")
