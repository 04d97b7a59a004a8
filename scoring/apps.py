from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self):
        from scoring import (
            receivers,  # noqa: F401  (connects the signal receivers)
            transfer,
        )
        from scoring.actions import Action
        from scoring.formats import registry
        from scoring.formats.individuel.format import Individuel
        from scoring.formats.libre.format import Libre
        from scoring.formats.match.format import Match
        from scoring.formats.quadrettes.format import Quadrettes
        from scoring.formats.triplettes.format import Triplettes

        for game in (Libre(), Individuel(), Triplettes(), Quadrettes(), Match()):
            registry.register(game)
        from tournaments.extensions import (
            register_audit_actions,
            register_finished_rounds,
            register_not_seating,
            register_results,
            register_seating_actions,
            register_seating_page,
            register_table_results,
        )

        # A position with a score sheet is locked; sheets and penalties move no seat.
        register_results(lambda rounds: rounds.filter(score_sheets__isnull=False))
        # Duplicate: a travelling sheet of a séance's étuis locks every position of the séance.
        register_results(lambda rounds: rounds.filter(session__boards__sheets__isnull=False))
        # So does a table's reported score: a movement drawn again would drop it unsaid.
        register_results(lambda rounds: rounds.filter(session__boards__table_reports__isnull=False))
        # A table whose sheet is entered (in any version) is not missing: nothing to print again.
        register_table_results(lambda tables: tables.filter(score_sheets__isnull=False))
        # Duplicate: a position is over once every table's scores are in (duplicate_progress).
        from scoring.formats.duplicate.progress import finished_positions

        register_finished_rounds(finished_positions)
        # A format that seats no position (a team match) has its own seating page.
        register_seating_page(
            lambda tournament: not registry.format_of(tournament).seats_positions,
            lambda request, tournament: registry.format_of(tournament).public_seating(
                request, tournament
            ),
        )
        register_not_seating("sheet.", "penalty", "bid_ban.", "boards.", "travelling.")
        transfer.register()  # its rows in a tournament document
        from scoring.formats.duplicate.job_kinds import register_duplicate_documents
        from scoring.formats.libre.job_kinds import register_results_documents

        register_results_documents()
        register_duplicate_documents()
        register_audit_actions(Action)
        # The matches are drawn from the teams present: « all present » is no longer taken back.
        register_seating_actions(Action.MATCHES_DRAWN)
