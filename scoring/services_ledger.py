"""Writes of the arbitre's effects on the ledger: penalties, bid bans, deals annulled or adjusted.

``arbitration`` decides and calls these; they know no incident (``reference`` says what decided
them, as text). Every effect can be cancelled by an arbitre with a reason, and the row stays as
history. A deal annulled or adjusted is a new version of the table's sheet, made through
``scoresheet_save`` like any other, so the history, the audit and the standings see it.
Each service runs in one transaction and writes its audit entry there.
"""

from dataclasses import replace

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.errors import field_error
from common.text import clean_text, has_visible_text, trim_invisible
from scoring.actions import Action
from scoring.engine.entry import ADJUSTED, ANNULLED, DealEntry
from scoring.formats.libre.selectors import current_sheet, sheet_entry
from scoring.formats.libre.services import SheetRefused, scoresheet_save
from scoring.models import BidBan, Penalty, ScoreSheet
from tournaments.models import Registration, Table
from tournaments.permissions import Role, require_role
from tournaments.services import audit_log


def _reason(reason: str) -> str:
    reason = trim_invisible(clean_text(reason, 300))
    if not has_visible_text(reason):
        raise field_error("reason", _("Give the reason."), "reason_required")
    return reason


@transaction.atomic
def penalty_apply(
    *,
    registration: Registration,
    points: int,
    reason: str,
    user,
    position: int | None = None,
    reference: str = "",
) -> Penalty:
    """Take ``points`` from a player's total: one-sided, nobody else gains them."""
    tournament = registration.tournament
    require_role(user, tournament, Role.ARBITRE)
    if type(points) is not int or not 0 < points <= 100_000:
        raise field_error(
            "points", _("A penalty is a positive number of points."), "points_invalid"
        )
    penalty = Penalty.objects.create(
        tournament=tournament,
        registration=registration,
        position=position,
        points=points,
        reason=_reason(reason),
        reference=reference[:40],
        created_by=user,
    )
    audit_log(
        action=Action.PENALTY_APPLIED,
        user=user,
        tournament=tournament,
        data={
            "penalty": penalty.pk,
            "player": registration.number,
            "points": points,
            "reason": penalty.reason,
            "reference": penalty.reference,
        },
    )
    return penalty


@transaction.atomic
def bid_ban_create(
    *,
    registration: Registration | None,
    position: int | None,
    deal_number: int | None,
    reason: str,
    user,
    reference: str = "",
    dealer_at: Table | None = None,
) -> tuple[BidBan, bool]:
    """Bar a player from bidding on a deal of a position (None: the first deal they play):
    the ban, and whether it is new (False: the player was already barred from that deal).

    Without a player, ``dealer_at`` names a table and the ban falls on whoever dealt deal
    ``deal_number`` there, as its sheet records it (a misdeal): nobody names them by hand.
    """
    if registration is None:
        if dealer_at is None or deal_number is None:
            raise field_error("player", _("Choose the player."), "player_required")
        tournament, position = dealer_at.round.tournament, dealer_at.round.number
    else:
        tournament = registration.tournament
    require_role(user, tournament, Role.ARBITRE)
    if position is None or not 1 <= position <= tournament.positions:
        raise field_error(
            "position",
            _("This tournament has positions 1 to %(max)s."),
            "no_such_position",
            max=tournament.positions,
        )
    if deal_number is not None and not 1 <= deal_number <= 40:
        raise field_error("deal_number", _("No such deal."), "no_such_deal")
    table_number = dealer_at.number if registration is None else None
    existing = BidBan.objects.filter(
        tournament=tournament,
        position=position,
        registration=registration,
        table_number=table_number,
        deal_number=deal_number,
        cancelled_at__isnull=True,
    ).first()
    if existing is not None:
        return existing, False
    ban = BidBan.objects.create(
        tournament=tournament,
        position=position,
        registration=registration,
        table_number=table_number,
        deal_number=deal_number,
        reason=_reason(reason),
        reference=reference[:40],
        created_by=user,
    )
    audit_log(
        action=Action.BID_BAN_CREATED,
        user=user,
        tournament=tournament,
        data={
            "ban": ban.pk,
            "player": registration.number if registration else None,
            "table": table_number,
            "position": position,
            "deal": deal_number,
            "reason": ban.reason,
            "reference": ban.reference,
        },
    )
    return ban, True


