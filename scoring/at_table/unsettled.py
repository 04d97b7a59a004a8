"""What an entry at the table holds back: a position or séance does not close while one of its
tables has an entry waiting for the other side's approval or disputed (the closing services of
the formats ask ``unsettled_tables``). A table the arbitre put on paper holds nothing back: its
paper sheet decides, and its entries stay on the arbitre's board as they were.

Reads models only, so that the formats' services may import it without importing the formats.
"""

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from scoring.models import TableEntry

UNSETTLED = (TableEntry.Status.WAITING, TableEntry.Status.DISPUTED)


def unsettled_tables(tables: QuerySet) -> list:
    """The tables of ``tables`` with an entry waiting or disputed, not on paper, in order."""
    return list(
        tables.filter(entries__status__in=UNSETTLED)
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
