"""The duplicate's files, as row generators (header first): every line of every travelling
sheet and the tournament's ranking, in the columns of fft-duplicate.md §6. ``export_duplicate``
writes them as CSV; the results workbook takes the same rows.

Official: confirmed travelling sheets only, as the rankings the public sees once a séance is
closed. Percentages are written with 4 decimals, rounded half away from zero.
"""

from scoring.engine.duplicate import percentages
from scoring.formats.duplicate.reads import (
    ATTACK_WEIGHT,
    board_plays,
    current_sheets,
    session_results,
    sheet_lines,
    tournament_results,
)
from scoring.formats.quadrettes.exports import quadrettes_lines_rows, quadrettes_ranking_rows
from scoring.formats.triplettes.exports import triplettes_lines_rows, triplettes_ranking_rows
from scoring.shown import decimal_text
from tournaments.models import Tournament

LINES_HEADER = [
    "board",
    "position",
    "table",
    "north",
    "east",
    "south",
    "west",
    "taker",
    "attack_team",
    "defence_team",
    "score",
    "status",
]
RANKING_HEADER = [
    "general_place",
    "alternate_place",
    "number",
    "line",
    "attack",
    "defence",
    "overall",
    "pm",
]


def lines_rows(tournament: Tournament, *, official: bool = True):
    if tournament.is_triplettes:
        yield from triplettes_lines_rows(tournament, official=official)
        return
    if tournament.is_quadrettes:
        yield from quadrettes_lines_rows(tournament, official=official)
        return
    yield LINES_HEADER
    numbers = dict(tournament.registrations.values_list("pk", "number"))
    for session in tournament.sessions.order_by("number"):
        plays = {
            (play.position, play.table): play
            for série in board_plays(session).values()
            for play in série
        }
        sheets = current_sheets(session, official)
        lines = sheet_lines(sheet.pk for sheet in sheets.values())
        for board in session.boards.order_by("number"):
            sheet = sheets.get(board.pk)
            for line in lines.get(sheet.pk, []) if sheet else []:
                play = plays[(line.round.number, line.table_number)]
                yield [
                    board.number,
                    line.round.number,
                    line.table_number,
                    *(numbers[play.players[o]] for o in "NESW"),
                    board.taker,
                    "",
                    "",
                    "" if line.score is None else line.score,
                    "cancelled" if line.cancelled else "played",
                ]


def ranking_rows(tournament: Tournament, *, official: bool = True):
    """One row per player, the whole tournament: the général on the total; the alterné, the
    line and the séance's percentages for a one-séance tournament."""
    if tournament.is_triplettes:
        yield from triplettes_ranking_rows(tournament, official=official)
        return
    if tournament.is_quadrettes:
        yield from quadrettes_ranking_rows(tournament, official=official)
        return
    yield RANKING_HEADER
    sessions = list(tournament.sessions.order_by("number"))
    if len(sessions) == 1:
        results = session_results(sessions[0], official=official)
        for result in results.players:
            yield [
                result.general_place or "",
                result.alternate_place or "",
                result.registration.number,
                result.line,
                decimal_text(result.attack),
                decimal_text(result.defence),
                decimal_text(result.overall),
                "",
            ]
        return
    for row in tournament_results(tournament, official=official):
        notes = [n for result in row.sessions.values() for n in result.notes]
        counted = percentages(
            attack=[n.note for n in notes if n.attack],
            defence=[n.note for n in notes if not n.attack],
            attack_weight=ATTACK_WEIGHT,
        )
        yield [
            row.place or "",
            "",
            row.registration.number,
            "",
            decimal_text(counted.attack),
            decimal_text(counted.defence),
            decimal_text(row.total),
            "",
        ]
