"""The duplicate's grids typed from paper: an étui's travelling sheet (one row per table that
plays it: ``score-<i>``, ``rature-<i>``, ``adjusted-<i>``, ``reason-<i>``, ``cancelled-<i>``,
and in the triplettes ``attacker-<i>``; then ``reason`` and ``base_version``), and a table's
report of one position from its slip (``position``, then ``score-<étui>``).

The only places that know those names. Each form reads a score as written ("+56", "−52"), says
next to its field when it is no number, and builds the values the services take
(``TravellingEntry``, a report's scores by étui); it shows what a service refused next to the
row it belongs to. It never saves and checks no rule of the game: the services do both.
"""

from dataclasses import dataclass, field

from django import forms

from common.forms import Flag, OptionalInt, PostedText, VersionField
from scoring.formats.duplicate.messages import line_message
from scoring.formats.duplicate.messages_reports import report_message
from scoring.formats.duplicate.travelling_entry import LineEntry, TravellingEntry, parse_score

NOT_A_NUMBER = "not_a_number"


@dataclass(frozen=True)
class TypedLine:
    """One row of the travelling sheet as the page shows it: as typed, or, before anything
    is posted, as the current version holds it."""

    text: str = ""
    rature: bool = False
    adjusted: bool = False
    reason: str = ""
    cancelled: bool = False
    attacker: int | None = None  # triplettes: who took (else None)
    assigned_notes: dict = field(default_factory=dict)  # a cancelled line's, kept


class TravellingSheetForm(forms.Form):
    """An étui's travelling sheet. ``plays``: the tables that play it, in the sheet's order
    (``position`` and ``table``); ``stored``: the current version's lines; ``attackers``:
    stored line id -> who took (triplettes); ``expected``: per row, the attacker the order
    expects, in the triplettes only (None elsewhere: the sheet has no attacker column)."""

    reason = PostedText()
    # A post that does not say which version it was typed on cannot prove it saw the newest:
    # -1 matches no version, so it meets the conflict answer instead of replacing a correction.
    base_version = VersionField(missing=-1)

    def __init__(self, data=None, *, plays, stored=(), attackers=None, expected=None):
        super().__init__(data)
        self.plays, self.expected = list(plays), expected
        self.attackers = attackers or {}
        at = {(line.round.number, line.table_number): line for line in stored}
        self.stored = [at.get((play.position, play.table)) for play in self.plays]
        self.lines: list[tuple[int, LineEntry]] = []  # (row, line) for each row typed
        self._typed: list[TypedLine] = []
        text, tick, number = PostedText(), Flag(), OptionalInt()  # no state: shared
        for index in range(len(self.plays)):
            self.fields[f"score-{index}"] = text
            self.fields[f"reason-{index}"] = text
            for name in ("rature", "adjusted", "cancelled"):
                self.fields[f"{name}-{index}"] = tick
            if expected is not None:
                self.fields[f"attacker-{index}"] = number

    def _attacker(self, chosen: int | None, index: int) -> int | None:
        if self.expected is None:
            return None
        return chosen if chosen is not None else self.expected[index]

    def _kept_notes(self, index: int, cancelled: bool) -> dict:
        """A cancelled line keeps the notes the arbitre assigned it, while it stays cancelled."""
        line = self.stored[index]
        return dict(line.assigned_notes) if cancelled and line and line.cancelled else {}

    def _stored_line(self, index: int) -> TypedLine:
        line = self.stored[index]
        if line is None:
            return TypedLine(attacker=self._attacker(None, index))
        return TypedLine(
            text="" if line.score is None else f"{line.score:+d}",
            rature=bool(line.rature),
            adjusted=bool(line.adjusted),
            reason=line.adjust_reason,
            cancelled=bool(line.cancelled),
            attacker=self._attacker(self.attackers.get(line.pk), index),
            assigned_notes=self._kept_notes(index, bool(line.cancelled)),
        )

    def clean(self):
        data = super().clean()
        for index, play in enumerate(self.plays):
            cancelled = data[f"cancelled-{index}"]
            typed = TypedLine(
                text=data[f"score-{index}"],
                rature=data[f"rature-{index}"],
                adjusted=data[f"adjusted-{index}"],
                reason=data[f"reason-{index}"],
                cancelled=cancelled,
                attacker=self._attacker(data.get(f"attacker-{index}"), index),
                assigned_notes=self._kept_notes(index, cancelled),
            )
            self._typed.append(typed)
            try:
                score = parse_score(typed.text)
            except ValueError:
                self.add_error(f"score-{index}", line_message(NOT_A_NUMBER, {"text": typed.text}))
                continue
            if score is None and not cancelled:
                continue  # a line not typed: missing, shown as such
            line = LineEntry(
                position=play.position,
                table=play.table,
                score=score,
                rature=typed.rature,
                adjusted=typed.adjusted,
                adjust_reason=typed.reason,
                cancelled=cancelled,
                assigned_notes=typed.assigned_notes,
                attacker=typed.attacker,
            )
            self.lines.append((index, line))
        return data

    def _clean_once(self) -> None:
        if self._errors is None:
            self.full_clean()

    @property
    def typed(self) -> list[TypedLine]:
        """Each row as the page shows it again."""
        if not self.is_bound:
            return [self._stored_line(index) for index in range(len(self.plays))]
        self._clean_once()
        return self._typed

    @property
    def entry(self) -> TravellingEntry:
        """The rows typed, as the services take them (a row that is no number left out)."""
        self._clean_once()
        reason = self.cleaned_data.get("reason", "")
        return TravellingEntry(tuple(line for _row, line in self.lines), reason)

    @property
    def typed_reason(self) -> str:
        """The reason for a correction, as typed ("" before anything is posted)."""
        if not self.is_bound:
            return ""
        self._clean_once()
        return self.cleaned_data.get("reason", "")

    def refused(self, problems) -> None:
        """Each problem of the check next to its row; the whole sheet's at the top."""
        for problem in problems:
            message = line_message(problem.code, problem.params)
            if problem.index is None:
                self.add_error(None, message)
            else:
                self.add_error(f"score-{self.lines[problem.index][0]}", message)

    def told(self, messages) -> None:
        """Messages about the whole sheet (a refusal that names no row)."""
        for message in messages:
            self.add_error(None, message)

    def row_errors(self, index: int) -> list[str]:
        return list(self.errors.get(f"score-{index}", [])) if self.is_bound else []

    @property
    def sheet_errors(self) -> list[str]:
        return list(self.non_field_errors()) if self.is_bound else []


