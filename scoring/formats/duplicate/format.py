"""What every duplicate form (individuel, triplettes, quadrettes) answers: séances of étuis and
travelling sheets. The shared pages, services and files of ``scoring.formats.duplicate`` ask the
tournament's format (``format_of(tournament)``) for what differs and never test which form it
is. ``DuplicateFamily`` answers as the individuel does; ``TeamDuplicate`` adds what the two team
forms share; each form's package subclasses one and says what is its own.
"""

from typing import NamedTuple

from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext_lazy

from scoring.formats.base import TournamentFormat
from scoring.formats.duplicate import exports, pages, results_menu, screen, views_public
from scoring.formats.duplicate.job_kinds import DOCUMENTS
from scoring.formats.duplicate.reads import session_results, tournament_results
from scoring.models.duplicate import Orientation
from scoring.shown import percent_shown
from tournaments.models import Seat
from tournaments.selectors_places import registration_places, round_places_by_name
from tournaments.services_duplicate import session_movement_build


class SessionRankings(NamedTuple):
    """A séance's rankings as its pages show them: the form's results (``results.missing``
    says how many lines are not in), the général's rows and the alterné's (empty when the
    form has none)."""

    results: object
    general: list
    alternate: list


class DuplicateFamily(TournamentFormat):
    """A duplicate: séances, étuis, travelling sheets (fft-duplicate.md §1-§2). Every answer
    here is the individuel's: a form says only where it plays otherwise."""

    def play_units(self, tournament):
        return tournament.sessions.all()  # its séances

    taker_always_south = False
    """Every étui is dealt turned so that its taker sits South (the quadrettes, §4)."""
    attacker_per_line = False
    """The travelling sheet names, line by line, which member attacked (the triplettes, §3)."""
    chooses_movement = False
    """The organiser chooses the movement to draw in a form (``draw_form``)."""
    tables_view = True
    """The séance has a page per table and its slips (the individuel only, for now)."""
    ranks_in_pm = False
    """The rankings are in match points rather than percentages (the quadrettes)."""
    team_roadmap_page = False
    """Each team has a public page of its feuille de route (the quadrettes)."""
    entrant_label = gettext_lazy("Player")
    """What a ranking's column of who is ranked is headed."""

    session_template = "scoring/duplicate_session.html"
    """The staff page of a séance; a form's own extends it (its team, its movement)."""
    board_template = "scoring/duplicate_board.html"
    """The staff page of an étui's travelling sheet; a form's own names its lines' teams."""
    player_fragment = "public/_duplicate_player.html"
    """The live part of a player's public page."""

    session_documents: dict = DOCUMENTS
    """doc -> (its name, how it is made from the séance): ``job_kinds.documents_from``."""
    own_document_names: dict = {}
    """doc -> its name when the form calls it otherwise than the individuel (lazily)."""

    def document_names(self) -> dict[str, str]:
        """doc -> what the séance page calls it, in the form's words."""
        return {
            doc: self.own_document_names.get(doc, name)()
            for doc, (name, _make) in self.session_documents.items()
        }

    # The séance's movement (staff page).

    def build_movement(self, *, tournament, user, number: int, **options):
        """Draw the séance's movement (the service of ``tournaments``): here, each player's
        seat at every position."""
        return session_movement_build(tournament=tournament, user=user, number=number, **options)

    def movement_facts(self, tournament, session) -> dict:
        """What the séance page shows of the movement: at least ``players`` (present),
        ``positions`` (position -> table -> its row) and ``problem`` (what stops a draw, "");
        here also the ``repeats`` and the étuis played ``twice``."""
        return pages.movement_facts(tournament, session)

    def draw_form(self, tournament, session, facts: dict, data=None):
        """The form choosing the movement to draw (``chooses_movement``); None: one movement."""
        return None

    # An étui's travelling sheet.

    def board_lines(self, board) -> list[dict]:
        """Per table playing the étui, in playing order, the teams of its line (the page's
        ``row.team``); empty when players, not teams, are placed."""
        return []

    def table_game(self):
        from scoring.formats.duplicate.at_table import DuplicateTableGame

        return DuplicateTableGame(self)

    def table_seat_views(self, table) -> list:
        """The seats of ``table`` as its phone page names them (``SeatView``s of
        ``scoring.at_table``; the seat numbers 0 to 3 are N, E, S, W): here each player's
        ``Seat`` at the position."""
        from scoring.formats.duplicate.at_table import seat_views

        return seat_views(table)

    def table_sides(self, board) -> tuple[int, frozenset[int]]:
        """At the table: the seat that enters the étui's line (North), and the seats of the
        other side, one of whom approves it."""
        from scoring.formats.duplicate.at_table import default_sides

        return default_sides(board)

    def attacking_members(self, board) -> tuple[dict, dict]:
        """(position, table) -> the ids of who may attack there, and -> their team's name, for
        a form whose sheet names the attacker (``attacker_per_line``); else both empty."""
        return {}, {}

    def assigned_text(self, board, notes: dict) -> str:
        """What the arbitre assigned to a cancelled line, in words ("" when nothing was): here
        a note to each seat."""
        if not notes:
            return ""
        return ", ".join(
            f"{label} {notes[value]} %" for value, label in Orientation.choices if value in notes
        )

    # Rankings.

    def session_rankings(self, session, *, official: bool) -> SessionRankings:
        """The séance's rankings: here the players' général and alterné."""
        results = session_results(session, official=official)
        return SessionRankings(results, results.players, results.alternate)

    def has_alternate(self, session) -> bool:
        """Whether the séance has an alterné ranking (its lines kept the whole séance)."""
        return True

    def attack_flags(self, general: list) -> list[dict]:
        """The lines attacked out of turn, for the arbitre (``attacker_per_line``)."""
        return []

    def tournament_results(self, tournament, *, official: bool) -> list:
        """The général over every séance, rows with ``place``, ``total`` and who is ranked."""
        return tournament_results(tournament, official=official)

    def shown(self, value) -> str:
        """A ranking's figure as the pages show it: here a percentage."""
        return percent_shown(value)

    # A player's public page.

    def player_places(self, registration) -> list:
        """Where the player sits at each published position (``.table``, ``.seat_name``)."""
        return list(
            Seat.objects.filter(registration=registration, round__session__isnull=False)
            .filter(round__status="published")
            .select_related("round", "table")
            .order_by("round__number")
        )

    def player_result(self, session, registration) -> dict | None:
        """The player's part of the closed séance's results (None: not ranked there): here
        their ranking row and their note on each étui."""
        found = next(
            (
                r
                for r in session_results(session, official=True).players
                if r.registration.pk == registration.pk
            ),
            None,
        )
        if found is None:
            return None
        return {
            "row": pages.result_row(found),
            "notes": [(n, percent_shown(n.note)) for n in found.notes],
        }

    # Files (fft-duplicate.md §6).

    def lines_rows(self, tournament, *, official: bool = True):
        """Every line of every travelling sheet, header first (``exports.LINES_HEADER``)."""
        return exports.individuel_lines_rows(tournament, official=official)

    def ranking_rows(self, tournament, *, official: bool = True):
        """The tournament's ranking file, header first (``exports.RANKING_HEADER``)."""
        return exports.individuel_ranking_rows(tournament, official=official)

    # --- What the public pages, the projector and the results menu ask. ---

    def public_standings(self, request, tournament):
        """Each séance's progress or, once closed, its rankings (fft-duplicate.md §1.7)."""
        return views_public.duplicate_standings(request, tournament)

    def public_team_standings(self, request, tournament):
        """Triplettes, quadrettes: the teams' ranking is the ranking."""
        if not tournament.has_teams:
            raise Http404
        return redirect("standings:individual", slug=tournament.slug)

    def public_player(self, request, tournament, registration):
        return views_public.duplicate_player(request, tournament, registration)

    def screen_panels(self, tournament):
        """The seating, then the rankings of the closed séances only (an open séance's
        scores stay with the staff, fft-duplicate.md §1.7)."""
        return ("seating", "results")

    def screen_results(self, tournament, names, stamp):
        if "results" not in names:
            return {}
        return {"results": screen.results_panel(tournament, self)}

    def screen_session_rows(self, session) -> list[dict]:
        """The projector's rows of a closed séance's général (``duplicate.screen``)."""
        raise NotImplementedError

    def screen_total_rows(self, tournament) -> list[dict]:
        """The projector's rows of the whole tournament, once every séance is closed."""
        raise NotImplementedError

    def position_scores_page(self, tournament, round_):
        """The séance of the position: its étuis' travelling sheets."""
        session = round_.session.number if round_.session_id else 1
        return reverse("scoring:duplicate", args=[tournament.slug, session])

    def export_files(self):
        return {"lines.csv": exports.lines_rows, "ranking.csv": exports.ranking_rows}

    def ranking_progress(self, tournament):
        return results_menu.sheets_progress(tournament)

    def workbook_sheets(self, tournament, official):
        return [results_menu.lines_sheet(tournament, official)]


class TeamDuplicate(DuplicateFamily):
    """A duplicate whose movement places teams at tables (triplettes, quadrettes): a member
    sits where the team's table is, and their results are their team's."""

    tables_view = False

    def player_places(self, registration) -> list:
        return registration_places(registration=registration)

    def player_result(self, session, registration) -> dict | None:
        """The closed séance's row of the player's team (``team_row``)."""
        team = registration.team
        if team is None:
            return None
        general = self.session_rankings(session, official=True).general
        found = next((r for r in general if r.team.pk == team.pk), None)
        return found and {"team": self.team_row(found)}

    def team_row(self, result) -> dict:
        """A team's ``place`` and ``value`` (shown) in the séance's général."""
        raise NotImplementedError

    def table_seat_views(self, table) -> list:
        """The four orientations, each with who sits there: a team form's movement places
        teams, not players (no ``Seat`` row), and each form seats its team's members its own
        way."""
        raise NotImplementedError

    def screen_seats(self, round_):
        """Places, not seats: each member at the team's table."""
        return round_places_by_name(round=round_)
