"""What the staff pages of challenges read: the challenges an account manages, the tournaments
it may add to one, a challenge's audit entries, and the standings laid out as the staff table
shows them (points rounded for display only). Must not write.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count
from django.utils.translation import gettext_lazy as _

from scoring.models import Challenge
from scoring.season import rules
from scoring.season.shown import points_value
from scoring.season.standings import ChallengeStandings
from tournaments.models import AuditEntry, StaffRole, Tournament


def managed_challenges(*, user):
    """The challenges ``user`` manages (every one for a superuser), newest first."""
    found = Challenge.objects.annotate(tournament_count=Count("entries"))
    if user.is_superuser:
        return found
    return found.filter(managers=user)


def manages_any(user) -> bool:
    return user.is_authenticated and (user.is_superuser or user.managed_challenges.exists())


def addable_tournaments(*, user, challenge: Challenge):
    """The tournaments ``user`` organises that the challenge does not hold yet, newest first."""
    found = Tournament.objects.exclude(challenge_entries__challenge=challenge)
    if not user.is_superuser:
        found = found.filter(staff__user=user, staff__role=StaffRole.Role.ORGANISER)
    return found.order_by("-date", "name")


def challenge_history(*, challenge: Challenge, limit: int = 50):
    """The challenge's audit entries, newest first."""
    return AuditEntry.objects.filter(tournament=None, data__challenge=challenge.pk).select_related(
        "user"
    )[:limit]


@dataclass(frozen=True)
class Cell:
    points: Decimal | None  # None: did not play it
    counted: bool


@dataclass(frozen=True)
class StaffRow:
    place: int | None
    tied: bool
    name: str
    club: str
    total: Decimal
    cells: list[Cell]  # one per tournament, in the standings' order
    participations: int
    tie: str  # the tie explanation, in words


# Why a row sits where it does beside those on its total: (ahead of one of them, behind all).
TIE_WORDS = {
    rules.BY_BEST: (_("ahead on best result"), _("behind on best result")),
    rules.BY_PARTICIPATIONS: (_("ahead on participations"), _("behind on participations")),
}


def tie_word(row, rows) -> str:
    """``row``'s tie explanation among ``rows`` (the standings'): empty when alone on its
    total."""
    if row.decided_by is None or row.place is None:
        return ""
    if row.decided_by == rules.SHARED:
        return str(_("shared"))
    level = [r for r in rows if r.place is not None and r.total == row.total]
    ahead = any(r.place > row.place for r in level)
    return str(TIE_WORDS[row.decided_by][0 if ahead else 1])


def staff_rows(standings: ChallengeStandings) -> list[StaffRow]:
    """Each row of ``standings`` with its points per tournament, to two decimals."""
    order = [entry.tournament_id for entry in standings.entries]
    rows = []
    for row in standings.rows:
        cells = []
        for tournament_id in order:
            result = row.results.get(tournament_id)
            points = None if result is None else points_value(result.points)
            cells.append(Cell(points, tournament_id in row.counted))
        rows.append(
            StaffRow(
                row.place,
                row.tied,
                row.name,
                row.club,
                points_value(row.total),
                cells,
                row.participations,
                tie_word(row, standings.rows),
            )
        )
    return rows
