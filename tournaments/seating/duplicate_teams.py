"""Movements of the team duplicates (fft-duplicate.md §3 triplettes, §4 quadrettes): who plays
whom, at which table, on which série, at every position. The web layer reads these shapes as
they are.

Triplettes (a table hosts one NS and one EW triplette, one série a position):

- ``mitchell_movement(tables=T, rounds=R)`` returns ``rounds[r][x] == {"NS": t, "EW": t, "set":
  s}`` for position r (from 0) and table x (from 0). NS triplettes 0..T−1: triplette x stays at
  table x all séance. EW triplettes T..2T−1 move up one table a position (the last table's to
  table 0); séries 0..T−1 move down one table (série s is at table s − r): NS x plays série x + r
  and meets EW T + (x − r). With an even T the plain Mitchell brings an EW triplette back to a
  série at position T/2 (it gains two tables a position on the séries), so **(choice)** a skip
  rather than a relay table: from position T/2 on the EW triplettes jump one extra table. Their
  lead on the séries is then 0, 2, …, T − 2 before the skip and T + 1, T + 3, … after it: all
  distinct mod T.
- Limits **(choice)**: T ≥ 2; R ≤ T for odd T, R ≤ T − 1 for even T (``mitchell_max_rounds``): at
  R = T the skip brings every EW triplette back to its first NS triplette. No movement in which
  the EW triplettes and the séries each shift by a whole number of tables a position does better
  (T positions would need an orthomorphism of Z_T, which has none for even T); orthogonal Latin
  squares would reach T for T ≠ 2, 6, but then the EW triplettes no longer move together. 2 tables
  thus play one position.
- ``howell_movement(teams=n, rounds=None)``, same shape, for 5 to 16 triplettes: every
  triplette meets every other once; lines change by position (``team_lines`` for the cards); with
  n odd the triplette facing the phantom sits out and that table is left out (``howell_byes``).
  How the pairings, lines and séries are chosen: ``duplicate_howell``.
- Hard rules of every triplette movement returned: a table has one NS and one EW triplette and one
  série a position; a série is at one table a position; no triplette plays a série twice; no
  two triplettes meet twice. ``series_count`` says how many séries to prepare.
- ``duplication_duty(board_number)``: which line prepares an étui at the first position, the NS
  triplette for odd étuis and the EW one for even étuis (§3).

Quadrettes (every quadrette plays the same étuis, rulebook p. 23):

- ``quadrette_schedule(teams=n)`` returns ``rounds[r] == [{"A": a, "B": b, "set": r}, …]``:
  teams 0..n−1, a round-robin by the circle method over n − 1 rounds (n rounds when n is odd: the
  team facing the phantom has the bye and is absent from the round, ``byes``). In an opposition,
  A's attacker plays at B's home table against B's defence and B's attacker at A's home table
  against A's. A < B **(choice)**: who is A only fixes the sign of the PM.
- Séries **(choice)**: round r plays série r at every table, so each étui is played at every
  home table (all but the bye's), once by every attacker and once against every defence, and the
  round's pairing pairs the quadrettes two by two on it: the étui is compared inside each pair.
  A quadrette never meets a série twice.
- Copies: every table of a round plays the same série, so at any moment as many étuis of it are
  on the tables as tables play. ``board_relay`` cuts the round's tables (in room order) into the
  fewest groups of at most as many tables as the série has étuis, as even as can be; a group
  shares one copy of the série: the table at place i of its group plays the série's étuis i,
  i + 1, … (mod the étuis) and hands each étui on to the table before it in the group (the
  first to the last), where it waits when that table is still busy. ``copies_needed`` is thus
  ⌈tables ÷ étuis⌉ copies of each étui, the fewest with which all tables play at once (8
  quadrettes, 4 étuis a série: 2 copies); ``opening_tables`` says which tables start each étui.
- ``quadrette_movement(teams=n, boards=k)`` puts it together: per round, per home table, the
  visiting attacker, the série, the étuis in the order played, where each étui goes next and
  where the attacker plays at the next round; ``schedule_movement`` the same for a schedule
  given (a séance's first rounds as drawn and stored, its teams by id, its tables by number).

Glossary: série (``set``), étui (board), ligne (line: NS or EW), triplette / quadrette (team),
position (a round of play).

Pure: no Django, no database; deterministic.
"""

