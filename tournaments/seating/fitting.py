"""Seats the players of a problem on an algebraic design, when one fits.

Chooses the design (the most positions, up to the rounds asked), the classes played and their
order, a grouping (the design's direction classes, or a class not played) holding each team
inside one group so its members never meet, and the empty points that make tables of 3 (all in
one group, so that each position has them at different tables; a single empty point needs no
group), placed so that the tables of 3 go round as fairly as the design allows. Tables of 5
come from a partial fifth direction class or, failing that, from extra players slipped into one
table a position, chosen so that their meetings stay as even as a few greedy tries and
revisions make them. The result is plain positions of player indices, not necessarily free of
repeats: the engine counts, verifies and, when needed, improves it like any other seed. No
search here beyond trying a few placements.
"""

import random
from collections import Counter
from itertools import combinations

from . import cliques, designs, developed
from .fairness import odd_breaches, odd_players

CLIQUE_LIMIT = 400  # points up to which teams may also sit on any points that never meet
CLIQUE_TRIES = 8
REVISIONS = 20  # passes revising where an extra player sits at a table of 5
SLIP_TRIES = 12  # tries at that, from different orders of the positions
MENDED = (2, 3)  # empty points a design without a group for them still takes (see ``_mended``)
MEND_TABLES = 8  # tables of 4 weighed, two at a time, to remake a position's tables of 3


def candidates(problem):
    """Designs worth trying for this problem, most positions first."""
    tables, sizes = len(problem.sizes), problem.sizes
    fives = sizes.count(5)
    found = []
    if fives:
        found.append(designs.directions(tables, problem.rounds, fifth=fives))
    found.append(designs.directions(tables, problem.rounds))
    found.append(designs.affine(4 * tables))
    rotational = designs.rotational(4 * tables)
    found.append(rotational)
    if rotational is None:  # 40 and 52 points have both: one is enough
        found.append(developed.tripled(4 * tables))
    found.append(developed.stored(4 * tables))
    found.append(developed.binary(4 * tables))
    if fives:
        found.append(designs.projective(problem.n))
    found = [d for d in found if d is not None]
    found.sort(key=lambda d: (-min(len(d.classes), problem.rounds), d.points < problem.n))
    return found


def fit(design, problem, rng):
    """(positions, odd-table breaches) from ``design``, or None if it cannot host the teams.

    Positions are lists of tables of player indices: ``problem.rounds`` of them, fewer when the
    design has fewer. The designs added last (``own_draws``), and the single empty seat placed
    without a group, draw from a copy of ``rng``: the engine's later draws, hence the plans
    that do not use them, stay what they were before these existed.
    """
    if design.own_draws:
        rng = _copy(rng)
    classes = list(design.classes)
    rng.shuffle(classes)
    played, spare = classes[: problem.rounds], classes[problem.rounds :]
    groupings = [(groups, rng) for groups in ([design.groups] if design.groups else [])]
    groupings += [(groups, rng) for groups in spare[: designs.SPARE]]
    if design.points == problem.n + 1 and not problem.teams:
        # One empty seat needs no group: any point will do, even when every class is played
        # (27 players on the 28-point design: a table of 3 for each player once, nobody twice).
        groupings.append((tuple((x,) for x in range(min(design.points, 8))), _copy(rng)))
    needs_groups = bool(problem.teams) or design.points > problem.n
    best = None
    for groups, draws in groupings if needs_groups else [((), rng)]:
        found = _place(design, groups, played, problem, draws)
        if found is not None and (best is None or found[1] < best[1]):
            best = found
            if not best[1]:
                break
    if best is None and not problem.teams and design.points - problem.n in MENDED:
        best = _mended(design, played, problem, _copy(rng))
    return best


def _copy(rng):
    """An independent generator starting where ``rng`` stands; ``rng`` does not move."""
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def _place(design, groups, played, problem, rng):
    n = problem.n
    empty = max(0, design.points - n)
    phantoms = _phantoms(groups, played, empty, design.points) if empty else (set(), None)
    if phantoms is None:
        return None
    phantoms, breaches = phantoms
    if any(problem.odd0):
        breaches = None  # history decides who is owed a table of 3: count with the players
    points = _team_points(groups, problem, phantoms)
    if points is None and design.points <= CLIQUE_LIMIT:
        points = _team_cliques(played, design.points, phantoms, problem, rng)
    if points is None:
        return None
    free = [x for x in range(design.points) if x not in phantoms and x not in points.values()]
    singles = [p for p in range(n) if p not in points]
    rng.shuffle(free)
    rng.shuffle(singles)
    extras = singles[len(free) :]
    if len(extras) > 3:
        return None
    player_at = {x: p for p, x in points.items()}
    player_at.update(zip(free, singles, strict=False))
    positions = []
    for blocks in played:
        tables = [[player_at[x] for x in block if x in player_at] for block in blocks]
        rng.shuffle(tables)
        if not extras and not _sized(tables, problem.sizes):
            return None  # at once: the random draws stay those of a plan without extras
        positions.append(tables)
    for e in extras:
        _slip_in(e, positions, problem.mates[e])
    if not all(_sized(tables, problem.sizes) for tables in positions):
        return None
    if extras:
        breaches = None
    if breaches is None:
        breaches = odd_breaches(list(problem.odd0), odd_players(positions))
    return positions, breaches


