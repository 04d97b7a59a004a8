"""Writes of the arbitration: log an incident, confirm the fault, decide, undo a decision.

Only arbitres act here (checked in every service, not only in the pages). What each kind of
decision does and undoes is in ``decisions.KINDS``: its effect goes through ``scoring``'s
services (penalty, bid ban, a sheet version) or ``tournaments``' (exclusion), and the
``Decision`` row links to what was created so undoing it undoes exactly that.
The rules' automatic consequences (section 6) are applied when the fault is confirmed:
a defender's renonce bars them from bidding on the next deal they play, a misdeal bars the
dealer from bidding on the deal dealt again. They are shown as decisions, undoable with a
reason like any other. Each service runs in one transaction with its audit entry.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.errors import field_error
from common.text import clean_text, has_visible_text, trim_invisible
from scoring.formats.libre.selectors import deals_for
from scoring.models import ScoreSheet
from scoring.models.duplicate import Board
from tournaments.models import Registration, Round, Table, Tournament
from tournaments.permissions import Role, require_role
from tournaments.services import audit_log

from .actions import Action
from .consequences import automatic_ban, camp_on_sheet, renonce_camp
from .decision_kinds import Asked, Outcome, record
from .decisions import KINDS, kinds_for
from .models import Decision, Incident, IncidentKind, PenaltyScale, incident_kinds

Kind = Decision.Kind


def _check_people(tournament, table, **people) -> None:
    for field, reg in people.items():
        if reg is None:
            continue
        if reg.tournament_id != tournament.pk:
            raise field_error(field, _("This player is not in this tournament."), "not_here")
        if table is not None and not table.seats.filter(registration=reg).exists():
            raise field_error(
                field,
                _("%(player)s does not sit at table %(t)s."),
                "not_at_table",
                player=reg.name,
                t=table.number,
            )


def _check_where(tournament, round_: Round, table: Table | None, kind: str, deal_number):
    """The position, the table and the deal named exist in this tournament; the kind is one."""
    if round_.tournament_id != tournament.pk:
        raise field_error("round", _("No such position."), "no_such_position")
    if table is not None and table.round_id != round_.pk:
        raise field_error("table", _("This table is not in that position."), "no_such_table")
    if kind not in dict(incident_kinds(tournament)):
        raise field_error("kind", _("Choose the type of incident."), "kind_invalid")
    if deal_number is None:
        return
    if tournament.plays_duplicate:  # the deal is an étui of the séance, played at any table
        most = Board.objects.filter(session_id=round_.session_id).count()
        if not 1 <= deal_number <= most:
            raise field_error(
                "deal_number",
                _("The étuis of this séance are numbered 1 to %(max)s."),
                "no_such_board",
                max=most,
            )
        return
    most = deals_for(tournament, table.size) if table is not None else 40
    if not 1 <= deal_number <= most:
        raise field_error(
            "deal_number",
            _("Deals at this table are numbered 1 to %(max)s."),
            "no_such_deal",
            max=most,
        )


def _check_protest(tournament, table: Table | None, kind: str, contests, contests_sheet):
    """A protest names the incident or the sheet it is about, in this tournament (a sheet of
    the incident's table)."""
    if kind == IncidentKind.PROTEST and contests is None and contests_sheet is None:
        raise field_error(
            "contests",
            _("Say which incident or which sheet the protest is about."),
            "protest_target",
        )
    if contests_sheet is not None and table is not None and contests_sheet.table_id != table.pk:
        raise field_error(
            "contests_sheet", _("That sheet is not this table's."), "sheet_not_at_table"
        )
    if contests is not None and contests.tournament_id != tournament.pk:
        raise field_error("contests", _("Not in this tournament."), "not_here")
    if contests_sheet is not None and contests_sheet.round.tournament_id != tournament.pk:
        raise field_error("contests_sheet", _("Not in this tournament."), "not_here")


@transaction.atomic
def incident_log(
    *,
    tournament: Tournament,
    user,
    round: Round,
    kind: str,
    table: Table | None = None,
    deal_number: int | None = None,
    offender: Registration | None = None,
    caller: Registration | None = None,
    offender_defending: bool | None = None,
    description: str = "",
    called_at=None,
    confirmed: bool = False,
    contests: Incident | None = None,
    contests_sheet: ScoreSheet | None = None,
    late: bool = False,
) -> Incident:
    """Record what the arbitre was called for; with ``confirmed``, its automatic consequences
    apply at once.

    For a renonce, the offender's camp on that deal is the sheet's when it has the deal
    (``offender_defending`` None, or the same); before the sheet has it, the arbitre says it.
    A late protest is recorded and refused at once: the rules bar it (section 6).
    """
    require_role(user, tournament, Role.ARBITRE)
    _check_where(tournament, round, table, kind, deal_number)
    _check_people(tournament, table, offender=offender, caller=caller)
    _check_protest(tournament, table, kind, contests, contests_sheet)
    late = late and kind == IncidentKind.PROTEST
    named = offender is not None and None not in (table, deal_number)
    if tournament.has_bidding and kind == IncidentKind.RENONCE and named:
        # Only a renonce at a named deal of a named table has an automatic consequence.
        offender_defending = renonce_camp(table, deal_number, offender, offender_defending)
    incident = Incident.objects.create(
        tournament=tournament,
        round=round,
        table=table,
        deal_number=deal_number,
        kind=kind,
        offender=offender,
        caller=caller,
        offender_defending=True if offender_defending is None else offender_defending,
        description=clean_text(description, 4000),
        called_at=called_at or timezone.now(),
        contests=contests,
        contests_sheet=contests_sheet,
        late=late,
        status=Incident.Status.REFUSED if late else Incident.Status.OPEN,
        arbitre=user,
    )
    if contests is not None and not late and contests.status != Incident.Status.CLOSED:
        contests.status = Incident.Status.PROTESTED
        contests.save(update_fields=["status"])
    audit_log(
        action=Action.INCIDENT_LOGGED,
        user=user,
        tournament=tournament,
        data={
            "incident": incident.pk,
            "kind": kind,
            "round": round.number,
            "table": table.number if table else None,
            "deal": deal_number,
            "offender": offender.number if offender else None,
            "late": late,
        },
    )
    if confirmed and not late:
        _confirm(incident, user)
    return incident


@transaction.atomic
def incident_confirm(*, incident: Incident, user) -> list[Decision]:
    """The arbitre establishes the fault: the rules' automatic consequences apply."""
    require_role(user, incident.tournament, Role.ARBITRE)
    incident = Incident.objects.select_for_update().get(pk=incident.pk)
    if incident.confirmed:
        return []
    _refuse_if_late(incident)
    return _confirm(incident, user)


def _refuse_if_late(incident: Incident) -> None:
    if incident.refused_late:
        raise ValidationError(
            _(
                "A late protest is refused under the rules (a fault not reported when it was "
                "found cannot be contested later): it gets no decision."
            ),
            code="late_protest",
        )


def _confirm(incident: Incident, user) -> list[Decision]:
    incident.confirmed = True
    data = {"incident": incident.pk}
    # A renonce logged before the sheet had its deal: the sheet entered since says the camp.
    renonce = incident.kind == IncidentKind.RENONCE and incident.tournament.has_bidding
    camp = camp_on_sheet(incident) if renonce else None
    if camp is not None and camp != incident.offender_defending:
        incident.offender_defending = data["offender_defending"] = camp
    incident.save(update_fields=["confirmed", "offender_defending"])
    audit_log(
        action=Action.INCIDENT_CONFIRMED, user=user, tournament=incident.tournament, data=data
    )
    decision = automatic_ban(incident, user)
    return [] if decision is None else [record(incident, user, **decision)]


@transaction.atomic
def decision_add(
    *,
    incident: Incident,
    user,
    kind: str,
    registration: Registration | None = None,
    points: int | None = None,
    note: str = "",
    position: int | None = None,
    deal_number: int | None = None,
    marks: list[int] | None = None,
) -> Outcome:
    """Record one decision on an incident and apply its effect."""
    tournament = incident.tournament
    require_role(user, tournament, Role.ARBITRE)
    _refuse_if_late(incident)
    if kind not in KINDS:
        raise field_error("kind", _("Choose a decision."), "kind_invalid")
    if kind not in kinds_for(tournament):
        raise field_error(
            "kind", _("This decision does not apply to this tournament's game."), "kind_invalid"
        )
    registration = registration or incident.offender
    if KINDS[kind].on_player:
        if registration is None:
            raise field_error("player", _("Choose the player."), "player_required")
        if registration.tournament_id != tournament.pk:
            raise field_error("player", _("This player is not in this tournament."), "not_here")
    note = trim_invisible(clean_text(note, 300))
    asked = Asked(
        incident=incident,
        user=user,
        kind=kind,
        registration=registration,
        points=points,
        note=note,
        position=position,
        deal_number=deal_number,
        marks=marks,
        reason=_("Incident %(i)s: %(what)s")
        % {"i": incident.pk, "what": note or incident.get_kind_display()},
    )
    return KINDS[kind].apply(asked)


@transaction.atomic
def decision_undo(*, decision: Decision, user, reason: str) -> Decision:
    """Undo a decision and its effect; the reason is required and kept."""
    incident = decision.incident
    require_role(user, incident.tournament, Role.ARBITRE)
    reason = trim_invisible(clean_text(reason, 300))
    if not has_visible_text(reason):
        raise field_error("reason", _("Say why the decision is undone."), "reason_required")
    decision = Decision.objects.select_for_update().get(pk=decision.pk)
    if decision.undone_at is not None:
        return decision
    KINDS[decision.kind].undo(decision, user, reason)
    decision.undone_at = timezone.now()
    decision.undone_by = user
    decision.undo_reason = reason
    decision.save(update_fields=["undone_at", "undone_by", "undo_reason"])
    audit_log(
        action=Action.DECISION_UNDONE,
        user=user,
        tournament=incident.tournament,
        data={"incident": incident.pk, "decision": decision.pk, "kind": decision.kind,
              "reason": reason},
    )  # fmt: skip
    return decision


@transaction.atomic
def incident_set_status(*, incident: Incident, user, status: str) -> Incident:
    require_role(user, incident.tournament, Role.ARBITRE)
    if status not in Incident.Status.values:
        raise field_error("status", _("Choose a status."), "status_invalid")
    if (status == Incident.Status.REFUSED) != incident.refused_late:
        raise field_error(
            "status",
            _("A late protest is refused, and only a late protest is."),
            "status_refused",
        )
    if incident.status != status:
        before = incident.status
        incident.status = status
        incident.save(update_fields=["status"])
        audit_log(
            action=Action.INCIDENT_STATUS,
            user=user,
            tournament=incident.tournament,
            data={"incident": incident.pk, "before": before, "after": status},
        )
    return incident


@transaction.atomic
def scale_set(*, tournament: Tournament, user, points: dict[str, int | None]) -> None:
    """The organiser's penalty scale: points proposed per type of incident (None: none)."""
    require_role(user, tournament, Role.ORGANISER)
    for kind, value in points.items():
        if kind not in IncidentKind.values:
            raise ValidationError(_("Unknown type of incident."), code="kind_invalid")
        if value is not None and (type(value) is not int or not 0 < value <= 10_000):
            raise field_error(
                kind, _("A number of points between 1 and 10,000, or nothing."), "points_invalid"
            )
    for kind, value in points.items():
        if value:
            PenaltyScale.objects.update_or_create(
                tournament=tournament, kind=kind, defaults={"points": value}
            )
        else:
            PenaltyScale.objects.filter(tournament=tournament, kind=kind).delete()
    audit_log(
        action=Action.PENALTY_SCALE_UPDATED,
        user=user,
        tournament=tournament,
        data={"points": points},
    )
