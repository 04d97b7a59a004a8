"""The versions of a team-match sheet (fft-duplicate.md §5): every save of a room's attacker's
or defenders' sheet, who saved it, when, and which étuis it changed.

A sheet's lines hold its last version only; each save is an audit entry with the whole sheet
(``services_match.sheet_save``), written in the save's own transaction, so the entries are the
sheet's versions, oldest first. Reads only: it never writes nor decides anything.
"""

from dataclasses import dataclass, field

from scoring.actions import Action
from scoring.models.match import MatchQuarter
from tournaments.models import AuditEntry


@dataclass(frozen=True)
class SheetVersion:
    number: int  # from 1
    user: object  # the account, None once deleted
    at: object  # datetime
    lines: dict  # étui -> (contract, score)
    # étui -> (before, after), each (contract, score) or None: what this save changed
    changes: dict = field(default_factory=dict)


def sheet_versions(quarter: MatchQuarter) -> dict[tuple[str, str], list[SheetVersion]]:
    """(room, keeper) -> the versions of that sheet, oldest first: one query."""
    entries = (
        AuditEntry.objects.filter(
            tournament_id=quarter.match.tournament_id,
            action=Action.MATCH_SHEET_ENTERED,
            data__match=quarter.match.number,
            data__quarter=quarter.number,
        )
        .select_related("user")
        .order_by("created_at", "id")
    )
    versions: dict[tuple[str, str], list[SheetVersion]] = {}
    for entry in entries:
        key = (entry.data.get("room"), entry.data.get("keeper"))
        lines = {board: (contract, score) for board, contract, score in entry.data.get("lines", [])}
        earlier = versions.setdefault(key, [])
        before = earlier[-1].lines if earlier else {}
        changes = {
            board: (before.get(board), lines.get(board))
            for board in sorted(set(before) | set(lines))
            if before.get(board) != lines.get(board)
        }
        earlier.append(SheetVersion(len(earlier) + 1, entry.user, entry.created_at, lines, changes))
    return versions
