"""Check marks transcribed from a paper score sheet (section 3, last paragraph, of the rules).

``check_marks`` never refuses: it returns the problems it finds, errors (the marks cannot be
right: not zero-sum, defenders unequal, taker or partner not the multiple the table size
demands) and a warning (the per-defender amount A cannot come from that contract; the arbitre
decides). It raises ``InvalidDeal`` only for arguments that describe no possible table.
It must not store anything nor decide for the arbitre.

The warning compares A with every amount ``score_deal`` can produce for that contract, table
size and partner: the set is enumerated from exactly the inputs ``score_deal`` accepts (the
counts the cards allow, from ``counts``, and the same helpers and checks for the primes), so a
computed deal never gets a warning. It is as permissive as ``score_deal`` itself.
"""

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from .counts import counts_by_bouts
from .deal import TAKER_FACTORS, camp_sizes, chelem_value, outcome, poignees_total
from .enums import COEFFICIENTS, CONTRACTS, Camp, Contract, PoigneeLevel, Severity
from .errors import InvalidDeal
from .ruleset import DEFAULT_RULESET, Ruleset


@dataclass(frozen=True)
class MarkProblem:
    """One problem with a deal's marks; ``params`` holds the values a message needs."""

    code: str
    severity: Severity
    params: dict[str, Any] = field(default_factory=dict)
    field: str | None = None  # the argument of check_marks at fault, when there is one


def check_marks(
    *,
    players: int,
    contract: Contract | str,
    taker: int,
    defenders: list[int] | tuple[int, ...],
    partner: int | None = None,
    ruleset: Ruleset = DEFAULT_RULESET,
) -> list[MarkProblem]:
    """Problems with one deal's transcribed marks; an empty list when there is none.

    ``partner`` is the called partner's mark at 5 players, None when there is no partner
    (taker alone at 5, or 3 and 4 players). ``defenders`` holds each defender's mark.
    When the defenders differ, A is unknown: the multiples and the warning are not checked.
    """
    if type(players) is not int or not 3 <= players <= 5:
        raise InvalidDeal("players_invalid", "players", {"players": players})
    normalized = CONTRACTS.get(contract) if isinstance(contract, str) else None
    if normalized is None:
        raise InvalidDeal("contract_invalid", "contract", {"contract": contract})
    has_partner = partner is not None
    if has_partner and players != 5:
        raise InvalidDeal("partner_not_five_players", "partner", {"players": players})
    defenders = list(defenders)
    expected_count = players - 2 if has_partner else players - 1
    if len(defenders) != expected_count:
        params = {"count": len(defenders), "expected": expected_count}
        raise InvalidDeal("defenders_count", "defenders", params)
    for mark in (taker, *defenders, *([partner] if has_partner else [])):
        if type(mark) is not int:
            raise TypeError(f"marks are ints, not {type(mark).__name__}: {mark!r}")

    problems = []
    total = taker + (partner or 0) + sum(defenders)
    if total:
        problems.append(_error("marks_not_zero_sum", {"sum": total}))
    if len(set(defenders)) > 1:
        problems.append(_error("defenders_unequal", {"defenders": defenders}, "defenders"))
        return problems
    defender = defenders[0]
    amount = -defender
    factor = TAKER_FACTORS[players, has_partner]
    if taker != factor * amount:
        params = {"taker": taker, "expected": factor * amount, "factor": factor}
        problems.append(_error("taker_not_multiple", params, "taker"))
    if has_partner and partner != amount:
        params = {"partner": partner, "expected": amount}
        problems.append(_error("partner_not_multiple", params, "partner"))
    if amount not in achievable_amounts(normalized, players, has_partner, ruleset):
        params = {
            "amount": amount,
            "defender": defender,
            "contract": normalized,
            "players": players,
        }
        problems.append(MarkProblem("amount_unreachable", Severity.WARNING, params, "defenders"))
    return problems


def _error(code: str, params: dict[str, Any], field: str | None = None) -> MarkProblem:
    return MarkProblem(code, Severity.ERROR, params, field)


@lru_cache(maxsize=128)
def achievable_amounts(
    contract: Contract, players: int, partner: bool, ruleset: Ruleset = DEFAULT_RULESET
) -> frozenset[int]:
    """Every A (seen from the attack) that ``score_deal`` can give for this kind of deal."""
    coefficient = COEFFICIENTS[contract]
    pab = ruleset.petit_au_bout_base * coefficient
    poignees = poignee_totals(players, partner, ruleset)
    # Many (bouts, points) pairs share an outcome: collect the distinct situations first.
    situations = set()
    for chelem in (None, Camp.ATTACK, Camp.DEFENCE):
        for bouts, counts in counts_by_bouts(players, contract, chelem).items():
            pabs = (0,) + ((pab,) if bouts >= 1 else ()) + ((-pab,) if bouts <= 2 else ())
            # Petit au bout in a chelem goes to the chelem camp only.
            if chelem is not None:
                pabs = tuple(p for p in pabs if p == 0 or (p > 0) == (chelem is Camp.ATTACK))
            for half_points in counts.half_points:
                won, _, diff = outcome(bouts, half_points)
                if chelem is Camp.DEFENCE and won:
                    continue
                primes = frozenset(
                    (pab_value, chelem_value(ruleset, announced, chelem))
                    for announced in (False, True)
                    for pab_value in pabs
                )
                situations.add((won, diff, primes))
    amounts = set()
    for won, diff, primes in situations:
        sign = 1 if won else -1
        contract_value = sign * (ruleset.contract_base + diff) * coefficient
        for pab_value, chelem_part in primes:
            for poignee_total in poignees:
                amounts.add(contract_value + pab_value + sign * poignee_total + chelem_part)
    return frozenset(amounts)


@lru_cache(maxsize=32)
def poignee_totals(players: int, partner: bool, ruleset: Ruleset = DEFAULT_RULESET) -> frozenset:
    """Every sum of poignée primes one deal can hold (0 when none is shown).

    Tries every multiset of (camp, level) up to one poignée per player and keeps those
    ``score_deal`` accepts, through the very check it uses.
    """
    kinds = [(camp, level) for camp in Camp for level in PoigneeLevel]
    totals = set()
    for count in range(sum(camp_sizes(players, partner)) + 1):
        for poignees in combinations_with_replacement(kinds, count):
            try:
                totals.add(poignees_total(poignees, players, partner, ruleset._tables))
            except InvalidDeal:
                continue
    return frozenset(totals)
