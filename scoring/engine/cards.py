"""The 78 cards of French Tarot, their storage codes, French labels, and a hand count.

What it does: names every card once (``DECK``), turns a card into its compact code and back
(``card_code`` / ``parse_card``, for storage), gives its French label for diagrams and pages
(``card_label``), its value in half-points, the display order of a hand (``sort_cards``), and two
facts about an 18-card hand: ``petit_sec`` and ``hand_strength`` (a bidding count, documented
there). ``boards`` builds the étuis of duplicate tarot from these.
Must not: import Django or any app of the project (standard library and ``scoring.engine`` only),
touch any storage, or translate anything (labels are French terms of art, shown as they are).

Glossary: *atout* a trump (1 to 21); *Petit* the 1 of trumps; *Excuse* the card that excuses
from following; *bout* the Petit, the 21 and the Excuse; *couleur* a suit (*pique* ♠, *cœur* ♥,
*carreau* ♦, *trèfle* ♣); *honneurs* or *habillés* the court cards, *Roi* (R), *Dame* (D),
*Cavalier* (C), *Valet* (V); *mariage* a king with the queen of its suit; *longue* a long suit;
*coupe* (or *chicane*) a void suit; *singleton* a suit of one card; *petit sec* a hand whose only
trump is the Petit, without the Excuse (the deal is redealt).
"""

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .counts import BOUT, JACK, KING, KNIGHT, LOW, QUEEN


class Suit(StrEnum):
    """What a card belongs to; the value starts the card's code."""

    TRUMP = "T"
    EXCUSE = "EX"
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)  # the four colours, display order
SUIT_NAMES = {
    Suit.SPADES: "pique",
    Suit.HEARTS: "cœur",
    Suit.DIAMONDS: "carreau",
    Suit.CLUBS: "trèfle",
}
SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

# Ranks in a colour: 1 (the ace) to 10, then the four honours.
VALET, CAVALIER, DAME, ROI = 11, 12, 13, 14
RANK_CODES = {VALET: "V", CAVALIER: "C", DAME: "D", ROI: "R"}
RANK_NAMES = {1: "As", VALET: "Valet", CAVALIER: "Cavalier", DAME: "Dame", ROI: "Roi"}
HONOUR_HALF_POINTS = {ROI: KING, DAME: QUEEN, CAVALIER: KNIGHT, VALET: JACK}
MAJORS = range(16, 22)  # the major trumps, 16 to 21


@dataclass(frozen=True)
class Card:
    """One card: a trump (rank 1-21), the Excuse (rank 0) or a colour card (rank 1-14)."""

    suit: Suit
    rank: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "suit", Suit(self.suit))
        top = {Suit.TRUMP: 21, Suit.EXCUSE: 0}.get(self.suit, ROI)
        low = 0 if self.suit == Suit.EXCUSE else 1
        if not low <= self.rank <= top:
            raise ValueError(f"no card of rank {self.rank!r} in {self.suit!r}")

    @property
    def is_trump(self) -> bool:
        return self.suit == Suit.TRUMP

    @property
    def is_bout(self) -> bool:
        return self in (PETIT, TRUMP_21, EXCUSE)

    @property
    def half_points(self) -> int:
        """The card's value in the count of a pile, in half-points (a king is 9: 4.5 points)."""
        if self.is_bout:
            return BOUT
        if self.suit in SUITS:
            return HONOUR_HALF_POINTS.get(self.rank, LOW)
        return LOW


PETIT = Card(Suit.TRUMP, 1)
TRUMP_21 = Card(Suit.TRUMP, 21)
EXCUSE = Card(Suit.EXCUSE, 0)

# Display order, which is also the order of ``sort_cards``: the trumps from the 21 down to the
# Petit, the Excuse, then each colour (♠ ♥ ♦ ♣) from the king down to the ace.
DECK: tuple[Card, ...] = (
    *(Card(Suit.TRUMP, n) for n in range(21, 0, -1)),
    EXCUSE,
    *(Card(suit, rank) for suit in SUITS for rank in range(ROI, 0, -1)),
)
_ORDER = {card: index for index, card in enumerate(DECK)}


def card_code(card: Card) -> str:
    """The storage code: "T1" to "T21", "EX", then colour + rank ("S1" to "S10", "SV", "SC",
    "SD", "SR"; "H…" cœur, "D…" carreau, "C…" trèfle: "CC" is the cavalier de trèfle)."""
    if card.suit == Suit.EXCUSE:
        return "EX"
    if card.is_trump:
        return f"T{card.rank}"
    return f"{card.suit}{RANK_CODES.get(card.rank, card.rank)}"


