"""The audit actions of ``arbitration``: incidents, decisions, the penalty scale. Registered
with ``tournaments.extensions`` at start-up."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Action(models.TextChoices):
    INCIDENT_LOGGED = "incident.logged", _("Incident logged")
    INCIDENT_CONFIRMED = "incident.confirmed", _("Fault confirmed")
    INCIDENT_STATUS = "incident.status", _("Status changed")
    DECISION_ADDED = "decision.added", _("Decision recorded")
    DECISION_UNDONE = "decision.undone", _("Decision undone")
    PENALTY_SCALE_UPDATED = "penalty_scale.updated", _("Penalty scale changed")
