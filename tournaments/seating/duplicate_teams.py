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

Quadrettes:

- ``quadrette_schedule(teams=n)`` returns ``rounds[r] == [{"A": a, "B": b, "set": s}, …]``:
  teams 0..n−1, a round-robin by the circle method over n − 1 rounds (n rounds when n is odd: the
  team facing the phantom has the bye and is absent from the round, ``byes``). In an opposition,
  A's attacker plays at B's home table against B's defence and B's attacker at A's home table
  against A's, both on série s. A < B **(choice)**: who is A only fixes the sign of the PM.
- Séries **(choice)**: one série per opposition over the whole schedule, numbered 0, 1, 2 … in the
  order played, so a quadrette plays each étui it meets exactly twice, once in attack and once in
  defence, and never meets a série in two oppositions. Both tables of an opposition start the
  série together: ``copies_needed`` (2 copies of each étui) and ``opening_tables`` (the two home
  tables, numbered as the teams).

Glossary: série (``set``), étui (board), ligne (line: NS or EW), triplette / quadrette (team),
position (a round of play).

Pure: no Django, no database; deterministic.
"""

from .duplicate_howell import howell_byes, howell_movement, howell_positions

__all__ = [
    "byes",
    "copies_needed",
    "duplication_duty",
    "howell_byes",
    "howell_movement",
    "howell_positions",
    "mitchell_max_rounds",
    "mitchell_movement",
    "opening_tables",
    "quadrette_schedule",
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
    schedule, played = [], 0
    for r in range(v):
        pairs = [(r, v)] + [((r + x) % v, (r - x) % v) for x in range(1, (v - 1) // 2 + 1)]
        oppositions = sorted(
            tuple(sorted(pair)) for pair in pairs if v not in pair or teams % 2 == 0
        )
        schedule.append(
            [{"A": a, "B": b, "set": played + k} for k, (a, b) in enumerate(oppositions)]
        )
        played += len(oppositions)
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


def copies_needed(schedule: list[list[dict]]) -> dict[int, int]:
    """Série -> copies of each of its étuis to prepare: as many as tables that play it in one
    round (both home tables of its opposition: 2)."""
    copies: dict[int, int] = {}
    for rnd in schedule:
        tables: dict[int, int] = {}
        for opposition in rnd:
            tables[opposition["set"]] = tables.get(opposition["set"], 0) + 2
        for serie, count in tables.items():
            copies[serie] = max(copies.get(serie, 0), count)
    return dict(sorted(copies.items()))


def opening_tables(schedule: list[list[dict]]) -> dict[int, list[int]]:
    """Série -> the home tables (numbered as the teams) that start it, in its first round."""
    opening: dict[int, list[int]] = {}
    for rnd in schedule:
        starting: dict[int, list[int]] = {}
        for opposition in rnd:
            if opposition["set"] not in opening:
                starting.setdefault(opposition["set"], []).extend(
                    (opposition["A"], opposition["B"])
                )
        opening.update((serie, sorted(tables)) for serie, tables in starting.items())
    return dict(sorted(opening.items()))
