"""The players' page of one table (public, no account): ``/table/<secret>/``.

The page shows the table (its tournament, position, seats), asks once which seat holds the phone
(``?me=``, kept on the phone by ``static/js/table_entry.js``), offers the deal or étui to enter
next with the format's own form (``TableGame.template``), and lists what the table entered with
its state; the list (``state/``) is polled by htmx so that two phones at one table see each
other's entries. Every write goes through ``scoring.at_table.services``; a phone's script asks
for JSON (``Accept: application/json``), a phone without script posts and is redirected back.
A duplicate table sees its own lines only: no other table's line, no note, no rank.
"""

import secrets

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring.at_table import services
from scoring.at_table.forms import (
    ApproveForm,
    CodeForm,
    DisputeForm,
    EntryForm,
    SeatChoiceForm,
)
from scoring.models import TableEntry
from tournaments.models import Tournament

Status = TableEntry.Status


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _access(secret):
    access = services.access_by_secret(secret)
    if access is None:
        raise Http404
    return access


def _closed(request, access, closed):
    if _wants_json(request):
        return JsonResponse({"ok": False, "closed": closed.messages[0]}, status=410)
    table = access.table
    context = {"table": table, "tournament": table.round.tournament, "why": closed.messages[0]}
    return render(request, "table/closed.html", context, status=410)


def _page_url(access, me=None, **params) -> str:
    url = reverse("at_table:page", kwargs={"secret": access.secret})
    query = "&".join(f"{k}={v}" for k, v in (("me", me), *params.items()) if v is not None)
    return f"{url}?{query}" if query else url


def _errors(form_errors) -> dict[str, list[str]]:
    return {name: [str(m) for m in messages_] for name, messages_ in form_errors.items()}


def _live(access, me):
    """The table's entries, as the live part lists them, and what the form needs to know."""
    table = access.table
    game = services.game_of(table)
    seats = game.seats(table)
    labels = {s.seat: s.label for s in seats}
    live = services.live_entries(table)
    recorded = game.ledger(table)
    known = {n: e.data for n, e in live.items()} | recorded
    items = game.items(table, known)
    rows = []
    for item in items:
        entry, ledger = live.get(item.number), recorded.get(item.number)
        if entry is None and ledger is None:
            continue
        approved = entry is None or entry.status == Status.APPROVED
        data = ledger if ledger is not None and approved else entry.data
        approvers = (
            game.approvers(table, entry.number, entry.data, entry.seat) if entry else frozenset()
        )
        rows.append(
            {
                "item": item,
                "entry": entry,
                "status": entry.status if entry else Status.APPROVED,
                "summary": game.summary(table, item.number, data),
                "by": labels.get(entry.seat, "") if entry else _("the arbitre"),
                "approvers": ", ".join(labels.get(s, "") for s in sorted(approvers)),
                "may_approve": bool(entry) and not approved and me in approvers,
                "may_dispute": bool(entry)
                and entry.status == Status.WAITING
                and me is not None
                and me != entry.seat,
                "may_correct": bool(entry) and not approved and me is not None,
            }
        )
    signed = {n: e.data for n, e in live.items() if e.status == Status.APPROVED} | recorded
    return {
        "access": access,
        "table": table,
        "game": game,
        "seats": seats,
        "me": me if me in labels else None,
        "me_label": labels.get(me, ""),
        "me_name": next((s.name for s in seats if s.seat == me), ""),
        "items": items,
        "rows": rows,
        "live": live,
        "done": set(live) | set(recorded),
        "totals": game.totals(table, signed),
    }


def _context(request, access, choice, *, values=None, errors=None):
    context = _live(access, choice.get("me"))
    table, items, done = context["table"], context["items"], context["done"]
    proposed = next((i for i in items if i.number not in done), None)
    item, replaces = _chosen(context, choice, proposed)
    context.update(
        tournament=table.round.tournament,
        round=table.round,
        proposed=proposed,
        item=item,
        other=item is not None and proposed is not None and item.number != proposed.number,
        others=[i for i in items if i.number not in done and i is not proposed],
        replaces=replaces,
        client_key=secrets.token_urlsafe(24),
        values=values or {},
        errors=errors or {},
        may_write=item is not None
        and (not item.writers or context["me"] is None or context["me"] in item.writers),
    )
    return context


def _chosen(context, choice, proposed):
    """The item the form shows (the one asked for, else the one proposed next) and the waiting
    entry it corrects, if the table asked to correct one."""
    item = next((i for i in context["items"] if i.number == choice.get("number")), None)
    if item is None:
        return proposed, None
    current = context["live"].get(item.number)
    if current is not None and current.status != Status.APPROVED:
        if choice.get("replaces") == current.pk:
            return item, current.pk
        return proposed, None
    if item.number in context["done"]:
        return proposed, None
    return item, None


