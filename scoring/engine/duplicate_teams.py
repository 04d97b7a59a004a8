"""The team forms of duplicate tarot (fft-duplicate.md §3-§5): pure functions.

What it does:

- Triplettes (§3): ``colour_order`` gives each member a colour (Bleu, Blanc, Rouge) from the
  surnames in French collation (``collation_key``); ``expected_attackers`` says who must attack
  each étui the triplette attacks; ``attack_flags`` lists the étuis where someone else did.
  ``triplette_percentages`` is ``duplicate.percentages`` with ½ attack + ½ defence.
- Quadrettes and team match (§4, §5): ``turn_to_south`` / ``turn_description`` /
  ``turned_board`` turn an étui as a whole so that its printed taker plays South.
  ``quadrette_result`` and ``quadrette_ranking`` rank quadrettes on their PM.
- Team match (§5): ``check_match_score`` (Garde, Garde Sans or Garde Contre, then the entry
  check of ``duplicate.check_score``), ``quarter_differences`` (the two score sheets of a room),
  ``match_total`` and ``match_result``; ``competition_table`` ranks a round-robin of matches.

What it must not do: import Django or any app of the project, touch any storage, word anything
for people (problems are codes with their values), nor choose a movement or a schedule. The
arithmetic of PM is ``duplicate.match_points`` / ``opposition_points``; nothing here recomputes
it. Match points are ``Decimal``s with 3 decimals, never floats.

Glossary (French terms of art, without accents in code):

- *triplette* / *quadrette*: a team of 3 / 4 playing duplicate; *équipe*: a team of 4 to 6 in a
  team match (*match par équipes*).
- *couleur* (``colour``): a triplette member's badge, Bleu, Blanc or Rouge by surname order;
  the arbitre draws the starting colour (*couleur de départ*) once for the tournament.
- *attaquant* (``attacker``): the member who takes on an étui; *défense*: the three others.
- *étui tourné*: an étui turned as a whole so that its taker's hand is played South.
- *donneur* (``dealer``); *entame* (``leader``): the opening lead, by the dealer's right.
- *quart temps* (``quarter``): a quarter of a team match; *salle ouverte / fermée*: its two
  rooms; *feuille de marque* (score sheet): kept by the attacker and by the defence in a room.
- *PM* (points de match): sign × √|écart| per étui; *bonus*: PM given to a team before
  quarter 1 from its players' national ranking.
"""

import unicodedata
from collections.abc import Hashable, Iterable, Mapping, Sequence
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

from .boards import ORIENTATIONS, Board, Orientation, right_of
from .duplicate import (
    TRIPLETTE_ATTACK_WEIGHT,
    Percentages,
    ScoreProblem,
    check_score,
    general_ranking,
    opposition_points,
    percentages,
)
from .enums import Contract

__all__ = [
    "COLOURS",
    "MATCH_CONTRACTS",
    "TRIPLETTE_ATTACK_WEIGHT",
    "MatchResult",
    "attack_flags",
    "check_match_score",
    "collation_key",
    "colour_order",
    "competition_table",
    "expected_attackers",
    "match_result",
    "match_total",
    "member_colours",
    "quadrette_ranking",
    "quadrette_result",
    "quarter_differences",
    "triplette_percentages",
    "turn_description",
    "turn_to_south",
    "turned_board",
]

COLOURS = ("Bleu", "Blanc", "Rouge")  # the badges, in surname order (§3)
TRIPLETTE_SIZE = 3
MATCH_CONTRACTS = (Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE)  # §5
WIN, DRAW = 2, 1  # competition points of a team match (choice); a loss gives 0
ZERO_PM = Decimal("0.000")


# Triplettes: the attack order (§3)

# NFKD does not split the French ligatures: œ and æ sort as the two letters they stand for.
_LIGATURES = str.maketrans({"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE"})


