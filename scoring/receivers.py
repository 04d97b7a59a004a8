"""What scoring does when ``tournaments`` tells it something changed under its sheets.

When an arbitre moves players of a position whose sheets exist, the marks of the current
versions follow the seats: a sheet records what each seat scored, and the seat now belongs to
someone else. Older versions keep the names they had (they are history).
"""

from django.dispatch import receiver

from tournaments.signals import seats_swapped

from .models import Deal, Mark, ScoreSheet


@receiver(seats_swapped, dispatch_uid="scoring.marks_follow_seats")
def marks_follow_seats(sender, *, round, moves, **kwargs):
    by_seat = {(table, seat): new for table, seat, _old, new in moves}
    renamed: dict[int, dict[int, int]] = {}  # table -> old registration -> new
    for table, _seat, old, new in moves:
        renamed.setdefault(table, {})[old] = new
    sheets = ScoreSheet.objects.filter(round=round, table_id__in=renamed).exclude(
        status=ScoreSheet.Status.SUPERSEDED
    )
    marks = list(Mark.objects.filter(sheet__in=sheets).select_related("sheet"))
    moved = [m for m in marks if (m.sheet.table_id, m.seat) in by_seat]
    # Delete and re-create: within one table two players trade places, and the database
    # refuses a player with two marks on one deal, even for an instant.
    Mark.objects.filter(pk__in=[m.pk for m in moved]).delete()
    for mark in moved:
        mark.pk = None
        mark.registration_id = by_seat[mark.sheet.table_id, mark.seat]
    Mark.objects.bulk_create(moved)
    deals = list(Deal.objects.filter(sheet__in=sheets).select_related("sheet"))
    for deal in deals:
        names = renamed[deal.sheet.table_id]
        deal.taker_id = names.get(deal.taker_id, deal.taker_id)
        if deal.partner_id is not None:
            deal.partner_id = names.get(deal.partner_id, deal.partner_id)
        if deal.sitting_out_id is not None:
            deal.sitting_out_id = names.get(deal.sitting_out_id, deal.sitting_out_id)
        deal.poignees = [[names.get(reg, reg), level] for reg, level in deal.poignees]
    Deal.objects.bulk_update(deals, ["taker", "partner", "sitting_out", "poignees"])