class TableReportForm(forms.Form):
    """A table's report of one position. ``boards_at``: position -> the étuis the table plays
    there, a ``score-<étui>`` field each; ``position`` says which position's form was sent
    (``posted``: None when it is none of them). ``scores`` are the scores typed for it, by
    étui (an empty field is no score)."""

    position = OptionalInt()

    def __init__(self, data=None, *, boards_at: dict[int, list[int]]):
        super().__init__(data)
        self.boards_at = boards_at
        self.scores: dict[int, int] = {}
        text = PostedText()  # no state: shared
        for boards in boards_at.values():
            for board in boards:
                self.fields[f"score-{board}"] = text

    @property
    def posted(self) -> int | None:
        """The position whose report was sent, when the table plays it."""
        if not self.is_bound:
            return None
        self.is_valid()  # cleans once
        position = self.cleaned_data.get("position")
        return position if position in self.boards_at else None

    def clean(self):
        data = super().clean()
        for board in self.boards_at.get(data.get("position"), ()):
            text = data[f"score-{board}"]
            try:
                score = parse_score(text)
            except ValueError:
                self.add_error(f"score-{board}", line_message(NOT_A_NUMBER, {"text": text}))
                continue
            if score is not None:
                self.scores[board] = score
        return data

    def text(self, board: int) -> str:
        """The score of étui ``board`` as typed."""
        return self[f"score-{board}"].data or ""

    def refused(self, problems) -> None:
        """Each problem of the report next to its étui; the others at the top."""
        boards = self.boards_at.get(self.posted, ())
        for problem in problems:
            message = report_message(problem.code, problem.params)
            self.add_error(f"score-{problem.board}" if problem.board in boards else None, message)

    def board_errors(self, board: int) -> list[str]:
        return list(self.errors.get(f"score-{board}", []))