@transaction.atomic
def effect_cancel(*, effect: Penalty | BidBan, user, reason: str) -> Penalty | BidBan:
    """Cancel a penalty or a bid ban; it stays readable, with who cancelled it and why."""
    require_role(user, effect.tournament, Role.ARBITRE)
    reason = _reason(reason)
    effect = type(effect).objects.select_for_update().get(pk=effect.pk)
    if effect.cancelled_at is not None:
        return effect
    effect.cancelled_at = timezone.now()
    effect.cancelled_by = user
    effect.cancel_reason = reason
    effect.save(update_fields=["cancelled_at", "cancelled_by", "cancel_reason"])
    is_penalty = isinstance(effect, Penalty)
    kind = "penalty" if is_penalty else "bid_ban"
    audit_log(
        action=Action.PENALTY_CANCELLED if is_penalty else Action.BID_BAN_CANCELLED,
        user=user,
        tournament=effect.tournament,
        data={
            kind: effect.pk,
            "player": effect.registration.number if effect.registration else None,
            "reason": reason,
        },
    )
    return effect


def deal_line(*, sheet: ScoreSheet, deal_number: int) -> DealEntry | None:
    """Deal ``deal_number`` of a stored version as typed (to restore it when undoing), or None
    when that version has no such deal."""
    entry = sheet_entry(sheet=sheet)
    return entry.deal(deal_number) if entry.has_deal(deal_number) else None


def deal_decide(
    *,
    table: Table,
    user,
    deal_number: int,
    reason: str,
    marks: list[int] | None = None,
    line: DealEntry | None = None,
) -> ScoreSheet:
    """A new version of the table's sheet where deal ``deal_number`` is annulled (``marks``
    None), gets the arbitre's ``marks`` (one per seat, summing to zero), or is replaced by
    ``line`` (to restore a deal as it was)."""
    tournament = table.round.tournament
    require_role(user, tournament, Role.ARBITRE)
    reason = _reason(reason)
    current = current_sheet(table=table)
    if current is None:
        raise ValidationError(
            _("Table %(t)s has no score sheet yet: enter it first."),
            code="no_sheet",
            params={"t": table.number},
        )
    entry = sheet_entry(sheet=current)
    if not entry.has_deal(deal_number):
        raise field_error(
            "deal_number",
            _("The sheet of table %(t)s has no deal %(n)s."),
            "no_such_deal",
            t=table.number,
            n=deal_number,
        )
    if line is None:
        # Keep who dealt, who took and what was bid: the deal was played, its marks are the
        # arbitre's (at a table of 5, who sat out stays who sat out).
        played = entry.deal(deal_number)
        line = DealEntry(
            number=deal_number,
            mode=ANNULLED if marks is None else ADJUSTED,
            dealer=played.dealer,
            dealt_again=played.dealt_again,
            contract=played.contract,
            taker=played.taker,
            partner=played.partner,
        )
        if marks is not None:
            if len(marks) != table.size or any(type(m) is not int for m in marks):
                raise field_error("marks", _("One mark per player."), "marks_invalid")
            line = replace(line, marks=tuple(str(mark) for mark in marks))
    try:
        return scoresheet_save(
            table=table,
            user=user,
            entry=replace(entry.with_deal(line), reason=reason),
            base_version=current.version,
            ruling=True,
        )
    except SheetRefused as exc:
        raise ValidationError(" ".join(exc.messages), code="deal_invalid") from exc
