"""Local search on repeated meetings (social-golfer style), over a ``Board``.

Objective: the sum over pairs of WEIGHT * C(m, 2) + C(m, 3), m the times a pair meets: the
sum of C(m, 2) first (nobody twice, else as few repeats as possible), then, among equal sums,
no pair three times where twice will do. A step (Dotu & Van Hentenryck, 2005) picks a pair
meeting more than once, one position where it meets, and weighs every swap of the pair's
players, and of a few other players meeting a table-mate again there, with a player at another
table of that position; it makes the best one (random among equals), even a worsening one. A
moved player stays put for a step or two (a short tabu list; a move beating the best plan is
always allowed), and when the search stalls it goes back to the best plan and makes a few
random swaps. The pair counts, and each player's sum over table-mates, are kept up to date
move by move, so weighing a swap costs O(table size). ``improve`` runs one ``Search``, which
holds the board with those counts and has a method for each part of a step.

Hard rules kept by every move: team-mates never share a table; who sits at a table of 3 or 5 is
the round robin decided beforehand, so a swap between a table of 4 and an odd table only joins
players it treats alike (same odd tables before, and at the same later positions). With
``strict=False`` that rule is only a cost, less than a repeat's: repeats come first. Budgets
count steps and weighed swaps, never seconds, so a plan never depends on the machine's speed.
Knows nothing of player ids, seats or reports.
"""

from itertools import combinations

WEIGHT = 32  # a repeat (C(m, 2)) outweighs any number of triples a single move can make
UNFAIR = WEIGHT // 2  # with strict=False, what a move breaking the odd-table round robin costs
TABU_MIN = 1  # steps a moved player stays put: at least
TABU_SPAN = 3  # and up to this many more
PATIENCE = 30  # steps without a better plan before going back to it and kicking: this plus
PATIENCE_PER_PLAYER = 2  # this per player
KICK = 3  # random swaps of a kick
MOVERS = 8  # players, besides the chosen pair, whose swaps a step weighs


