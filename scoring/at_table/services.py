"""Writes of the entry at the table: the tables' codes, an entry sent from a phone, its approval
or dispute by the other side, and the arbitre taking a table back to paper.

A phone has no account: it reaches its table through the table's secret (the QR code) or its
short code, which stop working once the table's position or séance closes or an arbitre puts the
table on paper. What a phone sends carries its own key (``client_key``): the same sending
received twice (a retry after a lost answer) records one entry. Each deal or étui has at most one
live entry per table (the database refuses a second), so two phones cannot both record it; a
waiting entry may be replaced by the table, an approved one only by an arbitre (on the staff's
sheet, as a new version with a reason). An approval from the other side writes the entry to the
ledger in the same transaction (``TableGame.record``), as the tables' account; every step is in
the audit log with its seat and device.
"""

import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.text import clean_text, has_visible_text, trim_invisible
from scoring.actions import Action
from scoring.formats.registry import format_of
from scoring.models import TableAccess, TableEntry, TableRefusal
from tournaments.models import Round, Table
from tournaments.permissions import Role, require_role
from tournaments.services import audit_log

TABLES_USERNAME = "tables"  # the account the tables' entries are written to the ledger as
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY34679"  # no 0/O, 1/I/L, 2/Z, 5/S, 8/B: read aloud, typed
CODE_LENGTH = 6
WRONG_CODES = 10  # wrong short codes for one table within the window before it is refused
WRONG_CODE_WINDOW = timedelta(minutes=15)
KEY_LENGTH = 64

Status = TableEntry.Status


class Closed(ValidationError):
    """The table's code no longer works: its unit closed, or it is on paper."""


class EntryRefused(ValidationError):
    """What the phone sent cannot be recorded: ``problems`` by field name ("" for the whole)."""

    def __init__(self, problems: dict[str, list[str]], alert: dict | None = None):
        self.problems = problems
        self.alert = alert  # what the arbitre's board shows of a refused entry, if anything
        super().__init__([message for messages in problems.values() for message in messages])


def tables_account():
    """The account the tables' entries are written to the ledger as: it cannot log in."""
    users = get_user_model().objects
    user = users.filter(username=TABLES_USERNAME).first()
    if user is not None:
        return user
    try:
        with transaction.atomic():  # a savepoint: two first approvals may race to make it
            user = users.create(username=TABLES_USERNAME, is_active=False)
            user.set_unusable_password()
            user.save(update_fields=["password"])
            return user
    except IntegrityError:
        return users.get(username=TABLES_USERNAME)


def game_of(table: Table):
    game = format_of(table.round.tournament).table_game()
    if game is None:
        raise Closed(_("This tournament's tables enter on paper."), code="no_table_entry")
    return game


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _i in range(CODE_LENGTH))


def access_of(table: Table) -> TableAccess:
    """The table's codes, made the first time they are asked for."""
    try:
        return table.access
    except TableAccess.DoesNotExist:
        pass
    try:
        with transaction.atomic():
            return TableAccess.objects.create(
                table=table, secret=secrets.token_urlsafe(32), short_code=_new_code()
            )
    except IntegrityError:  # made at the same time by another request
        return TableAccess.objects.get(table=table)


def accesses_of(round_: Round) -> dict[int, TableAccess]:
    """table number -> its codes, for every table of the position (made where missing)."""
    found = {
        a.table.number: a
        for a in TableAccess.objects.filter(table__round=round_).select_related("table")
    }
    for table in round_.tables.all():
        if table.number not in found:
            found[table.number] = access_of(table)
    return found


def open_access(access: TableAccess) -> TableAccess:
    """``access`` if its table may enter now; ``Closed`` says why not."""
    table = access.table
    tournament = table.round.tournament
    if not tournament.table_entry:
        raise Closed(_("This tournament's tables enter on paper."), code="no_table_entry")
    unit = game_of(table).unit(table)
    if unit is None or unit.is_closed:
        raise Closed(
            _("This position is closed: its scores can no longer be entered here."), code="closed"
        )
    if not table.round.is_published:
        raise Closed(_("This position is not published yet."), code="not_published")
    if access.on_paper:
        raise Closed(
            _("The arbitre put this table on paper: write the deals on the paper sheet."),
            code="on_paper",
        )
    return access


