"""Reads of seatings for pages and documents, in a constant number of queries."""

from dataclasses import dataclass

from django.db.models import Prefetch

from .actions import Action
from .extensions import finished_rounds, tables_without_results
from .models import AuditEntry, Registration, Round, Seat, Tournament


def _seats():
    return Seat.objects.select_related("registration", "registration__player", "registration__team")


def round_tables(*, round: Round):
    """The position's tables, each with its seats (and players) in seat order: 2 queries."""
    return round.tables.order_by("number").prefetch_related(
        Prefetch("seats", queryset=_seats().order_by("number"))
    )


def round_tables_missing(*, round: Round) -> list[int]:
    """The numbers of the position's tables whose score sheet is not entered yet: 1 query."""
    tables = tables_without_results(round.tables.order_by("number"))
    return list(tables.values_list("number", flat=True))


def round_seats_by_name(*, round: Round):
    """Every seat of the position, by player name: the entrance list."""
    return (
        _seats()
        .select_related("table")
        .filter(round=round)
        .order_by("registration__sort_name", "registration__number")
    )


def with_table_mates(*, seats) -> list[tuple[Seat, list[Seat]]]:
    """Each seat with the other seats of its table, in seat order: 1 query for them all."""
    seats = list(seats)
    mates: dict[int, list[Seat]] = {}
    for seat in _seats().filter(table__in={s.table_id for s in seats}).order_by("number"):
        mates.setdefault(seat.table_id, []).append(seat)
    return [(seat, [m for m in mates[seat.table_id] if m.pk != seat.pk]) for seat in seats]


def _published(tournament: Tournament):
    return tournament.rounds.filter(status=Round.Status.PUBLISHED).order_by("-number")


def current_round(*, tournament: Tournament) -> Round | None:
    """The latest published position: what the players should see."""
    return _published(tournament).first()


def round_played(*, tournament: Tournament) -> Round | None:
    """The position being played, what the seating page and the projector show first. In
    donnes libres, ``current_round``: positions are published one at a time. In a duplicate,
    whose séance publishes all its positions at once, the first published position whose play
    is not over (``extensions.finished_rounds``: every table's scores in), or the last one once
    they all are; or a later position the arbitre announced as being played (``Session.playing``,
    his signal to move, for a club that types the scores at the end of the séance)."""
    if not tournament.plays_duplicate:
        return current_round(tournament=tournament)
    published = _published(tournament).reverse().select_related("session")
    done = finished_rounds(published)
    rounds = list(published)
    if not rounds:
        return None
    at = next((k for k, r in enumerate(rounds) if r.pk not in done), len(rounds) - 1)
    announced = [
        k
        for k, r in enumerate(rounds)
        if r.session is not None and not r.session.is_closed and r.session.playing == r.number
    ]
    return rounds[max([at, *announced])]


def published_round(*, tournament: Tournament, number: int) -> Round | None:
    """Published position ``number`` (a visitor's choice), or None."""
    return _published(tournament).filter(number=number).first()


def published_numbers(*, tournament: Tournament) -> list[int]:
    """The numbers of the published positions, in order: what a visitor may choose from."""
    return list(_published(tournament).reverse().values_list("number", flat=True))


def last_published_position(*, tournament: Tournament) -> int:
    """The number of ``current_round`` (1 before any): what standings count by default, so that
    they do not say "after position 10" while position 2 is being played."""
    number = _published(tournament).values_list("number", flat=True).first()
    return min(number or 1, tournament.positions)


def restore_position(*, registration: Registration) -> int | None:
    """The position a withdrawn player would play again from: the first not published yet (or
    the one they join at, if later): a draft of it is drawn again to seat them. None when they
    have not withdrawn or none is left."""
    if registration.withdrawn_after_position is None:
        return None
    last = _published(registration.tournament).values_list("number", flat=True).first() or 0
    position = max(last + 1, registration.joins_at_position)
    return position if position <= registration.tournament.positions else None


@dataclass(frozen=True)
class Swap:
    entry: int  # its audit entry: which swap an undo asked for
    first: Registration
    second: Registration


# What moves the players of a position, as its audit entries tell: a draw or an arbitre's
# correction starts the history of swaps anew; an undo takes back the last swap not undone.
_MOVES = (Action.ROUND_GENERATED, Action.ROUND_CORRECTED, Action.ROUND_SWAPPED)


def last_swap(*, round: Round) -> Swap | None:
    """The organiser's swap an undo takes back: the last one of the position since it was
    drawn that is not undone yet (undoing again walks back through the swaps before it).
    None when there is none, or when an arbitre's correction came after it. Two queries."""
    entries = AuditEntry.objects.filter(
        tournament_id=round.tournament_id,
        action__in=[*_MOVES, Action.ROUND_SWAP_UNDONE],
        data__round=round.number,
    ).order_by("id")
    swaps: list[tuple[int, list[int]]] = []
    for pk, action, data in entries.values_list("pk", "action", "data"):
        if action == Action.ROUND_SWAPPED:
            swaps.append((pk, data["players"]))
        elif action == Action.ROUND_SWAP_UNDONE:
            swaps = swaps[:-1]
        else:
            swaps = []
    if not swaps:
        return None
    entry, numbers = swaps[-1]
    players = {
        r.number: r
        for r in Registration.objects.filter(tournament_id=round.tournament_id, number__in=numbers)
    }
    if len(players) != 2:
        return None
    return Swap(entry, players[numbers[0]], players[numbers[1]])
