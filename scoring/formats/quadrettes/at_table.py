"""Who sits where at a quadrettes table, as its phone page names the seats (``scoring.at_table``).

A table is a home quadrette's (``Table.ns_team``): its three defenders keep the seats North, East
and West stored for the séance (``SessionDefender``), and the visiting quadrette's attacker of
the séance (``Table.ew_team``, ``SessionAttacker``) sits South (fft-duplicate.md §4). There is no
``Seat`` row. Reads only: two queries.
"""

from django.utils.translation import gettext as _

from scoring.formats.duplicate.at_table import orientation_views
from tournaments.models import SessionAttacker, SessionDefender


def table_seat_views(table) -> list:
    session = table.round.session_id
    placed = {
        d.orientation: (d.registration, table.ns_team)
        for d in SessionDefender.objects.filter(
            session_id=session, team_id=table.ns_team_id
        ).select_related("registration")
    }
    attacker = (
        SessionAttacker.objects.filter(session_id=session, team_id=table.ew_team_id)
        .select_related("registration")
        .first()
    )
    if attacker is not None:
        placed["S"] = (attacker.registration, table.ew_team)
    names = {
        seat: _("%(player)s, %(team)s") % {"player": player.name, "team": team.name}
        for seat, (player, team) in placed.items()
    }
    home, visitor = table.ns_team, table.ew_team
    for seat, team in (("N", home), ("E", home), ("S", visitor), ("W", home)):
        if seat not in names and team is not None:  # a quadrette short of a member
            names[seat] = team.name
    numbers = {seat: player.number for seat, (player, _team) in placed.items()}
    return orientation_views(names, numbers)
