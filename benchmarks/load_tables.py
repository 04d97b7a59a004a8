"""The load test's table clients (``--tables N``): players entering their deals at the table.

Each table that enters at the table has two phones: the one that enters (the deal's taker) and
the one of a player of the other camp that approves. Both arrive within the first minute
(``Settings.arrival``), open the table's page through its secret address, then for each deal
planned: the first phone posts the deal to ``/table/<secret>/enter/`` and asks for JSON, now
and then sending the same entry again (the same ``client_key``: a lost answer sent again, or
two taps at once); the second phone opens the page and posts the approval to
``/table/<secret>/approve/``, now and then twice too. What the server told them it recorded
goes into the ``TablesLedger``, which the check after the run (``load_setup.tables_verify``)
compares with the database: every entry seen recorded is there once, approved if seen
approved, and written once to the table's score sheet; a re-sent entry is one row.

Over HTTP only, as ``load_clients``: what they send was computed before the run
(``TableClientPlan``), no database access here.
"""

import asyncio
import json
from dataclasses import dataclass, field, replace

from .load_clients import Settings, pause
from .load_http import Browser, Recorder, hidden_fields

PLAYING = (3.0, 8.0)  # seconds between two deals at a table (times --pace): quicker than people
CHECKING = (0.5, 2.0)  # the other camp reads the deal on the phone before approving it
JSON = {"Accept": "application/json"}


@dataclass(frozen=True)
class DealPlan:
    number: int
    seat: int  # who enters it (the taker)
    approver: int  # a player of the other camp
    fields: dict[str, str]  # the game's fields for the deal, as the page posts them


@dataclass(frozen=True)
class TableClientPlan:
    table_id: int
    position: int
    number: int
    secret: str
    deals: tuple[DealPlan, ...]


@dataclass
class TablesLedger:
    """What the tables' phones were told: (table id, deal) -> entry id recorded, approved."""

    recorded: dict[tuple[int, int], int] = field(default_factory=dict)
    keys: dict[tuple[int, int], str] = field(default_factory=dict)  # the client_key sent
    approved: set[tuple[int, int]] = field(default_factory=set)
    uncertain: set[tuple[int, int]] = field(default_factory=set)  # no answer: outcome unknown
    resent: int = 0  # entries sent again with the same client_key
    reapproved: int = 0
    answers_differ: list[str] = field(default_factory=list)  # a re-send answered another entry


def _answer(response) -> dict | None:
    if response is None or not response.ok:
        return None
    try:
        found = json.loads(response.body)
    except ValueError:
        return None
    return found if isinstance(found, dict) else None


async def _open(browser: Browser, plan: TableClientPlan) -> dict[str, str] | None:
    """The table's page on a phone: its CSRF token (a form of the page), or None."""
    page = await browser.get("table: page", f"/table/{plan.secret}/")
    if page is None or not page.ok:
        return None
    token = hidden_fields(page.text).get("csrfmiddlewaretoken")
    return {"csrfmiddlewaretoken": token} if token else {}


async def _send(browser, kind, path, form, count) -> list:
    """Post ``form`` ``count`` times: once, or again as a retry or a double tap."""
    send = lambda: browser.request(  # noqa: E731
        kind, "POST", path, form=form, expect=(200, 201), headers=JSON
    )
    if count == 1:
        return [await send()]
    if count == 2:  # two taps at once
        return list(await asyncio.gather(send(), send()))
    first = await send()  # the answer lost: the phone sends it again later
    return [first, await send()]


async def _enter(browser, plan, deal, token, ledger, resend: int) -> int | None:
    key = f"{plan.table_id}-{deal.number}-load"
    form = {
        **token,
        "number": str(deal.number),
        "seat": str(deal.seat),
        "client_key": key,
        "device": f"load-{plan.number}-{deal.seat}",
        **deal.fields,
    }
    where = (plan.table_id, deal.number)
    ledger.keys[where] = key
    answers = await _send(browser, "table: enter", f"/table/{plan.secret}/enter/", form, resend)
    ledger.resent += len(answers) - 1
    read = [_answer(answer) for answer in answers]
    if any(answer is None for answer in answers):
        ledger.uncertain.add(where)
    ids = {found.get("entry") for found in read if found and found.get("ok")}
    if len(ids) > 1:
        ledger.answers_differ.append(f"table {plan.number} deal {deal.number}: entries {ids}")
    for answer, found in zip(answers, read, strict=True):
        if answer is not None and answer.ok and not (found and found.get("ok")):
            browser.recorder.error("table: enter", f"table {plan.number}: answered {found}")
    if not ids:
        return None
    entry = min(ids)
    ledger.recorded[where] = entry
    return entry