def access_by_secret(secret: str) -> TableAccess | None:
    if not isinstance(secret, str) or len(secret) > 64:
        return None
    return (
        TableAccess.objects.select_related("table__round__tournament", "table__round__session")
        .filter(secret=secret)
        .first()
    )


def access_by_code(*, tournament, table_number: int, code: str) -> TableAccess:
    """The open table ``table_number`` of ``tournament`` whose short code is ``code``. Wrong
    codes are counted per table: past ``WRONG_CODES`` in the window, even the right one is
    refused until the window passes (the QR code still works)."""
    code = "".join(str(code or "").split()).upper()[:12]
    tables = list(
        Table.objects.filter(round__tournament=tournament, number=table_number)
        .select_related("round__tournament", "round__session")
        .order_by("-round__number")
    )
    if not tables:
        raise ValidationError(_("There is no table %(n)s.") % {"n": table_number}, code="no_table")
    since = timezone.now() - WRONG_CODE_WINDOW
    wrong = TableRefusal.objects.filter(
        table__in=tables, kind=TableRefusal.Kind.WRONG_CODE, at__gte=since
    ).count()
    if wrong >= WRONG_CODES:
        raise ValidationError(
            _("Too many wrong codes for this table: scan its QR code or ask the arbitre."),
            code="throttled",
        )
    found = (
        TableAccess.objects.filter(table__in=tables, short_code=code)
        .select_related("table__round__tournament", "table__round__session")
        .first()
    )
    if found is None:  # the database compared the codes
        TableRefusal.objects.create(table=tables[0], kind=TableRefusal.Kind.WRONG_CODE)
        raise ValidationError(
            _("This is not the code of table %(n)s: check the table card.") % {"n": table_number},
            code="wrong_code",
        )
    return open_access(found)


def _locked(access: TableAccess) -> TableAccess:
    locked = (
        TableAccess.objects.select_for_update(of=("self",))
        .select_related("table__round__tournament", "table__round__session")
        .get(pk=access.pk)
    )
    return open_access(locked)


def live_entries(table: Table) -> dict[int, TableEntry]:
    return {e.number: e for e in table.entries.exclude(status=Status.REPLACED)}


def _clean_key(key) -> str:
    key = str(key or "")
    if not key or len(key) > KEY_LENGTH or not all(c.isalnum() or c in "-_" for c in key):
        raise EntryRefused({"": [_("This page is out of date: reload it.")]})
    return key


def _seat_of(table: Table, seat) -> int:
    try:
        seat = int(seat)
    except (TypeError, ValueError):
        seat = -1
    if seat not in {s.seat for s in game_of(table).seats(table)}:  # a team's table: no Seat
        raise EntryRefused({"seat": [_("Say at which seat you sit.")]})
    return seat


def submit(*, access: TableAccess, number, seat, post, client_key, device="", replaces=None):
    """Record what a phone sent for deal or étui ``number`` from ``seat``; the entry waits for
    the other side's approval. Sent again with the same ``client_key``: the entry it made.
    ``replaces``: the waiting entry the table corrects (the one the phone showed)."""
    client_key = _clean_key(client_key)
    table = access.table
    done = TableEntry.objects.filter(table=table, client_key=client_key).first()
    if done is not None:
        return done
    try:
        with transaction.atomic():
            return _submit(access, number, seat, post, client_key, device, replaces)
    except EntryRefused as refused:
        if refused.alert is not None:  # kept for the arbitre's board, outside the rollback
            TableRefusal.objects.create(
                table=table, kind=TableRefusal.Kind.REFUSED, **refused.alert
            )
        raise
    except IntegrityError:
        done = TableEntry.objects.filter(table=table, client_key=client_key).first()
        if done is not None:
            return done
        raise EntryRefused(
            {"": [_("Another phone at your table has just entered this deal: look at it.")]}
        ) from None


