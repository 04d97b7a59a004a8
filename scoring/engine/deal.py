"""Score one deal (section 2 of fft-rules.md) and refuse the impossible ones (section 3).

``score_deal`` takes a ``DealInput`` as a table reports it and returns the marks. It works in
integer half-points, so it never does float arithmetic. It must not read or write any storage,
know who the players are, or check what only the web layer can see (a taker barred from bidding,
a player not at the table, the dealer sitting out: the caller passes ``players=4`` then).
"""

import math
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from .counts import ALLOWED, allowed_counts, counts_by_bouts
from .enums import CAMPS, COEFFICIENTS, CONTRACTS, POIGNEE_LEVELS, Camp, Contract, PoigneeLevel
from .errors import InvalidDeal
from .ruleset import DEFAULT_RULESET, Ruleset, RulesetTables

TARGETS = (56, 51, 41, 36)  # by bouts in the attack's pile
MAX_HALF_POINTS = 182  # the whole deck, 91 points
TRUMPS_AND_EXCUSE = 22  # what all the poignées of one deal can show between them
# Taker's mark as a multiple of A, by (players, partner called).
TAKER_FACTORS = {(3, False): 2, (4, False): 3, (5, True): 2, (5, False): 4}

Points = Decimal | int | str  # a float too, if exactly a multiple of 0.5
# Keyed by plain strings: a plain str hashes faster than a StrEnum member.
_COEFFICIENTS_BY_VALUE = {c.value: COEFFICIENTS[c] for c in Contract}


@dataclass(frozen=True, slots=True)
class DealInput:
    """What a table knows at the end of a deal. Nothing is checked until ``score_deal``.

    ``points`` takes an int, a str (Decimal syntax) or a Decimal; a float is read exactly,
    never rounded, so 49.5 is accepted and 49.3 is refused as not a multiple of 0.5.
    ``petit_au_bout`` and ``chelem`` take a camp, or None (an empty string counts as None).
    """

    players: int
    contract: Contract | str
    bouts: int
    points: Points
    petit_au_bout: Camp | str | None = None
    poignees: tuple[tuple[Camp | str, PoigneeLevel | str], ...] = ()
    chelem_announced: bool = False
    chelem: Camp | str | None = None
    partner: bool = False


@dataclass(frozen=True)
class DealResult:
    """The marks of a deal and the parts they come from, for display.

    The parts and ``amount`` (A in the rules) are seen from the attack: what the attack wins
    from each defender, negative when it loses. ``partner`` is 0 when there is none.
    """

    taker: int
    partner: int
    defender: int
    defender_count: int
    amount: int
    won: bool
    diff: int
    target: int
    counted: int
    contract_value: int
    petit_au_bout_value: int
    poignees_value: int
    chelem_value: int
    contract: Contract
    players: int

    @property
    def A(self) -> int:  # the rules call it A
        return self.amount


def outcome(bouts: int, half_points: int) -> tuple[bool, int, int]:
    """(won, counted points, diff) for valid bouts and points in half-points.

    The half point goes to the camp that won: 40.5 with 2 bouts counts 40 (lost by 1),
    41.5 counts 42 (made by 1).
    """
    target = TARGETS[bouts]
    if half_points >= 2 * target:
        counted = (half_points + 1) // 2
        return True, counted, counted - target
    counted = half_points // 2
    return False, counted, target - counted


def camp_sizes(players: int, partner: bool) -> tuple[int, int]:
    """Players in (attack, defence): the most poignées each camp can show."""
    attack = 2 if partner else 1
    return attack, players - attack


def chelem_value(ruleset: Ruleset, announced: bool, chelem: Camp | None) -> int:
    """The chelem part of A (seen from the attack) for a valid combination."""
    if chelem is Camp.ATTACK:
        return ruleset.chelem_announced_made if announced else ruleset.chelem_made
    value = ruleset.chelem_announced_failed if announced else 0
    if chelem is Camp.DEFENCE:
        value -= ruleset.chelem_defence
    return value


