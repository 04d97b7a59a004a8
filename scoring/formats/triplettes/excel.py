"""The Excel workbook of a triplettes séance (fft-duplicate.md §3, as §2's "Excel export of every
score and note"): a sheet of every line of every travelling sheet with its teams, attackers and
notes, and a sheet of the triplettes with the séance's percentages and places.

Row generators on ``triplettes_lines`` and ``triplette_session_results``, the reads of the
rankings and feuilles de route; ``common.rendering.xlsx_bytes`` writes them. Official:
confirmed travelling sheets only. Numbers as ``excel_duplicate`` writes them. Must not write.
"""

from collections.abc import Iterator

from django.utils.translation import gettext as _

from common.rendering import XLSX, xlsx_bytes
from scoring.formats.duplicate.excel import _yes, number
from scoring.formats.triplettes.lines import TripletteLine, triplette_lines
from scoring.formats.triplettes.reads import (
    TripletteSession,
    fixed_lines,
    triplette_session_results,
)
from tournaments.models import Session


def line_rows(lines: list[TripletteLine], teams: dict, people: dict) -> Iterator[list]:
    """One row per typed line, in the order of the étuis, then of the positions: the attacking
    and defending triplettes by number, the attacker and the expected one by member number."""
    yield [
        _("Étui"), _("Série"), _("Position"), _("Table"), _("Taker"), _("Attack triplette"),
        _("Defence triplette"), _("Attacker"), _("Expected attacker"), _("Out of turn"),
        _("Score"), _("Adjusted"), _("Cancelled"), _("Deal version"), _("Attack note"),
        _("Defence note"),
    ]  # fmt: skip
    for row in lines:
        line = row.line
        if line is None:
            continue
        yield [
            row.board.number, row.board.board_set, row.position, row.table, row.board.taker,
            teams.get(row.attack_team), teams.get(row.defence_team), people.get(row.attacker),
            people.get(row.expected), _yes(row.out_of_turn), line.score, _yes(line.adjusted),
            _yes(line.cancelled), line.deal_version, number(row.attack_note),
            number(row.defence_note),
        ]  # fmt: skip


def team_rows(results: TripletteSession, fixed: bool) -> Iterator[list]:
    """One row per triplette in the général's order: the ranking's columns."""
    yield [
        _("Général place"), _("Alterné place"), _("No."), _("Name"), _("Line"), _("Attack %"),
        _("Defence %"), _("Global %"), _("Penalties"), _("Étuis counted"),
    ]  # fmt: skip
    for result in results.teams:
        yield [
            result.general_place, result.alternate_place if fixed else None,
            result.team.number, result.team.name, result.line if fixed else None,
            number(result.attack), number(result.defence), number(result.overall),
            number(result.penalty), result.played,
        ]  # fmt: skip


def session_workbook(session: Session) -> tuple[str, str, bytes]:
    """The séance's workbook: "Lines" and "Triplettes"."""
    tournament = session.tournament
    teams = dict(tournament.teams.values_list("pk", "number"))
    people = dict(tournament.registrations.values_list("pk", "number"))
    lines = [row for _board, rows in triplette_lines(session) for row in rows]
    results = triplette_session_results(session, official=True)
    content = xlsx_bytes(
        [
            (_("Lines"), line_rows(lines, teams, people)),
            (_("Triplettes"), team_rows(results, fixed_lines(session))),
        ]
    )
    return f"{tournament.slug}-seance-{session.number}-notes.xlsx", XLSX, content
