"""The arithmetic of a season, plain Python (no Django): a challenge's points for one result,
its standings (best N, minimum participations, ties broken and explained), and prize amounts in
whole cents (a share of a pot on a decreasing scale, fixed amounts, equal places sharing).

Rounding, stated once here and on every prize list:
- a share of the fees: the pot is the fees times the percentage, rounded down to the cent; each
  place gets its weight's part of it, rounded down to the cent, and the cents these roundings
  leave go to the first place;
- equal places share the amounts of the places they cover equally, rounded down to the cent;
  the cents left (fewer than the players sharing) are not paid out and the list says so.

Must not import Django, read a database or format a number for display.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

SCALE, FIELD, PERCENT = "scale", "field", "percent"
# Why a player is placed where they are beside those on the same total.
BY_BEST, BY_PARTICIPATIONS, SHARED = "best", "participations", "shared"


def points_for(
    rule: str, *, place: int, field_size: int, figure=None, scale: Sequence[int] = ()
) -> Fraction:
    """One result's points before the tournament's coefficient."""
    if rule == SCALE:
        return Fraction(scale[place - 1]) if 0 < place <= len(scale) else Fraction(0)
    if rule == FIELD:
        return Fraction(max(field_size - place + 1, 0))
    if rule == PERCENT:
        if figure is None:
            return Fraction(0)
        return Fraction(Decimal(figure)) if isinstance(figure, Decimal) else Fraction(figure)
    raise ValueError(f"unknown points rule {rule!r}")


@dataclass(frozen=True)
class Result:
    """One tournament's result of one player, as a challenge counts it."""

    tournament_id: int
    place: int
    tied: bool
    field_size: int  # the placed rows of the tournament's ranking
    figure: object  # the tournament's own figure (points, %, PM)
    coefficient: Fraction
    points: Fraction  # points_for(...) times the coefficient


@dataclass(frozen=True)
class Standing:
    key: object  # the player (the directory's id)
    place: int | None  # None: fewer participations than the minimum
    tied: bool
    total: Fraction
    results: tuple[Result, ...]
    counted: frozenset[int]  # the tournaments whose result counts (best N)
    best: Fraction  # the best counted result
    decided_by: str | None = None  # BY_BEST, BY_PARTICIPATIONS, SHARED, or None (no tie)

    @property
    def participations(self) -> int:
        return len(self.results)


def _counted(results: Sequence[Result], best_of: int | None) -> list[Result]:
    ordered = sorted(results, key=lambda r: (-r.points, r.tournament_id))
    return ordered if best_of is None else ordered[:best_of]


def _standing(key, results: Sequence[Result], best_of: int | None) -> Standing:
    counted = _counted(results, best_of)
    return Standing(
        key=key,
        place=None,
        tied=False,
        total=sum((r.points for r in counted), Fraction(0)),
        results=tuple(results),
        counted=frozenset(r.tournament_id for r in counted),
        best=max((r.points for r in counted), default=Fraction(0)),
    )


def _order(standing: Standing):
    return (-standing.total, -standing.best, -standing.participations)


def _decided_by(standing: Standing, level: list[Standing]) -> str | None:
    """Why ``standing`` sits where it does among ``level`` (those on its total)."""
    if len(level) == 1:
        return None
    if any(s.best != standing.best for s in level):
        same_best = [s for s in level if s.best == standing.best]
        if len(same_best) == 1:
            return BY_BEST
        level = same_best
    if any(s.participations != standing.participations for s in level):
        same = [s for s in level if s.participations == standing.participations]
        return BY_PARTICIPATIONS if len(same) == 1 else SHARED
    return SHARED


def standings(
    results: dict[object, Sequence[Result]],
    *,
    best_of: int | None = None,
    min_participations: int = 1,
    name_key=None,
) -> list[Standing]:
    """Every player's standing: the qualified ranked by total, then best counted result, then
    participations (equal on all three share a place), then those under the minimum, unranked.
    ``name_key(key)`` orders players within a shared place (and the unranked)."""
    name_key = name_key or (lambda key: key)
    all_ = [_standing(key, rows, best_of) for key, rows in results.items() if rows]
    qualified = [s for s in all_ if s.participations >= min_participations]
    others = [s for s in all_ if s.participations < min_participations]
    qualified.sort(key=lambda s: (*_order(s), name_key(s.key)))
    placed: list[Standing] = []
    for index, standing in enumerate(qualified):
        previous = placed[-1] if placed else None
        same = previous is not None and _order(previous) == _order(standing)
        place = previous.place if same else index + 1
        level = [s for s in qualified if s.total == standing.total]
        shared = sum(1 for s in qualified if _order(s) == _order(standing)) > 1
        placed.append(
            _replace(standing, place=place, tied=shared, decided_by=_decided_by(standing, level))
        )
    others.sort(key=lambda s: (-s.participations, -s.total, name_key(s.key)))
    return placed + others


def _replace(standing: Standing, **changes) -> Standing:
    values = {name: getattr(standing, name) for name in Standing.__dataclass_fields__}
    values.update(changes)
    return Standing(**values)


# --- Prizes, in cents --------------------------------------------------------------------------


def pot_cents(fees_cents: int, percent: int) -> int:
    """The share of the fees paid out: rounded down to the cent."""
    return fees_cents * percent // 100


def share_by_place(pot: int, places: int, scale: Sequence[int] = ()) -> list[int]:
    """The pot over the first ``places`` by weight (``scale``, else places, places-1, ..., 1):
    each rounded down to the cent, the cents left to the first place."""
    if places <= 0 or pot <= 0:
        return []
    weights = list(scale)[:places] if scale else list(range(places, 0, -1))
    weights += [0] * (places - len(weights))
    total = sum(weights)
    if total <= 0:
        return [0] * places
    amounts = [pot * w // total for w in weights]
    amounts[0] += pot - sum(amounts)
    return amounts


@dataclass
class Prizes:
    """What each ranked row gets (by its key), and what rounding left unpaid."""

    amounts: dict[object, int] = field(default_factory=dict)
    unpaid_cents: int = 0


def share_ties(ranked: Iterable[tuple[object, int | None]], by_place: Sequence[int]) -> Prizes:
    """``by_place[i]``: the amount of place i + 1. ``ranked``: (key, place) in ranking order;
    those on one place share the amounts of the places they cover, rounded down to the cent."""
    groups: dict[int, list[object]] = {}
    for key, place in ranked:
        if place is not None:
            groups.setdefault(place, []).append(key)
    prizes = Prizes()
    for place, keys in groups.items():
        covered = by_place[place - 1 : place - 1 + len(keys)]
        pool = sum(covered)
        if pool == 0:
            continue
        each, left = divmod(pool, len(keys))
        for key in keys:
            prizes.amounts[key] = prizes.amounts.get(key, 0) + each
        prizes.unpaid_cents += left
    return prizes
