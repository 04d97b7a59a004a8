"""Reads of seatings for pages and documents, in a constant number of queries."""

from django.db.models import Prefetch

from .extensions import tables_without_results
from .models import Round, Seat, Tournament


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


def _published(tournament: Tournament):
    return tournament.rounds.filter(status=Round.Status.PUBLISHED).order_by("-number")


def current_round(*, tournament: Tournament) -> Round | None:
    """The latest published position: what the players should see."""
    return _published(tournament).first()


def last_published_position(*, tournament: Tournament) -> int:
    """The number of ``current_round`` (1 before any): what standings count by default, so that
    they do not say "after position 10" while position 2 is being played."""
    number = _published(tournament).values_list("number", flat=True).first()
    return min(number or 1, tournament.positions)
