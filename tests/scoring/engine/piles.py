"""An enumeration of the piles a deal can end with, written from the rules, not from the engine.

Every composition of a pile of real cards is listed once: which of the Petit, the 21 and the
Excuse it holds, how many kings, queens, knights, jacks and low cards. Then, for a table size, a
contract and a chelem, the attack's count is read off the piles the rules allow:

- nobody took every trick: the attack won k tricks, 1 <= k < all, of one card per player, plus
  the chien when it is the attack's (prise, garde, garde sans); in a prise or a garde the chien
  is the taker's écart, 6 cards (3 at 5 players) that are neither a king nor a bout. The Excuse
  exchange gives a low card for the Excuse, so the piles keep their sizes;
- the attack took every trick: the defence has only the chien of a garde contre, and the
  Excuse if a defender held it and played it, which then counts 4 points (rulebook);
- the defence took every trick: the attack has only its chien or écart, and the Excuse if it
  held and played it, counted 4 points (our choice, the mirror of the rulebook's).

The engine's ``possible_points`` must give exactly these sets (``test_counts``).
"""

from functools import cache
from itertools import product

# Half-points: a bout or a king 9 (4.5 points), a queen 7, a knight 5, a jack 3, the rest 1.
TRICKS = {3: 24, 4: 18, 5: 15}
CHIEN = {3: 6, 4: 6, 5: 3}
LOW_CARDS = 59
WHOLE_DECK = 182


@cache
def piles() -> frozenset[tuple[int, int, int, int, bool]]:
    """(cards, bouts, half-points, kings, holds the Excuse) of every pile of real cards."""
    found = set()
    ranges = ((0, 1), (0, 1), (0, 1), range(5), range(5), range(5), range(5))
    for petit, twenty_one, excuse, kings, queens, knights, jacks in product(*ranges):
        high = petit + twenty_one + excuse + kings + queens + knights + jacks
        bouts = petit + twenty_one + excuse
        value = 9 * (bouts + kings) + 7 * queens + 5 * knights + 3 * jacks
        for low in range(LOW_CARDS + 1):
            found.add((high + low, bouts, value + low, kings, bool(excuse)))
    return frozenset(found)


@cache
def attack_counts(players: int, contract: str, chelem: str | None) -> frozenset[tuple[int, int]]:
    """Every (bouts, half-points) the attack can end with."""
    chien = CHIEN[players]
    attack_has_chien = contract != "garde_contre"
    ecart = contract in ("prise", "garde")
    found = set()
    if chelem is None:
        sizes = {
            k * players + (chien if attack_has_chien else 0) for k in range(1, TRICKS[players])
        }
        for cards, bouts, value, kings, _ in piles():
            # In a prise or a garde, the écart's cards are neither kings nor bouts.
            if cards in sizes and not (ecart and cards - bouts - kings < chien):
                found.add((bouts, value))
    elif chelem == "attack":
        if attack_has_chien:
            found |= {(3, WHOLE_DECK), (2, WHOLE_DECK - 8)}
        else:
            for cards, bouts, value, _, excuse in piles():
                if cards == chien:  # the defence's chien
                    found.add((3 - bouts, WHOLE_DECK - value))
                    if not excuse:  # a defender played the Excuse: it stays theirs, 4 points
                        found.add((2 - bouts, WHOLE_DECK - value - 8))
    else:
        if not attack_has_chien:
            found |= {(0, 0), (1, 8)}
        else:
            for cards, bouts, value, kings, excuse in piles():
                if cards == chien and not (ecart and (bouts or kings)):
                    found.add((bouts, value))
                    if not excuse:  # the attack played the Excuse: it stays its, 4 points
                        found.add((bouts + 1, value + 8))
    return frozenset(found)
