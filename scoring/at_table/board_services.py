"""The arbitre's writes on the live board of entry at the table that are not a table's codes or
its paper: marking the refused entries' alerts seen. A table put on paper or back, and the
corrections of what it entered, go through ``scoring.at_table.services`` and the formats' own
sheet services; this module writes nothing else.
"""

from django.db import transaction
from django.db.models import QuerySet

from scoring.actions import Action
from scoring.models import TableRefusal
from tournaments.permissions import Role, require_role
from tournaments.services import audit_log


@transaction.atomic
def refusals_seen(*, user, tournament, tables: QuerySet, refusal: int | None = None) -> int:
    """Mark the refused entries of ``tables`` seen (only ``refusal`` when given): their alerts
    leave the board. Returns how many were marked."""
    require_role(user, tournament, Role.ARBITRE)
    found = TableRefusal.objects.filter(
        table__in=tables, kind=TableRefusal.Kind.REFUSED, seen=False
    )
    if refusal is not None:
        found = found.filter(pk=refusal)
    marked = found.update(seen=True)
    if marked:
        audit_log(
            action=Action.TABLE_ALERTS_SEEN,
            user=user,
            tournament=tournament,
            data={"refusals": marked, **({"refusal": refusal} if refusal else {})},
        )
    return marked
