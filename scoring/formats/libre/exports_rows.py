"""The results as rows, for ``exports`` to write as files: rankings, marks per position, deals,
penalties, the federation's file.

Each generator yields a header row then data rows of plain values (numbers stay numbers, a tie
is a column of its own), built on ``standings`` — the selector of the results pages — or on one
query of the ledger each. Must not write, and no query count here grows with the field.
"""

from collections.abc import Iterator

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from scoring.formats.libre.standings import Standings, counted_statuses
from scoring.models import ContractChoice, Deal, Mark, ScoreSheet
from scoring.penalty_rows import penalty_rows  # noqa: F401  (the rows of every format)
from tournaments.models import Registration, Seat, Tournament
from tournaments.models.core import seat_name

Status = ScoreSheet.Status


def _yes(flag: bool) -> str:
    return _("yes") if flag else ""


def _position_labels(ranking: Standings) -> list[str]:
    return [_("Position %(k)s") % {"k": k} for k in range(1, ranking.up_to + 1)]


def bilan_cells(bilans: dict[int, int], up_to: int) -> list[int | None]:
    """One cell per position: empty where nothing was counted (not seated, no sheet yet)."""
    return [bilans.get(k) for k in range(1, up_to + 1)]


def individual_rows(ranking: Standings) -> Iterator[list]:
    """The individual ranking: rank, tie, numbers, names, totals, one bilan per position."""
    yield [
        _("Rank"), _("Tied"), _("No."), _("FFT number"), _("Name"), _("Club"), _("Team"),
        _("Marks"), _("Penalties"), _("Total"), _("Excluded"), *_position_labels(ranking),
    ]  # fmt: skip
    for row in ranking.rows:
        yield [
            row.rank, _yes(row.tied), row.number, row.fft_number, row.name, row.club, row.team,
            row.marks, row.penalties, row.total, _yes(row.excluded),
            *bilan_cells(row.bilans, ranking.up_to),
        ]  # fmt: skip


def _member(row) -> str:
    return f"{row.number} {row.name}"


def team_rows(ranking: Standings) -> Iterator[list]:
    """The team ranking: rank, tie, team, members, total, the team's bilan per position."""
    yield [
        _("Rank"), _("Tied"), _("No."), _("Team"), _("Members"), _("Total"),
        *_position_labels(ranking),
    ]  # fmt: skip
    for team in ranking.teams():
        members = ", ".join(_member(m) for m in sorted(team.members, key=lambda m: m.number))
        yield [
            team.rank, _yes(team.tied), team.number, team.name, members, team.total,
            *bilan_cells(team.bilans, ranking.up_to),
        ]  # fmt: skip


def seats_by_player(ranking: Standings) -> dict[tuple[int, int], tuple[int, int]]:
    """{(registration id, position): (table number, seat)}: one query."""
    seats = Seat.objects.filter(
        round__tournament_id=ranking.tournament_id, round__number__lte=ranking.up_to
    ).values_list("registration_id", "round__number", "table__number", "number")
    return {(reg, k): (table, seat) for reg, k, table, seat in seats}


def position_rows(ranking: Standings) -> Iterator[list]:
    """Marks per position, player by player (by number): the table and the bilan of each."""
    header = [_("No."), _("Name"), _("Club")]
    for k in range(1, ranking.up_to + 1):
        header += [_("Table %(k)s") % {"k": k}, _("Bilan %(k)s") % {"k": k}]
    yield header + [_("Marks"), _("Penalties"), _("Total"), _("Rank")]
    seats = seats_by_player(ranking)
    for row in sorted(ranking.rows, key=lambda r: r.number):
        cells = [row.number, row.name, row.club]
        for k in range(1, ranking.up_to + 1):
            table = seats.get((row.registration_id, k))
            cells += [table[0] if table else None, row.bilans.get(k)]
        yield cells + [row.marks, row.penalties, row.total, row.rank]


def deal_rows(*, tournament: Tournament, up_to: int | None = None, official=False) -> Iterator:
    """Every deal of every current sheet (confirmed ones only when ``official``), by position,
    table and deal: how it was entered, the contract, the taker, then each seat's player
    number and mark. Two queries."""
    up_to = up_to or tournament.positions
    counted = Q(
        sheet__round__tournament=tournament,
        sheet__round__number__lte=up_to,
        sheet__status__in=counted_statuses(official),
    )
    marks: dict[int, dict[int, tuple[int, int]]] = {}
    for deal_id, seat, number, value in Mark.objects.filter(counted).values_list(
        "deal_id", "seat", "registration__number", "value"
    ):
        marks.setdefault(deal_id, {})[seat] = (number, value)
    size = max((max(by_seat) + 1 for by_seat in marks.values()), default=4)
    header = [
        _("Position"), _("Table"), _("Sheet"), _("Version"), _("Deal"), _("Entered as"),
        _("Contract"), _("Taker"), _("Partner"), _("Sits out"), _("Dealer"), _("Dealt again"),
    ]  # fmt: skip
    for seat in range(size):
        header += [
            _("%(seat)s No.") % {"seat": seat_name(seat)},
            _("%(seat)s mark") % {"seat": seat_name(seat)},
        ]
    yield header
    modes, contracts = dict(Deal.Mode.choices), dict(ContractChoice.choices)
    statuses = dict(Status.choices)
    deals = (
        Deal.objects.filter(counted)
        .order_by("sheet__round__number", "sheet__table__number", "number")
        .values_list(
            "id", "sheet__round__number", "sheet__table__number", "sheet__status",
            "sheet__version", "number", "mode", "contract", "taker__number", "partner__number",
            "sitting_out__number", "dealer__number", "dealt_again",
        )
    )  # fmt: skip
    for deal_id, k, table, status, version, number, mode, contract, *players, again in deals:
        cells = [k, table, str(statuses[status]), version, number, str(modes[mode])]
        cells += [str(contracts[contract]) if contract else "", *players, _yes(again)]
        by_seat = marks.get(deal_id, {})
        for seat in range(size):
            cells += list(by_seat.get(seat, (None, None)))
        yield cells


def federation_rows(ranking: Standings) -> Iterator[list]:
    """The federation's results file: licence, name, club, rank, total and positions played
    (seated in), in ranking order; one query besides the ranking."""
    yield [
        _("Licence"), _("Last name"), _("First name"), _("Club"), _("Club number"), _("Rank"),
        _("Total"), _("Positions played"),
    ]  # fmt: skip
    people = {
        reg["pk"]: reg
        for reg in Registration.objects.filter(tournament_id=ranking.tournament_id)
        .annotate(played=Count("seats", filter=Q(seats__round__number__lte=ranking.up_to)))
        .values(
            "pk", "player__licence", "last_name", "first_name",
            "club__name", "club__federation_number", "played",
        )
    }  # fmt: skip
    for row in ranking.rows:
        reg = people[row.registration_id]
        yield [
            reg["player__licence"] or "", reg["last_name"].upper(),
            reg["first_name"], reg["club__name"] or "",
            reg["club__federation_number"] or "", row.rank, row.total, reg["played"],
        ]  # fmt: skip
