"""The triplettes' files (fft-duplicate.md §6), in the duplicate's columns: every line of every
travelling sheet and the triplettes' ranking. The tournament's format (``Triplettes``) hands
them to ``scoring.formats.duplicate.exports.lines_rows`` and ``ranking_rows``.

A line names the attacking and defending triplettes by number and the attacker in the column
of the étui's taker; the three defenders' seats are their captain's choice deal by deal and are
not recorded, so the other three player columns stay empty **(choice)**.
"""

from scoring.formats.duplicate.exports import LINES_HEADER, RANKING_HEADER, decimal_text
from scoring.formats.duplicate.reads import current_sheets, sheet_lines
from scoring.formats.triplettes.reads import (
    triplette_plays,
    triplette_session_results,
    triplette_tournament_results,
)
from scoring.models.duplicate import TravellingLine
from tournaments.models import Tournament


def triplettes_lines_rows(tournament: Tournament, *, official: bool = True):
    yield LINES_HEADER
    numbers = dict(tournament.registrations.values_list("pk", "number"))
    teams = dict(tournament.teams.values_list("pk", "number"))
    for session in tournament.sessions.order_by("number"):
        plays = {
            (p.position, p.table): p for série in triplette_plays(session).values() for p in série
        }
        sheets = current_sheets(session, official)
        lines = sheet_lines(sheet.pk for sheet in sheets.values())
        attackers = dict(
            TravellingLine.objects.filter(
                sheet__in=sheets.values(), attacker__isnull=False
            ).values_list("pk", "attacker_id")
        )
        for board in session.boards.order_by("number"):
            sheet = sheets.get(board.pk)
            for line in lines.get(sheet.pk, []) if sheet else []:
                play = plays[(line.round.number, line.table_number)]
                attacker = attackers.get(line.pk)
                players = [
                    numbers[attacker] if o == board.taker and attacker else "" for o in "NESW"
                ]
                yield [
                    board.number,
                    line.round.number,
                    line.table_number,
                    *players,
                    board.taker,
                    teams[play.attack_team(board.taker)],
                    teams[play.defence_team(board.taker)],
                    "" if line.score is None else line.score,
                    "cancelled" if line.cancelled else "played",
                ]


def triplettes_ranking_rows(tournament: Tournament, *, official: bool = True):
    """One row per triplette: the général, and for one séance the alterné on its two lines."""
    yield RANKING_HEADER
    sessions = list(tournament.sessions.order_by("number"))
    if len(sessions) == 1:
        for result in triplette_session_results(sessions[0], official=official).teams:
            yield [
                result.general_place or "",
                result.alternate_place or "",
                result.team.number,
                result.line,
                decimal_text(result.attack),
                decimal_text(result.defence),
                decimal_text(result.overall),
                "",
            ]
        return
    for row in triplette_tournament_results(tournament, official=official):
        yield [
            row.place or "",
            "",
            row.team.number,
            "",
            "",
            "",
            decimal_text(row.total),
            "",
        ]
