"""The load test's HTTP side: a small asyncio HTTP/1.1 client and the recorder of every answer.

Each simulated browser is a ``Browser``: its own cookies (session, CSRF), one TCP connection per
request (``Connection: close``, as gunicorn's sync workers answer anyway), a timeout. Given
several servers (ports), it sends each request to the next one in turn, as a load balancer's
round robin does (nginx's default: no stickiness, so sessions and forms must work on any
server). Every request is timed from the connection to the last byte and recorded under a
*kind* ("sheet: save", "standings: poll"…) with its status, and counted per server; an
unexpected status, a timeout or a broken connection is an error, kept with what was asked.
Knows nothing of Django or of the pages.
"""

import asyncio
import html
import math
import re
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from urllib.parse import urlencode

TIMEOUT = 30.0  # seconds: a request slower than this is an error, not a sample
_INPUT = re.compile(r"<input\b[^>]*>", re.IGNORECASE)
_ATTR = re.compile(r'([a-zA-Z_:-]+)="([^"]*)"')


class ProtocolError(Exception):
    """The server's answer is not HTTP we can read."""


@dataclass
class Response:
    status: int
    headers: dict[str, list[str]]  # lower-case names
    body: bytes
    ok: bool = True  # the status was one the caller expected

    def header(self, name: str) -> str | None:
        values = self.headers.get(name.lower())
        return values[-1] if values else None

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


def hidden_fields(page: str, start: str = "") -> dict[str, str]:
    """The hidden inputs of a page (from the first occurrence of ``start`` on), name -> value."""
    if start:
        at = page.find(start)
        page = page[at:] if at >= 0 else ""
    fields = {}
    for tag in _INPUT.findall(page):
        attrs = dict(_ATTR.findall(tag))
        if attrs.get("type") == "hidden" and "name" in attrs:
            fields.setdefault(attrs["name"], html.unescape(attrs.get("value", "")))
    return fields


def percentile(ordered: list[float], share: float) -> float:
    """Nearest-rank percentile of an already sorted list."""
    if not ordered:
        return math.nan
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


@dataclass
class Recorder:
    """Every request's latency and status by kind, and every error with its detail."""

    samples: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    errors: Counter = field(default_factory=Counter)
    details: list[str] = field(default_factory=list)
    by_server: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))  # port ->

    def record(self, kind: str, seconds: float, status: int, port: int = 0) -> None:
        self.samples[kind].append(seconds)
        self.statuses[kind][status] += 1
        self.by_server[port].append(seconds)

    def error(self, kind: str, detail: str) -> None:
        self.errors[kind] += 1
        if len(self.details) < 50:
            self.details.append(f"{kind}: {detail}")


class Browser:
    """One simulated browser talking to ``host`` on ``ports``, one request to each in turn from
    the ``start``-th (one port: always that server): cookies, forms, timed requests."""

    def __init__(
        self, host: str, ports, recorder: Recorder, *, start: int = 0, timeout: float = TIMEOUT
    ):
        self.host, self.ports = host, list(ports)
        self.recorder = recorder
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self._turn = start

    def _next_port(self) -> int:
        port = self.ports[self._turn % len(self.ports)]
        self._turn += 1
        return port

    async def get(self, kind: str, path: str, *, expect=(200,), headers=None) -> Response | None:
        return await self.request(kind, "GET", path, expect=expect, headers=headers)

    async def post(self, kind: str, path: str, form: dict, *, expect=(302,)) -> Response | None:
        return await self.request(kind, "POST", path, form=form, expect=expect)

    async def request(
        self, kind, method, path, *, form=None, expect=(200,), headers=None
    ) -> Response | None:
        """Send one request; None when no answer came (recorded as an error)."""
        body = urlencode(form).encode() if form is not None else b""
        port = self._next_port()
        origin = f"http://{self.host}:{port}"
        if method == "POST":  # as a browser sends them: Django's CSRF check compares the Origin
            headers = {"Origin": origin, "Referer": origin + path, **(headers or {})}
        headers = {"Accept": "text/html,*/*", **(headers or {})}  # a phone's fetch asks JSON
        lines = [
            f"{method} {path} HTTP/1.1",
            f"Host: {self.host}:{port}",
            "User-Agent: tarot-loadtest/1",
            "Accept-Language: fr",
            "Connection: close",
        ]
        for name, value in headers.items():
            lines.append(f"{name}: {value}")
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if form is not None:
            lines.append("Content-Type: application/x-www-form-urlencoded")
            lines.append(f"Content-Length: {len(body)}")
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
        start = time.perf_counter()
        try:
            response = await asyncio.wait_for(self._exchange(raw, port), self.timeout)
        except (OSError, TimeoutError, ProtocolError) as exc:
            self.recorder.error(kind, f"{method} {path} (:{port}): {type(exc).__name__} {exc}")
            return None
        self.recorder.record(kind, time.perf_counter() - start, response.status, port)
        self._keep_cookies(response)
        if response.status not in expect:
            response.ok = False
            snippet = re.sub(r"\s+", " ", response.text[:300])
            self.recorder.error(
                kind, f"{method} {path} (:{port}): HTTP {response.status} {snippet}"
            )
        return response

    async def _exchange(self, raw: bytes, port: int) -> Response:
        reader, writer = await asyncio.open_connection(self.host, port)
        try:
            writer.write(raw)
            await writer.drain()
            data = await reader.read()  # to the end: the server closes after its answer
        finally:
            writer.close()
        return _parse(data)

    def _keep_cookies(self, response: Response) -> None:
        for line in response.headers.get("set-cookie", []):
            pair, _, rest = line.partition(";")
            name, _, value = pair.strip().partition("=")
            if "max-age=0" in rest.lower().replace(" ", "") or not value:
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value


def _parse(data: bytes) -> Response:
    head, sep, body = data.partition(b"\r\n\r\n")
    if not sep:
        raise ProtocolError(f"no complete header in {len(data)} bytes")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    parts = status_line.split(" ", 2)
    if len(parts) < 2 or not parts[1].isdigit():
        raise ProtocolError(f"bad status line {status_line!r}")
    headers: dict[str, list[str]] = defaultdict(list)
    for line in header_lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()].append(value.strip())
    if "chunked" in ",".join(headers.get("transfer-encoding", [])).lower():
        body = _unchunk(body)
    elif headers.get("content-length"):
        length = int(headers["content-length"][-1])
        if len(body) < length:
            raise ProtocolError(f"body cut short: {len(body)} of {length} bytes")
        body = body[:length]
    return Response(status=int(parts[1]), headers=dict(headers), body=body)


def _unchunk(data: bytes) -> bytes:
    out, at = bytearray(), 0
    while True:
        end = data.find(b"\r\n", at)
        if end < 0:
            raise ProtocolError("chunked body cut short")
        size = int(data[at:end].split(b";")[0], 16)
        if size == 0:
            return bytes(out)
        out += data[end + 2 : end + 2 + size]
        at = end + 2 + size + 2
