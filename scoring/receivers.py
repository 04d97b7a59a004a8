"""What scoring does when ``tournaments`` tells it something changed under its sheets.

When an arbitre moves players of a position whose sheets exist, each sheet concerned gets a new
version (the arbitre's correction, with the reason) whose marks follow the seats: a sheet
records what each seat scored, and the seat now belongs to someone else. Older versions keep
the names they had.
"""

from django.dispatch import receiver

from tournaments.models import Table
from tournaments.signals import seats_swapped

from .services import scoresheet_reseat


@receiver(seats_swapped, dispatch_uid="scoring.sheets_follow_seats")
def sheets_follow_seats(sender, *, round, moves, user, reason, **kwargs):
    tables = {table for table, _seat, _old, _new in moves}
    for table in Table.objects.filter(pk__in=tables).order_by("number"):
        scoresheet_reseat(table=table, user=user, reason=reason)
