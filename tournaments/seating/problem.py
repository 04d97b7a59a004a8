"""Checks a ``SeatingRequest`` and turns it into the engine's working form.

Players become indices 0..n-1 (in increasing id order, so the order they were listed in does
not matter); teams become tuples of team-mates per index; history becomes meeting counts between
present players, odd-table counts and seat counts. Refusals are ``SeatingError`` with a code and
the numbers; nothing here searches or seats anyone.
"""

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from . import errors
from .errors import SeatingError
from .request import SeatingRequest
from .tables import Remainder, table_sizes

MAX_ROUNDS = 100  # far beyond any tournament; keeps every request's work bounded
SEATS = 5


@dataclass(frozen=True)
class Problem:
    ids: tuple[int, ...]
    rounds: int
    sizes: tuple[int, ...]  # table sizes of one position, largest first
    teams: tuple[tuple[int, ...], ...]  # present members (indices), teams of 2 or more only
    mates: tuple[tuple[int, ...], ...]  # per index, the other members of its team
    met: dict[tuple[int, int], int]  # (i, j), i < j: meetings in history between present players
    odd0: tuple[int, ...]  # per index, tables of 3 or 5 already sat at
    seats0: tuple[tuple[int, ...], ...]  # per index, seats already held (Nord..fifth)

    @property
    def n(self) -> int:
        return len(self.ids)

    @property
    def largest_team(self) -> int:
        return max((len(team) for team in self.teams), default=1)


def build_problem(request: SeatingRequest) -> Problem:
    """The request in working form, or ``SeatingError`` when it cannot be seated."""
    rounds = request.rounds
    if not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise SeatingError(
            errors.ROUNDS_OUT_OF_RANGE, {"rounds": rounds, "minimum": 1, "maximum": MAX_ROUNDS}
        )
    if not isinstance(request.remainder, Remainder):
        raise SeatingError(errors.INVALID_REMAINDER, {"remainder": request.remainder})
    counts = Counter(request.players)
    for player, count in counts.items():
        if count > 1:
            raise SeatingError(errors.DUPLICATE_PLAYER, {"player": player, "times": count})
    ids = tuple(sorted(counts))
    n = len(ids)
    smallest = 3 if request.remainder is Remainder.THREE else 4
    if n < smallest:
        raise SeatingError(errors.TOO_FEW_PLAYERS, {"players": n, "minimum": smallest})
    sizes = table_sizes(n, request.remainder)
    if sizes is None:
        raise SeatingError(
            errors.NO_TABLE_MIX, {"players": n, "remainder": request.remainder.value}
        )
    index = {player: i for i, player in enumerate(ids)}
    teams = _teams(request, index, len(sizes))
    mates = [()] * n
    for team in teams:
        for member in team:
            mates[member] = tuple(other for other in team if other != member)
    met, odd0, seats0 = _history(request, index)
    return Problem(ids, rounds, sizes, teams, tuple(mates), met, odd0, seats0)


def _teams(request, index, tables):
    seen: dict[int, int] = {}
    teams = []
    for number, team in enumerate(request.teams):
        for player in team:
            if player in seen:
                raise SeatingError(
                    errors.PLAYER_IN_TWO_TEAMS,
                    {"player": player, "teams": (seen[player], number)},
                )
            seen[player] = number
        present = tuple(sorted(index[player] for player in team if player in index))
        if len(present) > tables:
            raise SeatingError(
                errors.TEAM_TOO_LARGE, {"team": number, "members": len(present), "tables": tables}
            )
        if len(present) > 1:
            teams.append(present)
    return tuple(teams)


def _history(request, index):
    met: Counter = Counter()
    odd0 = [0] * len(index)
    seats0 = [[0] * SEATS for _ in index]
    for number, position in enumerate(request.history):
        seated = Counter(player for table in position for player in table)
        twice = sorted(player for player, count in seated.items() if count > 1)
        if twice:
            raise SeatingError(errors.INVALID_HISTORY, {"position": number, "player": twice[0]})
        for table in position:
            present = [index[player] for player in table if player in index]
            for a, b in combinations(sorted(present), 2):
                met[a, b] += 1
            for seat, player in enumerate(table):
                i = index.get(player)
                if i is None:
                    continue
                seats0[i][min(seat, SEATS - 1)] += 1
                if len(table) in (3, 5):
                    odd0[i] += 1
    return dict(met), tuple(odd0), tuple(tuple(counts) for counts in seats0)
