"""The Excel workbook of a quadrettes séance (fft-duplicate.md §4): every line of every
travelling sheet with its quadrettes, attacker, écart and PM, and the quadrettes' results.

Row generators (a header row then plain values) on ``quadrette_boards`` and
``quadrette_session_results``, the reads of the rankings; ``common.rendering.xlsx_bytes`` writes
them. Official: confirmed travelling sheets only. PM are ``Decimal`` numbers with 3 decimals.
Must not write.
"""

from collections.abc import Iterator

from django.utils.translation import gettext as _

from common.rendering import XLSX, xlsx_bytes
from scoring.formats.quadrettes.documents_results import won_lost
from scoring.formats.quadrettes.reads import (
    QuadretteSession,
    line_points,
    quadrette_boards,
    quadrette_session_results,
    session_attackers,
)
from tournaments.models import Registration, Session, Team


def _yes(flag: bool) -> str:
    return _("yes") if flag else ""


def line_rows(session: Session, teams: dict, attackers: dict) -> Iterator[list]:
    """One row per table that plays each étui, in the order of the étuis then of the plays."""
    yield [
        _("Étui"), _("Série"), _("Position"), _("Table"), _("Taker"),
        _("Defence quadrette"), _("Attack quadrette"), _("Attacker no."), _("Attacker"),
        _("Score"), _("Adjusted"), _("Cancelled"), _("Rature"), "Écart", "PM",
    ]  # fmt: skip
    for item in quadrette_boards(session, official=True):
        points = line_points(item.lines)
        for play, line in item.lines:
            attacker = attackers.get(play.visitor)
            ecart, pm = points.get(play, (None, None))
            yield [
                item.board.number, item.board.board_set, play.position, play.table,
                "S", teams[play.home].number, teams[play.visitor].number,
                attacker.number if attacker else None, attacker.name if attacker else "",
                line.score if line is not None else None,
                _yes(line is not None and line.adjusted),
                _yes(line is not None and line.cancelled),
                _yes(line is not None and line.rature), ecart, pm,
            ]  # fmt: skip


def team_rows(results: QuadretteSession, attackers: dict) -> Iterator[list]:
    """One row per quadrette in the ranking's order."""
    yield [
        _("Place"), _("No."), _("Quadrette"), _("Attacker no."), _("Attacker"),
        _("Étuis counted"), _("PM won"), _("PM lost"), _("Penalties"), _("Result"),
    ]  # fmt: skip
    for result in results.teams:
        won, lost = won_lost(result)
        attacker = attackers.get(result.team.pk)
        yield [
            result.place, result.team.number, result.team.name,
            attacker.number if attacker else None, attacker.name if attacker else "",
            result.boards, won, lost, result.penalty, result.pm,
        ]  # fmt: skip


def session_workbook(session: Session) -> tuple[str, str, bytes]:
    """The séance's workbook: "Lines" and "Quadrettes"."""
    teams = Team.objects.filter(tournament=session.tournament).in_bulk()
    chosen = session_attackers(session)
    people = Registration.objects.in_bulk(chosen.values())
    attackers = {team: people.get(registration) for team, registration in chosen.items()}
    results = quadrette_session_results(session, official=True)
    content = xlsx_bytes(
        [
            (_("Lines"), line_rows(session, teams, attackers)),
            (_("Quadrettes"), team_rows(results, attackers)),
        ]
    )
    filename = f"{session.tournament.slug}-seance-{session.number}-pm.xlsx"
    return filename, XLSX, content
