"""Reads of the arbitration for pages and documents, in a constant number of queries.

Must not write. The incident log, one incident with its decisions and history, a player's
record (incidents, decisions, penalties, bans, marks and total), the arbitre's report rows.
"""

from dataclasses import dataclass, field

from django.db.models import Count, Prefetch, Q, Sum
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.formats.libre.bans import dealt_bans
from scoring.models import BidBan, Mark, Penalty, ScoreSheet
from tournaments.models import AuditEntry, Registration, Tournament

from .models import Decision, Incident, PenaltyScale


def _decisions():
    return Decision.objects.select_related("registration", "created_by", "undone_by").order_by(
        "created_at", "id"
    )


def _with_people(tournament: Tournament):
    return Incident.objects.filter(tournament=tournament).select_related(
        "round", "table", "offender__player", "caller__player", "arbitre"
    )


def _with_decisions(rows):
    return rows.prefetch_related(Prefetch("decisions", queryset=_decisions()))


def incidents(
    *,
    tournament: Tournament,
    position: int | None = None,
    table: int | None = None,
    player: int | None = None,
    kind: str = "",
    status: str = "",
):
    """The incident log, filtered; each incident with its people and how many decisions are
    in force: 1 query."""
    rows = _with_people(tournament).annotate(
        decision_count=Count("decisions", filter=Q(decisions__undone_at__isnull=True))
    )
    if position:
        rows = rows.filter(round__number=position)
    if table:
        rows = rows.filter(table__number=table)
    if player:
        rows = rows.filter(Q(offender__number=player) | Q(caller__number=player))
    if kind:
        rows = rows.filter(kind=kind)
    if status:
        rows = rows.filter(status=status)
    return rows.order_by("-called_at", "-id")


def incident_detail(*, tournament: Tournament):
    """The tournament's incidents, each with its people, decisions and what it contests (one
    of them makes an incident's page): 2 queries."""
    return _with_decisions(_with_people(tournament)).select_related(
        "contests__round", "contests__table", "contests_sheet__round", "contests_sheet__table"
    )


def active_warnings(*, tournament: Tournament, registration: Registration) -> int:
    """The warnings in force against ``registration`` in the tournament (a second one suggests the
    scale's penalty)."""
    return Decision.objects.filter(
        incident__tournament=tournament,
        kind=Decision.Kind.WARNING,
        registration=registration,
        undone_at__isnull=True,
    ).count()


def incident_history(*, incident: Incident):
    """Every audit entry about this incident, its decisions included, oldest first."""
    effects = incident.decisions.values_list("penalty_id", "bid_ban_id")
    penalties = [p for p, _b in effects if p is not None]
    bans = [b for _p, b in effects if b is not None]
    about = Q(data__incident=incident.pk)
    # The ledger's own entries on the effects the decisions made (applied, cancelled).
    if penalties:
        about |= Q(action__startswith="penalty.", data__penalty__in=penalties)
    if bans:
        about |= Q(action__startswith="bid_ban.", data__ban__in=bans)
        about |= Q(action__startswith="bid_ban.", data__bid_ban__in=bans)
    return (
        AuditEntry.objects.filter(tournament=incident.tournament)
        .filter(about)
        .select_related("user")
        .order_by("created_at", "id")
    )


@dataclass
class PlayerRecord:
    registration: Registration
    incidents: list[Incident]
    decisions: list[Decision]
    penalties: list[Penalty]
    bans: list[BidBan]
    marks_by_position: dict[int, int] = field(default_factory=dict)

    @property
    def marks(self) -> int:
        return sum(self.marks_by_position.values())

    @property
    def penalty_points(self) -> int:
        return sum(p.points for p in self.penalties if p.is_active)

    @property
    def total(self) -> int:
        """Marks of the current sheets, minus the penalties (section 4 of the rules)."""
        return self.marks - self.penalty_points


def player_record(*, registration: Registration) -> PlayerRecord:
    """What the arbitration knows of one player, and their total: 7 queries at most (the
    misdeal bans that fall on them need the deals they dealt)."""
    marks = (
        Mark.objects.filter(registration=registration)
        .exclude(sheet__status=ScoreSheet.Status.SUPERSEDED)
        .values("sheet__round__number")
        .annotate(total=Sum("value"))
        .order_by("sheet__round__number")
    )
    return PlayerRecord(
        registration=registration,
        incidents=list(
            Incident.objects.filter(Q(offender=registration) | Q(caller=registration))
            .select_related("round", "table")
            .order_by("called_at", "id")
        ),
        decisions=list(
            _decisions().filter(registration=registration).select_related("incident__round")
        ),
        penalties=list(
            Penalty.objects.filter(registration=registration)
            .select_related("created_by", "cancelled_by")
            .order_by("created_at", "id")
        ),
        bans=list(
            BidBan.objects.filter(registration=registration)
            .select_related("created_by", "cancelled_by")
            .order_by("position", "id")
        )
        + dealt_bans(registration=registration, in_force=False),
        marks_by_position={row["sheet__round__number"]: row["total"] for row in marks},
    )


def report_incidents(*, tournament: Tournament):
    """Every incident and its decisions, by position then time: the arbitre's report."""
    return _with_decisions(_with_people(tournament)).order_by("round__number", "called_at", "id")


def scale_note(tournament):
    """What the settings page says of an empty penalty scale, with the way to fill it."""
    if PenaltyScale.objects.filter(tournament=tournament).exists():
        return None
    return (
        _(
            "The penalty scale is empty: arbitres will have to give an amount and a reason "
            "for every penalty."
        ),
        _("Fill the penalty scale"),
        reverse("arbitration:scale", kwargs={"slug": tournament.slug}),
    )
