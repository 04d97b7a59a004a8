"""What every kind of decision shares: the shape of a decision asked (``Asked``) and of its
outcome (``Outcome``), the row of the ``KINDS`` table (``DecisionKind``) and ``record``, which
writes the ``Decision`` and its audit entry.

``decisions`` (the kinds of every game) and ``decisions_duplicate`` (those changing a line of
a travelling sheet) both build on this module, so neither imports the other's base.
"""

from collections.abc import Callable
from dataclasses import dataclass

from tournaments.models import Registration
from tournaments.services import audit_log

from .actions import Action
from .models import Decision, Incident

Kind = Decision.Kind


@dataclass
class Outcome:
    decision: Decision
    # A second warning: what the scale suggests (never applied without the arbitre).
    warnings: int = 0
    suggested_points: int | None = None


@dataclass
class Asked:
    """A decision as the arbitre asks for it, checked for who acts and on whom."""

    incident: Incident
    user: object
    kind: str
    registration: Registration | None  # the player the decision falls on
    points: int | None
    note: str
    position: int | None
    deal_number: int | None
    marks: list[int] | None
    reason: str  # what the ledger keeps: the incident, named


@dataclass(frozen=True)
class DecisionKind:
    on_player: bool  # the decision falls on a player (the incident's offender by default)
    apply: Callable[[Asked], Outcome]
    undo: Callable[[Decision, object, str], None]
    say: Callable[[Decision], str]


def record(incident: Incident, user, **fields) -> Decision:
    """The ``Decision`` row and its audit entry; the incident is decided from now on."""
    decision = Decision.objects.create(incident=incident, created_by=user, **fields)
    if incident.status == Incident.Status.OPEN:
        incident.status = Incident.Status.DECIDED
        incident.save(update_fields=["status"])
    audit_log(
        action=Action.DECISION_ADDED,
        user=user,
        tournament=incident.tournament,
        data={
            "incident": incident.pk,
            "decision": decision.pk,
            "kind": decision.kind,
            "player": decision.registration.number if decision.registration else None,
            "points": decision.points,
            "position": decision.position,
            "deal": decision.deal_number,
            "marks": decision.marks,
            "note": decision.note,
            "automatic": decision.automatic,
        },
    )
    return decision
