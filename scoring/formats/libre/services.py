"""Writes of the ledger: save a score sheet (a new version), confirm it, close or reopen a position.

Every service checks who may act (the rules live here, not only in the pages), takes keyword
arguments, runs in one transaction and writes its audit entry there. User errors are
``ValidationError``; a sheet that cannot be saved raises ``SheetRefused``, whose problems name the
deal, the field of the ``SheetEntry`` and the seat at fault, so that the page shows each next to
its field. Nothing is written when one is raised. Marks come from ``sheets.check_sheet``, the
same code the live preview runs.
"""

import re

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext as _

from common.errors import field_error
from common.text import clean_text, has_visible_text, trim_invisible
from scoring import sheet_lifecycle as lifecycle
from scoring.actions import Action
from scoring.at_table.unsettled import settled_by_sheet
from scoring.engine.entry import SheetEntry
from scoring.engine.sheet import (
    ARBITRE_MODES,
    CheckedDeal,
    Problem,
    SheetCheck,
    TableSetup,
    check_sheet,
)
from scoring.formats.libre.refusals import (
    SheetRefused,
    StaleSheet,
    reason_kept,
    sheet_errors,
    visas_kept,
)
from scoring.formats.libre.selectors import (
    current_sheet,
    load_sheet,
    sheet_deals,
    sheet_summary,
    table_setup,
)

# The position's services: the pages and the tests reach them through this module.
from scoring.formats.libre.services_rounds import (  # noqa: F401
    barred_takers,
    refuse_if_closed,
    round_blockers,
    round_close,
    round_reopen,
)
from scoring.models import Deal, Mark, ScoreSheet
from tournaments.models import Round, Table
from tournaments.models.core import seat_name
from tournaments.permissions import Role, has_role, require_role
from tournaments.services import audit_log

Status = ScoreSheet.Status
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def scoresheet_save(
    *,
    table: Table,
    user,
    entry: SheetEntry,
    base_version: int,
    token: str | None = None,
    confirm=False,
    ruling=False,
) -> ScoreSheet:
    """Save the sheet of ``table`` as typed (``entry``): a new version, the one before kept.

    ``base_version`` is the version the form was opened on (0 for none): if someone saved since,
    ``StaleSheet`` is raised and nothing is written. A sheet saved as it is stored makes no new
    version: the stored one is returned. ``token`` identifies one opening of the
    form: sending it twice (a double click) returns the version the first send created. Once
    the sheet is confirmed, only an arbitre changes it, with a reason, and the new version is
    confirmed at once (the arbitre's correction). ``confirm`` confirms the new version in the
    same transaction (an arbitre, four-eyes permitting).
    """
    round_ = table.round
    tournament = round_.tournament
    require_role(user, tournament, Role.SCORER)
    if token and not TOKEN.fullmatch(token):
        token = None  # not one our forms make
    if token:
        done = _sent_before(table, token, entry)
        if done is not None:
            return done
        if ScoreSheet.objects.filter(token=token).exclude(table=table).exists():  # another table
            token = None
    try:
        with transaction.atomic():
            return _save(table, user, entry, base_version, token, confirm, ruling)
    except IntegrityError:
        # Another save of this table (or this very form, sent twice) won the race.
        done = ScoreSheet.objects.filter(token=token, table=table).first() if token else None
        if done is not None:
            return done
        current = current_sheet(table=table)
        if (current.version if current else 0) == base_version:
            raise  # not a race: a bug
        raise StaleSheet(current) from None


def _sent_before(table: Table, token: str, entry: SheetEntry) -> ScoreSheet | None:
    """The version this very form already saved (a double click), if the data is the same.

    The same form sent again with other values (back, edit, save) is not a double click: it
    meets the version it made as someone else's, a conflict, rather than losing the edit.
    """
    done = ScoreSheet.objects.filter(token=token, table=table).first()
    if done is None:
        return None
    setup = table_setup(table=table)
    check = check_sheet(setup, entry)
    if _same_marks_and_visas(done, setup, check, entry):
        return done
    raise StaleSheet(current_sheet(table=table))


