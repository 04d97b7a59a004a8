"""Writes of the tables' reports (fft-duplicate.md §2 "Entry"): a table reports its scores
position by position, for the staff's provisional ranking.

- ``table_report_save``: one table's scores at one position, étui by étui. Each étui must be
  one of the série that table plays at that position by the movement; each score one a Garde
  at 4 can give (``engine.duplicate.check_score``, as on a travelling sheet: a report has no
  arbitre's adjustment). The séance must be open. The table's earlier report of those étuis is
  replaced; the others are kept.

A report never reaches the official results nor any public page: ``scoring.formats.duplicate.reads``
reads it for the provisional view only, and only where the étui's travelling sheet has no line for
that table. Runs in one transaction with its audit entry; a refusal saves nothing.
"""

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from scoring.actions import Action
from scoring.engine.duplicate import check_score
from scoring.formats.duplicate.messages_reports import report_message
from scoring.formats.duplicate.reads import board_plays
from scoring.formats.duplicate.services_boards import refuse_if_closed
from scoring.models.duplicate import Board
from scoring.models.duplicate_reports import TableReport
from tournaments.models import Round, Session, StaffRole
from tournaments.permissions import require_role
from tournaments.services import audit_log
from tournaments.services_common import hold_tournament

Role = StaffRole.Role


@dataclass(frozen=True)
class ReportProblem:
    code: str
    board: int | None  # the étui's number; None for the whole report
    params: dict = field(default_factory=dict)


class ReportRefused(ValidationError):
    """The report cannot be saved as typed: ``problems`` say which étui and why."""

    def __init__(self, problems: list[ReportProblem]):
        self.problems = problems
        super().__init__(
            [ValidationError(report_message(p.code, p.params), code=p.code) for p in problems]
        )


def report_problems(
    session: Session, round_number: int, table: int, scores: dict[int, int]
) -> list[ReportProblem]:
    """Every reason the report cannot be saved, étui by étui."""
    played = {
        série
        for série, plays in board_plays(session).items()
        for play in plays
        if (play.position, play.table) == (round_number, table)
    }
    sets = dict(
        Board.objects.filter(session=session, number__in=list(scores)).values_list(
            "number", "board_set"
        )
    )
    problems = []
    if not scores:
        problems.append(ReportProblem("no_score", None))
    for number, score in sorted(scores.items()):
        if sets.get(number) not in played:
            params = {"table": table, "board": number, "position": round_number}
            problems.append(ReportProblem("report_not_played", number, params))
            continue
        problem = check_score(score)
        if problem is not None:
            problems.append(ReportProblem(problem.code, number, dict(problem.params)))
    return problems


@transaction.atomic
def table_report_save(
    *, session: Session, round_number: int, table: int, scores: dict[int, int], user
) -> list[TableReport]:
    """The scores ``table`` reports at position ``round_number``: étui number -> score."""
    tournament = session.tournament
    require_role(user, tournament, Role.SCORER)
    hold_tournament(tournament)
    # Locked as closing the séance locks it: a report is saved before the close or refused.
    session = Session.objects.select_for_update().get(pk=session.pk)
    refuse_if_closed(session)
    problems = report_problems(session, round_number, table, scores)
    if problems:
        raise ReportRefused(problems)
    position = Round.objects.get(session=session, number=round_number)
    boards = {b.number: b for b in Board.objects.filter(session=session, number__in=list(scores))}
    now = timezone.now()
    reports = [
        TableReport.objects.update_or_create(
            board=boards[number],
            round=position,
            table_number=table,
            defaults={"score": score, "reported_by": user, "reported_at": now},
        )[0]
        for number, score in sorted(scores.items())
    ]
    audit_log(
        action=Action.TABLE_REPORTED,
        user=user,
        tournament=tournament,
        data={
            "session": session.number,
            "position": round_number,
            "table": table,
            "scores": [[number, score] for number, score in sorted(scores.items())],
        },
    )
    return reports
