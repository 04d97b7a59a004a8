from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        from .actions import Action
        from .extensions import register_audit_actions, register_renamed_field

        register_audit_actions(Action)
        from .job_kinds import register_position_documents

        register_position_documents()
        # A seat's index at its table was its ``position`` until migration 0011: the round's word.
        register_renamed_field("tournaments.Seat", "position", "number")
