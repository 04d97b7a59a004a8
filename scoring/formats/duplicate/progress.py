"""Which positions of a duplicate séance are over (fft-duplicate.md §2 "Entry"), so that the
public seating page and the projector show the position being played, not the last one.

A position is over when, at every one of its tables, each étui of the série it plays there has
a score the staff know: a line of the étui's travelling sheet (entered, confirmed or not) or the
table's reported score (``TableReport``, the slip handed in after each position). That is what
an arbitre watches in the room: a table is done once its scores are handed in. Every position
of a closed séance is over. A club that collects nothing before the end of the séance moves the
players on by the arbitre's announce instead (``Session.playing``, read beside this by
``selectors_seating.round_played``).

Reads only whether scores exist, never what they are: the public may see how far play has gone,
never a score before the séance closes (§1.7). Registered with ``tournaments.extensions``.
"""

from collections import Counter, defaultdict

from django.db.models import Count, QuerySet

from scoring.models.duplicate import Board, TravellingLine, TravellingSheet
from scoring.models.duplicate_reports import TableReport
from tournaments.models import Table


def finished_positions(rounds: QuerySet) -> set[int]:
    """The ids of ``rounds`` (positions of séances) whose every table's scores are in: four
    queries whatever the size of the séance."""
    tables = Table.objects.filter(
        round__in=rounds, round__session__isnull=False, board_set__isnull=False
    ).values_list(
        "round_id", "round__session_id", "round__session__closed_at", "number", "board_set"
    )
    tables = list(tables)
    if not tables:
        return set()
    sessions = {session for _r, session, _c, _n, _s in tables}
    boards = {
        (row["session_id"], row["board_set"]): row["n"]
        for row in Board.objects.filter(session__in=sessions)
        .values("session_id", "board_set")
        .annotate(n=Count("pk"))
    }
    known = defaultdict(set)  # (round id, table number) -> the étuis with a score
    lines = TravellingLine.objects.filter(round__in=rounds).exclude(
        sheet__status=TravellingSheet.Status.SUPERSEDED
    )
    for round_id, table, board in lines.values_list("round_id", "table_number", "sheet__board_id"):
        known[round_id, table].add(board)
    reports = TableReport.objects.filter(round__in=rounds)
    for round_id, table, board in reports.values_list("round_id", "table_number", "board_id"):
        known[round_id, table].add(board)
    waiting = Counter()
    for round_id, session, closed_at, number, board_set in tables:
        expected = boards.get((session, board_set), 0)
        if closed_at is None and (not expected or len(known[round_id, number]) < expected):
            waiting[round_id] += 1
    return {round_id for round_id, *_rest in tables if not waiting[round_id]}