def score_deal(deal: DealInput, ruleset: Ruleset = DEFAULT_RULESET) -> DealResult:
    """Score ``deal``; raise ``InvalidDeal`` if section 3 says it cannot happen.

    Checks run in a fixed order (players, partner, contract, bouts, points, chelem, the count
    the cards allow, petit au bout, poignées, announcement) and the first failure is raised.
    """
    players = deal.players
    if type(players) is not int or not 3 <= players <= 5:
        raise InvalidDeal("players_invalid", "players", {"players": players})
    partner = deal.partner
    if type(partner) is not bool:
        raise InvalidDeal("partner_invalid", "partner", {"partner": partner})
    if partner and players != 5:
        raise InvalidDeal("partner_not_five_players", "partner", {"players": players})
    raw = deal.contract
    contract = CONTRACTS.get(raw) if isinstance(raw, str) else None
    if contract is None:
        raise InvalidDeal("contract_invalid", "contract", {"contract": raw})
    coefficient = _COEFFICIENTS_BY_VALUE[raw]
    bouts = deal.bouts
    if type(bouts) is not int or not 0 <= bouts <= 3:
        raise InvalidDeal("bouts_out_of_range", "bouts", {"bouts": bouts})
    half_points = _half_points(deal.points)
    if players == 4 and half_points % 2:
        params = {"points": Decimal(half_points) / 2, "players": players}
        raise InvalidDeal("points_half_four_players", "points", params)
    raw = deal.chelem
    chelem = None
    if raw is not None and raw != "":
        chelem = CAMPS.get(raw) if isinstance(raw, str) else None
        if chelem is None:
            raise InvalidDeal("chelem_invalid", "chelem", {"chelem": raw})
    won, counted, diff = outcome(bouts, half_points)
    if chelem is Camp.DEFENCE and won:
        params = {"points": Decimal(half_points) / 2, "target": TARGETS[bouts]}
        raise InvalidDeal("chelem_defence_contract_won", "chelem", params)
    allowed = ALLOWED.get((players, contract, chelem)) or allowed_counts(players, contract, chelem)
    if bouts * 256 + half_points not in allowed:
        _refuse_count(players, contract, chelem, bouts, half_points)

    # The primes are rare: their checks sit in helpers called only when there is one.
    pab_value = 0
    raw = deal.petit_au_bout
    if raw is not None and raw != "":
        pab_value = _petit_au_bout_value(raw, bouts, coefficient, ruleset)
    poignees_value = 0
    if deal.poignees:
        poignees_value = poignees_total(deal.poignees, players, partner, ruleset._tables)
        if not won:
            poignees_value = -poignees_value
    announced = deal.chelem_announced
    if type(announced) is not bool:
        raise InvalidDeal("chelem_announced_invalid", "chelem_announced", {"value": announced})
    # Petit au bout in a chelem is the chelem camp's: the other camp took no trick.
    if chelem is not None and pab_value and (pab_value > 0) != (chelem is Camp.ATTACK):
        params = {"petit_au_bout": deal.petit_au_bout, "chelem": chelem}
        raise InvalidDeal("petit_au_bout_against_chelem", "petit_au_bout", params)
    if chelem is None:  # the usual case, without a call
        chelem_part = ruleset.chelem_announced_failed if announced else 0
    else:
        chelem_part = chelem_value(ruleset, announced, chelem)

    contract_value = (ruleset.contract_base + diff) * coefficient
    if not won:
        contract_value = -contract_value
    amount = contract_value + pab_value + poignees_value + chelem_part
    # Same as DealResult(...) without the frozen dataclass's object.__setattr__ per field,
    # which would be most of the time of a call (test_fast_result_is_a_plain_result).
    result = _new(DealResult)
    _set(
        result,
        "__dict__",
        {
            "taker": TAKER_FACTORS[players, partner] * amount,
            "partner": amount if partner else 0,
            "defender": -amount,
            "defender_count": players - 2 if partner else players - 1,
            "amount": amount,
            "won": won,
            "diff": diff,
            "target": TARGETS[bouts],
            "counted": counted,
            "contract_value": contract_value,
            "petit_au_bout_value": pab_value,
            "poignees_value": poignees_value,
            "chelem_value": chelem_part,
            "contract": contract,
            "players": players,
        },
    )
    return result


def _refuse_count(
    players: int, contract: Contract, chelem: Camp | None, bouts: int, half_points: int
) -> None:
    """Refuse bouts and points that no pile of cards gives with this chelem (``counts``),
    saying what would make them possible."""
    possible = counts_by_bouts(players, contract, chelem)
    counts = possible.get(bouts)
    points = Decimal(half_points) / 2
    params = {"points": points, "bouts": bouts, "players": players, "contract": contract}
    if chelem is None:
        for camp in Camp:
            other = counts_by_bouts(players, contract, camp).get(bouts)
            if other is not None and half_points in other:
                # Possible only if one camp took every trick: say so rather than "impossible".
                raise InvalidDeal("chelem_not_recorded", "chelem", {**params, "camp": camp})
        spans = counts.spans() if counts is not None else ()
        raise InvalidDeal("points_bouts_mismatch", "points", {**params, "possible": spans})
    by_bouts = tuple((b, c.spans()) for b, c in possible.items())
    raise InvalidDeal(
        "chelem_points_mismatch", "chelem", {**params, "camp": chelem, "possible": by_bouts}
    )


_new = object.__new__
_set = object.__setattr__


