"""The official ranking of a tournament as every format gives it: one list of plain rows (place,
number, name or team, the figure and its kind: points, % or PM), so that the results menu, its
PDF and CSV, the workbook, the federation's file and a ranking across tournaments read any
format through these values alone. Each format's package turns its own reads into them
(``scoring.formats.<format>.ranking``); ``scoring.official_ranking`` asks the tournament's.
"""

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

from tournaments.models import Club, Registration, Team, Tournament

Figure = int | Fraction | Decimal
PERCENTAGES, POINTS = frozenset({"percentages"}), frozenset({"points"})


class Kind(StrEnum):
    """What a ranking's figure counts."""

    POINTS = "points"  # donnes libres: the total of marks, penalties taken off
    PERCENT = "percent"  # duplicate individuel, triplettes: the global %
    PM = "pm"  # quadrettes, team match: match points


@dataclass(frozen=True)
class RankingRow:
    """One player or team in a ranking. ``place`` None: not placed (no result yet)."""

    place: int | None
    tied: bool
    number: int | None  # the player's or the team's tournament number
    name: str  # the player's or the team's
    figure: Figure | None
    kind: Kind
    members: tuple[int, ...] = ()  # registration ids: the player, or the team's members
    club: str = ""
    line: str = ""  # the line held all séance (N, E, S, W or NS, EW) where there is one
    alternate_place: int | None = None  # the alterné, where the format has one
    attack: Fraction | None = None  # duplicate: the attack and defence means
    defence: Fraction | None = None
    points: int | None = None  # team match: competition points (2 a win, 1 a draw)
    pm_for: Decimal | None = None  # team match: the PM its matches gave it, and its opponents
    pm_against: Decimal | None = None


@dataclass(frozen=True)
class OfficialRanking:
    kind: Kind
    teams: bool  # rows are teams
    alternate: bool  # an alterné beside the général (one séance, fixed lines)
    rows: list[RankingRow]  # the général's order (the competition's in a team match)
    # What the rows fill beyond the figure: "percentages" (attack and defence means, one
    # séance of a duplicate), "points" (a team match's competition points and PM for and
    # against).
    extras: frozenset[str] = frozenset()

    @property
    def alternate_rows(self) -> list[RankingRow]:
        """The alterné's order (placed rows only)."""
        placed = [row for row in self.rows if row.alternate_place]
        return sorted(placed, key=lambda row: row.alternate_place)


def _tied(places) -> set[int]:
    seen, shared = set(), set()
    for place in places:
        if place is not None and place in seen:
            shared.add(place)
        seen.add(place)
    return shared


def with_ties(rows: list[dict], kind: Kind) -> list[RankingRow]:
    shared = _tied(row["place"] for row in rows)
    return [RankingRow(tied=row["place"] in shared, kind=kind, **row) for row in rows]


def player_row(registration: Registration, clubs: dict[int, str]) -> dict:
    return {
        "number": registration.number,
        "name": registration.name,
        "members": (registration.pk,),
        "club": clubs.get(registration.club_id, ""),
    }


def clubs_of(tournament: Tournament) -> dict[int, str]:
    """club id -> name, for the tournament's players: one query."""
    return dict(
        Club.objects.filter(registrations__tournament=tournament)
        .distinct()
        .values_list("pk", "name")
    )


def team_row(team: Team, members: dict[int, tuple[int, ...]]) -> dict:
    return {"number": team.number, "name": team.name, "members": members.get(team.pk, ())}


def team_members(tournament: Tournament) -> dict[int, tuple[int, ...]]:
    """team id -> its members' registration ids, by number: one query."""
    members: dict[int, list[int]] = {}
    for team, pk in tournament.registrations.filter(team__isnull=False).values_list(
        "team_id", "pk"
    ):
        members.setdefault(team, []).append(pk)
    return {team: tuple(pks) for team, pks in members.items()}
