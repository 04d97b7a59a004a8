"""The quadrettes' files (fft-duplicate.md §6), in the duplicate's columns. A line names the
attacking (visiting) and defending (home) quadrettes by number, the attacker of the séance in
the South column, taker always S, and the home defenders in the North, East and West they keep
for the séance (``session_defenders``). ``ranking.csv``: one row per quadrette, its place and
its PM with 3 decimals (no plus sign), the percentage columns empty.
"""

from scoring.formats.duplicate.exports import LINES_HEADER, RANKING_HEADER
from scoring.formats.duplicate.reads import current_sheets, sheet_lines
from scoring.formats.quadrettes.reads import (
    quadrette_plays,
    quadrette_ranked,
    session_attackers,
    session_defenders,
)
from tournaments.models import Tournament


def quadrettes_lines_rows(tournament: Tournament, *, official: bool = True):
    yield LINES_HEADER
    numbers = dict(tournament.registrations.values_list("pk", "number"))
    teams = dict(tournament.teams.values_list("pk", "number"))
    for session in tournament.sessions.order_by("number"):
        plays = {
            (p.position, p.table): p for série in quadrette_plays(session).values() for p in série
        }
        attackers = session_attackers(session)
        defenders = session_defenders(session)
        sheets = current_sheets(session, official)
        lines = sheet_lines(sheet.pk for sheet in sheets.values())
        for board in session.boards.order_by("number"):
            sheet = sheets.get(board.pk)
            for line in lines.get(sheet.pk, []) if sheet else []:
                play = plays[(line.round.number, line.table_number)]
                attacker = attackers.get(play.visitor)
                seats = {o: numbers[pk] for o, pk in defenders.get(play.home, {}).items()}
                yield [
                    board.number,
                    line.round.number,
                    line.table_number,
                    seats.get("N", ""),
                    seats.get("E", ""),
                    numbers[attacker] if attacker else "",
                    seats.get("W", ""),
                    "S",
                    teams[play.visitor],
                    teams[play.home],
                    "" if line.score is None else line.score,
                    "cancelled" if line.cancelled else "played",
                ]


def quadrettes_ranking_rows(tournament: Tournament, *, official: bool = True):
    yield RANKING_HEADER
    for place, team, pm in quadrette_ranked(tournament, official=official):
        yield [place or "", "", team.number, "", "", "", "", f"{pm:.3f}"]
