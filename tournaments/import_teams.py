"""The teams a file of players forms: which teams its Team column creates or joins, and the rows
that cannot join theirs. Reads, never writes: ``services_import.players_import`` creates the
teams in the transaction of the players.

A team named in the file is the tournament's team of exactly that name (as the team-name
uniqueness rule compares them), else a new one. A team takes at most the tournament's team size
(a team match's 4 to 6: at most 6): the rows that come after it is full are refused, next to
their Team cell. A team left short of the least size is allowed (the rest of its players may
come later): the preview says so. On an individual
tournament the column is ignored, and the preview says that too.
"""

from dataclasses import dataclass, field

from django.db.models import Count
from django.utils.translation import gettext as _

from common.text import folded

from .imports import CheckedRow
from .models import Team, Tournament

NAME_MAX = Team._meta.get_field("name").max_length


@dataclass
class PlannedTeam:
    name: str
    size: int  # the most players a team takes
    team: Team | None = None  # the tournament's team it joins; None: a new team
    registered: int = 0  # its players already in the tournament
    rows: list[int] = field(default_factory=list)  # the file's rows that join it, from 1
    least: int = 0  # the fewest players a team plays with (a match's 4); 0: ``size``

    @property
    def is_new(self) -> bool:
        return self.team is None

    @property
    def count(self) -> int:
        return self.registered + len(self.rows)

    @property
    def is_full(self) -> bool:
        return self.count >= self.size

    @property
    def is_complete(self) -> bool:
        return self.count >= (self.least or self.size)

    @property
    def sizes(self) -> str:
        """The players a team has: "4" or, in a team match, "4 to 6"."""
        if self.least and self.least < self.size:
            return _("%(least)s to %(most)s") % {"least": self.least, "most": self.size}
        return str(self.size)


@dataclass
class TeamPlan:
    teams: list[PlannedTeam]
    ignored: bool = False  # a Team column on a tournament without teams
    without_team: int = 0  # rows of a team tournament that name no team

    @property
    def new(self) -> list[PlannedTeam]:
        return [t for t in self.teams if t.is_new and t.rows]

    @property
    def joined(self) -> list[PlannedTeam]:
        return [t for t in self.teams if not t.is_new and t.rows]


def plan_teams(*, tournament: Tournament, checked: list[CheckedRow]) -> TeamPlan:
    """The teams the rows form, each row's team problem added to its errors or warnings.

    Queries: one (the tournament's teams and their sizes), none without a Team column.
    """
    named = [row for row in checked if row.values["team"]]
    if not tournament.has_teams:
        return TeamPlan(teams=[], ignored=bool(named))
    plan = TeamPlan(teams=[], without_team=len(checked) - len(named))
    if not named:
        return plan
    size = tournament.team_size_most
    existing = {team.name: team for team in tournament.teams.annotate(registered=Count("members"))}
    spellings: dict[str, set[str]] = {}
    for name in [*existing, *(row.values["team"] for row in named)]:
        spellings.setdefault(folded(name), set()).add(name)
    teams: dict[str, PlannedTeam] = {}
    for number, row in enumerate(checked, start=1):
        name = row.values["team"]
        if not name:
            continue
        if len(name) > NAME_MAX:
            row.error("team", _("At most %(max)s characters.") % {"max": NAME_MAX})
            continue
        planned = teams.get(name)
        if planned is None:
            team = existing.get(name)
            planned = teams[name] = PlannedTeam(
                name=name,
                size=size,
                least=tournament.team_size,
                team=team,
                registered=team.registered if team else 0,
            )
            plan.teams.append(planned)
        if planned.is_full:
            row.error("team", _full_message(planned))
            continue
        planned.rows.append(number)
        others = sorted(spellings.get(folded(name), set()) - {name})
        if others:
            row.warnings.append(
                _("Team “%(team)s” is also spelled “%(other)s”: they will be two teams.")
                % {"team": name, "other": "”, “".join(others)}
            )
    return plan


def _full_message(planned: PlannedTeam) -> str:
    values = {
        "team": planned.name,
        "size": planned.sizes,
        "count": planned.registered,
        "rows": ", ".join(map(str, planned.rows)),
    }
    if not planned.rows:
        return _("Team “%(team)s” already has its %(size)s players in this tournament.") % values
    if not planned.registered:
        return (
            _("Team “%(team)s” is full with rows %(rows)s (a team has %(size)s players).") % values
        )
    return (
        _(
            "Team “%(team)s” is full with its %(count)s registered players and rows %(rows)s "
            "(a team has %(size)s players)."
        )
        % values
    )
