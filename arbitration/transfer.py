"""What ``arbitration`` adds to a tournament document (``tournaments.transfer``): its sections,
what decided a ban or a penalty (``Cancellable.reference``, an incident's ``reference``), the
ids its audit entries hold. Told to ``tournaments`` by ``arbitration.extension``.

A ban or a penalty keeps, as text, the incident that decided it: the import gives it the new
incident's reference, looked up by the incidents the document maps (no text is parsed).
"""

from tournaments.extensions import Section

from .models import Incident

INCIDENT = "arbitration.Incident"
SECTIONS = (
    # Incidents come before the bans and penalties they decide (their reference names them).
    Section("incidents", INCIDENT, "tournament", before="bid_bans"),
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


HIDDEN_IDS = {(model, "reference"): _reference for model in ("scoring.BidBan", "scoring.Penalty")}
AUDIT_VALUES = {"reference": _reference}
AUDIT_IDS = {"incident": INCIDENT, "decision": "arbitration.Decision"}
# A decision's player became its ``registration`` (migration 0003).
RENAMED_FIELDS = {"arbitration.Decision": {"player": "registration"}}
