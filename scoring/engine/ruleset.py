"""Prime values and poignée thresholds: the numbers a club may change, with the FFT defaults.

A ``Ruleset`` is a frozen, hashable value (it keys caches). On creation it checks its own
numbers and precomputes the lookup tables ``score_deal`` needs, so scoring a deal does no
per-call work on the ruleset. It must not hold the rules themselves (targets, coefficients,
what is impossible): those are fixed by the FFT and live in ``deal``.
"""

from dataclasses import dataclass, fields
from typing import NamedTuple

from .enums import PoigneeLevel

PLAYERS = (3, 4, 5)


@dataclass(frozen=True)
class PoigneeThresholds:
    """Trumps to show for each poignée level at one table size (the Excuse may replace one)."""

    simple: int
    double: int
    triple: int


class RulesetTables(NamedTuple):
    """What ``score_deal`` reads from a ruleset, precomputed once per ruleset."""

    poignee_values: dict[str, int]  # level -> prime
    thresholds: dict[int, dict[str, int]]  # players -> level -> trumps


@dataclass(frozen=True)
class Ruleset:
    """The numbers of the scoring. Every value is an integer number of points.

    Chelem values follow the wording of the rules: ``chelem_announced_made``,
    ``chelem_made`` (unannounced) and ``chelem_announced_failed`` are seen from the attack
    (the last one is negative); ``chelem_defence`` is what the defence gets on top when it
    takes every trick, so it counts against the attack.
    """

    contract_base: int = 25
    petit_au_bout_base: int = 10
    poignee_simple: int = 20
    poignee_double: int = 30
    poignee_triple: int = 40
    chelem_announced_made: int = 400
    chelem_made: int = 200
    chelem_announced_failed: int = -200
    chelem_defence: int = 200
    poignee_thresholds_3: PoigneeThresholds = PoigneeThresholds(13, 15, 18)
    poignee_thresholds_4: PoigneeThresholds = PoigneeThresholds(10, 13, 15)
    poignee_thresholds_5: PoigneeThresholds = PoigneeThresholds(8, 10, 13)

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, PoigneeThresholds):
                numbers = (value.simple, value.double, value.triple)
                if not all(type(n) is int and n > 0 for n in numbers):
                    raise ValueError(f"{f.name}: thresholds must be positive integers")
            elif type(value) is not int:
                raise TypeError(f"{f.name} must be an int, not {type(value).__name__}")
        # Not a field: invisible to eq, hash and repr; rebuilt by dataclasses.replace().
        # Read by the engine's modules only.
        object.__setattr__(self, "_tables", self._build_tables())

    def _build_tables(self) -> RulesetTables:
        values = {
            PoigneeLevel.SIMPLE: self.poignee_simple,
            PoigneeLevel.DOUBLE: self.poignee_double,
            PoigneeLevel.TRIPLE: self.poignee_triple,
        }
        thresholds = {}
        for players in PLAYERS:
            t = self.poignee_thresholds(players)
            thresholds[players] = {
                PoigneeLevel.SIMPLE: t.simple,
                PoigneeLevel.DOUBLE: t.double,
                PoigneeLevel.TRIPLE: t.triple,
            }
        return RulesetTables(poignee_values=values, thresholds=thresholds)

    def poignee_thresholds(self, players: int) -> PoigneeThresholds:
        return getattr(self, f"poignee_thresholds_{players}")

    def poignee_value(self, level: PoigneeLevel | str) -> int:
        return self._tables.poignee_values[level]

    def poignee_threshold(self, players: int, level: PoigneeLevel | str) -> int:
        return self._tables.thresholds[players][level]


DEFAULT_RULESET = Ruleset()
