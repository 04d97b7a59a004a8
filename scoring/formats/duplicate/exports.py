"""The duplicate's files, as row generators (header first): every line of every travelling
sheet and the tournament's ranking, in the columns of fft-duplicate.md §6. ``export_duplicate``
writes them as CSV; the results workbook takes the same rows. ``lines_rows`` and
``ranking_rows`` ask the tournament's format (``DuplicateFamily``) for its rows; the
individuel's are written here, the team forms' in their packages, in the same columns.

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
from scoring.formats.registry import format_of
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
    """Every line of every travelling sheet of the duplicate ``tournament``, in its format's
    terms (``DuplicateFamily.lines_rows``)."""
    return format_of(tournament).lines_rows(tournament, official=official)


def ranking_rows(tournament: Tournament, *, official: bool = True):
    """The duplicate ``tournament``'s ranking file, in its format's terms
    (``DuplicateFamily.ranking_rows``)."""
    return format_of(tournament).ranking_rows(tournament, official=official)


def individuel_lines_rows(tournament: Tournament, *, official: bool = True):
    """The individuel's lines: the four players' numbers, the team columns empty."""
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


def individuel_ranking_rows(tournament: Tournament, *, official: bool = True):
    """One row per player, the whole tournament: the général on the total; the alterné, the
    line and the séance's percentages for a one-séance tournament."""
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
