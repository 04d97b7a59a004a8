"""What each kind of decision does, undoes and says, in one table (``KINDS``).

A kind of decision (warning, penalty, bid ban, deal annulled, marks adjusted, exclusion) is one
``DecisionKind``: whether it falls on a player (their registration), how it is applied (its
effect through ``scoring``'s ledger services or ``tournaments``' exclusion, then the
``Decision`` row that links to what was created), how it is undone (that effect, exactly), and
the sentence that tells the arbitre what it did. ``services.decision_add`` and
``services.decision_undo`` check who acts and what is asked, then hand over to the kind; the
pages call ``describe``. Runs inside the services' transactions: nothing here opens one or
checks a role.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from common.errors import field_error
from common.text import has_visible_text
from scoring import services_ledger as ledger
from scoring.engine.entry import DealEntry
from scoring.formats.libre.selectors import current_sheet
from scoring.models import ScoreSheet
from tournaments.models.formats import PenaltyUnit, PlayUnit
from tournaments.services import registration_exclude

from .decision_kinds import Asked, DecisionKind, Kind, Outcome, record
from .decisions_duplicate import DUPLICATE_KINDS
from .models import Decision, PenaltyScale
from .selectors import active_warnings


def scale_points(*, tournament, kind: str) -> int | None:
    """The penalty the tournament's scale proposes for this type of incident, if any."""
    return (
        PenaltyScale.objects.filter(tournament=tournament, kind=kind)
        .values_list("points", flat=True)
        .first()
    )


# Applying


def _warn(asked: Asked) -> Outcome:
    incident = asked.incident
    decision = record(
        incident, asked.user, kind=asked.kind, registration=asked.registration, note=asked.note
    )
    count = active_warnings(tournament=incident.tournament, registration=asked.registration)
    suggested = (
        scale_points(tournament=incident.tournament, kind=incident.kind) if count > 1 else None
    )
    return Outcome(decision, warnings=count, suggested_points=suggested)


def _penalise(asked: Asked) -> Outcome:
    incident, points = asked.incident, asked.points
    suggested = scale_points(tournament=incident.tournament, kind=incident.kind)
    if points is None:
        points = suggested
    if points is None or points <= 0:
        raise field_error("points", _("How many points are taken?"), "points_required")
    if suggested is not None and points != suggested and not has_visible_text(asked.note):
        raise field_error(
            "note",
            _("The scale proposes %(n)s points: say why you take %(p)s."),
            "reason_required",
            n=suggested,
            p=points,
        )
    if suggested is None and not has_visible_text(asked.note):  # no scale to point to
        raise field_error(
            "note",
            _("The penalty scale has no amount for this incident: say why you take %(p)s."),
            "reason_required",
            p=points,
        )
    penalty = ledger.penalty_apply(
        registration=asked.registration,
        points=points,
        reason=asked.reason,
        user=asked.user,
        position=incident.round.number,
        reference=incident.reference,
    )
    fields = {"points": points, "suggested_points": suggested, "penalty": penalty}
    return Outcome(_record_asked(asked, registration=asked.registration, **fields))


def _ban(asked: Asked) -> Outcome:
    incident = asked.incident
    position = asked.position or incident.round.number
    ban, created = ledger.bid_ban_create(
        registration=asked.registration,
        position=position,
        deal_number=asked.deal_number,
        reason=asked.reason,
        user=asked.user,
        reference=incident.reference,
    )
    if not created:  # nothing was written: the refusal leaves the transaction clean
        raise field_error(
            "deal_number",
            _("%(player)s is already barred from bidding on this deal."),
            "already_barred",
            player=asked.registration.name,
        )
    fields = {"position": position, "deal_number": asked.deal_number, "bid_ban": ban}
    return Outcome(_record_asked(asked, registration=asked.registration, **fields))


def _decide_deal(asked: Asked) -> Outcome:
    incident = asked.incident
    deal_number = asked.deal_number or incident.deal_number
    if incident.table is None or deal_number is None:
        raise field_error("deal_number", _("Which deal of which table?"), "deal_required")
    marks = list(asked.marks or [])
    sheet = ledger.deal_decide(
        table=incident.table,
        user=asked.user,
        deal_number=deal_number,
        reason=asked.reason,
        marks=marks if asked.kind == Kind.ADJUSTED_MARKS else None,
    )
    fields = {"position": incident.round.number, "deal_number": deal_number, "marks": marks}
    return Outcome(_record_asked(asked, sheet=sheet, **fields))


def _exclude(asked: Asked) -> Outcome:
    previous = asked.registration.withdrawn_after_position
    registration_exclude(
        registration=asked.registration,
        user=asked.user,
        after_position=asked.incident.round.number,
        reason=asked.reason,
    )
    fields = {"position": asked.incident.round.number, "previous_withdrawal": previous}
    return Outcome(_record_asked(asked, registration=asked.registration, **fields))


def _record_asked(asked: Asked, **fields) -> Decision:
    return record(asked.incident, asked.user, kind=asked.kind, note=asked.note, **fields)


# Undoing


def _cancel_penalty(decision: Decision, user, reason: str) -> None:
    if decision.penalty is not None:
        ledger.effect_cancel(effect=decision.penalty, user=user, reason=reason)


def _cancel_ban(decision: Decision, user, reason: str) -> None:
    if decision.bid_ban is not None:
        ledger.effect_cancel(effect=decision.bid_ban, user=user, reason=reason)


def _marks_of(line: DealEntry | None) -> tuple | None:
    """What a decision on a deal set: how the line is entered and its marks."""
    return None if line is None else (line.mode, line.marks)


