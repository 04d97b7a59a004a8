"""What scoring does when ``tournaments`` tells it something changed under its sheets, or asks.

When an arbitre moves players of a position whose sheets exist, each sheet concerned gets a new
version (the arbitre's correction, with the reason) whose marks follow the seats: a sheet
records what each seat scored, and the seat now belongs to someone else. Older versions keep
the names they had. When the position's score sheets are printed, each carries the bid bans
in force at its table. When any write of a tournament is recorded (its audit entry, which moves
the change stamp), the standings are computed into the cache once the write commits: the first
viewer after a change finds them there.
"""

from django.db import connection, transaction
from django.dispatch import receiver

from scoring.formats.libre.bans import round_bans
from scoring.formats.libre.services import scoresheet_reseat
from scoring.formats.libre.standings import standings_refresh
from tournaments.models import Table
from tournaments.signals import audited, score_sheet_notes, seats_swapped


@receiver(seats_swapped, dispatch_uid="scoring.sheets_follow_seats")
def sheets_follow_seats(sender, *, round, moves, user, reason, **kwargs):
    tables = {table for table, _seat, _old, _new in moves}
    for table in Table.objects.filter(pk__in=tables).order_by("number"):
        scoresheet_reseat(table=table, user=user, reason=reason)


@receiver(score_sheet_notes, dispatch_uid="scoring.bans_on_sheets")
def bans_on_sheets(sender, *, round, **kwargs):
    """The bid bans in force at each table, printed on its sheet."""
    return {table: [ban.short for ban in bans] for table, bans in round_bans(round=round).items()}


class _Refresh:
    """``standings_refresh`` of one tournament, run once."""

    def __init__(self, tournament_id: int):
        self.tournament_id = tournament_id
        self.ran = False
        self.__qualname__ = "standings_refresh"  # what Django logs if it fails

    def __call__(self):
        self.ran = True
        standings_refresh(tournament_id=self.tournament_id)


def _pending(tournament_id: int) -> bool:
    """A refresh of the tournament is waiting for the transaction to commit. Django keeps the
    callbacks in ``connection.run_on_commit`` until the outermost block ends (dropping those of
    a savepoint rolled back); one that ran already (a test runs them early) does not count."""
    return any(
        isinstance(pending, _Refresh) and pending.tournament_id == tournament_id and not pending.ran
        for _ids, pending, _robust in connection.run_on_commit
    )


@receiver(audited, dispatch_uid="scoring.standings_after_commit")
def standings_after_commit(sender, *, entry, **kwargs):
    """Once the write commits (never if it rolls back; then reading committed data), compute
    the standings under the new stamp, once per transaction however many entries it writes.
    ``robust``: the write is committed and answered whatever happens here."""
    if entry.tournament_id is not None and not _pending(entry.tournament_id):
        transaction.on_commit(_Refresh(entry.tournament_id), robust=True)