def _submit(access, number, seat, post, client_key, device, replaces):
    access = _locked(access)
    table = access.table
    # The same sending twice at once (two taps): the second waited for the lock, and finds
    # what the first recorded.
    done = TableEntry.objects.filter(table=table, client_key=client_key).first()
    if done is not None:
        return done
    game = game_of(table)
    number, seat = _item_and_seat(game, table, number, seat)
    live = live_entries(table)
    current = live.get(number)
    recorded = game.ledger(table)
    _refuse_over(current, replaces, on_sheet=number in recorded)
    before = {n: e.data for n, e in live.items() if n != number}
    before.update({n: d for n, d in recorded.items() if n != number})
    reading = game.read(table, number, post, before)
    if not reading.is_valid:
        message = "; ".join(m for ms in reading.problems.values() for m in ms)
        raise EntryRefused(
            reading.problems, alert={"number": number, "message": clean_text(message, 300)}
        )
    if current is not None:
        current.status = Status.REPLACED
        current.replaced_at = timezone.now()
        current.save(update_fields=["status", "replaced_at"])
    entry = TableEntry.objects.create(
        table=table,
        number=number,
        data=reading.data,
        client_key=client_key,
        seat=seat,
        device=clean_text(str(device or ""), 64),
    )
    _audit(
        Action.TABLE_ENTERED, table, entry, seat=seat, device=entry.device, summary=reading.summary
    )
    return entry


def _refuse_over(current, replaces, *, on_sheet: bool) -> None:
    """An entry may replace the table's waiting one it names (``replaces``), never an approved
    one nor what the staff typed on the sheet: only an arbitre changes those."""
    if on_sheet or (current is not None and current.status == Status.APPROVED):
        raise EntryRefused({"": [_("This one is approved: only an arbitre can change it now.")]})
    if current is not None and str(replaces or "") != str(current.pk):
        raise EntryRefused(
            {"": [_("Another phone at your table has just entered this deal: look at it.")]}
        )


def _item_and_seat(game, table, number, seat) -> tuple[int, int]:
    """The item ``number`` names at this table and the seat sending it, who must be one that
    enters it; refused otherwise."""
    items = {item.number: item for item in game.items(table)}
    try:
        number = int(number)
    except (TypeError, ValueError):
        number = None
    if number not in items:
        raise EntryRefused({"": [_("Your table does not play this at this position.")]})
    seat = _seat_of(table, seat)
    writers = items[number].writers
    if writers and seat not in writers:
        message = _("The player at %(seat)s enters this line.")
        raise EntryRefused({"seat": [message % {"seat": _seats(game, table, writers)}]})
    return number, seat


def _seats(game, table, seats) -> str:
    names = {s.seat: s.label for s in game.seats(table)}
    return ", ".join(names.get(seat, str(seat)) for seat in sorted(seats))


def _audit(action, table, entry, **data):
    audit_log(
        action=action,
        user=None,
        tournament=table.round.tournament,
        data={
            "round": table.round.number,
            "table": table.number,
            "number": entry.number,
            "entry": entry.pk,
            "data": entry.data,
            **data,
        },
    )


def _entry_of(table, entry_id) -> TableEntry:
    try:
        entry_id = int(entry_id)
    except (TypeError, ValueError):
        entry_id = None
    entry = TableEntry.objects.filter(table=table, pk=entry_id).first()
    if entry is None:
        raise EntryRefused({"": [_("This entry is no longer there: reload the page.")]})
    return entry


def approve(*, access: TableAccess, entry_id, seat, device=""):
    """The other side approves the entry: it is signed and written to the ledger. Approved
    twice (a retry): nothing more happens. An approval the sheet refuses (a bid ban decided
    since, an earlier deal changed) is refused with the reason and raises an alert on the
    arbitre's board."""
    try:
        with transaction.atomic():
            return _approve(access, entry_id, seat, device)
    except EntryRefused as refused:
        if refused.alert is not None:  # kept for the arbitre's board, outside the rollback
            TableRefusal.objects.create(
                table=access.table, kind=TableRefusal.Kind.REFUSED, **refused.alert
            )
        raise


