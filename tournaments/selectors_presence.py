"""Who is here, for the banner of the staff pages (check-in, players, positions, the tournament):
how many are present and, from them, the tables the next position or séance would have in the
tournament's format, or what keeps it from being seated.

Donnes libres seat a position at tables of 4 and of 3 or 5 (``seating.table_sizes``); the
duplicate forms count their own tables from the same checks their movements make
(``services_duplicate``, ``services_triplettes``, ``services_quadrettes``), so that the banner
never announces tables a movement would not use. Reads only.
"""

from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .models import Registration, Tournament
from .models.formats import Movement
from .seating import table_sizes
from .selectors import next_position, plays
from .services_duplicate import duplicate_players, movement_problem
from .services_quadrettes import quadrettes_problem
from .services_triplettes import howell_problem, present_teams, triplettes_problem


@dataclass(frozen=True)
class FormatPlan:
    """The tables of a duplicate form or a team match, said in words, or why there are none."""

    text: str = ""
    problem: str = ""


@dataclass(frozen=True)
class PresenceSummary:
    registered: int
    present: int
    playing_first: int  # present and playing the next position to seat
    absent: int  # playing the next position, not checked in yet: what « all present » checks in
    tables: tuple[int, ...] | None
    position: int = 1  # the next position to seat: the first one not closed yet
    plan: FormatPlan | None = None  # every format but the donnes libres

    @property
    def impossible(self) -> bool:
        if self.plan is not None:
            return bool(self.plan.problem)
        return self.playing_first > 0 and self.tables is None


def presence_summary(*, tournament: Tournament) -> PresenceSummary:
    """Who is here, and the tables the next position to seat would have: the first position
    not closed yet (position 2 once the first is closed), with its latecomers and without
    those withdrawn before it; in the other formats, the tables of their movement."""
    position = next_position(tournament)
    counts = Registration.objects.filter(tournament=tournament).aggregate(
        registered=Count("pk"),
        present=Count("pk", filter=Q(checked_in=True)),
        playing_first=Count("pk", filter=Q(checked_in=True) & plays(position)),
        absent=Count("pk", filter=Q(checked_in=False, excluded=False) & plays(position)),
    )
    if tournament.plays_positions:
        return PresenceSummary(
            **counts,
            tables=table_sizes(counts["playing_first"], tournament.remainder),
            position=position,
        )
    return PresenceSummary(**counts, tables=None, position=position, plan=format_plan(tournament))


def format_plan(tournament: Tournament) -> FormatPlan | None:
    """The tables the present players make in the movement ``tournament``'s format asks
    (``GameFormat.seating_movement``; the libre's positions are seated apart)."""
    plan = _PLANS.get(tournament.seating_movement)
    return plan(tournament) if plan is not None else None


def _said(problem) -> FormatPlan:
    return FormatPlan(problem=" ".join(problem.messages))


def _individuel(tournament: Tournament) -> FormatPlan:
    players = duplicate_players(tournament).count()
    if not players:
        return FormatPlan()
    problem = movement_problem(players, tournament.positions)
    if problem is not None:
        return _said(problem)
    tables = players // 4
    return FormatPlan(
        text=ngettext(
            "Séance: %(players)s players, %(tables)s table of 4",
            "Séance: %(players)s players, %(tables)s tables of 4",
            tables,
        )
        % {"players": players, "tables": tables}
    )


def _triplettes(tournament: Tournament) -> FormatPlan:
    members = present_teams(tournament)
    if not members:
        return FormatPlan()
    teams, positions = len(members), tournament.positions
    mitchell = triplettes_problem(members, positions)
    if mitchell is not None and howell_problem(members, positions) is not None:
        return _said(mitchell)
    # A Mitchell seats a North-South and an East-West triplette at each table; a Howell too,
    # one triplette sitting out each position when their number is odd.
    values = {"teams": teams, "tables": teams // 2}
    if mitchell is None:
        text = _("Séance: %(teams)s triplettes, a Mitchell at %(tables)s tables") % values
    else:
        text = _("Séance: %(teams)s triplettes, a Howell at %(tables)s tables") % values
    return FormatPlan(text=text)


def _quadrettes(tournament: Tournament) -> FormatPlan:
    members = present_teams(tournament)
    if not members:
        return FormatPlan()
    problem = quadrettes_problem(members, tournament.positions)
    if problem is not None:
        return _said(problem)
    teams = len(members)
    # Each opposition plays at the two quadrettes' tables; one sits out when they are odd.
    return FormatPlan(
        text=_("Séance: %(teams)s quadrettes, %(tables)s tables a position")
        % {"teams": teams, "tables": teams // 2 * 2}
    )


def _match(tournament: Tournament) -> FormatPlan:
    members = present_teams(tournament)
    if not members:
        return FormatPlan()
    least, most = tournament.team_size, tournament.team_size_most
    short = [team.name for team, present in members.items() if not least <= len(present) <= most]
    if short:
        return FormatPlan(
            problem=_("A team plays a match with %(least)s to %(most)s present members: %(teams)s.")
            % {"least": least, "most": most, "teams": ", ".join(short)}
        )
    matches = len(members) // 2
    return FormatPlan(
        text=ngettext(
            "%(teams)s teams: %(matches)s match a round, in two rooms (%(tables)s tables)",
            "%(teams)s teams: %(matches)s matches a round, in two rooms (%(tables)s tables)",
            matches,
        )
        % {"teams": len(members), "matches": matches, "tables": 2 * matches}
    )


# The plan of each movement a format may ask (``Movement``).
_PLANS = {
    Movement.INDIVIDUEL: _individuel,
    Movement.TEAMS_NS_EW: _triplettes,
    Movement.OPPOSITIONS: _quadrettes,
    Movement.MATCHES: _match,
}
