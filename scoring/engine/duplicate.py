"""The arithmetic of duplicate tarot (fft-duplicate.md §1.2-§1.3, §2-§5, §6): pure functions.

What it does:

- ``top_notes`` tops one étui: each line's score becomes the taker's note from 0 to 100;
  ``defence_note`` gives each defender's note. ``percentages`` averages a player's (or a
  team's) notes into attack, defence and overall percentages.
- ``general_ranking`` and ``alternate_ranking`` give places (equal overalls share a place).
- ``match_points`` and ``opposition_points`` turn écarts between two attackers' scores into
  match points (quadrettes, team match).
- ``valid_scores``, ``scores_for`` and ``check_score`` say which values a travelling sheet may
  hold for a contract at 4 players, and why another value cannot be right (the entry check).

Notes and percentages are exact ``Fraction``s (33⅓ % stays 100/3); match points are ``Decimal``s
with 3 decimals, computed from integers, never from floats. What it must not do: import Django or
any app of the project, touch any storage, validate its arguments (every function takes any
integers; validation is the entry check, ``check_score``, called by the caller), nor apply
penalties or cancellations (the caller subtracts penalties and leaves cancelled lines out).

Glossary (French terms of art, without accents in code):

- *étui* (``board``): one prepared deal, replayed at every table of a séance.
- *série* (``board_set``): the étuis a table plays in one position.
- *fiche ambulante* (travelling sheet): one line per table that played the étui, with the
  taker's score: the per-defender value A with the sign of the taker's net result.
- *ligne* / orientation (``line``): N, S, E, W (individuel), NS or EW (triplettes).
- *topage*: turning an étui's scores into notes. *note*: a line's result on that étui, 0 to 100.
- *attaque* / *défense*: the notes of étuis played as taker / as defender; *global* (``overall``):
  their weighted mean (¼ attack in individuel, ½ in triplettes).
- *classement général* / *alterné*: every player by overall / the lines' firsts, then seconds...
- *écart*: here, the difference between two attackers' scores on one étui (not the discard).
- *PM* (points de match): match points, sign × √|écart| per étui.
- *chelem*: every trick to one camp; *annoncé*: announced before play.
"""

from bisect import bisect_left, bisect_right
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import lru_cache
from math import isqrt, lcm
from operator import itemgetter
from typing import Any

from .counts import counts_by_bouts
from .deal import chelem_value, outcome
from .enums import COEFFICIENTS, Camp, Contract
from .marks import achievable_amounts, poignee_totals
from .ruleset import DEFAULT_RULESET

PLAYERS = 4  # a duplicate table always has 4 players, never a partner (§1.1)
INDIVIDUAL_ATTACK_WEIGHT = Fraction(1, 4)
TRIPLETTE_ATTACK_WEIGHT = Fraction(1, 2)
LONE_NOTE = Fraction(50)  # n = 1: nothing to compare with (choice)
MILLIS = 1000  # match points have 3 decimals
PM_STEP = Decimal("0.001")


# Topage and percentages (§2)


def top_notes(scores: Iterable[int]) -> tuple[Fraction, ...]:
    """The taker's note of each line, in the order given.

    note = 100 × (strictly lower scores + ½ × other equal scores) / (n − 1), so equal scores share
    the notes they span; a lone line gets 50, no line gives (). Counted from the sorted scores,
    so an étui of n lines costs n log n.
    """
    return tuple(Fraction(numerator, denominator) for numerator, denominator in note_parts(scores))