def lock_table(table: Table) -> Table:
    """Lock a table's position, then the table (nothing else), for the rest of the transaction.

    Every write of a sheet takes these locks first and in this order, as the seat swaps and
    the closing of a position do (position first), so none of them deadlock and no sheet
    changes under a closing. The position is locked *shared* on PostgreSQL: the sheets of
    its tables are saved side by side (twenty arbitres of one position queued behind each
    other otherwise), while a closing, a reopening or a seat move, which lock it alone, wait
    for them and make them wait. SQLite writes one transaction at a time anyway.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            name = connection.ops.quote_name(Round._meta.db_table)
            cursor.execute(f"SELECT 1 FROM {name} WHERE id = %s FOR SHARE", [table.round_id])
        round_ = Round.objects.select_related("tournament").get(pk=table.round_id)
    else:
        round_ = (
            Round.objects.select_for_update(of=("self",))
            .select_related("tournament")
            .get(pk=table.round_id)
        )
    table = Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
    table.round = round_
    return table


def _save(table, user, entry, base_version, token, confirm, ruling) -> ScoreSheet:
    table = lock_table(table)
    if token:
        done = _sent_before(table, token, entry)  # the first send committed while we waited
        if done is not None:
            return done
    tournament = table.round.tournament
    current = _version_to_replace(table, user, base_version)
    correcting = current is not None and current.is_confirmed
    setup = table_setup(table=table)
    check = check_sheet(setup, entry)
    same = current is not None and check.is_valid and _unchanged(current, setup, check, entry)
    if lifecycle.resubmitted(current, base_version, same=same):
        if confirm and not correcting:  # "save and confirm" of what is already saved
            _confirm(current, user)
        return current  # nothing typed differs: no new version
    problems = sheet_errors(setup, check, entry, correcting=correcting)
    if not has_role(user, tournament, Role.ARBITRE):
        problems += [
            Problem("arbitre_mode", deal.number, "mode")
            for deal in check.deals
            if deal.mode in ARBITRE_MODES
        ]
    if problems:
        raise SheetRefused(problems)
    before = sheet_summary(sheet=current) if current else None
    # A correction is confirmed by its author only where nobody else could (four-eyes off),
    # or when it is an arbitre's ruling, recorded with its incident.
    sheet = lifecycle.write_next(
        ScoreSheet,
        current,
        user=user,
        confirmed=correcting and (ruling or not tournament.four_eyes),
        round=table.round,
        table=table,
        visas=visas_kept(setup, entry),
        short_reason=reason_kept(entry.short_reason) if check.played < setup.deals else "",
        reason=reason_kept(entry.reason),
        warnings=[
            {"deal": p.deal, "field": p.field, "code": p.code, "params": _plain(p.params)}
            for p in check.warnings
        ],
        token=token or None,
    )
    _write_deals(sheet, setup, check.deals)
    settled_by_sheet(tables=[table], numbers=[d.number for d in check.deals], user=user)
    if correcting:
        action = Action.SHEET_CORRECTED
    else:
        action = Action.SHEET_CHANGED if current else Action.SHEET_ENTERED
    _audit_version(action, user, sheet, before)
    if confirm and not correcting:
        _confirm(sheet, user)
    return sheet


def _same_marks_and_visas(sheet: ScoreSheet, setup: TableSetup, check: SheetCheck, entry) -> bool:
    """The sheet as typed has the deals, marks and visas of the stored version ``sheet``."""
    return check.deals == sheet_deals(load_sheet(sheet.pk)) and visas_kept(setup, entry) == (
        sheet.visas
    )


def _unchanged(current: ScoreSheet, setup: TableSetup, check: SheetCheck, entry) -> bool:
    """The sheet as typed is the stored version: the same deals, marks and visas, the same
    reason for fewer deals, and no correction reason (a correction is a change)."""
    short_reason = reason_kept(entry.short_reason) if check.played < setup.deals else ""
    return (
        short_reason == current.short_reason
        and not reason_kept(entry.reason)
        and _same_marks_and_visas(current, setup, check, entry)
    )


def _version_to_replace(table: Table, user, base_version: int) -> ScoreSheet | None:
    """The table's current version, which a save replaces; refused when the position is not
    open for sheets, someone saved since the form was opened, or the sheet is confirmed and
    ``user`` is no arbitre."""
    round_ = table.round
    if not round_.is_published:
        raise ValidationError(
            _("Publish the seating of this position before entering its sheets."),
            code="round_not_published",
        )
    refuse_if_closed(round_)
    current = current_sheet(table=table)
    lifecycle.refuse_conflict(current, base_version)
    lifecycle.refuse_correction(user, round_.tournament, current)
    return current


def _audit_version(action: str, user, sheet: ScoreSheet, before: dict | None) -> None:
    """The audit entry of a new version: what the sheet held before and holds now."""
    table = sheet.table
    audit_log(
        action=action,
        user=user,
        tournament=table.round.tournament,
        data={
            "round": table.round.number,
            "table": table.number,
            "version": sheet.version,
            "reason": sheet.reason,
            "before": before,
            "after": sheet_summary(sheet=sheet),
        },
    )


def _plain(params: dict) -> dict:
    return {
        key: value if isinstance(value, int | str) else str(value) for key, value in params.items()
    }


def _write_deals(sheet: ScoreSheet, setup: TableSetup, checked: list[CheckedDeal]) -> None:
    """The deals and marks of a new version: seats become the registrations sitting there."""
    regs = setup.registrations
    deals = Deal.objects.bulk_create(
        Deal(
            sheet=sheet,
            number=d.number,
            mode=d.mode,
            contract=d.contract,
            taker_id=regs[d.taker] if d.taker is not None else None,
            partner_id=regs[d.partner] if d.partner is not None else None,
            sitting_out_id=regs[d.sitting_out] if d.sitting_out is not None else None,
            dealer_id=regs[d.dealer] if d.dealer is not None else None,
            dealt_again=d.dealt_again,
            bouts=d.bouts,
            points=d.points,
            petit_au_bout=d.petit_au_bout,
            poignees=[[regs[seat], level] for seat, level in d.poignees],
            chelem_announced=d.chelem_announced,
            chelem=d.chelem,
            amount=d.amount,
        )
        for d in checked
    )
    if not all(deal.pk for deal in deals):  # backends that do not return ids on bulk insert
        deals = list(sheet.deals.order_by("number"))
    Mark.objects.bulk_create(
        Mark(sheet=sheet, deal=deal, registration_id=regs[seat], seat=seat, value=value)
        for deal, read in zip(deals, checked, strict=True)
        for seat, value in enumerate(read.marks)
    )


@transaction.atomic
def scoresheet_confirm(*, sheet: ScoreSheet, user, visas=()) -> ScoreSheet:
    """Confirm the current version of a sheet: an arbitre, every visa ticked, four-eyes.

    ``visas``: seats whose initials the confirming arbitre sees on the paper although the
    version lacks them; they are recorded on this version as part of the confirmation (the
    arbitre does not become the author of its marks, and the audit entry names them)."""
    table = lock_table(sheet.table)
    sheet = ScoreSheet.objects.select_related("round__tournament").get(pk=sheet.pk)
    sheet.table = table
    require_role(user, sheet.round.tournament, Role.ARBITRE)
    refuse_if_closed(sheet.round)
    return _confirm(sheet, user, visas=visas)


def _confirm(sheet: ScoreSheet, user, visas=()) -> ScoreSheet:
    tournament = sheet.round.tournament
    require_role(user, tournament, Role.ARBITRE)

    def stale():
        return StaleSheet(current_sheet(table=sheet.table))

    if not lifecycle.confirm_gate(sheet, user=user, tournament=tournament, stale=stale):
        return sheet  # a second click on "confirm"
    setup = table_setup(table=sheet.table)
    seen = sorted({s for s in visas if 0 <= s < setup.size} - set(sheet.visas))
    missing = [seat for seat in range(setup.size) if seat not in sheet.visas and seat not in seen]
    if missing:
        raise ValidationError(
            _(
                "Visas missing: %(seats)s. Once these players have initialled the paper, "
                "tick their visas in the confirmation box and confirm."
            ),
            code="visa_missing",
            params={"seats": ", ".join(seat_name(seat) for seat in missing)},
        )
    # A ban decided after the sheet was entered still bars the taker.
    deals = sheet_deals(load_sheet(sheet.pk))
    setup = setup.as_recorded(deals)
    barred = [
        d.number
        for d in deals
        if d.mode not in ARBITRE_MODES and d.taker is not None and setup.ban(d.taker, d.number)
    ]
    if barred:
        raise SheetRefused(
            [Problem("taker_barred", n, "taker", params={"deal": n}) for n in barred[:1]]
        )
    sheet.visas = sorted({*sheet.visas, *seen})
    lifecycle.stamp_confirmed(sheet, user=user, also=("visas",))
    audit_log(
        action=Action.SHEET_CONFIRMED,
        user=user,
        tournament=tournament,
        data={
            "round": sheet.round.number,
            "table": sheet.table.number,
            "version": sheet.version,
            "before": {"status": Status.ENTERED, "entered_by": sheet.entered_by.username},
            "after": {"status": Status.CONFIRMED, "confirmed_by": user.username},
            "visas_seen": seen,
        },
    )
    return sheet


def scoresheet_reseat(*, table: Table, user, reason: str):
    """A new version of the table's sheet after players were moved: each seat's marks, and the
    deals' taker, partner and poignées, go to whoever sits in that seat now.

    Called by the arbitre's seating correction (``ScoringExtension.sheets_follow_seats``), in its
    transaction; the version keeps the status it had (an arbitre's act, with the reason).
    """
    table = lock_table(table)
    current = current_sheet(table=table)
    if current is None:
        return None
    reason = trim_invisible(clean_text(reason, 300))
    if not has_visible_text(reason):  # the swap asks for it: a direct caller must give it too
        raise field_error(
            "reason",
            _("Score sheets of this position exist: say why the players are moved."),
            "reason_required",
        )
    current = load_sheet(current.pk)
    before = sheet_summary(sheet=current)
    sheet = lifecycle.write_next(
        ScoreSheet,
        current,
        user=user,
        confirmed=current.is_confirmed,
        round=table.round,
        table=table,
        visas=current.visas,
        short_reason=current.short_reason,
        reason=reason,
        warnings=current.warnings,
    )
    # The stored deals read by seat, written back with the seating as it is now.
    _write_deals(sheet, table_setup(table=table), sheet_deals(current))
    _audit_version(Action.SHEET_CORRECTED, user, sheet, before)
    return sheet
