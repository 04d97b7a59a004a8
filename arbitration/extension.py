"""What ``arbitration`` tells ``tournaments`` (``tournaments.extensions``), in one object
registered at start-up (``apps.ArbitrationConfig.ready``): incidents and decisions move no
seat, its audit actions, the rows it adds to a tournament document (``arbitration.transfer``),
and an empty penalty scale, said on the settings page with the way to fill it."""

from tournaments.extensions import Extension

from . import transfer
from .actions import Action
from .selectors import scale_note


class ArbitrationExtension(Extension):
    not_seating = ("incident.", "decision.")
    audit_actions = Action
    renamed_fields = transfer.RENAMED_FIELDS
    sections = transfer.SECTIONS
    hidden_ids = transfer.HIDDEN_IDS
    audit_ids = transfer.AUDIT_IDS
    audit_values = transfer.AUDIT_VALUES

    def settings_note(self, tournament):
        return scale_note(tournament)