from .duplicate_howell import howell_byes, howell_movement, howell_positions

__all__ = [
    "board_relay",
    "byes",
    "copies_needed",
    "duplication_duty",
    "howell_byes",
    "howell_movement",
    "howell_positions",
    "mitchell_max_rounds",
    "mitchell_movement",
    "opening_tables",
    "quadrette_movement",
    "quadrette_schedule",
    "schedule_movement",
    "series_count",
    "team_lines",
]

TEAM_LINES = ("NS", "EW")


def mitchell_max_rounds(tables: int) -> int:
    """The most positions of a Mitchell at ``tables`` tables (see the module's limits)."""
    return tables if tables % 2 else tables - 1


def mitchell_movement(tables: int, rounds: int) -> list[list[dict]]:
    """The Mitchell of ``tables`` tables over ``rounds`` positions (see the module)."""
    if type(tables) is not int or tables < 2:
        raise ValueError("a Mitchell needs two tables at least: one has nothing to compare")
    most = mitchell_max_rounds(tables)
    if type(rounds) is not int or not 1 <= rounds <= most:
        why = (
            "then an EW triplette would play a série again"
            if tables % 2
            else "with the skip, an EW triplette would meet its first NS triplette again"
        )
        raise ValueError(f"{rounds} positions at {tables} tables: between 1 and {most} ({why})")
    skip_from = tables // 2 if tables % 2 == 0 else rounds
    movement = []
    for r in range(rounds):
        shift = r + (r >= skip_from)  # how far the EW triplettes have moved up
        movement.append(
            [
                {"NS": x, "EW": tables + (x - shift) % tables, "set": (x + r) % tables}
                for x in range(tables)
            ]
        )
    return movement


def team_lines(movement: list[list[dict]]) -> dict[int, list[str]]:
    """Triplette -> its line ("NS" or "EW") at each position, "" where it sits out."""
    lines: dict[int, list[str]] = {
        table[line]: [""] * len(movement)
        for position in movement
        for table in position
        for line in TEAM_LINES
    }
    for r, position in enumerate(movement):
        for table in position:
            for line in TEAM_LINES:
                lines[table[line]][r] = line
    return dict(sorted(lines.items()))


def series_count(movement: list[list[dict]]) -> int:
    """How many séries a movement (or a quadrette schedule) plays."""
    return len({table["set"] for position in movement for table in position})


def duplication_duty(board_number: int) -> str:
    """The line that prepares étui ``board_number`` at the first position: NS for odd, EW for
    even (§3)."""
    return "NS" if board_number % 2 else "EW"


