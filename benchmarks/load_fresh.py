"""The load test's freshness check: a sheet confirmed through one server shows on every server at
the next poll of a public page.

Just before an arbitre sends a confirmation, a watcher on each server opens the official
standings' live fragment, as a phone following them holds it: its poll address (with the
tournament's change stamp) and how many sheets it counts. Once the server has said the sheet is
confirmed, each watcher polls that address once, as htmx does. The answer must be a 200, not a
204 ("nothing new"), and count at least one sheet more (others may have been confirmed
meanwhile; this one must be among them). Anything else is a stale page: an error, with the
server that served it. With one server, its watcher checks that one (its processes each keep
their own cache). Knows nothing of Django; HTTP only, through ``Browser``.
"""

import asyncio
import html
import re
from dataclasses import dataclass

from .load_http import Browser, Recorder

_LIVE = re.compile(r'<div id="live" hx-get="([^"]+)"')
_KIND = re.compile(r'data-testid="ranking-kind">(.*?)</p>', re.DOTALL)
_NUMBER = re.compile(r"\d+")


@dataclass
class Watch:
    browser: Browser  # pinned to one server
    live: str  # the poll address as the fragment gave it: the stamp before the change
    sheets: int  # sheets the official standings counted then


def sheets_counted(fragment: str) -> int | None:
    """The n of "n of m sheets" under the standings' title (whatever the language)."""
    found = _KIND.search(fragment)
    numbers = _NUMBER.findall(found.group(1)) if found else []
    return int(numbers[-2]) if len(numbers) >= 2 else None


class Freshness:
    """One watcher per server; ``checks`` polls checked, ``stale`` of them stale."""

    def __init__(self, slug: str, ports: list[int], recorder: Recorder):
        self.path = f"/t/{slug}/standings/?official=1&fragment=1"
        self.browsers = [Browser("127.0.0.1", [port], recorder) for port in ports]
        self.checks = 0
        self.stale = 0

    async def before(self) -> list[Watch]:
        """What each server shows now (before the confirmation is sent)."""
        found = await asyncio.gather(*(self._look(browser) for browser in self.browsers))
        return [watch for watch in found if watch is not None]

    async def _look(self, browser: Browser) -> Watch | None:
        answer = await browser.get("freshness: open", self.path, headers={"HX-Request": "true"})
        if answer is None or not answer.ok:
            return None
        live, sheets = _LIVE.search(answer.text), sheets_counted(answer.text)
        if live is None or sheets is None:
            browser.recorder.error("freshness: open", f"{self.path}: no live address or count")
            return None
        return Watch(browser, html.unescape(live.group(1)), sheets)

    async def after(self, watches: list[Watch], name: str) -> None:
        """The next poll of each watcher, once ``name`` was seen confirmed: it must show it."""
        await asyncio.gather(*(self._poll(watch, name) for watch in watches))

    async def _poll(self, watch: Watch, name: str) -> None:
        browser = watch.browser
        answer = await browser.get(
            "freshness: poll", watch.live, expect=(200, 204), headers={"HX-Request": "true"}
        )
        if answer is None or not answer.ok:
            return  # already an error (no answer, or a status not expected)
        self.checks += 1
        sheets = sheets_counted(answer.text) if answer.status == 200 else None
        if sheets is None or sheets <= watch.sheets:
            self.stale += 1
            shown = "204 (nothing new)" if answer.status == 204 else f"{sheets} sheet(s)"
            browser.recorder.error(
                "freshness: poll",
                f"{name} confirmed; server :{browser.ports[0]} answered {shown}, "
                f"{watch.sheets} counted before",
            )
