"""What every duplicate form (individuel, triplettes, quadrettes) answers alike: séances of
étuis and travelling sheets. Each subclasses ``DuplicateFamily`` and says what is its own."""

from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse

from scoring.formats.base import TournamentFormat
from scoring.formats.duplicate import exports, results_menu, screen, views_public


class DuplicateFamily(TournamentFormat):
    """A duplicate: séances, étuis, travelling sheets (fft-duplicate.md §1-§2)."""

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
