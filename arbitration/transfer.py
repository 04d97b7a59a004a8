"""What ``arbitration`` adds to a tournament document (``tournaments.transfer``): its sections,
what decided a ban or a penalty (``Cancellable.reference``, an incident's ``reference``), the
ids its audit entries hold. Registered at start-up (``apps.ArbitrationConfig.ready``).

A ban or a penalty keeps, as text, the incident that decided it: the import gives it the new
incident's reference, looked up by the incidents the document maps (no text is parsed).
"""

from tournaments.extensions import (
    Section,
    register_audit_ids,
    register_audit_value,
    register_hidden_ids,
    register_renamed_field,
    register_sections,
)

from .models import Incident

INCIDENT = "arbitration.Incident"
# Incidents come before the bans and penalties they decide (their reference names them).
SECTIONS = (Section("incidents", INCIDENT, "tournament"),)
LATER = (
    Section("decisions", "arbitration.Decision", "incident__tournament"),
    Section("penalty_scale", "arbitration.PenaltyScale", "tournament"),
)


def _reference(value, row, maps):
    """The reference of the incident that decided an effect, with the incident's new id."""
    new = {
        Incident(pk=old).reference: Incident(pk=pk).reference
        for old, pk in maps.get(INCIDENT, {}).items()
    }
    return new.get(value, value) if isinstance(value, str) else value


def register() -> None:
    register_sections(*SECTIONS, before="bid_bans")
    register_sections(*LATER)
    for model in ("scoring.BidBan", "scoring.Penalty"):
        register_hidden_ids(model, "reference", _reference)
    register_audit_value("reference", _reference)
    register_audit_ids(incident=INCIDENT, decision="arbitration.Decision")
    # A decision's player became its ``registration`` (migration 0003).
    register_renamed_field("arbitration.Decision", "player", "registration")
