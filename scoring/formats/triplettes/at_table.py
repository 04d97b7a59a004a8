"""Who sits where at a triplettes table, as its phone page names the seats (``scoring.at_table``).

A table holds a North-South and an East-West triplette (no ``Seat`` row). At each étui the
attacking triplette's attacker takes the taker's seat and the three players of the other triplette
defend from the three others (fft-duplicate.md §3): so a seat holds a player of its own line's
triplette, except at an étui taken from the opposite seat, where a defender of the other
triplette sits. The page says both rather than one name that would be wrong at some étuis.
Reads only.
"""

from django.utils.translation import gettext as _

from scoring.formats.duplicate.at_table import orientation_views
from scoring.models.duplicate import Orientation

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def table_seat_views(table) -> list:
    ns, ew = table.ns_team, table.ew_team
    orientations = dict(Orientation.choices)
    names = {}
    for seat, team, other in (("N", ns, ew), ("E", ew, ns), ("S", ns, ew), ("W", ew, ns)):
        if team is None or other is None:  # a table with one triplette: nobody to approve
            names[seat] = str(team or other or "")
            continue
        names[seat] = _("%(team)s; %(other)s when %(opposite)s takes") % {
            "team": team.name,
            "other": other.name,
            "opposite": orientations[OPPOSITE[seat]],
        }
    return orientation_views(names)