def _mended(design, played, problem, rng):
    """(positions, breaches) with two or three empty points where no group keeps them apart,
    every class played (98 players on the 100-point design, 33 positions): the empty points
    are taken from one block, so only that block's position comes out wrong (a table of 2, or
    of 1) and is remade, with the fewest meetings again, from what is left of that block and
    one or two tables of 4 (``_remade``). The other positions have their tables of 3 where the
    empty points were. Plain positions of player indices; the engine compares their repeats
    with the search's."""
    empty = design.points - problem.n
    block = rng.choice(played[0])
    phantoms = set(block[:empty])
    free = [x for x in range(design.points) if x not in phantoms]
    players = list(range(problem.n))
    rng.shuffle(players)
    player_at = dict(zip(free, players, strict=True))
    positions = []
    for blocks in played:
        tables = [[player_at[x] for x in b if x in player_at] for b in blocks]
        rng.shuffle(tables)
        positions.append(tables)
    met = Counter()
    for tables in positions:
        for table in tables:
            met.update(combinations(sorted(table), 2))
    for tables in positions:
        if not _sized(tables, problem.sizes):
            tables[:] = _remade(tables, problem.sizes, met, rng)
            if not _sized(tables, problem.sizes):
                return None
    positions = _fair_order(positions, problem.odd0)
    return positions, odd_breaches(list(problem.odd0), odd_players(positions))


def _fair_order(positions, odd0):
    """``positions`` reordered so that the tables of 3 go round as fairly as a greedy choice
    makes them: next, the position whose odd tables go to players owed them most (fewest
    breaches of the round robin at that step, then the lowest total of tables of 3 had)."""
    counts = list(odd0)
    odd = odd_players(positions)
    left, order = list(range(len(positions))), []
    while left:

        def breaches(i):
            lowest = min((c for p, c in enumerate(counts) if p not in odd[i]), default=0)
            return sum(counts[p] > lowest for p in odd[i]), sum(counts[p] for p in odd[i])

        best = min(left, key=breaches)
        left.remove(best)
        order.append(best)
        for p in odd[best]:
            counts[p] += 1
    return [positions[i] for i in order]


def _remade(tables, sizes, met, rng):
    """``tables`` with the small ones (fewer than 3 players) and the tables of 4 beyond what
    ``sizes`` asks for remade into tables of 3, adding as few meetings to ``met`` (the plan's,
    this position's included) as can be: every split into tables of 3 is weighed, for every
    choice of those tables of 4 among ``MEND_TABLES`` drawn."""
    small = [t for t in tables if len(t) < 3]
    fours = [t for t in tables if len(t) == 4]
    pulled = len(fours) - sizes.count(4)
    odd = sum(len(t) for t in small) + 4 * pulled
    if pulled < 0 or odd % 3:
        return tables
    drawn = rng.sample(fours, min(MEND_TABLES, len(fours)))

    def cost(split, same):  # a pair already together here (same table) adds nothing
        pairs = (pair for t in split for pair in combinations(t, 2))
        return sum(met[min(pair), max(pair)] - (same[pair[0]] == same[pair[1]]) for pair in pairs)

    best, best_cost = None, None
    for chosen in combinations(range(len(drawn)), pulled):
        pool = [p for t in small for p in t] + [p for i in chosen for p in drawn[i]]
        same = {p: id(t) for t in small + [drawn[i] for i in chosen] for p in t}
        for split in _triples(pool):
            c = cost(split, same)
            if best_cost is None or c < best_cost:
                best, best_cost, taken = split, c, [drawn[i] for i in chosen]
    if best is None:
        return tables
    kept = [t for t in tables if len(t) >= 3 and not any(t is u for u in taken)]
    return kept + [list(t) for t in best]


def _triples(pool):
    """Every split of ``pool`` (a multiple of 3 players) into tables of 3."""
    if not pool:
        yield []
        return
    first, rest = pool[0], pool[1:]
    for i, j in combinations(range(len(rest)), 2):
        left = [p for k, p in enumerate(rest) if k not in (i, j)]
        for split in _triples(left):
            yield [(first, rest[i], rest[j]), *split]


