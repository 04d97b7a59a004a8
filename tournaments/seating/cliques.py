"""Team-mates on points that never meet: disjoint cliques of a never-meeting graph, found by a
bounded depth-first search where ``fitting``'s randomised greedy tries fail. No random draws,
no Django; knows nothing of players or positions.
"""

NODES = 20_000  # steps at most: cliques placed and points tried


def search(free, meets, sizes):
    """Disjoint cliques of the given ``sizes`` (largest first) among the ``free`` points, no
    two of a clique in a block together: a depth-first search, each clique listed once (by
    its smallest point), and when the teams take every free point, the smallest one starts
    the next clique. None if not found in NODES steps."""
    steps = 0

    def cliques(pool, size):
        nonlocal steps
        if size == 0:
            yield ()
            return
        for i, x in enumerate(pool):
            steps += 1  # the budget counts the points tried too: no long fruitless listing
            if steps > NODES:
                return
            rest = [y for y in pool[i + 1 :] if y not in meets[x]]
            for tail in cliques(rest, size - 1):
                yield (x, *tail)

    def place(k, left):
        nonlocal steps
        if k == len(sizes):
            return []
        steps += 1
        if steps > NODES:
            return None
        every = sum(sizes[k:]) == len(left)
        for a in sorted(left)[:1] if every else sorted(left):
            pool = sorted(y for y in left if y > a and y not in meets[a])
            for tail in cliques(pool, sizes[k] - 1):
                rest = place(k + 1, left - {a, *tail})
                if rest is not None:
                    return [(a, *tail), *rest]
                if steps > NODES:
                    return None
        return None

    return place(0, set(free))
