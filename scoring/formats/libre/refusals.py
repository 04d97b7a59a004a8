"""Why a score sheet cannot be saved: another version came first, or the sheet as typed breaks
a rule of the whole sheet (no deal, fewer deals with no reason, a correction with no reason or a
visa missing) besides what the check found line by line.

``SheetRefused`` carries ``Problem`` values (deal, field of the ``SheetEntry``, seat): the
entry form places each next to its field, the arbitre's decisions word them in one sentence.
"""

from django.core.exceptions import ValidationError

from common.text import clean_text, has_visible_text, trim_invisible
from scoring.engine.entry import SheetEntry
from scoring.engine.sheet import Problem, SheetCheck, TableSetup
from scoring.messages import problem_message
from scoring.sheet_lifecycle import Conflict

# Another version came first: the lifecycle's conflict answer, under the name the pages know.
StaleSheet = Conflict


class SheetRefused(ValidationError):
    """The sheet cannot be saved as typed: ``problems`` say where (deal, field, seat) and why."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__(
            [ValidationError(problem_message(p.code, p.params), code=p.code) for p in problems]
        )


def sheet_errors(
    setup: TableSetup, check: SheetCheck, entry: SheetEntry, *, correcting: bool
) -> list[Problem]:
    """Every reason the sheet cannot be saved."""
    problems = list(check.errors)
    if not check.played and not problems:
        problems.append(Problem("no_deal", 1, "contract"))
    if 0 < check.played < setup.deals and not has_visible_text(reason_kept(entry.short_reason)):
        params = {"played": check.played, "expected": setup.deals}
        problems.append(Problem("short_reason_required", field="short_reason", params=params))
    if correcting and not has_visible_text(reason_kept(entry.reason)):
        problems.append(Problem("reason_required", field="reason"))
    if correcting:  # confirmed at once: the visas must all be there, as for a confirmation
        missing = [seat for seat in range(setup.size) if seat not in entry.visas]
        problems += [Problem("visa_missing", field="visas", seat=seat) for seat in missing]
    return problems


def reason_kept(text: str) -> str:
    """A reason typed on the sheet, as kept."""
    return trim_invisible(clean_text(text, 300))


def visas_kept(setup: TableSetup, entry: SheetEntry) -> list[int]:
    return sorted(seat for seat in entry.visas if 0 <= seat < setup.size)
