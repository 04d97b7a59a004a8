"""Writes of the ledger: save a score sheet (a new version), confirm it, close or reopen a position.

Every service checks who may act (the rules live here, not only in the pages), takes keyword
arguments, runs in one transaction and writes its audit entry there. User errors are
``ValidationError`` keyed by the entry form's field names (``d2-points``, ``visa0``…) so the page
shows each next to its field; nothing is written when one is raised. Marks come from
``sheets.check_sheet``, the same code the live preview runs.
"""

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Round, Table
from tournaments.permissions import Role, has_role
from tournaments.services import audit_log, field_error

from .messages import problem_message
from .models import Deal, Mark, ScoreSheet
from .selectors import current_sheet, sheet_summary, table_setup
from .sheets import ARBITRE_MODES, SheetCheck, TableSetup, check_sheet, ticked

Status = ScoreSheet.Status


class StaleSheet(ValidationError):
    """Someone saved this sheet since the form was opened; ``current`` is what they saved."""

    def __init__(self, current: ScoreSheet | None):
        self.current = current
        if current is None:
            super().__init__(
                _("This sheet changed since you opened it: open it again."), code="stale"
            )
            return
        super().__init__(
            _(
                "%(user)s saved this sheet (version %(version)s) while you were typing. Your "
                "entry is kept below: compare it with theirs, then save again."
            ),
            code="stale",
            params={"user": current.entered_by, "version": current.version},
        )


def _require(user, tournament, role: str) -> None:
    if not has_role(user, tournament, role):
        raise PermissionDenied


def _refuse_if_closed(round_: Round) -> None:
    if round_.is_closed:
        raise ValidationError(
            _("Position %(k)s is closed: an arbitre must reopen it first."),
            code="round_closed",
            params={"k": round_.number},
        )


def sheet_errors(setup: TableSetup, check: SheetCheck, data, *, correcting: bool) -> dict:
    """Every reason the sheet cannot be saved, as {form field: [message]}."""
    errors: dict[str, list[str]] = {}
    for problem in check.errors:
        errors.setdefault(problem.field, []).append(problem_message(problem.code, problem.params))
    if not check.played and not errors:
        errors.setdefault("d1-contract", []).append(problem_message("no_deal", {}))
    if 0 < check.played < setup.deals and not str(data.get("short_reason", "")).strip():
        params = {"played": check.played, "expected": setup.deals}
        errors.setdefault("short_reason", []).append(
            problem_message("short_reason_required", params)
        )
    if correcting and not str(data.get("reason", "")).strip():
        errors.setdefault("reason", []).append(problem_message("reason_required", {}))
    return errors


def _visas(setup: TableSetup, data) -> list[int]:
    return [seat for seat in range(setup.size) if ticked(data.get(f"visa{seat}"))]


def scoresheet_save(
    *, table: Table, user, data, base_version: int, token: str | None = None, confirm=False
) -> ScoreSheet:
    """Save the sheet of ``table`` as typed in ``data``: a new version, the one before kept.

    ``base_version`` is the version the form was opened on (0 for none): if someone saved since,
    ``StaleSheet`` is raised and nothing is written. ``token`` identifies one opening of the
    form: sending it twice (a double click) returns the version the first send created. Once
    the sheet is confirmed, only an arbitre changes it, with a reason, and the new version is
    confirmed at once (the arbitre's correction). ``confirm`` confirms the new version in the
    same transaction (an arbitre, four-eyes permitting).
    """
    round_ = table.round
    tournament = round_.tournament
    _require(user, tournament, Role.SCORER)
    if token:
        done = ScoreSheet.objects.filter(token=token).first()
        if done is not None and done.table_id == table.pk:
            return done
        if done is not None:  # a token from another table's form: not a double click
            token = None
    try:
        with transaction.atomic():
            return _save(table, user, data, base_version, token, confirm)
    except IntegrityError:
        # Another save of this table (or this very form, sent twice) won the race.
        done = ScoreSheet.objects.filter(token=token, table=table).first() if token else None
        if done is not None:
            return done
        current = current_sheet(table=table)
        if (current.version if current else 0) == base_version:
            raise  # not a race: a bug
        raise StaleSheet(current) from None


