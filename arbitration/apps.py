from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArbitrationConfig(AppConfig):
    name = "arbitration"
    verbose_name = _("Arbitration")

    def ready(self):
        from scoring.formats.libre.exports import register_workbook_sheet
        from tournaments.extensions import (
            register_audit_actions,
            register_not_seating,
            register_settings_note,
        )

        from . import transfer
        from .actions import Action
        from .documents import register_report_documents, workbook_sheet
        from .selectors import scale_note

        register_workbook_sheet(workbook_sheet)  # the arbitre's report in the results workbook
        register_not_seating("incident.", "decision.")  # incidents and decisions move no seat
        transfer.register()  # its rows in a tournament document
        register_audit_actions(Action)
        register_settings_note(scale_note)  # an empty penalty scale, on the settings page
        register_report_documents()  # the arbitre's report as a job
