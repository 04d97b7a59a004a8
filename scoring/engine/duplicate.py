"""Topage and rankings of duplicate tarot (fft-duplicate.md §2, §4, §6): pure arithmetic.

Exact with fractions; never validates (the entry check is ``check_score``). No Django.
"""

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from functools import lru_cache

from .enums import Contract
from .marks import achievable_amounts


def top_notes(scores) -> tuple[Fraction, ...]:
    """The taker's note of each line, in the order given: 100 × (strictly lower + ½ × other
    equal) / (n − 1); 50 for a lone line. Counted from the sorted scores (n log n)."""
    scores = list(scores)
    n = len(scores)
    if n == 1:
        return (Fraction(50),)
    ordered = sorted(scores)
    out = []
    for s in scores:
        lower = bisect_left(ordered, s)
        equal = bisect_right(ordered, s) - lower - 1
        out.append(Fraction(100 * (2 * lower + equal), 2 * (n - 1)))
    return tuple(out)


@dataclass(frozen=True)
class Percentages:
    attack: Fraction | None
    defence: Fraction | None
    overall: Fraction | None


def _mean(notes):
    notes = list(notes)
    return sum(notes, Fraction(0)) / len(notes) if notes else None


def percentages(*, attack, defence, attack_weight=Fraction(1, 4)) -> Percentages:
    a, d = _mean(attack), _mean(defence)
    if a is None or d is None:
        return Percentages(a, d, d if a is None else a)
    w = Fraction(attack_weight)
    return Percentages(a, d, w * a + (1 - w) * d)


def general_ranking(items):
    out, place, last = [], 0, object()
    for i, (key, overall) in enumerate(sorted(items, key=lambda kv: -kv[1])):
        if overall != last:
            place, last = i + 1, overall
        out.append((place, key))
    return out


def alternate_ranking(items):
    lines: dict = {}
    for key, line, overall in items:
        lines.setdefault(line, []).append((key, overall))
    for members in lines.values():
        members.sort(key=lambda kv: -kv[1])
    out, start, depth = [], 0, 0
    while True:
        band = [m[depth] for m in lines.values() if len(m) > depth]
        if not band:
            return out
        for place, key in general_ranking(band):
            out.append((start + place, key))
        start += len(band)
        depth += 1


def match_points(ecart: int) -> Decimal:
    with localcontext() as ctx:
        ctx.prec = 40
        value = Decimal(abs(ecart)).sqrt().quantize(Decimal("0.001"), rounding=ROUND_HALF_UP)
    return value if ecart >= 0 else -value


def opposition_points(pairs, zero_sum=True):
    a = b = Decimal("0.000")
    for x, y in pairs:
        mp = match_points(x - y)
        if zero_sum:
            a, b = a + mp, b - mp
        elif mp > 0:
            a += mp
        else:
            b -= mp
    return a, b


@dataclass(frozen=True)
class ScoreProblem:
    code: str
    params: dict


@lru_cache(maxsize=8)
def valid_scores(contract: Contract = Contract.GARDE) -> frozenset[int]:
    return achievable_amounts(contract, 4, False)


def check_score(score: int, contract: Contract = Contract.GARDE) -> ScoreProblem | None:
    valid = valid_scores(contract)
    if score in valid:
        return None
    if score % 2:
        return ScoreProblem("score_odd", {"score": score})
    if not min(valid) <= score <= max(valid):
        return ScoreProblem(
            "score_out_of_range", {"score": score, "min": min(valid), "max": max(valid)}
        )
    below = max((v for v in valid if v < score), default=None)
    above = min((v for v in valid if v > score), default=None)
    return ScoreProblem("score_unreachable", {"score": score, "below": below, "above": above})
