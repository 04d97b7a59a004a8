"""Where each member of a triplette or a quadrette plays at a position (fft-duplicate.md §3,
§4), for the public seating page, the projector and a player's page.

Their movements place teams, not players: a table holds a North-South and an East-West
triplette, or a home quadrette (its three defenders, each in the seat North, East or West
stored for the séance) and the visiting quadrette's attacker (South); there is no ``Seat``
row. ``Place`` answers like a seat (``registration``, ``table``, ``seat_name``) so that the
pages list both alike. Reads only, in a constant number of queries.
"""

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .models import Registration, Round, SessionAttacker, SessionDefender, Table, Tournament
from .models.formats import Movement

# A quadrette's defender keeps the seat stored for the séance (``SessionDefender``).
SEAT_NAMES = {
    SessionDefender.Orientation.NORTH: _("North, defence"),
    SessionDefender.Orientation.EAST: _("East, defence"),
    SessionDefender.Orientation.WEST: _("West, defence"),
}


@dataclass(frozen=True)
class Place:
    registration: Registration
    table: Table  # its ``round`` read with it
    seat_name: str

    @property
    def pk(self) -> tuple[int, int]:  # one player once per position
        return (self.table.round_id, self.registration.pk)


def _members(teams: set[int]) -> dict[int, list[Registration]]:
    """Team id -> its members playing (checked in, neither excluded nor withdrawn)."""
    members: dict[int, list[Registration]] = {team: [] for team in teams}
    for registration in Registration.objects.filter(
        team_id__in=teams, checked_in=True, excluded=False, withdrawn_after_position__isnull=True
    ).select_related("team"):
        members[registration.team_id].append(registration)
    return members


def team_places(*, tournament: Tournament, tables) -> list[Place]:
    """Where the members of the teams of ``tables`` (a queryset of ``Table``) play, by table:
    five queries."""
    tables = list(tables.select_related("round").order_by("round__number", "number"))
    teams = {t for table in tables for t in (table.ns_team_id, table.ew_team_id) if t}
    members = _members(teams)
    sessions = {table.round.session_id for table in tables}
    attackers = {
        (session, team): registration
        for session, team, registration in SessionAttacker.objects.filter(
            session__in=sessions
        ).values_list("session_id", "team_id", "registration_id")
    }
    defenders = {
        (session, registration): SEAT_NAMES[orientation]
        for session, registration, orientation in SessionDefender.objects.filter(
            session__in=sessions
        ).values_list("session_id", "registration_id", "orientation")
    }
    places = []
    for table in tables:
        home, visitor = members.get(table.ns_team_id, []), members.get(table.ew_team_id, [])
        if tournament.seating_movement == Movement.OPPOSITIONS:
            session = table.round.session_id
            home_attacker = attackers.get((session, table.ns_team_id))
            visiting_attacker = attackers.get((session, table.ew_team_id))
            places += [
                Place(r, table, defenders[(session, r.pk)])
                for r in home
                if r.pk != home_attacker and (session, r.pk) in defenders
            ]
            places += [
                Place(r, table, _("South, attack")) for r in visitor if r.pk == visiting_attacker
            ]
        else:
            places += [Place(r, table, _("North-South")) for r in home]
            places += [Place(r, table, _("East-West")) for r in visitor]
    return places


def round_places_by_name(*, round: Round) -> list[Place]:
    """Every member's place at the position, by player name: the entrance list."""
    places = team_places(tournament=round.tournament, tables=round.tables.all())
    return sorted(places, key=lambda p: (p.registration.sort_name, p.registration.number))


def registration_places(*, registration: Registration) -> list[Place]:
    """Where a member of a team plays at each published position of the séances, in order."""
    if registration.team_id is None:
        return []
    tables = Table.objects.filter(
        Q(ns_team_id=registration.team_id) | Q(ew_team_id=registration.team_id),
        round__status=Round.Status.PUBLISHED,
        round__session__isnull=False,
    )
    places = team_places(tournament=registration.tournament, tables=tables)
    return [p for p in places if p.registration.pk == registration.pk]


def with_mates(*, places: list[Place], found: list[Place]) -> list[tuple[Place, list[Place]]]:
    """Each place found with the other places of its table (``with_table_mates`` for teams)."""
    return [
        (place, [p for p in places if p.table.pk == place.table.pk and p.pk != place.pk])
        for place in found
    ]
