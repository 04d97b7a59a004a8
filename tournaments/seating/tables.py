"""How many tables of which size a field of players makes.

Players left over after tables of 4 go to tables of 3 (FFT-homologated) or tables of 5, as the
tournament chooses. Fewest odd tables first: 10 players make 4+3+3, never 3+3+... beyond need.
"""

from enum import StrEnum


class Remainder(StrEnum):
    """Which tables absorb a count that is not a multiple of 4 (values as ``Tournament``'s)."""

    THREE = "3"
    FIVE = "5"


def table_sizes(players: int, remainder: Remainder | str) -> tuple[int, ...] | None:
    """Table sizes, largest first, or None when no mix of tables seats exactly ``players``."""
    if players <= 0:
        return None
    odd = 3 if Remainder(remainder) is Remainder.THREE else 5
    # players = 4a + odd*k; odd ≡ ±1 (mod 4), so k is fixed modulo 4 and the smallest k wins.
    k = (-players) % 4 if odd == 3 else players % 4
    if odd * k > players:
        return None
    fours = (players - odd * k) // 4
    sizes = [4] * fours + [odd] * k
    return tuple(sorted(sizes, reverse=True))