def note_parts(scores: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """``top_notes`` as (numerator, denominator) pairs, not reduced: every note of an étui has
    the same denominator, 2(n − 1), so sums of notes (``NoteSum``) add integers."""
    scores = list(scores)
    n = len(scores)
    if n == 1:
        return ((LONE_NOTE.numerator, LONE_NOTE.denominator),)
    ordered = sorted(scores)
    parts = []
    for score in scores:
        lower = bisect_left(ordered, score)
        equal = bisect_right(ordered, score) - lower - 1
        # Doubled to stay in integers: 2 × lower + equal halves of a step.
        parts.append((100 * (2 * lower + equal), 2 * (n - 1)))
    return tuple(parts)


def defence_note(note: Fraction | int) -> Fraction:
    """What each defender of the table gets when the taker's note is ``note``."""
    return 100 - Fraction(note)


@dataclass(frozen=True)
class Percentages:
    """Means of a player's (or team's) notes over a séance; None when there is no such note."""

    attack: Fraction | None
    defence: Fraction | None
    overall: Fraction | None


def percentages(
    attack: Iterable[Fraction | int] = (),
    defence: Iterable[Fraction | int] = (),
    attack_weight: Fraction | int = INDIVIDUAL_ATTACK_WEIGHT,
) -> Percentages:
    """Attack and defence means, and overall = w × attack + (1 − w) × defence.

    With no attack note (or no defence note) the overall is the other mean (choice); with
    neither, everything is None. Penalties are the caller's to subtract.
    """
    return percentages_of(NoteSum.of(attack), NoteSum.of(defence), attack_weight)


def percentages_of(
    attack: "NoteSum", defence: "NoteSum", attack_weight: Fraction | int = INDIVIDUAL_ATTACK_WEIGHT
) -> Percentages:
    """``percentages`` from the sums of the notes, as a topage of many étuis adds them up."""
    attack_mean, defence_mean = attack.mean(), defence.mean()
    if attack_mean is None or defence_mean is None:
        alone = defence_mean if attack_mean is None else attack_mean
        return Percentages(attack_mean, defence_mean, alone)
    weight = Fraction(attack_weight)
    # w·a + (1 − w)·d over one denominator: one reduction (this runs for every player).
    p, q = weight.numerator, weight.denominator
    a, d = attack_mean, defence_mean
    overall = Fraction(
        p * a.numerator * d.denominator + (q - p) * d.numerator * a.denominator,
        q * a.denominator * d.denominator,
    )
    return Percentages(attack_mean, defence_mean, overall)


class NoteSum:
    """Notes added up exactly for a mean: the numerators are added per denominator (an étui's
    notes share one, 2(n − 1)), so a player's fifty notes cost integer additions and a few
    fraction additions, not fifty."""

    __slots__ = ("count", "numerators")

    def __init__(self) -> None:
        self.numerators: dict[int, int] = {}
        self.count = 0

    @classmethod
    def of(cls, notes: Iterable[Fraction | int]) -> "NoteSum":
        total = cls()
        for note in notes:
            total.add(note.numerator, note.denominator)  # ints have both (n, 1)
        return total

    def add(self, numerator: int, denominator: int) -> None:
        self.numerators[denominator] = self.numerators.get(denominator, 0) + numerator
        self.count += 1

    def mean(self) -> Fraction | None:
        if not self.count:
            return None
        common = lcm(*self.numerators)
        total = sum(n * (common // d) for d, n in self.numerators.items())
        return Fraction(total, common * self.count)  # one reduction, not one per denominator


# Rankings (§2, §3)


def general_ranking(items: Iterable[tuple[Hashable, Any]]) -> list[tuple[int, Hashable]]:
    """[(place, key), ...] best first from (key, overall): equal overalls share a place
    (1, 2, 2, 4) and keep the order given."""
    ranked = []
    place, previous = 0, None
    # reverse=True keeps equal items in the order given, as the negated key would, without
    # making a new Fraction of each overall.
    for index, (key, overall) in enumerate(sorted(items, key=itemgetter(1), reverse=True)):
        if index == 0 or overall != previous:
            place, previous = index + 1, overall
        ranked.append((place, key))
    return ranked


def alternate_ranking(
    items: Iterable[tuple[Hashable, Hashable, Any]],
) -> list[tuple[int, Hashable]]:
    """[(place, key), ...] best first from (key, line, overall).

    Each line is ranked by overall; inside a line equal overalls keep the order given (the caller
    orders them by defence, attack, number). The firsts of every line form the first band, ordered
    by overall, then the seconds, and so on; places count on across bands, so the second band
    starts after the first's size; when lines are unequal the last bands are shorter. Equal
    overalls inside a band share the place and keep the order in which their lines first came.
    """
    lines: dict[Hashable, list[tuple[Hashable, Any]]] = {}
    for key, line, overall in items:
        lines.setdefault(line, []).append((key, overall))
    columns = [sorted(members, key=itemgetter(1), reverse=True) for members in lines.values()]
    ranked, start = [], 0
    for depth in range(max(map(len, columns), default=0)):
        band = [column[depth] for column in columns if depth < len(column)]
        ranked.extend((start + place, key) for place, key in general_ranking(band))
        start += len(band)
    return ranked


# Match points (§4, §5)


def match_points(ecart: int) -> Decimal:
    """sign × √|écart| rounded half up to 3 decimals: 16 → 4.000, −10 → −3.162, 0 → 0.000.

    Exact: the integer square root of |écart| × 10⁶ is rounded up when (k + ½)² ≤ |écart| × 10⁶
    (a square root of an integer is an integer or irrational, so it never sits on a half).
    """
    scaled = abs(ecart) * MILLIS * MILLIS
    millis = isqrt(scaled)
    if 4 * scaled >= (2 * millis + 1) ** 2:
        millis += 1
    return Decimal(millis if ecart >= 0 else -millis).scaleb(-3)


def pm_round(value: Decimal) -> Decimal:
    """``value`` in PM to 3 decimals, rounded half away from zero as every figure here
    (``Decimal``'s ``ROUND_HALF_UP``; its default context rounds half to even):
    0.0045 → 0.005, −0.0045 → −0.005."""
    return value.quantize(PM_STEP, rounding=ROUND_HALF_UP)


def opposition_points(
    pairs: Iterable[tuple[int, int]], zero_sum: bool = True
) -> tuple[Decimal, Decimal]:
    """(A's match points, B's) from (A's attacker's score, B's attacker's score) per étui.

    Each étui gives ``match_points(a − b)``, rounded per étui, then summed. ``zero_sum`` (the
    quadrettes): A gets it and B the opposite. Otherwise (team match) only the side ahead scores
    the absolute value, the other 0, and equal scores give nobody anything.
    """
    total_a = total_b = Decimal("0.000")
    for score_a, score_b in pairs:
        points = match_points(score_a - score_b)
        if zero_sum:
            total_a, total_b = total_a + points, total_b - points
        elif points > 0:
            total_a += points
        else:
            total_b -= points
    return total_a, total_b


# The entry check (§1.2, §1.3)


@dataclass(frozen=True)
class ScoreProblem:
    """Why a travelling sheet's value cannot be right; ``params`` holds what a message needs."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)


def valid_scores(contract: Contract | str = Contract.GARDE) -> frozenset[int]:
    """Every value a travelling sheet may hold for ``contract`` at 4 players: the per-defender
    amount A that ``score_deal`` can give, with the taker's sign (marks.achievable_amounts)."""
    return achievable_amounts(Contract(contract), PLAYERS, False)


@lru_cache(maxsize=32)
def scores_for(
    contract: Contract | str = Contract.GARDE,
    *,
    chelem: Camp | None = None,
    announced: bool = False,
) -> frozenset[int]:
    """The values of ``valid_scores`` that one chelem case gives: ``chelem`` the camp that took
    every trick (None: each camp took one), ``announced`` whether the taker announced a chelem.
    The defaults give the plain deals: no chelem, no announcement.

    The same enumeration as ``achievable_amounts``, one case at a time (a test checks that the six
    cases together give exactly ``valid_scores``).
    """
    contract = Contract(contract)
    ruleset = DEFAULT_RULESET
    coefficient = COEFFICIENTS[contract]
    petit = ruleset.petit_au_bout_base * coefficient
    prime = chelem_value(ruleset, announced, chelem)
    poignees = poignee_totals(PLAYERS, False, ruleset)
    found = set()
    for bouts, counts in counts_by_bouts(PLAYERS, contract, chelem).items():
        # The Petit in the last trick of a chelem can only be the chelem camp's.
        petits = {0}
        if bouts >= 1 and chelem is not Camp.DEFENCE:
            petits.add(petit)
        if bouts <= 2 and chelem is not Camp.ATTACK:
            petits.add(-petit)
        for half_points in counts.half_points:
            won, _, diff = outcome(bouts, half_points)
            if chelem is Camp.DEFENCE and won:
                continue
            sign = 1 if won else -1
            base = sign * (ruleset.contract_base + diff) * coefficient + prime
            found.update(base + p + sign * total for p in petits for total in poignees)
    return frozenset(found)


def check_score(
    score: int, contract: Contract | str = Contract.GARDE, *, chelem: bool = True
) -> ScoreProblem | None:
    """None when ``score`` is a value ``contract`` at 4 players gives, else why not.

    By default every value of ``valid_scores`` passes, chelems included (§1.3: the exact set).
    ``chelem=False`` when the caller knows no chelem was made nor announced: a value only a chelem
    gives is then refused too. Codes and params, in the order they are tried:

    - ``score_odd`` (score): every value is even;
    - ``score_needs_chelem`` (score), only with ``chelem=False``: a chelem made, or announced and
      failed, gives it;
    - ``score_out_of_range`` (score, min, max): beyond the lowest or highest value allowed;
    - ``score_unreachable`` (score, below, above): in between, but no deal gives it; ``below`` and
      ``above`` are the nearest values allowed, for the message to propose.
    """
    every = valid_scores(contract)
    allowed = every if chelem else scores_for(contract)
    if score in allowed:
        return None
    if score % 2:
        return ScoreProblem("score_odd", {"score": score})
    if score in every:
        return ScoreProblem("score_needs_chelem", {"score": score})
    low, high = _bounds(allowed)
    if not low <= score <= high:
        return ScoreProblem("score_out_of_range", {"score": score, "min": low, "max": high})
    ordered = _sorted(allowed)
    index = bisect_left(ordered, score)
    params = {"score": score, "below": ordered[index - 1], "above": ordered[index]}
    return ScoreProblem("score_unreachable", params)


@lru_cache(maxsize=16)
def _sorted(scores: frozenset[int]) -> tuple[int, ...]:
    return tuple(sorted(scores))


def _bounds(scores: frozenset[int]) -> tuple[int, int]:
    ordered = _sorted(scores)
    return ordered[0], ordered[-1]
