"""What apps built on ``tournaments`` tell it, so that it never names them.

``tournaments`` is the lowest layer (import-linter holds it to that), yet a few of its rules
depend on what the layers above record:

- ``results_exist``: a position with results (score sheets) is locked, its seating changed
  only by an arbitre's correction, and a tournament with results keeps the settings its sheets
  were checked against. ``scoring`` registers how to tell.
- ``not_seating``: the audit actions that never change where anyone sits (sheets, penalties,
  incidents...), left out of the seating page's change stamp. ``scoring`` and ``arbitration``
  register their prefixes.

Registered from the apps' ``AppConfig.ready``; a registry is a plain list read at request time.
"""

from collections.abc import Callable

from django.db.models import QuerySet

# Each: rounds (a queryset of Round) -> the subset of them that has results.
_RESULTS: list[Callable[[QuerySet], QuerySet]] = []
_NOT_SEATING: set[str] = set()


def register_results(with_results: Callable[[QuerySet], QuerySet]) -> None:
    if with_results not in _RESULTS:
        _RESULTS.append(with_results)


def register_not_seating(*prefixes: str) -> None:
    _NOT_SEATING.update(prefixes)


def rounds_with_results(rounds: QuerySet) -> bool:
    """True when one of ``rounds`` has results an app above recorded."""
    return any(with_results(rounds).exists() for with_results in _RESULTS)


def not_seating() -> tuple[str, ...]:
    return tuple(sorted(_NOT_SEATING))
