from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArbitrationConfig(AppConfig):
    name = "arbitration"
    verbose_name = _("Arbitration")

    def ready(self):
        from scoring.exports_ranking import register_workbook_sheet
        from tournaments.extensions import register

        from .documents import register_report_documents, workbook_sheet
        from .extension import ArbitrationExtension

        register(ArbitrationExtension())  # what tournaments reads of arbitration
        register_workbook_sheet(workbook_sheet)  # the arbitre's report in the results workbook
        register_report_documents()  # the arbitre's report as a job