def _sized(tables, sizes):
    """Sort ``tables`` largest first; whether their sizes are ``sizes``."""
    tables.sort(key=len, reverse=True)
    return tuple(len(t) for t in tables) == sizes


def _slip_in(extra, positions, mates):
    """Add ``extra`` to one table of 4 per position, its meetings as even as the tables allow:
    tables chosen greedily position by position (fewest meetings with its players so far, the
    positions in a random order), then each choice revised while another table of that position
    lowers the sum of C(m, 2); the best of a few such tries. Its own random draws (seeded by the
    extra) leave the engine's unchanged, so the plans that do not use this one stay as they
    were."""
    rng = random.Random(extra)
    options = [
        [t for t in tables if len(t) == 4 and not any(x in mates for x in t)]
        for tables in positions
    ]
    best, best_cost = None, None
    for _ in range(SLIP_TRIES):
        chosen, total = _slip_try(options, rng)
        if best_cost is None or total < best_cost:
            best, best_cost = chosen, total
            if not total:
                break
    for table in best:
        if table is not None:
            table.append(extra)


def _slip_try(options, rng):
    """(a table per position or None, the sum of C(m, 2) over the extra's meetings)."""
    met = Counter()

    def cost(table):
        return sum(met[x] for x in table)  # what joining it adds to the sum of C(m, 2)

    chosen = [None] * len(options)
    order = list(range(len(options)))
    rng.shuffle(order)
    for r in order:
        chosen[r] = min(options[r], key=cost, default=None)
        met.update(chosen[r] or ())
    for _ in range(REVISIONS):
        changed = False
        for r in order:
            if chosen[r] is None:
                continue
            met.subtract(chosen[r])
            table = min(options[r], key=cost)
            if cost(table) < cost(chosen[r]):
                chosen[r], changed = table, True
            met.update(chosen[r])
        if not changed:
            break
    return chosen, sum(m * (m - 1) // 2 for m in met.values())


def _phantoms(groups, played, empty, points):
    """(``empty`` points of one group whose tables of 3 go round most fairly, breaches)."""
    best, best_breaches = None, None
    for group in groups[:8]:
        if len(group) < empty:
            continue
        for step in sorted({1, max(1, len(group) // empty), max(1, len(group) // (empty + 1))}):
            chosen = {group[(k * step) % len(group)] for k in range(empty)}
            if len(chosen) < empty:
                continue
            odd = [
                {x for block in blocks if chosen & set(block) for x in block} - chosen
                for blocks in played
            ]
            real = {x: 0 for x in range(points) if x not in chosen}
            breaches = odd_breaches(real, odd)
            if best_breaches is None or breaches < best_breaches:
                best, best_breaches = chosen, breaches
    return None if best is None else (best, best_breaches)


def _team_points(groups, problem, phantoms):
    """Points for team members (player -> point), each team inside one group; None if the
    teams do not fit."""
    room = [[x for x in group if x not in phantoms] for group in groups]
    points = {}
    for team in sorted(problem.teams, key=len, reverse=True):
        fitting = [g for g in range(len(room)) if len(room[g]) >= len(team)]
        if not fitting:
            return None
        g = max(fitting, key=lambda g: len(room[g]))
        for member in team:
            points[member] = room[g].pop()
    return points


def _team_cliques(played, points, phantoms, problem, rng):
    """Points for team members, each team on points that never share a block of the played
    classes (whatever grouping that mixes); a few randomised greedy tries, then
    ``cliques.search``; None if neither finds them."""
    meets = [set() for _ in range(points)]
    for blocks in played:
        for block in blocks:
            for x in block:
                meets[x].update(block)
    teams = sorted(problem.teams, key=len, reverse=True)
    found = None
    for _ in range(CLIQUE_TRIES):
        free = [x for x in range(points) if x not in phantoms]
        rng.shuffle(free)
        chosen = []
        for team in teams:
            clique = []
            for x in free:
                if not any(x in meets[y] for y in clique):
                    clique.append(x)
                    if len(clique) == len(team):
                        break
            if len(clique) < len(team):
                break
            taken = set(clique)
            free = [x for x in free if x not in taken]
            chosen.append(clique)
        else:
            found = chosen
            break
    if found is None:
        free = {x for x in range(points) if x not in phantoms}
        found = cliques.search(free, meets, [len(team) for team in teams])
    if found is None:
        return None
    return {
        m: x
        for team, clique in zip(teams, found, strict=True)
        for m, x in zip(team, clique, strict=True)
    }