def _half_points(points: object) -> int:
    """The attack's points as an exact integer number of half-points, or InvalidDeal."""
    if type(points) is not bool:  # True == 1 would pass as a key
        try:
            return _HALF_POINTS[points]  # any int, Decimal or float of a valid value
        except (KeyError, TypeError):  # not a valid value, unhashable, signaling NaN
            pass
    value = points
    if isinstance(points, str):
        try:
            value = Decimal(points.strip())
        except InvalidOperation:
            raise InvalidDeal("points_invalid", "points", {"points": points}) from None
    elif type(points) is bool or not isinstance(points, int | Decimal | float):
        raise InvalidDeal("points_invalid", "points", {"points": points})
    if isinstance(value, Decimal):
        finite = value.is_finite()
    else:
        finite = isinstance(value, int) or math.isfinite(value)
    if not finite:
        raise InvalidDeal("points_invalid", "points", {"points": points})
    # Range first: as_integer_ratio() of Decimal("1E+999999") would build a huge integer.
    if not 0 <= value <= 91:
        raise InvalidDeal("points_out_of_range", "points", {"points": points})
    # Past the first decimal it is no half-point, and as_integer_ratio() of Decimal("1E-999999")
    # would build a huge integer: the exponent decides, without the trailing zeros.
    if isinstance(value, Decimal) and value and _exponent(value) < -1:
        raise InvalidDeal("points_not_half_multiple", "points", {"points": points})
    numerator, denominator = value.as_integer_ratio()  # exact, floats included
    if denominator > 2:
        raise InvalidDeal("points_not_half_multiple", "points", {"points": points})
    return numerator * 2 // denominator


def _exponent(value: Decimal) -> int:
    """The exponent of a finite Decimal written without trailing zeros (40.50 gives -1)."""
    _sign, digits, exponent = value.as_tuple()
    zeros = len(digits) - len("".join(map(str, digits)).rstrip("0"))
    return exponent + zeros


# Numbers hash and compare by value: 49, Decimal("49.0") and 49.0 all find 98 here.
_HALF_POINTS = {Decimal(half) / 2: half for half in range(MAX_HALF_POINTS + 1)}


def _petit_au_bout_value(raw: object, bouts: int, coefficient: int, ruleset: Ruleset) -> int:
    camp = CAMPS.get(raw) if isinstance(raw, str) else None
    if camp is None:
        raise InvalidDeal("petit_au_bout_invalid", "petit_au_bout", {"petit_au_bout": raw})
    if camp is Camp.ATTACK:
        if bouts == 0:
            raise InvalidDeal("petit_au_bout_without_bout", "petit_au_bout", {"bouts": 0})
        return ruleset.petit_au_bout_base * coefficient
    if bouts == 3:
        raise InvalidDeal("petit_au_bout_defence_all_bouts", "petit_au_bout", {"bouts": 3})
    return -ruleset.petit_au_bout_base * coefficient


def poignees_total(
    poignees: Iterable[Any], players: int, partner: bool, tables: RulesetTables
) -> int:
    """Sum of the primes of the poignées shown, after checking they can all have been shown."""
    if isinstance(poignees, str | bytes):
        raise InvalidDeal("poignee_invalid", "poignees", {"poignee": poignees})
    try:
        items = tuple(poignees)
    except TypeError:
        raise InvalidDeal("poignee_invalid", "poignees", {"poignee": poignees}) from None
    thresholds = tables.thresholds[players]
    values = tables.poignee_values
    attack = defence = trumps = total = 0
    for item in items:
        try:
            raw_camp, raw_level = item
        except (TypeError, ValueError):
            raise InvalidDeal("poignee_invalid", "poignees", {"poignee": item}) from None
        camp = CAMPS.get(raw_camp) if isinstance(raw_camp, str) else None
        level = POIGNEE_LEVELS.get(raw_level) if isinstance(raw_level, str) else None
        if camp is None or level is None:
            raise InvalidDeal("poignee_invalid", "poignees", {"poignee": item})
        if camp is Camp.ATTACK:
            attack += 1
        else:
            defence += 1
        trumps += thresholds[level]
        total += values[level]
    attack_limit, defence_limit = camp_sizes(players, partner)
    if attack > attack_limit:
        params = {"camp": Camp.ATTACK, "count": attack, "limit": attack_limit}
        raise InvalidDeal("too_many_poignees", "poignees", params)
    if defence > defence_limit:
        params = {"camp": Camp.DEFENCE, "count": defence, "limit": defence_limit}
        raise InvalidDeal("too_many_poignees", "poignees", params)
    if trumps > TRUMPS_AND_EXCUSE:
        params = {"trumps": trumps, "limit": TRUMPS_AND_EXCUSE}
        raise InvalidDeal("poignees_exceed_trumps", "poignees", params)
    return total