def quadrette_schedule(teams: int) -> list[list[dict]]:
    """The round-robin of oppositions of ``teams`` quadrettes (see the module)."""
    if type(teams) is not int or teams < 2:
        raise ValueError("quadrettes need two teams at least: an opposition is two teams")
    v = teams - 1 + teams % 2  # rounds; the circle turns Z_v, team v is fixed (phantom if odd)
    schedule = []
    for r in range(v):
        pairs = [(r, v)] + [((r + x) % v, (r - x) % v) for x in range(1, (v - 1) // 2 + 1)]
        oppositions = sorted(
            tuple(sorted(pair)) for pair in pairs if v not in pair or teams % 2 == 0
        )
        schedule.append([{"A": a, "B": b, "set": r} for a, b in oppositions])
    return schedule


def byes(schedule: list[list[dict]]) -> dict[int, int]:
    """Round -> the quadrette with the bye (odd fields only; empty for even ones)."""
    teams = {opposition[side] for rnd in schedule for opposition in rnd for side in "AB"}
    found = {}
    for r, rnd in enumerate(schedule):
        out = teams - {opposition[side] for opposition in rnd for side in "AB"}
        if out:
            (found[r],) = out
    return found


def _check_boards(boards: int) -> None:
    if type(boards) is not int or boards < 1:
        raise ValueError("a série has one étui at least")


def _groups(tables: list[int], boards: int) -> list[list[int]]:
    """``tables`` cut into the fewest groups of at most ``boards`` tables, as even as can be."""
    count = -(-len(tables) // boards)
    size, extra = divmod(len(tables), count)
    groups, start = [], 0
    for g in range(count):
        end = start + size + (g < extra)
        groups.append(tables[start:end])
        start = end
    return groups


def board_relay(tables: list[int], boards: int) -> dict[int, dict]:
    """How one copy a group circulates the série's ``boards`` étuis (indices 0..boards−1)
    among ``tables`` (in room order): table -> {"group": g, "boards": the étuis in the order
    the table plays them, "next": the table each goes to next, None after its last table}."""
    _check_boards(boards)
    relay = {}
    for g, group in enumerate(_groups(list(tables), boards)):
        for place, table in enumerate(group):
            order = tuple((place + slot) % boards for slot in range(boards))
            following = []
            for slot, board in enumerate(order):
                # étui ``board`` is at place board − later at slot ``later``: one place down
                later = (
                    (board - after) % boards
                    for after in range(slot + 1, boards)
                    if (board - after) % boards < len(group)
                )
                place_next = next(later, None)
                following.append(None if place_next is None else group[place_next])
            relay[table] = {"group": g, "boards": order, "next": tuple(following)}
    return relay


def _round_tables(rnd: list[dict], numbers: dict | None) -> list[int]:
    """The home tables of a round in room order: by their numbers (``numbers``: team -> table
    number; the team's index when None)."""
    teams = [opposition[side] for opposition in rnd for side in "AB"]
    return sorted(numbers[team] if numbers else team for team in teams)


def copies_needed(schedule: list[list[dict]], boards: int) -> dict[int, int]:
    """Série -> copies of each of its étuis to prepare: one per relay group of its round."""
    _check_boards(boards)
    return {rnd[0]["set"]: -(-2 * len(rnd) // boards) for rnd in schedule if rnd}


def opening_tables(
    schedule: list[list[dict]], boards: int, numbers: dict | None = None
) -> dict[int, list[list[int]]]:
    """Série -> per étui (index 0..boards−1) the tables where its copies are put at the start
    of its round (table numbers from ``numbers``: team -> number, else the team indices)."""
    opening = {}
    for rnd in schedule:
        if not rnd:
            continue
        relay = board_relay(_round_tables(rnd, numbers), boards)
        starts: list[list[int]] = [[] for _board in range(boards)]
        groups = {}
        for table, found in relay.items():
            groups.setdefault(found["group"], []).append(table)
        for group in groups.values():
            for board in range(boards):
                # the copy starts where it is first played, or waits at the group's last table
                first = next((t for t in group if relay[t]["boards"][0] == board), group[-1])
                starts[board].append(first)
        opening[rnd[0]["set"]] = [sorted(tables) for tables in starts]
    return opening


def quadrette_movement(teams: int, boards: int, numbers: dict | None = None) -> list[dict]:
    """Round r -> home table -> {"defence": team, "attack": team, "set": r, "group", "boards",
    "next" (as ``board_relay``), "attacker_next": where that attacker plays at round r + 1,
    None after the last round or at its bye}; the bye's table is absent (see the module)."""
    return schedule_movement(quadrette_schedule(teams), boards, numbers)


def schedule_movement(
    schedule: list[list[dict]], boards: int, numbers: dict | None = None
) -> list[dict]:
    """``quadrette_movement`` of a schedule in ``quadrette_schedule``'s shape: the rounds as
    drawn, or their first ones (a séance's positions), any hashable team ids with ``numbers``
    (team -> its home table's number)."""
    number = (lambda team: numbers[team]) if numbers else (lambda team: team)
    movement = []
    for rnd in schedule:
        relay = board_relay(_round_tables(rnd, numbers), boards)
        tables = {}
        for opposition in rnd:
            for home, visitor in (
                (opposition["A"], opposition["B"]),
                (opposition["B"], opposition["A"]),
            ):
                table = number(home)
                tables[table] = {
                    "defence": home,
                    "attack": visitor,
                    "set": opposition["set"],
                    **relay[table],
                }
        movement.append(dict(sorted(tables.items())))
    for r, tables in enumerate(movement):
        following = movement[r + 1] if r + 1 < len(movement) else {}
        at = {found["attack"]: table for table, found in following.items()}
        for found in tables.values():
            found["attacker_next"] = at.get(found["attack"])
    return movement