def _choice(request) -> dict:
    form = SeatChoiceForm(request.GET)
    return form.cleaned_data if form.is_valid() else {}


@require_GET
def page(request, secret):
    access = _access(secret)
    try:
        services.open_access(access)
        context = _context(request, access, _choice(request))
    except services.Closed as closed:
        return _closed(request, access, closed)
    return render(request, "table/page.html", context)


@require_GET
def state(request, secret):
    access = _access(secret)
    try:
        services.open_access(access)
        context = _live(access, _choice(request).get("me"))
    except services.Closed as closed:
        return _closed(request, access, closed)
    return render(request, "table/_live.html", context)


def _entry_form(access, post) -> EntryForm:
    """The form of an entry, knowing what the table entered and what it is proposed next."""
    table = access.table
    game = services.game_of(table)
    done = set(services.live_entries(table)) | set(game.ledger(table))
    proposed = next((i.number for i in game.items(table) if i.number not in done), None)
    return EntryForm(post, proposed=proposed, entered=done)


@require_POST
def enter(request, secret):
    access = _access(secret)
    try:
        services.open_access(access)
        form = _entry_form(access, request.POST)
        errors = {} if form.is_valid() else _errors(form.errors)
        entry = None
        if not errors:
            data = form.cleaned_data
            try:
                entry = services.submit(
                    access=access,
                    number=data["number"],
                    seat=data["seat"],
                    post=request.POST,
                    client_key=data["client_key"],
                    device=data["device"],
                    replaces=data["replaces"],
                )
            except services.EntryRefused as refused:
                errors = refused.problems
    except services.Closed as closed:
        return _closed(request, access, closed)
    if _wants_json(request):
        if errors:
            return JsonResponse({"ok": False, "errors": errors}, status=422)
        return JsonResponse({"ok": True, "entry": entry.pk, "status": entry.status})
    choice = {"me": form.cleaned_data.get("seat"), "number": form.cleaned_data.get("number")}
    if errors:
        choice["replaces"] = form.cleaned_data.get("replaces")
        context = _context(request, access, choice, values=request.POST, errors=errors)
        return render(request, "table/page.html", context, status=422)
    messages.success(request, _("Sent: it waits for the other side's approval."))
    return redirect(_page_url(access, me=choice["me"]))


def _act(request, secret, form_class, act, done):
    """Approve or dispute: the form read, the service called, its answer in JSON or a redirect
    back to the page (its message on top)."""
    access = _access(secret)
    form = form_class(request.POST)
    seat = form.cleaned_data.get("seat") if form.is_valid() else None
    try:
        services.open_access(access)
        if not form.is_valid():
            raise services.EntryRefused(_errors(form.errors))
        entry = act(access, form.cleaned_data)
    except services.Closed as closed:
        return _closed(request, access, closed)
    except (services.EntryRefused, ValidationError) as refused:
        problems = getattr(refused, "problems", None) or {"": refused.messages}
        if _wants_json(request):
            return JsonResponse({"ok": False, "errors": problems}, status=422)
        for message in (m for ms in problems.values() for m in ms):
            messages.error(request, message)
        return redirect(_page_url(access, me=seat))
    if _wants_json(request):
        return JsonResponse({"ok": True, "entry": entry.pk, "status": entry.status})
    messages.success(request, done)
    return redirect(_page_url(access, me=seat))


@require_POST
def approve(request, secret):
    def act(access, data):
        return services.approve(
            access=access, entry_id=data["entry"], seat=data["seat"], device=data["device"]
        )

    return _act(request, secret, ApproveForm, act, _("Approved: it is on the score sheet."))


@require_POST
def dispute(request, secret):
    def act(access, data):
        return services.dispute(
            access=access, entry_id=data["entry"], seat=data["seat"], note=data["note"]
        )

    done = _("Marked as wrong: correct it, or call the arbitre.")
    return _act(request, secret, DisputeForm, act, done)


@require_http_methods(["GET", "POST"])
def code(request, slug):
    """The tournament's table page: a table's number and the code on its card open its page."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.table_entry:
        raise Http404
    form = CodeForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        try:
            access = services.access_by_code(
                tournament=tournament,
                table_number=form.cleaned_data["table"],
                code=form.cleaned_data["code"],
            )
        except services.Closed as closed:
            form.add_error(None, closed.messages[0])
        except ValidationError as wrong:
            field = "table" if wrong.code == "no_table" else "code"
            form.add_error(field, wrong.messages[0])
        else:
            return redirect(_page_url(access))
    status = 422 if form.is_bound else 200
    return render(
        request, "table/code.html", {"tournament": tournament, "form": form}, status=status
    )
