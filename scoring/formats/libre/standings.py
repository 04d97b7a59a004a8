"""Standings computed by the database from the stored marks and penalties (section 4 of the rules).

A player's total is the sum of their marks over the positions played, minus their penalties;
players rank by decreasing total, and tied players share a rank unless the tournament sets a
tie-break (best single-position bilan, then most positions with a positive bilan). A team's
total is the sum of its members' totals, ranked the same way. **Official** standings count the
confirmed sheets only; **provisional** ones every current sheet, confirmed or not.

One aggregate query sums the marks per player and position (the bilans, which the tie-break and
the team ranking need too); a second sums the penalties per player; a third names the players
who sat at a counted position; two more count the sheets included. Totals are the sums of the
bilans, ranked here (competition ranks, 1, 2, 2, 4). Nothing re-scores a deal, and the query
count does not grow with the field.

Rankings are cached under the ledger's change stamp (``cached_standings``) and computed there
once a write commits (``standings_refresh``), so that the first viewer after a change finds them.
Must not write to the database.
"""

from dataclasses import dataclass, field

from django.db.models import Count, Q, Sum

from common.cache import compute_now, compute_once
from scoring.models import Mark, Penalty, ScoreSheet
from tournaments.models import Registration, Seat, Table, Tournament
from tournaments.models.core import seat_name
from tournaments.selectors import change_stamp
from tournaments.selectors_seating import last_published_position

Status = ScoreSheet.Status


def counted_statuses(official: bool) -> list[str]:
    """The sheets a ranking counts: confirmed ones when official, else every current one."""
    return [Status.CONFIRMED] if official else [Status.ENTERED, Status.CONFIRMED]


@dataclass
class Row:
    rank: int
    registration_id: int
    number: int
    name: str
    club: str
    team: str
    team_number: int | None
    fft_number: str
    marks: int
    penalties: int
    total: int
    excluded: bool
    bilans: dict[int, int] = field(default_factory=dict)  # position -> bilan
    tied: bool = False


@dataclass
class TeamRow:
    rank: int
    number: int
    name: str
    total: int
    members: list[Row]
    bilans: dict[int, int] = field(default_factory=dict)
    tied: bool = False


@dataclass
class Standings:
    tournament_id: int
    up_to: int  # the last position counted
    official: bool
    rows: list[Row]
    sheets: int  # sheets counted
    tables: int  # tables seated in the positions counted
    tie_break: bool

    @property
    def complete(self) -> bool:
        return self.sheets == self.tables

    def teams(self) -> list[TeamRow]:
        """The team ranking: members' totals summed, ranked as players are."""
        teams: dict[str, TeamRow] = {}
        for row in self.rows:
            if not row.team:
                continue
            team = teams.setdefault(
                row.team,
                TeamRow(rank=0, number=row.team_number, name=row.team, total=0, members=[]),
            )
            team.total += row.total
            team.members.append(row)
            for position, bilan in row.bilans.items():
                team.bilans[position] = team.bilans.get(position, 0) + bilan
        ranked = list(teams.values())
        _rank(ranked, self.tie_break)
        return ranked


def _key(row, tie_break: bool) -> tuple:
    if not tie_break:
        return (row.total,)
    best = max(row.bilans.values()) if row.bilans else 0
    positive = sum(1 for bilan in row.bilans.values() if bilan > 0)
    return (row.total, best, positive)


def _rank(rows: list, tie_break: bool) -> None:
    """Sort by decreasing key and give competition ranks (1, 2, 2, 4); mark the ties."""
    rows.sort(key=lambda row: (tuple(-k for k in _key(row, tie_break)), getattr(row, "number", 0)))
    previous, rank = None, 0
    for index, row in enumerate(rows, start=1):
        key = _key(row, tie_break)
        if key != previous:
            rank, previous = index, key
        row.rank = rank
    _mark_ties(rows)


def _mark_ties(rows: list) -> None:
    counts: dict[int, int] = {}
    for row in rows:
        counts[row.rank] = counts.get(row.rank, 0) + 1
    for row in rows:
        row.tied = counts[row.rank] > 1


def ledger_stamp(*, tournament: Tournament) -> int:
    """Changes whenever anything the standings read changes (every write leaves an audit
    entry): the key under which a computed ranking is cached, on every worker alike."""
    return change_stamp(tournament=tournament)


def standings(*, tournament: Tournament, up_to: int | None = None, official=False) -> Standings:
    """The individual ranking after position ``up_to`` (default: every position): 5 queries."""
    return _rankings(tournament, up_to, (official,))[official]


def standings_both(*, tournament: Tournament, up_to: int | None = None) -> list[Standings]:
    """The provisional and the official rankings, in that order, from the same 5 queries:
    the marks summed once, the confirmed ones apart (a filtered sum)."""
    both = _rankings(tournament, up_to, (False, True))
    return [both[False], both[True]]