def collation_key(text: str) -> str:
    """``text`` as French alphabetical order compares it: only the letters and digits, without
    case nor accents.

    Casefolded, decomposed (NFKD) and stripped of combining marks, so "Élodie", "ELODIE" and
    "élodie" compare equal and "Lefèvre" equals "Lefevre"; œ and æ become oe and ae. Hyphens,
    apostrophes, spaces and any other punctuation are ignored, as in a directory **(choice)**:
    "Le Gall", "Le-Gall" and "Legall" compare equal (their first names then decide), "D'Arc"
    sorts as "darc". A particle is not moved: "de la Tour" sorts under D, as written.
    """
    decomposed = unicodedata.normalize("NFKD", text.translate(_LIGATURES).casefold())
    return "".join(c for c in decomposed if c.isalnum() and not unicodedata.combining(c))


def colour_order(members: Sequence[tuple[str, str, Hashable]]) -> list[Hashable]:
    """The keys of a triplette's 3 members in colour order (Bleu, Blanc, Rouge) from
    (surname, first name, key).

    Ordered by ``collation_key`` of the surname, equal surnames by that of the first name, then
    by key (the caller's tournament number, say): the order never depends on the order given.
    Keys must be distinct and, for members whose names collate equal, comparable. Not exactly 3
    members: ValueError (a programming error: the web layer builds triplettes of 3).
    """
    if len(members) != TRIPLETTE_SIZE:
        raise ValueError(f"a triplette has {TRIPLETTE_SIZE} members, not {len(members)}")
    keys = [key for _, _, key in members]
    if len(set(keys)) != TRIPLETTE_SIZE:
        raise ValueError(f"a triplette's members have distinct keys: {keys!r}")
    ordered = sorted(members, key=lambda m: (collation_key(m[0]), collation_key(m[1]), m[2]))
    return [key for _, _, key in ordered]


def member_colours(order: Sequence[Hashable]) -> dict[Hashable, str]:
    """key → colour from ``colour_order``'s result (for the badges and the triplette's card)."""
    _check_order(order)
    return dict(zip(order, COLOURS, strict=True))


def expected_attackers(
    order: Sequence[Hashable], start: str, attacked: Iterable[Hashable]
) -> dict[Hashable, Hashable]:
    """étui → the member who must attack it, from the triplette's colour ``order``, the
    ``start`` colour the arbitre drew and the étuis it attacks in playing order.

    The first étui attacked goes to the ``start`` colour, and each next étui attacked to the
    next colour, Bleu → Blanc → Rouge → Bleu; étuis it defends do not count. ``attacked`` runs
    across positions and séances ("elles se font en continu"), the étuis of a série in
    increasing number: the caller lists them so, with keys unique over the tournament (say
    (séance, number) when numbers start again). An étui twice, a start that is not a colour or
    an order not of 3 distinct keys: ValueError.
    """
    _check_order(order)
    if start not in COLOURS:
        raise ValueError(f"the starting colour is one of {COLOURS}, not {start!r}")
    first = COLOURS.index(start)
    expected: dict[Hashable, Hashable] = {}
    for index, board in enumerate(attacked):
        if board in expected:
            raise ValueError(f"a triplette attacks an étui once: {board!r} twice")
        expected[board] = order[(first + index) % TRIPLETTE_SIZE]
    return expected


def attack_flags(
    expected: Mapping[Hashable, Hashable], actual: Mapping[Hashable, Hashable | None]
) -> list[Hashable]:
    """The étuis, in the order of ``expected``, where ``actual`` names another attacker.

    A flag for the arbitre only: it never shifts the sequence (``expected_attackers`` does not
    look at who actually played). An étui with no recorded attacker (absent or None) is not
    flagged; étuis of ``actual`` the triplette did not attack are not looked at.
    """
    return [
        board
        for board, attacker in expected.items()
        if actual.get(board) is not None and actual[board] != attacker
    ]


def _check_order(order: Sequence[Hashable]) -> None:
    if len(order) != TRIPLETTE_SIZE or len(set(order)) != TRIPLETTE_SIZE:
        raise ValueError(f"a colour order is {TRIPLETTE_SIZE} distinct keys: {order!r}")


