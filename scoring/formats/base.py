"""What every game a tournament can be played in answers: one interface, one object per format
(``scoring.formats.registry`` finds the tournament's).

Callers ask the tournament's format (``format_of(tournament).official_ranking(...)``) and never
test which format it is: a new format is a new package under ``scoring/formats/`` with a
``format.py`` that subclasses ``TournamentFormat`` and is registered at start-up
(``scoring.apps``). What every format shares (a versioned sheet with four-eyes, a unit that
closes and reopens, the official ranking's row) lives outside the packages, written once.

The defaults here are what a format has when it says nothing of its own: no public page of its
own (404), the projector's seating panel by seat, the results menu of its official ranking
(``scoring.exports_ranking``). This module imports no format package, so that every package
may build on it and stay apart from its siblings.
"""

from django.core.management.base import CommandError
from django.http import Http404
from django.shortcuts import render

from scoring import exports_ranking, ranking_cache
from scoring.ranking import OfficialRanking
from tournaments.models import Tournament
from tournaments.selectors_seating import round_played, round_seats_by_name


class TournamentFormat:
    """One game (``Tournament.Format``); subclasses answer for it. A method that a format has
    nothing to say about keeps the default here."""

    key: str  # the ``Tournament.Format`` value it answers for

    def official_ranking(
        self, tournament: Tournament, *, official: bool = True, up_to: int | None = None
    ) -> OfficialRanking:
        """The tournament's ranking in the format's own terms (``scoring.ranking``)."""
        raise NotImplementedError

    def play_units(self, tournament: Tournament):
        """The units the tournament is played in, each closed once its arbitre signs it
        (``scoring.closable``): a queryset of rows with ``closed_at``."""
        return tournament.rounds.all()  # donnes libres: its positions

    def results_final(self, tournament: Tournament) -> bool:
        """Its official ranking is final: an arbitre declared it so once every unit was closed
        (``scoring.results_final``). A challenge counts a tournament, the read API and a
        player's history show its ranking, only from then on."""
        return tournament.results_final_at is not None

    def table_game(self):
        """How its tables enter their own deals (``scoring.at_table.game.TableGame``), or None
        where they cannot yet: the format is played on paper only."""
        return None

    # After a write (``scoring.extension``): what the format keeps ready in the cache.

    def refresh_rankings(self, tournament: Tournament) -> None:
        """Compute what the format precomputes for the pages into the cache under the
        tournament's current stamp, once a write has committed: by default its provisional and
        official rankings (``scoring.ranking_cache``)."""
        ranking_cache.refresh(
            tournament, lambda official: self.official_ranking(tournament, official=official)
        )

    # --- The public pages (``scoring.views_public``): no account, stable addresses. ---

    def public_standings(self, request, tournament):
        """The public standings page (``/t/<slug>/standings/``)."""
        raise Http404

    def public_team_standings(self, request, tournament):
        """The public team standings (``/t/<slug>/standings/teams/``); none by default."""
        raise Http404

    def public_player(self, request, tournament, registration):
        """A player's public page (``/t/<slug>/players/<number>/``)."""
        raise Http404

    def public_team_page(self, request, tournament, number: int):
        """A team's own public page (``/t/<slug>/quadrettes/<number>/``, a quadrette's feuille
        de route); none by default."""
        raise Http404

    # The players are seated position by position (the positions' public seating page, their
    # number on the tournament's page). A format that seats no position (a team match: its
    # quarters' rooms) shows its own seating page instead (``public_seating``).
    seats_positions: bool = True

    def public_seating(self, request, tournament):
        """The format's own public seating page, where it does not ``seats_positions``."""
        raise Http404

    # The public pages link to a team standings page of its own in a tournament with teams
    # (donnes libres); a duplicate's teams are its ranking, a team match's its table.
    links_team_standings: bool = False

    # The public pages name the game by the tournament's kind (individual, teams of 2 or 4)
    # rather than by its format.
    named_by_kind: bool = False

    # --- The projector (``scoring.views_screen``): panels shown in turn. ---

    def screen_panels(self, tournament) -> tuple[str, ...]:
        """The names of the panels the projector shows in turn; "seating" is drawn by
        ``screen_seating``, every other by ``screen_results``."""
        return ("seating",)

    def screen_seating(self, tournament) -> dict:
        """The seating panel: who sits where in the position being played, by name."""
        round_ = round_played(tournament=tournament)
        return {"round": round_, "seats": [] if round_ is None else self.screen_seats(round_)}

    def screen_seats(self, round_) -> list:
        """The seating panel's rows of a position, alphabetical: each player's seat."""
        return list(round_seats_by_name(round=round_))

    def screen_results(self, tournament, names, stamp: int) -> dict[str, dict]:
        """The context of each panel of ``names`` (never "seating") as of the ledger's
        ``stamp``: rankings, results tables. Nothing by default."""
        return {}

    # --- The staff's pages. ---

    # The teams meet in matches of four quarters (fft-duplicate.md §5): the matches' pages.
    has_matches: bool = False

    def position_scores_page(self, tournament, round_) -> str | None:
        """The address of the staff's page for the scores of position ``round_`` when they
        are not its score sheets (a séance's étuis, the matches' quarters); None: the
        position's dashboard of score sheets."""
        return None

    def simulate(self, **options) -> str:
        """``manage.py simulate_tournament --format <key>``: a tournament of this format with
        its players, seating and, if asked, sheets; says what it made. ``options``: slug,
        players, teams, seed, name, positions, sheets, movement and ``organiser`` (gives the
        owning account once the options are checked). A ``CommandError`` says what is wrong."""
        raise CommandError(f"--format {self.key}: no simulation")

    def export_files(self) -> dict:
        """``manage.py export_duplicate``'s files: file name -> its rows of a tournament
        (fft-duplicate.md §6). None outside the duplicate forms."""
        return {}

    # --- The results menu (``scoring.views_exports``, ``/manage/t/<slug>/results/``). ---
    # By default the official ranking's page and documents (``scoring.exports_ranking``).

    def results_position(self, tournament, raw: str) -> int | None:
        """The last position the results count, from what was asked (``?after=``); None:
        the whole tournament, no choice of position."""
        return None

    def results_page(self, request, tournament):
        """The staff's results menu: the official ranking as a table, its downloads."""
        official = request.GET.get("official") == "1"
        context = {
            "tournament": tournament,
            "official": official,
            "query": "?official=1" if official else "",
            **exports_ranking.page_context(self, tournament, official),
        }
        return render(request, "scoring/exports_ranking.html", context)

    def results_kinds(self, tournament) -> set[tuple[str, str]]:
        """The (kind, file format) of each document of the results menu."""
        return exports_ranking.kinds(self, tournament)

    def results_document(
        self, *, tournament, kind: str, fmt: str, up_to=None, official=False, progress=None
    ) -> tuple[str, str, bytes] | None:
        """The results document ``<kind>.<fmt>`` (filename, content type, bytes), or None;
        a PDF tells ``progress`` how far it is."""
        return exports_ranking.document(
            self, tournament=tournament, kind=kind, fmt=fmt, official=official, progress=progress
        )

    def ranking_progress(self, tournament) -> str:
        """How much of the tournament the official ranking counts, said under its title."""
        return ""

    def federation_played(self, tournament, official: bool) -> tuple[str, dict[int, int]]:
        """The federation file's last column: its title and, by registration id, what each
        player played (by default the positions, at a seat or at a table of their team)."""
        return exports_ranking.positions_played_column(tournament)

    # The ledger's penalties count (a team match's are its matches' own).
    ledger_penalties: bool = True

    def workbook_sheets(self, tournament, official: bool) -> list[tuple[str, object]]:
        """The results workbook's sheets of the format's own after the ranking: (title,
        rows)."""
        return []
