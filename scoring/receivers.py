"""What scoring does when ``tournaments`` tells it something changed under its sheets, or asks.

When an arbitre moves players of a position whose sheets exist, each sheet concerned gets a new
version (the arbitre's correction, with the reason) whose marks follow the seats: a sheet
records what each seat scored, and the seat now belongs to someone else. Older versions keep
the names they had. When the position's score sheets are printed, each carries the bid bans
in force at its table.
"""

from django.dispatch import receiver

from tournaments.models import Table
from tournaments.signals import score_sheet_notes, seats_swapped

from .bans import round_bans
from .services import scoresheet_reseat


@receiver(seats_swapped, dispatch_uid="scoring.sheets_follow_seats")
def sheets_follow_seats(sender, *, round, moves, user, reason, **kwargs):
    tables = {table for table, _seat, _old, _new in moves}
    for table in Table.objects.filter(pk__in=tables).order_by("number"):
        scoresheet_reseat(table=table, user=user, reason=reason)


@receiver(score_sheet_notes, dispatch_uid="scoring.bans_on_sheets")
def bans_on_sheets(sender, *, round, **kwargs):
    """The bid bans in force at each table, printed on its sheet."""
    return {table: [ban.short for ban in bans] for table, bans in round_bans(round=round).items()}
