"""Étuis for duplicate tarot (provisional minimal version; see fft-duplicate.md §1.8). No Django."""

import random
from dataclasses import dataclass

ORIENTATIONS = ("N", "E", "S", "W")
SUITS = ("S", "H", "D", "C")
RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "C", "D", "R")
DECK = tuple([f"T{n}" for n in range(1, 22)] + ["EX"] + [s + r for s in SUITS for r in RANKS])
RIGHT = {"N": "W", "W": "S", "S": "E", "E": "N"}


@dataclass(frozen=True)
class Board:
    number: int
    taker: str
    dealer: str
    hands: dict
    chien: tuple
    redeals: int = 0


def petit_sec(hand) -> bool:
    trumps = [c for c in hand if c.startswith("T")]
    return trumps == ["T1"] and "EX" not in hand


def hand_strength(hand) -> int:
    points = {"T21": 10, "T1": 8, "EX": 8}
    total = 0
    for card in hand:
        if card in points:
            total += points[card]
        elif card.startswith("T"):
            total += 1 + (1 if int(card[1:]) >= 16 else 0)
        elif card.endswith("R"):
            total += 6
        elif card.endswith("D"):
            total += 3
    return total


def takers_for_set(size: int) -> list[str]:
    return [ORIENTATIONS[i % 4] for i in range(size)]


def dealer_for(index: int, taker: str) -> str:
    # The leader (dealer's right) goes round the places relative to the taker.
    leader = ORIENTATIONS[(ORIENTATIONS.index(taker) + 1 + index) % 4]
    return next(d for d in ORIENTATIONS if RIGHT[d] == leader)


def deal_board(number: int, taker: str, dealer: str, rng: random.Random) -> Board:
    redeals = 0
    while True:
        cards = list(DECK)
        rng.shuffle(cards)
        hands = {o: cards[18 * i : 18 * (i + 1)] for i, o in enumerate(ORIENTATIONS)}
        if not any(petit_sec(h) for h in hands.values()):
            break
        redeals += 1
    best = max(ORIENTATIONS, key=lambda o: hand_strength(hands[o]))
    hands[taker], hands[best] = hands[best], hands[taker]
    return Board(
        number, taker, dealer, {o: tuple(h) for o, h in hands.items()}, tuple(cards[72:]), redeals
    )


def make_boards(count: int, boards_per_set: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        taker = ORIENTATIONS[i % boards_per_set % 4]
        out.append(deal_board(i + 1, taker, dealer_for(i % boards_per_set, taker), rng))
    return out


def board_to_json(board: Board) -> dict:
    return {
        "number": board.number,
        "taker": board.taker,
        "dealer": board.dealer,
        "hands": {o: list(h) for o, h in (board.hands or {}).items()},
        "chien": list(board.chien),
    }


def check_typed_board(taker, dealer, chien) -> list[str]:
    problems = []
    if taker not in ORIENTATIONS:
        problems.append("taker_invalid")
    if dealer not in ORIENTATIONS:
        problems.append("dealer_invalid")
    if len(chien) != 6 or len(set(chien)) != 6 or any(c not in DECK for c in chien):
        problems.append("chien_invalid")
    return problems