def triplette_percentages(
    attack: Iterable[Fraction | int] = (), defence: Iterable[Fraction | int] = ()
) -> Percentages:
    """A triplette's séance: ``percentages`` with global = ½ attack + ½ defence (§3), the
    individuel's choice kept when one of the means is missing."""
    return percentages(attack=attack, defence=defence, attack_weight=TRIPLETTE_ATTACK_WEIGHT)


# Quadrettes and team match: the étui turned so that its taker plays South (§4, §5)

_PLACES_TO_SOUTH = {o: next(k for k in range(4) if right_of(o, k) == "S") for o in ORIENTATIONS}


def turn_to_south(taker: str) -> dict[Orientation, Orientation]:
    """printed orientation → the seat where that hand is played, the printed ``taker`` South.

    A rotation of the table by as many places, in the direction of play (N → W → S → E), as
    from the taker to South, so every hand keeps its neighbours: the hand printed on the
    taker's right is played on South's right (West). Taker S: the identity.
    """
    steps = _PLACES_TO_SOUTH[Orientation(taker)]
    return {o: right_of(o, steps) for o in ORIENTATIONS}


def turn_description(taker: str, dealer: str) -> dict:
    """What the table card prints for an étui turned for South (§4: "main marquée E → Sud,
    S → Ouest, …; donneur …; entame …").

    ``hands``: printed orientation → seat (``turn_to_south``); ``dealer``: the dealer's seat;
    ``leader``: the seat that leads, still on the dealer's right, so the leader keeps his place
    relative to the taker. The words are the web layer's.
    """
    seats = turn_to_south(taker)
    new_dealer = seats[Orientation(dealer)]
    return {"hands": seats, "dealer": new_dealer, "leader": right_of(new_dealer)}


def turned_board(board: Board) -> Board:
    """The étui as played by a quadrette or a team match: taker South, each hand (when known)
    and the dealer turned with it; number, chien and redeals unchanged."""
    seats = turn_to_south(board.taker)
    hands = None
    if board.hands is not None:
        hands = {seats[o]: cards for o, cards in board.hands.items()}
    return Board(
        number=board.number,
        taker=Orientation.S,
        dealer=seats[board.dealer],
        hands=hands,
        chien=board.chien,
        redeals=board.redeals,
    )


# Quadrettes: result and ranking (§4)


def quadrette_result(pm_won_lost: Iterable[Decimal], penalties: Decimal | int = 0) -> Decimal:
    """PM won − PM lost over all the quadrette's étuis, minus ``penalties`` (in PM).

    ``pm_won_lost``: the quadrette's signed PM per étui, or per opposition (what
    ``opposition_points(..., zero_sum=True)`` gives it): the sum is the same, as each étui is
    rounded first. Oppositions won do not count in themselves ("il n'est pas tenu compte des
    résultats particuliers").
    """
    return sum(pm_won_lost, ZERO_PM) - Decimal(penalties)


def quadrette_ranking(items: Iterable[tuple[Hashable, Decimal]]) -> list[tuple[int, Hashable]]:
    """[(place, key), ...] from (key, result): results descending, equal results share the
    place (1, 2, 2, 4) and keep the order given (``duplicate.general_ranking``)."""
    return general_ranking(items)


# Team match (§5)


class MatchResult(StrEnum):
    """Who won a team match (a code; equal totals are a draw)."""

    A = "A"
    B = "B"
    DRAW = "draw"


def check_match_score(
    contract: Contract | str, score: int, *, chelem: bool = True
) -> ScoreProblem | None:
    """None when a team-match line may hold ``score`` for ``contract``, else why not.

    ``contract_not_allowed`` (contract, allowed): not Garde, Garde Sans or Garde Contre (a Prise,
    or no contract at all); otherwise ``duplicate.check_score`` against that contract's own set
    of values, with its codes (``chelem`` as there).
    """
    if contract not in MATCH_CONTRACTS:
        allowed = [str(c) for c in MATCH_CONTRACTS]
        return ScoreProblem("contract_not_allowed", {"contract": contract, "allowed": allowed})
    return check_score(score, Contract(contract), chelem=chelem)


