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
move by move, so weighing a swap costs O(table size).

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
    """Search until no pair meets twice in the plan, the sum of C(m, 2) is down to the counting
    ``bound``, or the budget is spent; leaves the best plan found on the board.

    Returns (objective, bound reached, swaps weighed).
    """
    n, meet, mates, odd0 = board.n, board.meet, board.mates, board.odd0
    positions, where, sizes = board.positions, board.where, board.sizes
    rounds = len(positions)
    gain = gains(max(max(row) for row in meet) + rounds)
    cost, repeats, bad, heavy = objective(board)
    index = {key: i for i, key in enumerate(bad)}
    masks = [0] * n  # bit r set: the player sits at a table of 3 or 5 at position r
    for r, position in enumerate(positions):
        for table in position:
            if len(table) != 4:
                for x in table:
                    masks[x] |= 1 << r
    # inner[r][p]: what leaving its table at position r takes off the objective
    inner = [[0] * n for _ in range(rounds)]
    for r, position in enumerate(positions):
        for table in position:
            for p in table:
                mp = meet[p]
                inner[r][p] = sum(gain[mp[x] - 1] for x in table if x != p)

    def drop(key):
        i = index.pop(key, None)
        if i is not None:
            last = bad.pop()
            if last != key:
                bad[i] = last
                index[last] = i

    def keep(key):
        if key not in index:
            index[key] = len(bad)
            bad.append(key)

    def change(x, y, step, r):
        """Pair (x, y) meets ``step`` (+1 or -1) more times, through position r."""
        nonlocal repeats
        m = meet[x][y]
        v = m + step
        repeats += m if step > 0 else -v
        meet[x][y] = meet[y][x] = v
        key = x * n + y if x < y else y * n + x
        if v > 1:
            keep(key)
            heavy[x][y] = heavy[y][x] = v
        elif m > 1:
            drop(key)
            del heavy[x][y], heavy[y][x]
        shift = gain[v - 1] - gain[m - 1]
        for s in range(rounds):
            if s != r:
                ws = where[s]
                if ws[x] == ws[y]:
                    inner[s][x] += shift
                    inner[s][y] += shift

    def swap(r, p, q):
        w, tables = where[r], positions[r]
        ta, tb = w[p], w[q]
        a_table, b_table = tables[ta], tables[tb]
        for x in a_table:
            if x != p:
                change(x, p, -1, r)
                change(x, q, 1, r)
        for x in b_table:
            if x != q:
                change(x, q, -1, r)
                change(x, p, 1, r)
        a_table[a_table.index(p)] = q
        b_table[b_table.index(q)] = p
        w[p], w[q] = tb, ta
        if sizes[ta] != sizes[tb]:
            masks[p] ^= 1 << r
            masks[q] ^= 1 << r
        ins = inner[r]
        for table in (a_table, b_table):
            for y in table:
                my = meet[y]
                ins[y] = sum(gain[my[x] - 1] for x in table if x != y)

    def delta(r, p, q):
        tables, w = positions[r], where[r]
        mp, mq = meet[p], meet[q]
        d = sum(gain[mq[x]] - gain[mp[x] - 1] for x in tables[w[p]] if x != p)
        return d + sum(gain[mp[x]] - gain[mq[x] - 1] for x in tables[w[q]] if x != q)

    def best_swap(r, p, step, cost, best_cost):
        """(delta, score, q, work) of the best allowed swap of p at position r."""
        w, tables, tab, ins = where[r], positions[r], tabu[r], inner[r]
        ta = w[p]
        mp = meet[p]
        others = [x for x in tables[ta] if x != p]
        col = list(map(sum, zip(*[meet[x] for x in others], strict=True)))  # gain: linear...
        extra = {}  # ... plus C(m, 2) where a pair met more
        for x in others:
            for q, m in heavy[x].items():
                extra[q] = extra.get(q, 0) + m * (m - 1) // 2
        mate_at = {w[m]: m for m in mates[p]}
        low, later = (1 << r) - 1, r + 1
        p_count, p_future = odd0[p] + (masks[p] & low).bit_count(), masks[p] >> later
        tied, best_d, best_score, work = [], None, None, 0
        for tb, b_table in enumerate(tables):
            if tb == ta:
                continue
            cross = sizes[tb] != sizes[ta]
            only = mate_at.get(tb)
            base = -ins[p]
            for x in b_table:
                base += gain[mp[x]]
            work += len(b_table)
            for q in b_table:
                if only is not None and q != only:
                    continue
                d = base + WEIGHT * col[q] - gain[mp[q]] - ins[q]
                if q in extra:
                    d += extra[q]
                if best_score is not None and d > best_score:
                    continue  # a score is d, or d + UNFAIR: it never beats a lower score
                if tab[q] > step and cost + d >= best_cost:
                    continue
                if mates[q] and any(w[m] == ta and m != p for m in mates[q]):
                    continue
                score = d
                if cross:
                    mq = masks[q]
                    if mq >> later != p_future or odd0[q] + (mq & low).bit_count() != p_count:
                        if strict:
                            continue
                        score += UNFAIR
                if best_score is None or score < best_score:
                    tied, best_d, best_score = [q], d, score
                elif score == best_score:
                    tied.append(q)
        choice = tied[rng.randrange(len(tied))] if tied else None
        return best_d, best_score, choice, work

    def restore(best):
        """Swap players back to the tables of ``best``; returns the change of the objective."""
        total = 0
        for r, position in enumerate(best):
            w = where[r]
            for t, table in enumerate(position):
                wanted = set(table)
                for x in table:
                    if w[x] != t:
                        y = next(y for y in positions[r][t] if y not in wanted)
                        total += delta(r, y, x)
                        swap(r, y, x)
        return total

    def kick(r):
        """A few random swaps at position r between tables of one size, team-mates apart."""
        w, total = where[r], 0
        for _ in range(KICK):
            p, q = rng.randrange(n), rng.randrange(n)
            ta, tb = w[p], w[q]
            if ta == tb or sizes[ta] != sizes[tb]:
                continue
            if any(w[m] == tb and m != q for m in mates[p]):
                continue
            if any(w[m] == ta and m != p for m in mates[q]):
                continue
            total += delta(r, p, q)
            swap(r, p, q)
        return total

    best_cost = cost
    best = [[list(t) for t in position] for position in positions]
    tabu = [[0] * n for _ in range(rounds)]
    step = work = stall = 0
    patience = PATIENCE + PATIENCE_PER_PLAYER * n
    best_repeats = repeats
    while bad and repeats > bound and step < max_steps and work < max_work:
        step += 1
        work += n  # a step costs at least a look at the position, even when nothing can move
        key = bad[rng.randrange(len(bad))]
        a, b = divmod(key, n)
        met_at = [r for r in range(rounds) if where[r][a] == where[r][b]]
        if not met_at:
            drop(key)  # a repeat from history alone: nothing to move
            continue
        r = met_at[rng.randrange(len(met_at))]
        options = []
        for p in _movers(positions[r], meet, a, b, rng):
            d, score, q, done = best_swap(r, p, step, cost, best_cost)
            work += done
            if q is not None:
                options.append((score, rng.random(), d, p, q))
        if not options:
            continue
        _, _, d, p, q = min(options)
        swap(r, p, q)
        cost += d
        tabu[r][p] = tabu[r][q] = step + TABU_MIN + rng.randrange(TABU_SPAN)
        if cost < best_cost:
            best_cost, best_repeats, stall = cost, repeats, 0
            best = [[list(t) for t in position] for position in positions]
        else:
            stall += 1
            if stall > patience:
                stall = 0
                if cost > best_cost:
                    cost += restore(best)
                cost += kick(r)
    if cost > best_cost:
        cost += restore(best)  # by swaps, so the board stays right for another search
    return cost, not bad or best_repeats <= bound, work


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
