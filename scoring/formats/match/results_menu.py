"""What a team match adds to the official ranking's results menu (``scoring.exports_ranking``)
and shows on the projector: how far its ranking counts (quarters closed), the quarters each
player played, the competition table's panel. Reads only."""

from django.db.models import Count, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.models.match import QUARTERS, QuarterPlayer, TeamMatch
from scoring.shown import pm_shown


def quarters_progress(tournament) -> str:
    """The quarters closed of all the matches': one query."""
    counts = TeamMatch.objects.filter(tournament=tournament).aggregate(
        closed=Count("quarters", filter=Q(quarters__closed_at__isnull=False)),
        matches=Count("pk", distinct=True),
    )
    n, m = counts["closed"], QUARTERS * counts["matches"]
    return ngettext("%(n)s of %(m)s quarter closed", "%(n)s of %(m)s quarters closed", m) % {
        "n": n,
        "m": m,
    }


def quarters_played(tournament, official: bool) -> tuple[str, dict[int, int]]:
    """The federation file's column: registration id -> the quarters played (closed ones when
    ``official``); one query."""
    quarters = QuarterPlayer.objects.filter(quarter__match__tournament=tournament)
    if official:
        quarters = quarters.filter(quarter__closed_at__isnull=False)
    counted = quarters.order_by().values("registration_id").annotate(n=Count("pk"))
    return _("Quarters played"), dict(counted.values_list("registration_id", "n"))


def table_panel(ranking) -> dict:
    """The projector's competition table of a team match, from its official ranking (the
    finished matches only)."""
    rows = [
        {
            "place": row.place,
            "number": row.number,
            "name": row.name,
            "points": row.points,
            "value": pm_shown(row.pm_for - row.pm_against),
        }
        for row in ranking.rows
    ]
    return {"title": _("Competition table"), "rows": rows}