def _save(table, user, data, base_version, token, confirm) -> ScoreSheet:
    # Serializes the saves of one table on PostgreSQL; SQLite serializes every write anyway.
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    round_ = table.round
    tournament = round_.tournament
    if not round_.is_published:
        raise ValidationError(
            _("Publish the seating of this position before entering its sheets."),
            code="round_not_published",
        )
    _refuse_if_closed(round_)
    current = current_sheet(table=table)
    if (current.version if current else 0) != base_version:
        raise StaleSheet(current)
    correcting = current is not None and current.is_confirmed
    if correcting and not has_role(user, tournament, Role.ARBITRE):
        raise ValidationError(
            _("This sheet is confirmed: only an arbitre can correct it."),
            code="confirmed_sheet",
        )
    setup = table_setup(table=table)
    check = check_sheet(setup, data)
    errors = sheet_errors(setup, check, data, correcting=correcting)
    if not has_role(user, tournament, Role.ARBITRE):
        for deal in check.deals:
            if deal.mode in ARBITRE_MODES:
                errors.setdefault(f"d{deal.number}-mode", []).append(
                    _("Only an arbitre adjusts or annuls a deal.")
                )
    if errors:
        raise ValidationError(errors)
    before = sheet_summary(sheet=current) if current else None
    if current is not None:
        current.status = Status.SUPERSEDED
        current.save(update_fields=["status"])
    now = timezone.now()
    sheet = ScoreSheet.objects.create(
        round=round_,
        table=table,
        version=(current.version if current else 0) + 1,
        status=Status.CONFIRMED if correcting else Status.ENTERED,
        visas=_visas(setup, data),
        short_reason=str(data.get("short_reason", "")).strip()[:300]
        if check.played < setup.deals
        else "",
        reason=str(data.get("reason", "")).strip()[:300],
        warnings=[
            {"field": p.field, "code": p.code, "params": _plain(p.params)} for p in check.warnings
        ],
        entered_by=user,
        confirmed_by=user if correcting else None,
        confirmed_at=now if correcting else None,
        token=token or None,
    )
    _write_deals(sheet, setup, check)
    action = "sheet.corrected" if correcting else "sheet.changed" if current else "sheet.entered"
    audit_log(
        action=action,
        user=user,
        tournament=tournament,
        data={
            "round": round_.number,
            "table": table.number,
            "version": sheet.version,
            "reason": sheet.reason,
            "before": before,
            "after": sheet_summary(sheet=sheet),
        },
    )
    if confirm and not correcting:
        _confirm(sheet, user)
    return sheet


def _plain(params: dict) -> dict:
    return {
        key: value if isinstance(value, int | str) else str(value) for key, value in params.items()
    }


def _write_deals(sheet: ScoreSheet, setup: TableSetup, check: SheetCheck) -> None:
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
            bouts=d.bouts,
            points=d.points,
            petit_au_bout=d.petit_au_bout,
            poignees=[[regs[seat], level] for seat, level in d.poignees],
            chelem_announced=d.chelem_announced,
            chelem=d.chelem,
            amount=d.amount,
        )
        for d in check.deals
    )
    if not all(deal.pk for deal in deals):  # backends that do not return ids on bulk insert
        deals = list(sheet.deals.order_by("number"))
    Mark.objects.bulk_create(
        Mark(sheet=sheet, deal=deal, registration_id=regs[seat], seat=seat, value=value)
        for deal, checked in zip(deals, check.deals, strict=True)
        for seat, value in enumerate(checked.marks)
    )