_BY_CODE = {card_code(card): card for card in DECK}


def parse_card(code: str) -> Card:
    """The card of a storage code, exactly as ``card_code`` writes it; ValueError otherwise."""
    try:
        return _BY_CODE[code]
    except (KeyError, TypeError):
        raise ValueError(f"not a card code: {code!r}") from None


def card_label(card: Card) -> str:
    """The French label: "21 d'atout", "Petit", "Excuse", "Roi de cœur", "As de pique"."""
    if card == EXCUSE:
        return "Excuse"
    if card == PETIT:
        return "Petit"
    if card.is_trump:
        return f"{card.rank} d'atout"
    return f"{RANK_NAMES.get(card.rank, card.rank)} de {SUIT_NAMES[card.suit]}"


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in ``DECK`` order: trumps 21 down to 1, the Excuse, ♠ ♥ ♦ ♣ each from the king."""
    return tuple(sorted(cards, key=_ORDER.__getitem__))


def petit_sec(hand: Iterable[Card]) -> bool:
    """A hand whose only trump is the Petit, without the Excuse (fft-rules §1): redealt."""
    hand = set(hand)
    return EXCUSE not in hand and {card for card in hand if card.is_trump} == {PETIT}


def hand_strength(hand: Iterable[Card]) -> int:
    """How strong a hand is to take a Garde, in fictitious points (higher is stronger).

    The count is Noël Chavey's bidding scale (*Le jeu de tarot*, Hatier, 1986), the one French
    clubs teach beginners (under 40 pass, 40-55 prise, 56-70 garde, 71-80 garde sans, over 80
    garde contre). In our words, a hand scores the sum of:

    - the 21: 10; the Excuse: 8; the Petit, by how many trumps guard it, the Excuse counted
      among the trumps: 0 with fewer than 5, 5 with 5, 7 with 6, 9 with 7 or more;
    - trump length: with 5 or more trumps (the Excuse and the bouts included), 2 per trump;
      with 4 or fewer, nothing;
    - each major trump (16 to 21): 2 more; and 1 more for each major trump in a run of two or
      more consecutive majors held (21-20-19 gives 3);
    - in each colour: king and queen together (mariage) 10, a king without the queen 6, a queen
      without the king 3; a cavalier 2; a valet 1;
    - each long colour: 5 cards 5, 6 cards 7, 7 cards or more 9;
    - each void colour (coupe) 6, each singleton 3. Chavey counts these only when weighing a
      contract above the prise; in duplicate the contract is always a Garde (fft-duplicate §1.1),
      so they always count here.

    Chavey's own examples score 60 (21 19 12 6 1 Excuse; ♥ R C 10 8 1; ♦ V 8; ♣ D C 7; ♠ 6 4) and
    34 (20 18 14 13 9 8 6; ♥ R 10 5 4; ♦ R D; ♣ 8 7; ♠ 8 7 5); the tests check both.
    """
    hand = set(hand)
    trumps = {card.rank for card in hand if card.is_trump}
    length = len(trumps) + (EXCUSE in hand)
    total = 10 * (21 in trumps) + 8 * (EXCUSE in hand)
    if 1 in trumps:
        total += 0 if length < 5 else {5: 5, 6: 7}.get(length, 9)
    if length > 4:
        total += 2 * length
    majors = trumps.intersection(MAJORS)
    total += 2 * len(majors)
    total += sum(1 for n in majors if n - 1 in majors or n + 1 in majors)
    for suit in SUITS:
        ranks = {card.rank for card in hand if card.suit == suit}
        total += _honours(ranks) + _distribution(len(ranks))
    return total


def _honours(ranks: set[int]) -> int:
    # King and queen: 10 together (mariage), 6 for a king alone, 3 for a queen alone.
    pair = {(True, True): 10, (True, False): 6, (False, True): 3, (False, False): 0}
    return pair[ROI in ranks, DAME in ranks] + 2 * (CAVALIER in ranks) + (VALET in ranks)


def _distribution(length: int) -> int:
    if length >= 5:
        return {5: 5, 6: 7}.get(length, 9)
    return {0: 6, 1: 3}.get(length, 0)