def _rankings(tournament, up_to, officials: tuple[bool, ...]) -> dict[bool, Standings]:
    up_to = up_to or tournament.positions
    statuses = counted_statuses(all(officials))
    # The one aggregate over the marks: summed per player and position (the bilans). A total is
    # the sum of a player's bilans; ranking a thousand totals in Python costs less than asking
    # the database to sum and rank them again (one joined GROUP BY with a window: 70 ms).
    bilans = list(
        Mark.objects.filter(
            sheet__status__in=statuses,
            sheet__round__number__lte=up_to,
            sheet__round__tournament=tournament,
        )
        .values("registration", "sheet__round__number")
        .annotate(bilan=Sum("value"), confirmed=Sum("value", filter=_CONFIRMED))
        .values_list("registration", "sheet__round__number", "bilan", "confirmed")
    )
    penalties = dict(
        Penalty.objects.filter(registration__tournament=tournament, cancelled_at__isnull=True)
        .filter(Q(position__lte=up_to) | Q(position__isnull=True))
        .values("registration")
        .annotate(total=Sum("points"))
        .values_list("registration", "total")
    )
    # A semi-join, not a correlated EXISTS: PostgreSQL ran that one per player (seconds).
    played = Seat.objects.filter(round__tournament=tournament, round__number__lte=up_to)
    people = list(
        Registration.objects.filter(tournament=tournament)
        .filter(pk__in=played.values("registration_id"))
        .values_list(
            "pk",
            "number",
            "last_name",
            "first_name",
            "club__name",
            "team__name",
            "team__number",
            "first_seat",
            "first_table",
            "excluded",
        )
    )
    sheets = ScoreSheet.objects.filter(
        round__tournament=tournament, round__number__lte=up_to, status__in=statuses
    ).aggregate(all=Count("pk"), confirmed=Count("pk", filter=Q(status=Status.CONFIRMED)))
    tables = Table.objects.filter(round__tournament=tournament, round__number__lte=up_to).count()
    tie_break = tournament.tie_break != tournament.TieBreak.NONE
    return {
        official: Standings(
            tournament_id=tournament.pk,
            up_to=up_to,
            official=official,
            rows=_rows(people, penalties, bilans, official, tie_break),
            sheets=sheets["confirmed" if official else "all"],
            tables=tables,
            tie_break=tie_break,
        )
        for official in officials
    }


_CONFIRMED = Q(sheet__status=Status.CONFIRMED)


def _rows(people, penalties, bilans, official: bool, tie_break: bool) -> list[Row]:
    """Each player's row, their bilans summed (the confirmed sheets' alone when official),
    ranked."""
    rows = []
    by_id = {}
    for pk, number, last, first, club, team, team_number, seat, table, excluded in people:
        penalty = penalties.get(pk, 0)
        row = Row(
            rank=0,
            registration_id=pk,
            number=number,
            name=f"{last.upper()} {first}",
            club=club or "",
            team=team or "",
            team_number=team_number,
            fft_number=f"{seat_name(seat)} {table}" if table is not None else "",
            marks=0,
            penalties=penalty,
            total=-penalty,
            excluded=excluded,
        )
        rows.append(row)
        by_id[pk] = row
    for registration, position, bilan, confirmed in bilans:
        bilan = confirmed if official else bilan
        row = by_id.get(registration)
        if row is not None and bilan is not None:  # None: no confirmed sheet there
            row.bilans[position] = bilan
            row.marks += bilan
            row.total += bilan
    _rank(rows, tie_break)
    return rows


STANDINGS_SECONDS = 600


def standings_key(*, tournament_id: int, up_to: int, official: bool, stamp: int) -> str:
    return f"standings:{tournament_id}:{up_to}:{int(official)}:{stamp}"


def cached_standings(
    *, tournament: Tournament, up_to=None, official=False, stamp: int | None = None
) -> Standings:
    """``standings`` through the cache, keyed by the ledger's stamp (pass it when already read):
    any change makes a new key, so every worker (each with its own cache or a shared one)
    serves fresh figures. Computed by one caller at a time: viewers arriving while it is
    computed (by another viewer or by ``standings_refresh``) wait for that result."""
    if stamp is None:
        stamp = ledger_stamp(tournament=tournament)
    if up_to is None:  # as the public standings: up to the last position published
        up_to = last_published_position(tournament=tournament)
    key = standings_key(tournament_id=tournament.pk, up_to=up_to, official=official, stamp=stamp)
    return compute_once(
        key,
        lambda: standings(tournament=tournament, up_to=up_to, official=official),
        STANDINGS_SECONDS,
    )


def standings_refresh(*, tournament_id: int) -> None:
    """Compute the rankings the public pages show by default (up to the last position published,
    provisional and official; the team ranking is summed from them) into the cache under the
    current stamp, so that no viewer pays for it. Called once a write has committed
    (``Libre.refresh_rankings``); plain arguments, so a task queue can run it too.

    The stamp is read before the data: the ranking stored is never older than its key (a write
    committed in between is counted, and its own refresh stores it again under its stamp).
    Always recomputed, even when the key is there: a viewer may have computed it before a
    slower transaction holding a lower audit id committed."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:  # deleted since
        return
    stamp = ledger_stamp(tournament=tournament)
    up_to = last_published_position(tournament=tournament)
    keys = [
        standings_key(tournament_id=tournament_id, up_to=up_to, official=official, stamp=stamp)
        for official in (False, True)
    ]
    compute_now(keys, lambda: standings_both(tournament=tournament, up_to=up_to), STANDINGS_SECONDS)
