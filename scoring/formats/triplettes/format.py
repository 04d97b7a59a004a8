"""Duplicate triplettes (fft-duplicate.md §3). What the tournament's format answers
(``scoring.formats.base``, ``scoring.formats.duplicate.format``): a Mitchell or a Howell
between triplettes, each line naming its attacker, the alterné only in a Mitchell."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.formats.duplicate.format import SessionRankings, TeamDuplicate
from scoring.formats.duplicate.job_kinds import documents_from
from scoring.formats.duplicate.values import defence_seat
from scoring.formats.triplettes import (
    at_table,
    documents,
    documents_results,
    excel,
    exports,
    ranking,
    screen,
    simulate,
    views,
)
from scoring.formats.triplettes.reads import (
    attacking_members,
    fixed_lines,
    triplette_session_results,
    triplette_tournament_results,
)
from scoring.shown import percent_shown
from tournaments.models import Tournament
from tournaments.services_triplettes import triplettes_movement_build


class Triplettes(TeamDuplicate):
    key = Tournament.Format.TRIPLETTES

    attacker_per_line = True
    chooses_movement = True
    entrant_label = gettext_lazy("Triplette")
    session_template = "scoring/duplicate_session_triplettes.html"
    board_template = "scoring/duplicate_board_triplettes.html"
    session_documents = documents_from(documents, documents.cards_pdf, documents_results, excel)

    def official_ranking(self, tournament, *, official=True, up_to=None):
        return ranking.official_ranking(tournament, official, up_to)

    def build_movement(self, *, tournament, user, number, **options):
        return triplettes_movement_build(tournament=tournament, user=user, number=number, **options)

    def movement_facts(self, tournament, session):
        return views.movement_facts(tournament, session)

    def draw_form(self, tournament, session, facts, data=None):
        return views.draw_form(tournament, session, facts, data)

    def board_lines(self, board):
        return views.board_lines(board)

    # ``table_sides`` is the individuel's, North writes and the other side approves: the taker,
    # or a defender when North takes. At each étui the taker's seat holds the attacking
    # triplette and the three others the defending one (§3), so East and West may be North's
    # own triplette.

    def table_seat_views(self, table):
        return at_table.table_seat_views(table)

    def attacking_members(self, board):
        return attacking_members(board)

    def assigned_text(self, board, notes):
        """The note of each triplette of the line, the attack's on the taker's seat."""
        if not notes:
            return ""
        return _("attack %(a)s %%, defence %(d)s %%") % {
            "a": notes.get(board.taker, 50),
            "d": notes.get(defence_seat(board.taker), 50),
        }

    def session_rankings(self, session, *, official):
        results = triplette_session_results(session, official=official)
        return SessionRankings(results, results.teams, results.alternate)

    def has_alternate(self, session):
        return fixed_lines(session)

    def attack_flags(self, general):
        return views.flag_rows(general)

    def tournament_results(self, tournament, *, official):
        return triplette_tournament_results(tournament, official=official)

    def team_row(self, result):
        return {"place": result.general_place, "value": percent_shown(result.overall)}

    def lines_rows(self, tournament, *, official=True):
        return exports.triplettes_lines_rows(tournament, official=official)

    def ranking_rows(self, tournament, *, official=True):
        return exports.triplettes_ranking_rows(tournament, official=official)

    # --- What the public pages, the projector and the results menu ask. ---

    def screen_session_rows(self, session):
        return screen.session_rows(session)

    def screen_total_rows(self, tournament):
        return screen.total_rows(tournament)

    def simulate(self, **options):
        return simulate.simulate(**options)
