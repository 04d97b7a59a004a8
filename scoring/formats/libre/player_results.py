"""A player's tournament, position by position, for their public page: table, seat and
opponents, marks per deal, bilans, penalties, running total and rank after each position (from
the cached rankings, ``standings.cached_standings``), and a few figures. Must not write.
"""

from dataclasses import dataclass

from scoring.formats.libre.selectors import penalties_by_position
from scoring.formats.libre.standings import cached_standings, counted_statuses, ledger_stamp
from scoring.models import Deal, Mark, Penalty, ScoreSheet
from tournaments.models import Registration, Round, Seat

Status = ScoreSheet.Status


@dataclass
class PositionResult:
    position: int
    table: int
    seat: str
    opponents: list[str]
    marks: list[int]  # per deal, in order
    bilan: int
    penalties: int
    running_total: int
    rank: int | None
    confirmed: bool


@dataclass
class PlayerResults:
    registration: Registration
    positions: list[PositionResult]
    total: int
    rank: int | None
    tied: bool
    deals_taken: int
    contracts_won: int
    penalties: list[Penalty]


def player_results(*, registration: Registration, official=False) -> PlayerResults:
    """A player's tournament, position by position: their table, seat and opponents, marks per
    deal, bilans, penalties, running total and rank after each position; and a few figures."""
    tournament = registration.tournament
    statuses = counted_statuses(official)
    seats = list(
        Seat.objects.filter(registration=registration, round__status=Round.Status.PUBLISHED)
        .select_related("round", "table")
        .order_by("round__number")
    )
    opponents: dict[int, list[str]] = {}
    for seat in (
        Seat.objects.filter(table__in=[s.table_id for s in seats])
        .exclude(registration=registration)
        .select_related("registration__player")
        .order_by("table_id", "number")
    ):
        opponents.setdefault(seat.table_id, []).append(
            f"{seat.registration.name} ({seat.registration.number})"
        )
    marks: dict[int, list[int]] = {}
    confirmed: dict[int, bool] = {}
    for number, value, status in (
        Mark.objects.filter(registration=registration, sheet__status__in=statuses)
        .order_by("sheet__round__number", "deal__number")
        .values_list("sheet__round__number", "value", "sheet__status")
    ):
        marks.setdefault(number, []).append(value)
        confirmed[number] = status == Status.CONFIRMED
    penalties = list(
        Penalty.objects.filter(registration=registration, cancelled_at__isnull=True).order_by(
            "created_at"
        )
    )
    by_position = penalties_by_position(penalties)
    positions, running = [], -by_position.get(None, 0)
    stamp = ledger_stamp(tournament=tournament)  # once: every ranking below is cached under it
    for seat in seats:
        number = seat.round.number
        bilan = sum(marks.get(number, []))
        running += bilan - by_position.get(number, 0)
        ranking = cached_standings(
            tournament=tournament, up_to=number, official=official, stamp=stamp
        )
        row = next((r for r in ranking.rows if r.registration_id == registration.pk), None)
        positions.append(
            PositionResult(
                position=number,
                table=seat.table.number,
                seat=seat.seat_name,
                opponents=opponents.get(seat.table_id, []),
                marks=marks.get(number, []),
                bilan=bilan,
                penalties=by_position.get(number, 0),
                running_total=running,
                rank=row.rank if row else None,
                confirmed=confirmed.get(number, False),
            )
        )
    final = cached_standings(tournament=tournament, official=official, stamp=stamp)
    row = next((r for r in final.rows if r.registration_id == registration.pk), None)
    taken = Deal.objects.filter(sheet__status__in=statuses, taker=registration).exclude(
        mode__in=["annulled"]
    )
    won = taken.filter(marks__registration=registration, marks__value__gt=0)
    return PlayerResults(
        registration=registration,
        positions=positions,
        total=row.total if row else running,
        rank=row.rank if row else None,
        tied=row.tied if row else False,
        deals_taken=taken.count(),
        contracts_won=won.count(),
        penalties=penalties,
    )
