"""Étuis (boards) for duplicate tarot: dealt by the software or typed in (fft-duplicate §1.8).

What it does: ``make_boards`` deals every étui of a séance from a seed: a random deal, redealt
while a hand holds the Petit sec (the redeals are counted), the strongest hand by
``cards.hand_strength`` moved to the étui's taker orientation, the takers N, E, S, W in turn in
each série (``takers_for_set``) and the dealer chosen so that the opening lead goes round the
places relative to the taker (``dealer_for``). ``check_typed_board`` checks an étui prepared by
hand (taker, dealer, chien; its hands stay unknown). ``board_to_json`` / ``board_from_json``
write and read an étui with card codes, for storage by the web layer.
Must not: import Django or any app of the project (standard library and ``scoring.engine``
only), touch any storage, or word anything for people (problems are codes).

Glossary: *étui* (``Board``) one prepared deal in its wallet; *série* (board set) the étuis a
table plays in one position; *séance* a sitting; *preneur* (``taker``) the orientation whose hand
takes, the contract being an imposed Garde; *donneur* (``dealer``); *entame* the opening lead,
by the player on the dealer's right; *chien* the 6 cards set aside; *orientation* N, E, S, W,
clockwise seen from above. Play goes anticlockwise, so a player's right-hand neighbour (the next
to play) is: N → W → S → E → N.
"""

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from .cards import (
    DECK,
    Card,
    card_code,
    card_label,
    hand_strength,
    parse_card,
    petit_sec,
    sort_cards,
)

__all__ = [
    "DECK",
    "ORIENTATIONS",
    "Board",
    "BoardProblem",
    "Card",
    "Orientation",
    "board_from_json",
    "board_to_json",
    "card_code",
    "card_label",
    "check_typed_board",
    "deal_board",
    "dealer_for",
    "hand_strength",
    "make_boards",
    "parse_card",
    "petit_sec",
    "right_of",
    "takers_for_set",
    "typed_board",
]

HAND_SIZE, CHIEN_SIZE = 18, 6


class Orientation(StrEnum):
    N = "N"
    E = "E"
    S = "S"
    W = "W"


ORIENTATIONS = (Orientation.N, Orientation.E, Orientation.S, Orientation.W)  # clockwise
_PLAY_ORDER = (Orientation.N, Orientation.W, Orientation.S, Orientation.E)  # anticlockwise


def right_of(orientation: str, steps: int = 1) -> Orientation:
    """The player ``steps`` places to the right, in the direction of play (N → W → S → E)."""
    return _PLAY_ORDER[(_PLAY_ORDER.index(Orientation(orientation)) + steps) % 4]


class BoardProblem(StrEnum):
    """Why a typed étui cannot be kept (a code; the web layer words it)."""

    TAKER_INVALID = "taker_orientation_invalid"  # not N, E, S or W
    DEALER_INVALID = "dealer_orientation_invalid"
    CHIEN_SIZE = "chien_size"  # not 6 cards
    CHIEN_UNKNOWN_CARD = "chien_unknown_card"  # a code that names no card
    CHIEN_DUPLICATE = "chien_duplicate"  # the same card twice


@dataclass(frozen=True)
class Board:
    """One étui. ``hands`` maps each orientation (N, E, S, W) to its 18 cards, or is None when
    the étui was prepared by hand and only its taker, dealer and chien were typed.

    Hands and chien are kept in display order (``cards.sort_cards``: trumps from the 21 down,
    the Excuse, then ♠ ♥ ♦ ♣ from the king down), whatever order they are given in. ``redeals``
    counts the deals thrown away for a Petit sec before this one. A Board that is not a deal of
    the 78 cards (a card missing or twice, a hand not of 18) is a programming error: ValueError.
    """

    number: int
    taker: Orientation
    dealer: Orientation
    hands: Mapping[Orientation, tuple[Card, ...]] | None
    chien: tuple[Card, ...]
    redeals: int = 0

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "taker", Orientation(self.taker))
        set_(self, "dealer", Orientation(self.dealer))
        set_(self, "chien", sort_cards(self.chien))
        if len(set(self.chien)) != CHIEN_SIZE:
            raise ValueError(f"a chien is {CHIEN_SIZE} distinct cards: {self.chien!r}")
        if self.hands is not None:
            hands = {Orientation(o): sort_cards(cards) for o, cards in self.hands.items()}
            if len(hands) != len(self.hands) or set(hands) != set(ORIENTATIONS):
                raise ValueError(f"an étui has one hand per orientation: {sorted(hands)}")
            set_(self, "hands", MappingProxyType({o: hands[o] for o in ORIENTATIONS}))
            dealt = [card for hand in hands.values() for card in hand] + list(self.chien)
            if any(len(hand) != HAND_SIZE for hand in hands.values()) or set(dealt) != set(DECK):
                raise ValueError("the hands and the chien are not a deal of the 78 cards")
            if len(dealt) != len(DECK):
                raise ValueError("a card is dealt twice")

    @property
    def leader(self) -> Orientation:
        """Who leads to the first trick: the player on the dealer's right."""
        return right_of(self.dealer)


