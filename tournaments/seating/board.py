"""The positions being planned, with the meeting counts of every pair of present players.

``Board`` keeps, for each position, its tables and where each player sits, and one n x n table
of how often each pair has met (history included); ``greedy`` adds a position seating each
player where they met fewest. ``search.improve`` then works on a board. Team-mates never share
a table here either. Knows nothing of player ids, seats or reports.
"""

from itertools import combinations


class Board:
    def __init__(self, n, sizes, mates, met, odd0):
        self.n = n
        self.odd0 = odd0
        self.sizes = sizes
        self.mates = mates
        self.meet = [[0] * n for _ in range(n)]
        for (a, b), count in met.items():
            self.meet[a][b] = self.meet[b][a] = count
        self.positions = []
        self.where = []

    def add(self, tables):
        """Append a position (tables sized as ``sizes``, in that order)."""
        meet, where = self.meet, [0] * self.n
        for t, table in enumerate(tables):
            for x in table:
                where[x] = t
            for a, b in combinations(table, 2):
                meet[a][b] += 1
                meet[b][a] += 1
        self.positions.append([list(table) for table in tables])
        self.where.append(where)

    def greedy(self, odd, order, teams, rng):
        """A position seating each player where they met fewest; ``odd`` sit at tables of 3/5.

        Team members go first (largest teams first). Returns None when team-mates cannot all be
        kept apart this way; the caller then retries with ``roomiest``.
        """
        return self._place(odd, order, teams, rng, roomiest=False)

    def roomiest(self, odd, order, teams, rng):
        """Like ``greedy`` but team members take the emptiest allowed table, which always
        succeeds when each team fits in the tables of each kind."""
        return self._place(odd, order, teams, rng, roomiest=True)

    def _place(self, odd, order, teams, rng, roomiest):
        sizes, meet, mates = self.sizes, self.meet, self.mates
        tables = [[] for _ in sizes]
        room = list(sizes)
        kinds = {True: [t for t, s in enumerate(sizes) if s != 4]}
        kinds[False] = [t for t, s in enumerate(sizes) if s == 4]
        in_team = {p for team in teams for p in team}
        members = [p for team in sorted(teams, key=len, reverse=True) for p in team]
        singles = [p for p in order if p not in in_team]
        for p in members + singles:
            candidates = kinds[p in odd]
            mp, mine = meet[p], mates[p]
            start = rng.randrange(len(candidates))
            best, best_key = None, None
            for k in range(len(candidates)):
                t = candidates[(start + k) % len(candidates)]
                if not room[t]:
                    continue
                table = tables[t]
                if mine and any(x in mine for x in table):
                    continue
                cost = 0
                for x in table:
                    cost += mp[x]
                key = (-room[t], cost) if roomiest and mine else (cost, 0)
                if best_key is None or key < best_key:
                    best, best_key = t, key
                    if key == (0, 0):
                        break
            if best is None:
                return None
            tables[best].append(p)
            room[best] -= 1
        return tables
