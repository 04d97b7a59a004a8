"""What an entry at the table holds back: a position or séance does not close while one of its
tables has an entry waiting for the other side's approval or disputed (the closing services of
the formats ask ``unsettled_tables``). A table the arbitre put on paper holds nothing back: its
paper sheet decides, and its entries stay on the arbitre's board as they were.

Reads models only, so that the formats' services may import it without importing the formats.
"""

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import TableEntry

UNSETTLED = (TableEntry.Status.WAITING, TableEntry.Status.DISPUTED)


def unsettled_tables(tables: QuerySet) -> list:
    """The tables of ``tables`` with an entry waiting or disputed, not on paper, in order (none
    once the tournament's tables no longer enter at the table: they are all on paper)."""
    return list(
        tables.filter(entries__status__in=UNSETTLED, round__tournament__table_entry=True)
        .exclude(access__on_paper=True)
        .select_related("round")
        .order_by("round__number", "number")
        .distinct()
    )


def unsettled_message(tables: list, *, positions: bool) -> str:
    """The closing's refusal, naming the tables (with their position where there are several)."""
    if positions:
        names = ", ".join(
            _("%(table)s (position %(position)s)") % {"table": t.number, "position": t.round.number}
            for t in tables
        )
    else:
        names = ", ".join(str(t.number) for t in tables)
    return _(
        "Tables with an entry waiting for approval or disputed: %(tables)s. Have it approved or "
        "corrected at the table, or put the table on paper."
    ) % {"tables": names}


def settled_by_sheet(*, tables, numbers, user) -> int:
    """A sheet the staff typed decides the deals or étui lines it holds (``numbers``: deal or
    étui numbers, at each of ``tables``): the tables' entries of them still waiting or disputed
    are replaced by it, and no approval can write them over it any more. The staff's save calls
    it in its transaction; the count of entries settled."""
    return TableEntry.objects.filter(
        table__in=tables, number__in=numbers, status__in=UNSETTLED
    ).update(
        status=TableEntry.Status.REPLACED,
        replaced_at=timezone.now(),
        by_arbitre=user,
        reason=_("Settled on the score sheet by the staff."),
    )