def _approve(access, entry_id, seat, device):
    access = _locked(access)
    table = access.table
    game = game_of(table)
    entry = _entry_of(table, entry_id)
    if entry.status == Status.APPROVED:
        return entry
    if entry.status == Status.REPLACED:
        raise EntryRefused(
            {"": [_("This entry was corrected or settled since: look at the list.")]}
        )
    if entry.number in game.ledger(table):  # typed on the sheet by the staff since: it stands
        raise EntryRefused({"": [_("This one is on the score sheet already: ask the arbitre.")]})
    seat = _seat_of(table, seat)
    approvers = game.approvers(table, entry.number, entry.data, entry.seat)
    if seat not in approvers:
        raise EntryRefused(
            {
                "seat": [
                    _("A player of the other side approves it: %(seats)s.")
                    % {"seats": _seats(game, table, approvers)}
                ]
            }
        )
    entry.status = Status.APPROVED
    entry.approved_seat = seat
    entry.approved_device = clean_text(str(device or ""), 64)
    entry.approved_at = timezone.now()
    entry.save(update_fields=["status", "approved_seat", "approved_device", "approved_at"])
    tournament = table.round.tournament
    try:
        game.record(
            table,
            entry.number,
            entry.data,
            user=tables_account(),
            confirm=not tournament.table_entry_confirmed,
        )
    except ValidationError as refused:
        message = clean_text("; ".join(refused.messages), 300)
        raise EntryRefused(
            {"": refused.messages}, alert={"number": entry.number, "message": message}
        ) from None
    _audit(
        Action.TABLE_APPROVED,
        table,
        entry,
        seat=seat,
        device=entry.approved_device,
        entered_by=entry.seat,
    )
    return entry


@transaction.atomic
def dispute(*, access: TableAccess, entry_id, seat, note=""):
    """A player says the entry is wrong: the arbitre's board raises an alert; the table may
    then correct it, or the arbitre decides."""
    access = _locked(access)
    table = access.table
    entry = _entry_of(table, entry_id)
    if entry.status == Status.APPROVED:
        raise EntryRefused({"": [_("This one is approved: only an arbitre can change it now.")]})
    if entry.status == Status.REPLACED:
        raise EntryRefused({"": [_("The table corrected this entry since: look at the new one.")]})
    seat = _seat_of(table, seat)
    entry.status = Status.DISPUTED
    entry.dispute = trim_invisible(clean_text(str(note or ""), 300))
    entry.save(update_fields=["status", "dispute"])
    _audit(Action.TABLE_DISPUTED, table, entry, seat=seat, note=entry.dispute)
    return entry


@transaction.atomic
def put_on_paper(*, access: TableAccess, user, reason: str) -> TableAccess:
    """An arbitre takes the table back to paper: its code stops working; what it approved is
    in the ledger already, what waits stays on the board for the arbitre."""
    table = access.table
    require_role(user, table.round.tournament, Role.ARBITRE)
    reason = trim_invisible(clean_text(reason or "", 300))
    if not has_visible_text(reason):
        raise ValidationError({"reason": _("Say why the table goes back to paper.")})
    access = TableAccess.objects.select_for_update().get(pk=access.pk)
    access.on_paper, access.on_paper_reason = True, reason
    access.save(update_fields=["on_paper", "on_paper_reason"])
    audit_log(
        action=Action.TABLE_ON_PAPER,
        user=user,
        tournament=table.round.tournament,
        data={"round": table.round.number, "table": table.number, "reason": reason},
    )
    return access


@transaction.atomic
def back_to_table(*, access: TableAccess, user) -> TableAccess:
    table = access.table
    require_role(user, table.round.tournament, Role.ARBITRE)
    access = TableAccess.objects.select_for_update().get(pk=access.pk)
    access.on_paper, access.on_paper_reason = False, ""
    access.save(update_fields=["on_paper", "on_paper_reason"])
    audit_log(
        action=Action.TABLE_OFF_PAPER,
        user=user,
        tournament=table.round.tournament,
        data={"round": table.round.number, "table": table.number},
    )
    return access