def quarter_differences(
    attacker_sheet: Mapping[Hashable, tuple[Contract | str, int]],
    defence_sheet: Mapping[Hashable, tuple[Contract | str, int]],
) -> list[Hashable]:
    """The étuis, in étui order, where a room's two score sheets disagree: on the contract, on
    the score, or because only one sheet has the étui. The quarter closes when this is empty.

    Each sheet maps étui → (contract, attacker's score); a contract compares equal to its code
    ("garde" == ``Contract.GARDE``). Étui keys must be orderable (their numbers).
    """
    boards = set(attacker_sheet) | set(defence_sheet)
    return sorted(
        board
        for board in boards
        if board not in attacker_sheet
        or board not in defence_sheet
        or tuple(attacker_sheet[board]) != tuple(defence_sheet[board])
    )


def match_total(
    quarters: Iterable[Iterable[tuple[int, int]]],
    bonus_a: Decimal | int = 0,
    bonus_b: Decimal | int = 0,
) -> tuple[Decimal, Decimal]:
    """(A's PM, B's PM) for a match from its quarters, each a list of (A's attacker's score,
    B's attacker's score) per étui, plus each team's bonus.

    Per étui only the team ahead scores (``opposition_points(..., zero_sum=False)``), each étui
    rounded, then the quarters summed.
    """
    total_a, total_b = ZERO_PM + Decimal(bonus_a), ZERO_PM + Decimal(bonus_b)
    for quarter in quarters:
        points_a, points_b = opposition_points(quarter, zero_sum=False)
        total_a, total_b = total_a + points_a, total_b + points_b
    return total_a, total_b


def match_result(total_a: Decimal, total_b: Decimal) -> MatchResult:
    """The team with more PM wins; equal totals are a draw."""
    if total_a > total_b:
        return MatchResult.A
    if total_b > total_a:
        return MatchResult.B
    return MatchResult.DRAW


def competition_table(
    results: Iterable[tuple[Hashable, Hashable, Decimal, Decimal]],
) -> list[tuple[int, Hashable, int, Decimal, Decimal]]:
    """[(place, team, points, PM for, PM against), ...] best first, from the matches played
    (team A, team B, A's PM, B's PM) of a round-robin **(choice)**.

    2 points a win, 1 a draw, 0 a loss; equal points are ordered by PM for − PM against; teams
    equal on both share the place (1, 2, 2, 4) and keep the order in which they first appear.
    Only teams that played appear; PM are the match totals, bonus included.
    """
    points: dict[Hashable, int] = {}
    pm_for: dict[Hashable, Decimal] = {}
    pm_against: dict[Hashable, Decimal] = {}
    for team_a, team_b, pm_a, pm_b in results:
        winner = match_result(pm_a, pm_b)
        for team, side, scored, conceded in (
            (team_a, MatchResult.A, pm_a, pm_b),
            (team_b, MatchResult.B, pm_b, pm_a),
        ):
            earned = WIN if winner is side else DRAW if winner is MatchResult.DRAW else 0
            points[team] = points.get(team, 0) + earned
            pm_for[team] = pm_for.get(team, ZERO_PM) + scored
            pm_against[team] = pm_against.get(team, ZERO_PM) + conceded

    def standing(team: Hashable) -> tuple[int, Decimal]:
        return points[team], pm_for[team] - pm_against[team]

    ranked = []
    place, previous = 0, None
    for index, team in enumerate(sorted(points, key=standing, reverse=True)):
        if standing(team) != previous:
            place, previous = index + 1, standing(team)
        ranked.append((place, team, points[team], pm_for[team], pm_against[team]))
    return ranked
