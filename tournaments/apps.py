"""The ``tournaments`` app: its configuration and what it tells its own extension surface
(``tournaments.extensions``), as the apps above it do."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from .actions import Action
from .extensions import Extension, register


class TournamentsExtension(Extension):
    """The audit actions of ``tournaments`` itself, those no public page shows, and a field it
    renamed."""

    audit_actions = Action
    # What only the staff sees: the entry fees and who paid them (the treasurer's sheet and the
    # prize lists read them live, never through the change stamp).
    unseen = (Action.FEES_SET, Action.REGISTRATION_PAID, Action.REGISTRATION_UNPAID)
    # A seat's index at its table was its ``position`` until migration 0011: the round's word.
    renamed_fields = {"tournaments.Seat": {"position": "number"}}


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        register(TournamentsExtension())
        from .job_kinds import register_position_documents

        register_position_documents()
