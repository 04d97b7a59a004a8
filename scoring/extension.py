"""What ``scoring`` tells ``tournaments`` (``tournaments.extensions``), in one object registered
at start-up (``apps.ScoringConfig.ready``).

- A position with a score sheet is locked, and so is every position of a duplicate séance once
  a travelling sheet or a table's reported score exists (a movement drawn again would drop it
  unsaid). A table whose sheet is entered (in any version) is not missing.
- A duplicate position is over once every table's scores are in (``duplicate.progress``).
- A team match seats no position: its seating page shows the quarters and rooms.
- Sheets, penalties, bans, étuis and travelling sheets move no seat; the matches drawn seat the
  teams present, after which « all present » is no longer taken back.
- The rows it adds to a tournament document (``scoring.transfer``).
- When an arbitre moves players of a position whose sheets exist, each sheet concerned gets a
  new version (the arbitre's correction, with the reason) whose marks follow the seats: a sheet
  records what each seat scored, and the seat now belongs to someone else. Older versions keep
  the names they had.
- The tables of a format with a table game (``TournamentFormat.table_game``) may enter their
  own scores: the settings page offers the switch there only.
- The position's score sheets carry the bid bans in force at their table; when the tables
  enter their deals at the table, their cards and sheets carry their codes (``at_table``).
- Once any write of a tournament commits (its audit entry moved the change stamp), its format
  computes into the cache what it keeps ready (``TournamentFormat.refresh_rankings``): the
  first viewer after a change finds it there. Once per transaction however many entries it
  writes; never for a write rolled back (``common.after_commit``).
- The staff home links to the challenges to an account that may create or manages one.
"""

from django.urls import reverse
from django.utils.translation import gettext as _

from common.after_commit import AfterCommit
from scoring import transfer
from scoring.actions import Action
from scoring.at_table.printed import table_codes
from scoring.formats.duplicate.progress import finished_positions
from scoring.formats.libre.bans import round_bans
from scoring.formats.libre.services import scoresheet_reseat
from scoring.formats.registry import format_named, format_of
from scoring.season.permissions import can_create_challenges
from scoring.season.selectors_staff import manages_any
from tournaments.extensions import Extension
from tournaments.models import Table, Tournament


def refresh_rankings(tournament_id: int) -> None:
    """What the tournament's format keeps ready, computed under the current stamp. Plain
    arguments, so that a task queue could run it too."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is not None:  # else deleted since
        format_of(tournament).refresh_rankings(tournament)


# Run once the write commits: the write is committed and answered whatever happens there.
rankings_after_commit = AfterCommit(refresh_rankings)


class ScoringExtension(Extension):
    results = (
        lambda rounds: rounds.filter(score_sheets__isnull=False),
        lambda rounds: rounds.filter(session__boards__sheets__isnull=False),
        lambda rounds: rounds.filter(session__boards__table_reports__isnull=False),
    )
    not_seating = ("sheet.", "penalty", "bid_ban.", "boards.", "travelling.", "table.")
    # A deal entered, disputed or approved at a table, an alert seen: the approval's own write
    # of the sheet moves the stamp; a table put on paper does too (its card prints no code).
    unseen = (
        Action.TABLE_ENTERED,
        Action.TABLE_APPROVED,
        Action.TABLE_DISPUTED,
        Action.TABLE_ALERTS_SEEN,
        # A tournament's prize rules: its prize list is the staff's, read live.
        Action.PRIZE_RULE_ADDED,
        Action.PRIZE_RULE_DELETED,
    )
    seating_actions = (Action.MATCHES_DRAWN,)
    audit_actions = Action
    sections = transfer.SECTIONS
    hidden_ids = transfer.HIDDEN_IDS
    audit_ids = transfer.AUDIT_IDS

    def enters_at_table(self, format):
        try:
            return format_named(format).table_game() is not None
        except KeyError:  # not a format
            return False

    def tables_with_results(self, tables):
        return tables.filter(score_sheets__isnull=False)

    def finished_rounds(self, rounds):
        return finished_positions(rounds)

    def seating_page(self, tournament):
        """A format that seats no position (a team match) shows its own seating page."""
        game = format_of(tournament)
        return None if game.seats_positions else game.public_seating

    def score_sheet_notes(self, round):
        """The bid bans in force at each table, printed on its sheet."""
        return {
            table: [ban.short for ban in bans] for table, bans in round_bans(round=round).items()
        }

    def table_codes(self, round, site):
        return table_codes(round, site)

    def sheets_follow_seats(self, *, round, moves, user, reason):
        tables = {table for table, _seat, _old, _new in moves}
        for table in Table.objects.filter(pk__in=tables).order_by("number"):
            scoresheet_reseat(table=table, user=user, reason=reason)

    def home_links(self, user):
        if can_create_challenges(user) or manages_any(user):
            return [(_("Challenges"), reverse("challenges:list"))]
        return []

    def after_audit(self, entry):
        if entry.tournament_id is not None and entry.action not in self.unseen:
            rankings_after_commit.add(entry.tournament_id)