def _restore_deal(decision: Decision, user, reason: str) -> None:
    """The deal as it was before the decision, in a new version of the sheet, unless the line
    changed since (a later decision or correction is undone first)."""
    made = decision.sheet
    current = current_sheet(table=made.table)  # a decided table always has a current sheet
    now = ledger.deal_line(sheet=current, deal_number=decision.deal_number)
    if _marks_of(now) != _marks_of(ledger.deal_line(sheet=made, deal_number=decision.deal_number)):
        raise ValidationError(
            _(
                "Deal %(n)s of this sheet changed after this decision: undo the later "
                "change first, or correct the sheet."
            ),
            code="deal_changed_since",
            params={"n": decision.deal_number},
        )
    previous = (
        ScoreSheet.objects.filter(table=made.table, version__lt=made.version)
        .order_by("-version")
        .first()
    )
    line = ledger.deal_line(sheet=previous, deal_number=decision.deal_number)
    ledger.deal_decide(
        table=made.table,
        user=user,
        deal_number=decision.deal_number,
        reason=_("Decision on incident %(n)s undone: %(why)s")
        % {"n": decision.incident_id, "why": reason},
        line=line or DealEntry(decision.deal_number),  # none before: the line goes
    )


def _readmit(decision: Decision, user, reason: str) -> None:
    if decision.registration is not None:
        registration_exclude(
            registration=decision.registration,
            user=user,
            after_position=decision.previous_withdrawal,
            excluded=False,
            reason=reason,
        )


def _nothing(decision: Decision, user, reason: str) -> None:
    """A warning has no effect but its record."""


# Saying


def _values(decision: Decision) -> dict:
    return {
        "player": decision.registration.name if decision.registration else "",
        "n": decision.points or decision.deal_number,
        "k": decision.position,
        "t": decision.incident.table.number if decision.incident.table_id else "",
    }


def _say_ban(decision: Decision) -> str:
    values = _values(decision)
    if decision.on_dealer:
        return _("Whoever dealt deal %(n)s at table %(t)s may not bid on it, dealt again.") % values
    if decision.deal_number is None:
        return _("%(player)s may not bid on the first deal they play at position %(k)s.") % values
    return _("%(player)s may not bid on deal %(n)s of position %(k)s.") % values


def _say_penalty(decision: Decision) -> str:
    """Said with what the penalty is taken off (``PenaltyUnit``)."""
    said = {
        # off the quadrette's result, in match points
        PenaltyUnit.TEAM_MATCH_POINTS: _(
            "Penalty of %(n)s PM for %(player)s, off the quadrette's result."
        ),
        # off the triplette's global percentage of the séance
        PenaltyUnit.TEAM_PERCENT: _(
            "Penalty of %(n)s percentage points for %(player)s, off the triplette's global."
        ),
        # off the séance's global percentage
        PenaltyUnit.PERCENT: _("Penalty of %(n)s percentage points for %(player)s."),
    }.get(decision.incident.tournament.penalty_unit)
    return (said or _("Penalty of %(n)s points for %(player)s.")) % _values(decision)


KINDS: dict[str, DecisionKind] = {
    Kind.WARNING: DecisionKind(
        True, _warn, _nothing, lambda d: _("Warning to %(player)s.") % _values(d)
    ),
    Kind.PENALTY: DecisionKind(True, _penalise, _cancel_penalty, _say_penalty),
    Kind.BID_BAN: DecisionKind(True, _ban, _cancel_ban, _say_ban),
    Kind.DEAL_ANNULLED: DecisionKind(
        False,
        _decide_deal,
        _restore_deal,
        lambda d: _("Deal %(n)s of table %(t)s annulled: a new version of the sheet.") % _values(d),
    ),
    Kind.ADJUSTED_MARKS: DecisionKind(
        False,
        _decide_deal,
        _restore_deal,
        lambda d: _("Deal %(n)s of table %(t)s adjusted: a new version of the sheet.") % _values(d),
    ),
    Kind.EXCLUSION: DecisionKind(
        True,
        _exclude,
        _readmit,
        lambda d: _("%(player)s is excluded after position %(k)s.") % _values(d),
    ),
    **DUPLICATE_KINDS,
}
# What each kind of game may decide: a duplicate has no bidding (the Garde is imposed), its
# deals are lines of travelling sheets, and a player leaving mid-séance would break the
# movement (a stand-in takes the seat instead).
LIBRE_KINDS = (
    Kind.WARNING, Kind.PENALTY, Kind.BID_BAN, Kind.DEAL_ANNULLED, Kind.ADJUSTED_MARKS,
    Kind.EXCLUSION,
)  # fmt: skip
DUPLICATE_KIND_NAMES = (Kind.WARNING, Kind.PENALTY, *DUPLICATE_KINDS)
_KINDS_PLAYED_IN = {
    PlayUnit.POSITIONS: LIBRE_KINDS,
    PlayUnit.SEANCES: DUPLICATE_KIND_NAMES,
    PlayUnit.MATCHES: (Kind.WARNING,),
}


def kinds_for(tournament) -> tuple[str, ...]:
    """The individuel, the triplettes and the quadrettes decide on lines of travelling sheets;
    a team match records its penalties in PM on the match's page (fft-duplicate.md §5): here,
    a warning only."""
    return _KINDS_PLAYED_IN[tournament.plays_in]


def describe(decision: Decision) -> str:
    """One sentence saying what a decision does, for the messages."""
    return KINDS[decision.kind].say(decision)
