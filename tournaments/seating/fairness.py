"""Who sits at the tables of 3 or 5: a round robin, and the check that a plan kept to it.

The rule: at each position the odd tables go to players who have had the fewest of them,
history included, so nobody has a second before everyone has had one (nor a third before
everyone has had two...). ``odd_sets`` chooses them position by position, within what keeping
team-mates apart allows, spreading players who already shared odd tables (ties: a seeded
draw); ``odd_players`` lists who sits at them in a plan and ``odd_breaches`` counts the
departures from the rule. Plain counting; knows nothing of meetings or seats.
"""


def odd_sets(counts, rounds, rng, seats, odd_tables, even_tables, teams, past=()):
    """Per position, the set of players to seat at the odd tables (``seats`` of them).

    ``counts`` (updated in place) are the odd tables each player has had. Among players with
    equally few, those who shared fewest earlier odd sets (``past``, then the sets chosen here)
    with the players already picked come first, random among equals: players who sat at the
    odd tables together would otherwise have to meet again there. A team has at most
    ``odd_tables`` members in a set and leaves at most ``even_tables`` outside. Returns None
    when the teams make it impossible.
    """
    team_of = {p: i for i, team in enumerate(teams) for p in team}
    sets = [set(s) for s in past]
    member_of = [[] for _ in counts]  # the earlier sets each player belongs to
    for number, chosen in enumerate(sets):
        for p in chosen:
            member_of[p].append(number)
    start = len(sets)
    for _ in range(rounds):
        order = list(range(len(counts)))
        rng.shuffle(order)
        picker = _Picker(len(sets), len(teams), team_of, member_of)
        for team in teams:
            forced = len(team) - even_tables
            for p in sorted(team, key=counts.__getitem__)[: max(0, forced)]:
                picker.pick(p)
        while len(picker.chosen) < seats:
            allowed = [p for p in order if picker.allows(p, odd_tables)]
            if not allowed:
                return None
            fewest = min(counts[p] for p in allowed)
            picker.pick(min((p for p in allowed if counts[p] == fewest), key=picker.shared))
        for p in picker.chosen:
            counts[p] += 1
            member_of[p].append(len(sets))
        sets.append(picker.chosen)
    return sets[start:]


class _Picker:
    """The players picked for one position's odd tables, and what they shared before."""

    def __init__(self, earlier, teams, team_of, member_of):
        self.chosen = set()
        self.hits = [0] * earlier  # per earlier set, how many of its members are picked
        self.per_team = [0] * teams
        self.team_of, self.member_of = team_of, member_of

    def pick(self, p):
        self.chosen.add(p)
        for number in self.member_of[p]:
            self.hits[number] += 1
        i = self.team_of.get(p)
        if i is not None:
            self.per_team[i] += 1

    def allows(self, p, odd_tables):
        i = self.team_of.get(p)
        return p not in self.chosen and (i is None or self.per_team[i] < odd_tables)

    def shared(self, p):
        """How many picked players sat in an earlier odd set with p."""
        return sum(self.hits[number] for number in self.member_of[p])


def odd_players(positions):
    """Per position, the set of players at its tables of 3 or 5."""
    return [{p for table in tables if len(table) != 4 for p in table} for tables in positions]


def odd_breaches(counts, odd_per_position):
    """Times a player sat at an odd table while someone at a table of 4 had had fewer.

    ``counts``: odd tables had before the first position, a list by player index or a dict by
    player (updated in place); ``odd_per_position``: per position, the players at odd tables.
    """
    breaches = 0
    everyone = list(counts.keys() if isinstance(counts, dict) else range(len(counts)))
    for odd in odd_per_position:
        waiting = [counts[p] for p in everyone if p not in odd]
        if waiting:
            lowest = min(waiting)
            breaches += sum(1 for p in odd if counts[p] > lowest)
        for p in odd:
            counts[p] += 1
    return breaches