def deal_board(number: int, taker: str, dealer: str, rng: random.Random) -> Board:
    """A random étui: dealt again while a hand holds the Petit sec, then the strongest hand
    (``hand_strength``) swapped with the taker's, so the chien never changes.

    The deck is shuffled by ``rng`` and cut into four hands of 18 (N, E, S, W) and a chien of 6:
    a uniform shuffle makes that as random as dealing three by three. When several hands share
    the highest count the taker keeps his if it is one of them, else the first in N, E, S, W.
    """
    redeals = 0
    while True:
        cards = list(DECK)
        rng.shuffle(cards)
        hands = {
            o: tuple(cards[HAND_SIZE * i : HAND_SIZE * (i + 1)]) for i, o in enumerate(ORIENTATIONS)
        }
        if not any(petit_sec(hand) for hand in hands.values()):
            break
        redeals += 1
    taker = Orientation(taker)
    strengths = {o: hand_strength(hand) for o, hand in hands.items()}
    if strengths[taker] < max(strengths.values()):
        best = max(ORIENTATIONS, key=strengths.__getitem__)
        hands[taker], hands[best] = hands[best], hands[taker]
    return Board(number, taker, dealer, hands, tuple(cards[4 * HAND_SIZE :]), redeals)


def dealer_for(index_in_set: int, taker: str) -> Orientation:
    """The dealer of the série's étui ``index_in_set`` (0, 1, …) whose taker is ``taker``.

    Our choice (fft-duplicate §1.8): across every 4 étuis of a série the opening lead goes once
    to each place relative to the taker, in the direction of play: the opponent on the taker's
    right leads at étui 0, the opponent opposite at 1, the one on the left at 2, the taker
    himself at 3, and again from 4. As the leader sits on the dealer's right, the dealer is
    ``index_in_set`` places to the right of the taker: the taker deals étui 0.

    With the takers N, E, S, W in turn (``takers_for_set``) this makes North the dealer and West
    the leader of every étui. No choice can turn both the relative lead place and the dealer
    over all four seats in a série of 4: that would be a complete mapping of Z/4, and cyclic
    groups of even order have none.
    """
    return right_of(taker, index_in_set % 4)


def takers_for_set(size: int) -> tuple[Orientation, ...]:
    """The taker orientations of a série's étuis: N, E, S, W in turn (fft-duplicate §1: a série
    of the individuel is a multiple of 4 étuis)."""
    if size <= 0 or size % 4:
        raise ValueError(f"a série is a positive multiple of 4 étuis, not {size!r}")
    return tuple(ORIENTATIONS[i % 4] for i in range(size))


def make_boards(count: int, boards_per_set: int, seed: int) -> list[Board]:
    """The ``count`` étuis of a séance, numbered from 1, in séries of ``boards_per_set``.

    Each série starts again with taker N and dealer index 0. The étuis are dealt one after the
    other from ``random.Random(seed)``: the same seed gives the same étuis.
    """
    if count < 0:
        raise ValueError(f"cannot make {count!r} étuis")
    takers = takers_for_set(boards_per_set)
    rng = random.Random(seed)
    boards = []
    for i in range(count):
        index = i % boards_per_set
        taker = takers[index]
        boards.append(deal_board(i + 1, taker, dealer_for(index, taker), rng))
    return boards


def check_typed_board(taker: str, dealer: str, chien_codes: Iterable[str]) -> list[BoardProblem]:
    """What is wrong with an étui typed in by hand (empty when it can be kept).

    The chien must be 6 distinct card codes as ``card_code`` writes them ("T21", "EX", "HR").
    """
    problems = []
    if taker not in ORIENTATIONS:
        problems.append(BoardProblem.TAKER_INVALID)
    if dealer not in ORIENTATIONS:
        problems.append(BoardProblem.DEALER_INVALID)
    codes = list(chien_codes)
    if len(codes) != CHIEN_SIZE:
        problems.append(BoardProblem.CHIEN_SIZE)
    cards = []
    for code in codes:
        try:
            cards.append(parse_card(code))
        except ValueError:
            problems.append(BoardProblem.CHIEN_UNKNOWN_CARD)
            break
    if len(set(cards)) != len(cards):
        problems.append(BoardProblem.CHIEN_DUPLICATE)
    return problems


def typed_board(number: int, taker: str, dealer: str, chien_codes: Iterable[str]) -> Board:
    """The étui typed in by hand, its hands unknown; ValueError if ``check_typed_board`` objects."""
    codes = list(chien_codes)
    problems = check_typed_board(taker, dealer, codes)
    if problems:
        raise ValueError(f"this étui cannot be kept: {', '.join(problems)}")
    return Board(number, taker, dealer, None, tuple(parse_card(code) for code in codes))


def board_to_json(board: Board) -> dict:
    """The étui as plain JSON values: card codes, and ``hands`` {} when they are unknown."""
    hands = board.hands or {}
    return {
        "number": board.number,
        "taker": str(board.taker),
        "dealer": str(board.dealer),
        "hands": {str(o): [card_code(card) for card in cards] for o, cards in hands.items()},
        "chien": [card_code(card) for card in board.chien],
        "redeals": board.redeals,
    }


def board_from_json(data: Mapping) -> Board:
    """The étui ``board_to_json`` wrote (``hands`` {} or missing: unknown); ValueError if the
    data is not an étui."""
    hands = data.get("hands") or None
    if hands is not None:
        hands = {o: tuple(parse_card(code) for code in codes) for o, codes in hands.items()}
    return Board(
        number=int(data["number"]),
        taker=data["taker"],
        dealer=data["dealer"],
        hands=hands,
        chien=tuple(parse_card(code) for code in data["chien"]),
        redeals=int(data.get("redeals", 0)),
    )