async def _approve(browser, plan, deal, entry, token, ledger, resend: int) -> None:
    form = {**token, "entry": str(entry), "seat": str(deal.approver), "device": "load-approver"}
    where = (plan.table_id, deal.number)
    path = f"/table/{plan.secret}/approve/"
    answers = await _send(browser, "table: approve", path, form, resend)
    ledger.reapproved += len(answers) - 1
    if any(answer is None for answer in answers):
        ledger.uncertain.add(where)
    for answer in answers:
        found = _answer(answer)
        if found and found.get("ok") and found.get("status") == "approved":
            ledger.approved.add(where)
        elif answer is not None and answer.ok:
            browser.recorder.error("table: approve", f"table {plan.number}: answered {found}")


def _resend(rng, share: float) -> int:
    """1: sent once; 2: twice at once; 3: sent again after the answer (same client_key)."""
    if rng.random() >= share:
        return 1
    return rng.choice((2, 3))


async def table_client(
    phones: tuple[Browser, Browser],
    plan: TableClientPlan,
    ledger: TablesLedger,
    settings: Settings,
    stop,
    rng,
) -> None:
    """The two phones of one table: enter each deal, approve it from the other camp."""
    entering, approving = phones
    if await pause(stop, rng.uniform(0, settings.arrival)):
        return
    token = await _open(entering, plan)
    other = await _open(approving, plan)
    if token is None or other is None:
        return
    for index, deal in enumerate(plan.deals):
        if index and await pause(stop, rng.uniform(*PLAYING) * settings.pace):
            return
        entry = await _enter(entering, plan, deal, token, ledger, _resend(rng, settings.double))
        if entry is None:
            return
        if await pause(stop, rng.uniform(*CHECKING) * settings.pace):
            return  # time is up before the other camp approves: it stays waiting
        await approving.get("table: state", f"/table/{plan.secret}/state/")
        await _approve(approving, plan, deal, entry, other, ledger, _resend(rng, settings.double))


def table_clients(plans, ports, recorder: Recorder, settings: Settings, args):
    """The ledger, and each table's work as (name, (stop, rng) -> coroutine): its two phones
    (browsers of their own). The tables arrive over half a minute at most (half the run if
    shorter): their first deals come within the same minute."""
    ledger = TablesLedger()
    at_tables = replace(settings, arrival=min(30.0, args.duration / 2))
    work = []
    for i, plan in enumerate(plans):
        phones = tuple(Browser("127.0.0.1", ports, recorder, start=i + k) for k in (0, 1))

        def play(stop, rng, phones=phones, plan=plan):
            return table_client(phones, plan, ledger, at_tables, stop, rng)

        work.append((f"table{plan.table_id}", play))
    return ledger, work


def tables_report(plans: list[TableClientPlan], ledger: TablesLedger, verdict) -> bool:
    """The tables' line and their verdict: no entry lost or doubled."""
    deals = sum(len(plan.deals) for plan in plans)
    print(
        f"Tables: {len(plans)} entering at the table, {deals} deals planned; "
        f"{len(ledger.recorded)} entries recorded, {len(ledger.approved)} approved, "
        f"{ledger.resent} entries and {ledger.reapproved} approvals sent again; "
        f"{verdict.checked} checked in the database."
    )
    ok = verdict.ok and not ledger.answers_differ and bool(ledger.approved)
    detail = (
        f"{verdict.checked} entries checked: {len(verdict.lost)} lost, "
        f"{len(verdict.doubled) + len(ledger.answers_differ)} doubled, "
        f"{len(verdict.unapproved)} approvals lost, {len(verdict.unexpected)} unexpected, "
        f"{len(verdict.ledger)} not on the score sheet as approved"
        + (f", {len(ledger.uncertain)} without an answer" if ledger.uncertain else "")
    )
    if not ledger.approved:
        detail = "no entry was approved: nothing to check"
    print(f"  {'PASS' if ok else 'FAIL'}  no table entry lost or doubled: {detail}")
    problems = (verdict.lost + verdict.doubled + ledger.answers_differ + verdict.unapproved) + (
        verdict.unexpected + verdict.ledger
    )
    for line in problems[:20]:
        print("        " + line)
    return ok
