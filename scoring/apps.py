from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self):
        from scoring.formats import registry
        from scoring.formats.individuel.format import Individuel
        from scoring.formats.libre.format import Libre
        from scoring.formats.match.format import Match
        from scoring.formats.quadrettes.format import Quadrettes
        from scoring.formats.triplettes.format import Triplettes

        for game in (Libre(), Individuel(), Triplettes(), Quadrettes(), Match()):
            registry.register(game)
        from scoring.extension import ScoringExtension
        from tournaments.extensions import register

        register(ScoringExtension())  # what tournaments reads of scoring, and asks it
        from scoring.formats.duplicate.job_kinds import register_duplicate_documents
        from scoring.formats.libre.job_kinds import register_results_documents

        register_results_documents()
        register_duplicate_documents()
