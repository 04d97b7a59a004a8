"""Duplicate quadrettes (fft-duplicate.md §4). What the tournament's format answers
(``scoring.formats.base``, ``scoring.formats.duplicate.format``): oppositions of quadrettes
whose attacker of the séance plays South at the other's home table, ranked in match points."""

from decimal import Decimal

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.formats.duplicate.format import SessionRankings, TeamDuplicate
from scoring.formats.duplicate.job_kinds import documents_from
from scoring.formats.duplicate.values import ASSIGNED_PM
from scoring.formats.quadrettes import (
    at_table,
    documents,
    documents_results,
    excel,
    exports,
    ranking,
    screen,
    simulate,
    views,
    views_public,
)
from scoring.formats.quadrettes.reads import (
    quadrette_session_results,
    quadrette_tournament_results,
)
from scoring.shown import pm_shown
from tournaments.models import Team, Tournament
from tournaments.services_quadrettes import quadrettes_movement_build


class Quadrettes(TeamDuplicate):
    key = Tournament.Format.QUADRETTES

    taker_always_south = True
    ranks_in_pm = True
    team_roadmap_page = True
    entrant_label = gettext_lazy("Quadrette")
    session_template = "scoring/duplicate_session_quadrettes.html"
    board_template = "scoring/duplicate_board_quadrettes.html"
    player_fragment = "public/_duplicate_player_quadrettes.html"
    session_documents = documents_from(documents, documents.cards_pdf, documents_results, excel)
    own_document_names = {
        "cards": lambda: _("Preparation and table cards (PDF)"),
        "export": lambda: _("Every score and PM (Excel)"),
    }

    def official_ranking(self, tournament, *, official=True, up_to=None):
        return ranking.official_ranking(tournament, official, up_to)

    def build_movement(self, *, tournament, user, number, **options):
        return quadrettes_movement_build(tournament=tournament, user=user, number=number, **options)

    def movement_facts(self, tournament, session):
        return views.movement_facts(tournament, session)

    def table_seat_views(self, table):
        return at_table.table_seat_views(table)

    def table_sides(self, board):
        """The South attacker writes the line; a defender approves it (§4)."""
        return 2, frozenset({0, 1, 3})

    def board_lines(self, board):
        return views.board_lines(board)

    def assigned_text(self, board, notes):
        """Match points, not notes: none assigned is 0 PM to both quadrettes."""
        if not notes:
            return ""
        if ASSIGNED_PM[0] not in notes:
            return _("0 PM to both quadrettes")
        attack, defence = (Decimal(notes.get(key, "0")) for key in ASSIGNED_PM)
        return _("attack %(a)s PM, defence %(d)s PM") % {
            "a": documents.pm_text(attack),
            "d": documents.pm_text(defence),
        }

    def session_rankings(self, session, *, official):
        results = quadrette_session_results(session, official=official)
        return SessionRankings(results, results.teams, [])

    def has_alternate(self, session):
        return False

    def tournament_results(self, tournament, *, official):
        return quadrette_tournament_results(tournament, official=official)

    def shown(self, value):
        return pm_shown(value)

    def team_row(self, result):
        return {"place": result.place, "value": pm_shown(result.pm)}

    def lines_rows(self, tournament, *, official=True):
        return exports.quadrettes_lines_rows(tournament, official=official)

    def ranking_rows(self, tournament, *, official=True):
        return exports.quadrettes_ranking_rows(tournament, official=official)

    # --- What the public pages, the projector and the results menu ask. ---

    def screen_session_rows(self, session):
        return screen.session_rows(session)

    def screen_total_rows(self, tournament):
        return screen.total_rows(tournament)

    def public_team_page(self, request, tournament, number):
        """A quadrette's feuille de route."""
        team = get_object_or_404(Team, tournament=tournament, number=number)
        return views_public.quadrette_page(request, tournament, team)

    def simulate(self, **options):
        return simulate.simulate(**options)