@transaction.atomic
def scoresheet_confirm(*, sheet: ScoreSheet, user) -> ScoreSheet:
    """Confirm the current version of a sheet: an arbitre, every visa ticked, four-eyes."""
    sheet = (
        ScoreSheet.objects.select_for_update().select_related("round__tournament").get(pk=sheet.pk)
    )
    _require(user, sheet.round.tournament, Role.ARBITRE)
    _refuse_if_closed(sheet.round)
    if sheet.status == Status.CONFIRMED:
        return sheet  # a second click on "confirm"
    if sheet.status != Status.ENTERED:
        raise StaleSheet(current_sheet(table=sheet.table))
    return _confirm(sheet, user)


def _confirm(sheet: ScoreSheet, user) -> ScoreSheet:
    tournament = sheet.round.tournament
    if not has_role(user, tournament, Role.ARBITRE):
        raise PermissionDenied
    if tournament.four_eyes and sheet.entered_by_id == user.pk:
        raise ValidationError(
            _("You entered this version: another arbitre must confirm it (four-eyes)."),
            code="four_eyes",
        )
    setup = table_setup(table=sheet.table)
    missing = [seat for seat in range(setup.size) if seat not in sheet.visas]
    if missing:
        raise ValidationError(
            {
                f"visa{seat}": ValidationError(
                    _("Tick the visa once this player has initialled the sheet."),
                    code="visa_missing",
                )
                for seat in missing
            }
        )
    # A ban decided after the sheet was entered still bars the taker.
    takers = sheet.deals.exclude(mode__in=ARBITRE_MODES).values_list("number", "taker_id")
    for number in [n for n, taker in takers if (taker, n) in setup.bans]:
        raise field_error(
            f"d{number}-taker",
            _("The taker of deal %(deal)s is barred from bidding on it."),
            "taker_banned",
            deal=number,
        )
    sheet.status = Status.CONFIRMED
    sheet.confirmed_by = user
    sheet.confirmed_at = timezone.now()
    sheet.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    audit_log(
        action="sheet.confirmed",
        user=user,
        tournament=tournament,
        data={"round": sheet.round.number, "table": sheet.table.number, "version": sheet.version},
    )
    return sheet


def round_blockers(*, round: Round) -> list[int]:
    """Numbers of the tables whose sheet is not confirmed yet."""
    confirmed = set(
        round.score_sheets.filter(status=Status.CONFIRMED).values_list("table_id", flat=True)
    )
    return [t.number for t in round.tables.order_by("number") if t.pk not in confirmed]


@transaction.atomic
def round_close(*, round: Round, user) -> Round:
    """Close a position once every sheet is confirmed: its marks are then final."""
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    _require(user, round_.tournament, Role.ARBITRE)
    if round_.is_closed:
        return round_
    waiting = round_blockers(round=round_)
    if waiting or not round_.is_published:
        raise ValidationError(
            _("Tables whose sheet is not confirmed: %(tables)s."),
            code="sheets_unconfirmed",
            params={"tables": ", ".join(map(str, waiting))},
        )
    round_.closed_at = timezone.now()
    round_.save(update_fields=["closed_at"])
    audit_log(
        action="round.closed",
        user=user,
        tournament=round_.tournament,
        data={"round": round_.number},
    )
    return round_


@transaction.atomic
def round_reopen(*, round: Round, user, reason: str) -> Round:
    """Reopen a closed position so that an arbitre can correct it; the reason is kept."""
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    _require(user, round_.tournament, Role.ARBITRE)
    reason = (reason or "").strip()
    if not reason:
        raise field_error("reason", _("Say why the position is reopened."), "reason_required")
    if not round_.is_closed:
        return round_
    round_.closed_at = None
    round_.save(update_fields=["closed_at"])
    audit_log(
        action="round.reopened",
        user=user,
        tournament=round_.tournament,
        data={"round": round_.number, "reason": reason[:300]},
    )
    return round_
