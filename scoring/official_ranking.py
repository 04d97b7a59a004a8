"""A tournament's official ranking whatever its format, as one list of plain rows: the results
menu's page, its ranking PDF and CSV, the workbook and the federation's file read it, so that
each format's own ranking reaches them (donnes libres: the total of marks; duplicate
individuel: the général and the alterné on the global %; triplettes and quadrettes: the teams
on the global % or on PM; team match: the teams of the competition by points, then PM).

Each format's reads stay where they are (``standings``, ``duplicate``,
``duplicate_triplettes``, ``duplicate_quadrettes``, ``match_results``); this module only
turns their results into ``RankingRow``s. ``official=True`` counts what an arbitre signs
(confirmed sheets, closed quarters); ``official=False`` is the staff's provisional view.
Must not write.
"""

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

from scoring.engine.duplicate_teams import competition_table
from scoring.formats.duplicate.reads import session_results, tournament_results
from scoring.formats.libre.standings import standings
from scoring.formats.match.results import match_results, with_quarters
from scoring.formats.quadrettes.reads import quadrette_ranked
from scoring.formats.triplettes.reads import (
    fixed_lines,
    triplette_session_results,
    triplette_tournament_results,
)
from scoring.models.match import TeamMatch
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


def _with_ties(rows: list[dict], kind: Kind) -> list[RankingRow]:
    shared = _tied(row["place"] for row in rows)
    return [RankingRow(tied=row["place"] in shared, kind=kind, **row) for row in rows]


def _libre(tournament: Tournament, official: bool, up_to: int | None) -> OfficialRanking:
    ranking = standings(tournament=tournament, up_to=up_to, official=official)
    rows = [
        RankingRow(
            r.rank, r.tied, r.number, r.name, r.total, Kind.POINTS, (r.registration_id,), r.club
        )
        for r in ranking.rows
    ]
    return OfficialRanking(Kind.POINTS, False, False, rows)


def _player(registration: Registration, clubs: dict[int, str]) -> dict:
    return {
        "number": registration.number,
        "name": registration.name,
        "members": (registration.pk,),
        "club": clubs.get(registration.club_id, ""),
    }


def _clubs(tournament: Tournament) -> dict[int, str]:
    """club id -> name, for the tournament's players: one query."""
    return dict(
        Club.objects.filter(registrations__tournament=tournament)
        .distinct()
        .values_list("pk", "name")
    )


def _individuel(tournament: Tournament, official: bool, _up_to) -> OfficialRanking:
    clubs = _clubs(tournament)
    sessions = list(tournament.sessions.order_by("number"))
    if len(sessions) == 1:
        results = session_results(sessions[0], official=official)
        rows = [
            {
                **_player(r.registration, clubs),
                "place": r.general_place,
                "figure": r.overall,
                "line": r.line,
                "alternate_place": r.alternate_place,
                "attack": r.attack,
                "defence": r.defence,
            }
            for r in results.players
            if r.ranked
        ]
        return OfficialRanking(
            Kind.PERCENT, False, True, _with_ties(rows, Kind.PERCENT), PERCENTAGES
        )
    rows = [
        {**_player(row.registration, clubs), "place": row.place, "figure": row.total}
        for row in tournament_results(tournament, official=official)
    ]
    return OfficialRanking(Kind.PERCENT, False, False, _with_ties(rows, Kind.PERCENT))


def _team(team: Team, members: dict[int, tuple[int, ...]]) -> dict:
    return {"number": team.number, "name": team.name, "members": members.get(team.pk, ())}


def _members(tournament: Tournament) -> dict[int, tuple[int, ...]]:
    """team id -> its members' registration ids, by number: one query."""
    members: dict[int, list[int]] = {}
    for team, pk in tournament.registrations.filter(team__isnull=False).values_list(
        "team_id", "pk"
    ):
        members.setdefault(team, []).append(pk)
    return {team: tuple(pks) for team, pks in members.items()}


def _triplettes(tournament: Tournament, official: bool, _up_to) -> OfficialRanking:
    members = _members(tournament)
    sessions = list(tournament.sessions.order_by("number"))
    if len(sessions) == 1:
        alternate = fixed_lines(sessions[0])
        rows = [
            {
                **_team(r.team, members),
                "place": r.general_place,
                "figure": r.overall,
                "line": r.line,
                "alternate_place": r.alternate_place if alternate else None,
                "attack": r.attack,
                "defence": r.defence,
            }
            for r in triplette_session_results(sessions[0], official=official).teams
        ]
        return OfficialRanking(
            Kind.PERCENT, True, alternate, _with_ties(rows, Kind.PERCENT), PERCENTAGES
        )
    rows = [
        {**_team(row.team, members), "place": row.place, "figure": row.total}
        for row in triplette_tournament_results(tournament, official=official)
    ]
    return OfficialRanking(Kind.PERCENT, True, False, _with_ties(rows, Kind.PERCENT))


def _quadrettes(tournament: Tournament, official: bool, _up_to) -> OfficialRanking:
    members = _members(tournament)
    ranked = quadrette_ranked(tournament, official=official)
    rows = [{**_team(team, members), "place": place, "figure": pm} for place, team, pm in ranked]
    return OfficialRanking(Kind.PM, True, False, _with_ties(rows, Kind.PM))


def _match(tournament: Tournament, official: bool, _up_to) -> OfficialRanking:
    """The competition's table (a single match: its result) from the finished matches, or,
    provisionally, from every quarter entered so far."""
    members = _members(tournament)
    played = []
    matches = TeamMatch.objects.filter(tournament=tournament).select_related("team_a", "team_b")
    for match in with_quarters(matches):
        results = match_results(match, official=official)
        if results.finished or (not official and results.quarters):
            played.append((match.team_a, match.team_b, results.total_a, results.total_b))
    rows = [
        {
            **_team(team, members),
            "place": place,
            "figure": pm_for - pm_against,
            "points": points,
            "pm_for": pm_for,
            "pm_against": pm_against,
        }
        for place, team, points, pm_for, pm_against in competition_table(played)
    ]
    return OfficialRanking(Kind.PM, True, False, _with_ties(rows, Kind.PM), POINTS)


# Format value -> the ranking of a tournament of that format (``Tournament.Format``).
RANKINGS: dict[str, Callable[[Tournament, bool, int | None], OfficialRanking]] = {
    Tournament.Format.LIBRE: _libre,
    Tournament.Format.DUPLICATE: _individuel,
    Tournament.Format.TRIPLETTES: _triplettes,
    Tournament.Format.QUADRETTES: _quadrettes,
    Tournament.Format.MATCH: _match,
}


def official_ranking(
    *, tournament: Tournament, official: bool = True, up_to: int | None = None
) -> OfficialRanking:
    """The tournament's ranking in its format's own terms (see the module); ``up_to`` (the
    last position counted) means something in donnes libres only."""
    return RANKINGS[tournament.format](tournament, official, up_to)