def gains(limit):
    """gain[m]: what one more meeting adds to the objective for a pair that met m times."""
    return [WEIGHT * m + m * (m - 1) // 2 for m in range(limit + 2)]


def objective(board):
    """The objective, the sum of C(m, 2), the pairs worth fixing (meeting more than once at a
    planned table) and, per player, the players met more than once (with the count)."""
    n, meet = board.n, board.meet
    total = repeats = 0
    heavy = [{} for _ in range(n)]
    for a in range(n):
        row, mine = meet[a], heavy[a]
        for b in range(n):
            m = row[b]
            if m > 1:
                mine[b] = m
                if a < b:
                    repeats += m * (m - 1) // 2
                    total += WEIGHT * m * (m - 1) // 2 + m * (m - 1) * (m - 2) // 6
    bad = {}
    for position in board.positions:
        for table in position:
            for a, b in combinations(sorted(table), 2):
                if meet[a][b] > 1:
                    bad[a * n + b] = None
    return total, repeats, list(bad), heavy


def improve(board, rng, bound, max_steps, max_work, *, strict=True):
    """Search until no pair meets twice in the plan, the sum of C(m, 2) is down to the lower
    ``bound`` with no pair three times, or the budget is spent; leaves the best plan found on
    the board.

    Returns (objective, bound reached, swaps weighed).
    """
    return Search(board, rng, strict=strict).run(bound, max_steps, max_work)


class Search:
    """One local search over a board: the board's positions and meeting counts, changed in
    place swap by swap, and what the search keeps up to date beside them.

    ``cost`` is the objective of the board as it stands; ``to_fix`` the pairs meeting more
    than once (one whose repeats all come from history is dropped when drawn); ``heavy[p]``
    the players ``p`` met more than once (with the count); ``odd_masks[p]`` has bit r set when
    ``p`` sits at a table of 3 or 5 at position r; ``leave_cost[r][p]`` is what ``p`` leaving
    its table at position r takes off the objective; ``tabu[r][p]`` the step until which ``p``
    stays put at position r.
    """

    def __init__(self, board, rng, *, strict):
        self.rng, self.strict = rng, strict
        self.n, self.meet, self.mates, self.odd0 = board.n, board.meet, board.mates, board.odd0
        self.positions, self.where, self.sizes = board.positions, board.where, board.sizes
        self.rounds = len(self.positions)
        self.gain = gains(max(max(row) for row in self.meet) + self.rounds)
        self.cost, self.repeats, pairs, self.heavy = objective(board)
        self.best_cost = self.cost
        self.to_fix = PairSet(pairs)
        self.odd_masks = _odd_masks(self.positions, self.n)
        self.leave_cost = _leave_costs(self.positions, self.meet, self.gain, self.n)
        self.tabu = [[0] * self.n for _ in range(self.rounds)]
        self.work = 0

    def run(self, bound, max_steps, max_work):
        """The search itself; returns what ``improve`` returns."""
        patience = PATIENCE + PATIENCE_PER_PLAYER * self.n
        best, best_repeats = self.snapshot(), self.repeats
        step = stall = 0
        while self.to_fix and not self.settled(bound) and step < max_steps and self.work < max_work:
            step += 1
            self.work += self.n  # a step looks at the position at least, even if nothing moves
            move = self.choose_move(step)
            if move is None:
                continue
            r, p, q, delta = move
            self.swap(r, p, q)
            self.cost += delta
            self.tabu[r][p] = self.tabu[r][q] = step + TABU_MIN + self.rng.randrange(TABU_SPAN)
            if self.cost < self.best_cost:
                self.best_cost, best_repeats, stall = self.cost, self.repeats, 0
                best = self.snapshot()
            else:
                stall += 1
                if stall > patience:
                    stall = 0
                    if self.cost > self.best_cost:
                        self.restore(best)
                    self.kick(r)
        if self.cost > self.best_cost:
            self.restore(best)  # by swaps, so the board stays right for another search
        return self.cost, not self.to_fix or best_repeats <= bound, self.work

    def settled(self, bound):
        """Nothing left to gain: the sum of C(m, 2) at the bound, and no pair three times."""
        return self.repeats <= bound and self.cost == WEIGHT * self.repeats

    def snapshot(self):
        return [[list(table) for table in position] for position in self.positions]

    def choose_move(self, step):
        """(position, p, q, change of the objective) of this step's swap, or None: a pair
        meeting more than once, a position where it meets, and the best swap there of one of
        the players worth moving (random among equals)."""
        rng, n, where = self.rng, self.n, self.where
        pair = self.to_fix.pick(rng)
        a, b = divmod(pair, n)
        met_at = [r for r in range(self.rounds) if where[r][a] == where[r][b]]
        if not met_at:
            self.to_fix.discard(pair)  # a repeat from history alone: nothing to move
            return None
        r = met_at[rng.randrange(len(met_at))]
        options = []
        for p in _movers(self.positions[r], self.meet, a, b, rng):
            delta, score, q, work = self.best_partner(r, p, step)
            self.work += work
            if q is not None:
                options.append((score, rng.random(), delta, p, q))
        if not options:
            return None
        _, _, delta, p, q = min(options)
        return r, p, q, delta

    def best_partner(self, r, p, step):
        """(delta, score, q, work) of the best allowed swap of ``p`` with a player ``q`` at
        another table of position r (random among equals; q is None when no swap is allowed).
        The score is the delta, plus UNFAIR where ``strict`` is off and the swap breaks the
        odd-table round robin; work counts the players weighed."""
        where, tables, leave_cost = self.where[r], self.positions[r], self.leave_cost[r]
        gain, mates, sizes, tabu = self.gain, self.mates, self.sizes, self.tabu[r]
        meet_p, home, strict = self.meet[p], where[p], self.strict
        met_home, repeats_home = self._meetings_with_table(p, tables[home])
        mate_at = {where[mate]: mate for mate in mates[p]}
        # A swap across table sizes keeps the round robin only between players alike: as many
        # tables of 3 or 5 before position r (history included), the same ones after it.
        odd0, odd_masks, earlier, later = self.odd0, self.odd_masks, (1 << r) - 1, r + 1
        p_odd_before = odd0[p] + (odd_masks[p] & earlier).bit_count()
        p_odd_after = odd_masks[p] >> later
        # A tabu player may move all the same if the swap makes a new best plan: delta below this.
        new_best_below = self.best_cost - self.cost
        tied, best_delta, best_score, work = [], None, None, 0
        for there, table in enumerate(tables):
            if there == home:
                continue
            cross = sizes[there] != sizes[home]
            only = mate_at.get(there)  # a team-mate of p sits there: only they may swap with p
            p_moves = -leave_cost[p]  # p leaves home and joins this table (q counted: taken off)
            for x in table:
                p_moves += gain[meet_p[x]]
            work += len(table)
            for q in table:
                if only is not None and q != only:
                    continue
                # q leaves and joins p's table-mates: gain[m] is WEIGHT * m plus C(m, 2)
                delta = p_moves - gain[meet_p[q]] - leave_cost[q] + WEIGHT * met_home[q]
                if q in repeats_home:
                    delta += repeats_home[q]
                if best_score is not None and delta > best_score:
                    continue  # a score is delta, or delta + UNFAIR: it never beats a lower one
                if tabu[q] > step and delta >= new_best_below:
                    continue
                if mates[q] and any(where[mate] == home and mate != p for mate in mates[q]):
                    continue
                score = delta
                if cross:
                    mask = odd_masks[q]
                    if mask >> later != p_odd_after or (
                        odd0[q] + (mask & earlier).bit_count() != p_odd_before
                    ):
                        if strict:
                            continue
                        score += UNFAIR
                if best_score is None or score < best_score:
                    tied, best_delta, best_score = [q], delta, score
                elif score == best_score:
                    tied.append(q)
        choice = tied[self.rng.randrange(len(tied))] if tied else None
        return best_delta, best_score, choice, work

    def _meetings_with_table(self, p, table):
        """For every player, the meetings with ``p``'s table-mates (a list) and the sum of
        C(m, 2) over the table-mates met more than once (a dict, zero left out)."""
        others = [x for x in table if x != p]
        meetings = list(map(sum, zip(*[self.meet[x] for x in others], strict=True)))
        repeats = {}
        for x in others:
            for q, m in self.heavy[x].items():
                repeats[q] = repeats.get(q, 0) + m * (m - 1) // 2
        return meetings, repeats

    def swap(self, r, p, q):
        """Swap ``p`` and ``q`` (at different tables) at position r, counts kept up to date."""
        where, tables, meet = self.where[r], self.positions[r], self.meet
        p_table, q_table = tables[where[p]], tables[where[q]]
        for x in p_table:
            if x != p:
                self._count_meeting(x, p, -1, r)
                self._count_meeting(x, q, 1, r)
        for x in q_table:
            if x != q:
                self._count_meeting(x, q, -1, r)
                self._count_meeting(x, p, 1, r)
        p_table[p_table.index(p)] = q
        q_table[q_table.index(q)] = p
        where[p], where[q] = where[q], where[p]
        if self.sizes[where[p]] != self.sizes[where[q]]:
            self.odd_masks[p] ^= 1 << r
            self.odd_masks[q] ^= 1 << r
        gain, leave_cost = self.gain, self.leave_cost[r]
        for table in (p_table, q_table):
            for y in table:
                meet_y = meet[y]
                leave_cost[y] = sum(gain[meet_y[x] - 1] for x in table if x != y)

    def _count_meeting(self, x, y, step, r):
        """Pair (x, y) meets ``step`` (+1 or -1) more times, through position r."""
        meet = self.meet
        m = meet[x][y]
        v = m + step
        self.repeats += m if step > 0 else -v
        meet[x][y] = meet[y][x] = v
        if v > 1:
            self.to_fix.add(x * self.n + y if x < y else y * self.n + x)
            self.heavy[x][y] = self.heavy[y][x] = v
        elif m > 1:
            self.to_fix.discard(x * self.n + y if x < y else y * self.n + x)
            del self.heavy[x][y], self.heavy[y][x]
        shift = self.gain[v - 1] - self.gain[m - 1]
        leave_cost = self.leave_cost
        for s, where in enumerate(self.where):
            if s != r and where[x] == where[y]:
                leave_cost[s][x] += shift
                leave_cost[s][y] += shift

    def swap_delta(self, r, p, q):
        """What swapping ``p`` and ``q`` at position r would add to the objective."""
        tables, where, gain = self.positions[r], self.where[r], self.gain
        meet_p, meet_q = self.meet[p], self.meet[q]
        d = sum(gain[meet_q[x]] - gain[meet_p[x] - 1] for x in tables[where[p]] if x != p)
        return d + sum(gain[meet_p[x]] - gain[meet_q[x] - 1] for x in tables[where[q]] if x != q)

    def restore(self, best):
        """Swap players back to the tables of ``best``."""
        for r, position in enumerate(best):
            where = self.where[r]
            for t, table in enumerate(position):
                wanted = set(table)
                for x in table:
                    if where[x] != t:
                        y = next(y for y in self.positions[r][t] if y not in wanted)
                        self.cost += self.swap_delta(r, y, x)
                        self.swap(r, y, x)

    def kick(self, r):
        """A few random swaps at position r between tables of one size, team-mates apart."""
        rng, where, sizes, mates = self.rng, self.where[r], self.sizes, self.mates
        for _ in range(KICK):
            p, q = rng.randrange(self.n), rng.randrange(self.n)
            p_at, q_at = where[p], where[q]
            if p_at == q_at or sizes[p_at] != sizes[q_at]:
                continue
            if any(where[mate] == q_at and mate != q for mate in mates[p]):
                continue
            if any(where[mate] == p_at and mate != p for mate in mates[q]):
                continue
            self.cost += self.swap_delta(r, p, q)
            self.swap(r, p, q)


class PairSet:
    """A set of pairs (as ``a * n + b``) that can hand out one at random in O(1)."""

    def __init__(self, pairs):
        self.pairs = list(pairs)
        self.index = {pair: i for i, pair in enumerate(self.pairs)}

    def __len__(self):
        return len(self.pairs)

    def pick(self, rng):
        return self.pairs[rng.randrange(len(self.pairs))]

    def add(self, pair):
        if pair not in self.index:
            self.index[pair] = len(self.pairs)
            self.pairs.append(pair)

    def discard(self, pair):
        i = self.index.pop(pair, None)
        if i is not None:
            last = self.pairs.pop()
            if last != pair:
                self.pairs[i] = last
                self.index[last] = i


def _odd_masks(positions, n):
    """Per player, bit r set when they sit at a table of 3 or 5 at position r."""
    masks = [0] * n
    for r, position in enumerate(positions):
        for table in position:
            if len(table) != 4:
                for x in table:
                    masks[x] |= 1 << r
    return masks


def _leave_costs(positions, meet, gain, n):
    """[r][p]: what ``p`` leaving its table at position r takes off the objective."""
    costs = [[0] * n for _ in positions]
    for r, position in enumerate(positions):
        for table in position:
            for p in table:
                meet_p = meet[p]
                costs[r][p] = sum(gain[meet_p[x] - 1] for x in table if x != p)
    return costs


def _movers(tables, meet, a, b, rng):
    """The players worth moving at this position: the chosen pair, and a few others meeting a
    table-mate again (Dotu & Van Hentenryck weigh every such player; a sample keeps a step
    cheap on large fields)."""
    others = set()
    for table in tables:
        for x, y in combinations(table, 2):
            if meet[x][y] > 1:
                others.add(x)
                others.add(y)
    others.discard(a)
    others.discard(b)
    others = sorted(others)
    if len(others) > MOVERS:
        others = rng.sample(others, MOVERS)
    return [a, b, *others]
