"""The score sheet entry form: the only place that knows the page's field names.

``read_entry`` turns what the page posted (``d3-mark2``, ``d1-contract``, ``visa0``…) into a
``SheetEntry``, ``post_fields`` does the reverse (a stored version to edit, a load test's
client), and ``field_name`` places a ``Problem`` of the check next to its field.

``SheetForm`` holds the values as typed (strings), the problems found by ``check_sheet`` turned
into messages per field, and the marks the check computed, laid out as the paper sheet is: one
line per deal, one column per player. It never saves: the view hands ``form.entry`` to
``scoresheet_save``, which checks again. Kept apart from ``django.forms`` because the grid's
fields depend on the table (size, the dealer sitting out).

Deal lines: ``d<n>-mode``, ``d<n>-dealer`` (a seat number; empty: in turn), ``d<n>-dealt_again``,
``d<n>-contract``, ``d<n>-taker`` and ``d<n>-partner`` (seat numbers), the facts ``d<n>-bouts``,
``d<n>-points``, ``d<n>-pab``, ``d<n>-chelem``, ``d<n>-chelem_announced``,
``d<n>-poignee<seat>``, and the transcribed marks ``d<n>-mark<seat>``; then ``first_dealer``,
``visa<seat>``, ``short_reason`` and ``reason``.
"""

import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.formats import get_format
from django.utils.translation import gettext_lazy as _

from scoring.engine.entry import MARKS, NOT_A_SEAT, DealEntry, SheetEntry
from scoring.engine.sheet import Problem, SheetCheck, TableSetup, check_sheet
from scoring.messages import problem_message
from scoring.models import CampChoice, ContractChoice, Deal, PoigneeChoice
from tournaments.models.core import seat_name

# The sheet's own fields besides the deal lines and the visas.
SHEET_FIELDS = ("short_reason", "reason", "first_dealer")
MAX_DEALS = 99  # more lines than any table plays: a posted "d5000-mark0" is no line
_LINE_KEY = re.compile(r"d([1-9][0-9]?)-([a-z_]+?)([0-9]?)")
_BOXES = {  # the form's name of each text or choice of a line -> DealEntry's field
    "mode": "mode",
    "contract": "contract",
    "bouts": "bouts",
    "points": "points",
    "pab": "petit_au_bout",
    "chelem": "chelem",
}
_SEAT_CHOICES = ("dealer", "taker", "partner")
_TICKS = ("dealt_again", "chelem_announced")
_BY_SEAT = {"mark": "marks", "poignee": "poignees"}
_SEATED_NAMES = {"marks": "mark", "poignees": "poignee", "visas": "visa"}


def ticked(value) -> bool:
    """A checkbox's value as sent: absent, empty, "0", "off" or "false" is not ticked."""
    return value is not None and str(value).strip().lower() not in ("", "0", "off", "false")


def posted(post: Mapping) -> dict[str, str]:
    """What the sheet form sent: deal fields, visas and reasons, as strings, without the NUL
    characters that PostgreSQL cannot store and nobody types."""
    return {
        key: (value[:100] if key not in SHEET_FIELDS else value[:300]).replace("\x00", "")
        for key, value in post.items()
        if isinstance(value, str)
        and (key[:1] == "d" and key[1:2].isdigit() or key.startswith("visa") or key in SHEET_FIELDS)
    }


def _text(data: Mapping, name: str) -> str:
    value = data.get(name, "")
    return value.strip() if isinstance(value, str) else ("" if value is None else str(value))


def _seat(raw: str) -> int | None:
    """A seat choice as sent: None when empty, ``NOT_A_SEAT`` when it names no seat."""
    if not raw:
        return None
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) == 1 else NOT_A_SEAT


def read_entry(data: Mapping) -> SheetEntry:
    """The sheet that ``data`` (the page's fields, as ``posted`` keeps them) holds."""
    lines: dict[int, dict] = {}
    for key in data:
        match = _LINE_KEY.fullmatch(key)
        if match is None:
            continue
        number, name, seat = int(match[1]), match[2], match[3]
        line = lines.setdefault(number, {"marks": {}, "poignees": {}})
        value = _text(data, key)
        if seat and name in _BY_SEAT:
            line[_BY_SEAT[name]][int(seat)] = value
        elif seat:
            continue
        elif name in _BOXES:
            line[_BOXES[name]] = value
        elif name in _SEAT_CHOICES:
            line[name] = _seat(value)
        elif name in _TICKS:
            line[name] = ticked(value)
    deals = []
    for number, line in lines.items():
        if number > MAX_DEALS:
            continue
        by_seat = {name: line.pop(name) for name in ("marks", "poignees")}
        line["mode"] = line.get("mode") or MARKS
        for name, values in by_seat.items():
            size = max(values, default=-1) + 1
            line[name] = tuple(values.get(seat, "") for seat in range(size))
        deals.append(DealEntry(number=number, **line))
    visas = {
        int(key[4:])
        for key, value in data.items()
        if key[:4] == "visa"
        and key[4:].isascii()
        and key[4:].isdigit()
        and len(key) == 5
        and ticked(value)
    }
    return SheetEntry(
        deals=tuple(deals),
        first_dealer=_seat(_text(data, "first_dealer")),
        visas=frozenset(visas),
        short_reason=str(data.get("short_reason", "")),
        reason=str(data.get("reason", "")),
    )


def post_fields(entry: SheetEntry) -> dict[str, str]:
    """The page's fields that hold ``entry``: an edit of a stored version starts from them."""
    data = {}
    for deal in entry.deals:
        prefix = f"d{deal.number}-"
        for name, attribute in _BOXES.items():
            if getattr(deal, attribute):
                data[prefix + name] = getattr(deal, attribute)
        for name in _SEAT_CHOICES:
            if getattr(deal, name) is not None:
                data[prefix + name] = str(getattr(deal, name))
        for name in _TICKS:
            if getattr(deal, name):
                data[prefix + name] = "on"
        for name, attribute in _BY_SEAT.items():
            for seat, value in enumerate(getattr(deal, attribute)):
                if value:
                    data[f"{prefix}{name}{seat}"] = value
    if entry.first_dealer is not None:
        data["first_dealer"] = str(entry.first_dealer)
    data |= {f"visa{seat}": "on" for seat in sorted(entry.visas)}
    data |= {
        name: getattr(entry, name) for name in ("short_reason", "reason") if getattr(entry, name)
    }
    return data


def field_name(problem: Problem) -> str:
    """The page's field next to which ``problem`` is shown ("" for the top of the sheet)."""
    if problem.seat is not None and problem.field in _SEATED_NAMES:
        name = f"{_SEATED_NAMES[problem.field]}{problem.seat}"
    else:
        name = {"petit_au_bout": "pab"}.get(problem.field, problem.field)
    return name if problem.deal is None else f"d{problem.deal}-{name}"


MODE_CHOICES = Deal.Mode.choices[:4]  # marks, facts, and the two deals not played
# Offered to arbitres only (the save service refuses them from anyone else).
ARBITRE_MODE_CHOICES = [
    (Deal.Mode.ADJUSTED, _("Adjusted by the arbitre")),
    (Deal.Mode.ANNULLED, _("Annulled by the arbitre")),
]


@dataclass
class Cell:
    seat: int
    label: str  # the seat's name
    mark_name: str
    poignee_name: str
    sitting_out: bool
    mark: str  # as typed (transcription)
    poignee: str  # as chosen (facts)
    shown: int | None  # the mark the check computed, when the line is valid
    mark_errors: list[str]
    poignee_errors: list[str]


@dataclass
class Line:
    number: int
    prefix: str
    values: dict[str, str]
    errors: dict[str, list[str]]
    warnings: list[str]
    cells: list[Cell]
    sitting_out: int | None
    valid: bool
    dealer: int = 0  # seat: as typed, else in turn
    dealer_chosen: bool = False  # not the one in turn after the line before
    king: bool = False  # called king: the line has a partner
    amount: int | None = None
    ban: str = ""  # who may not bid on this deal, and why, when it is known

    FIELDS = ("dealer", "mode", "contract", "taker", "partner", "bouts", "points", "pab", "chelem")

    @property
    def field_errors(self) -> list[tuple[str, list[str]]]:
        """(field, messages) for every field of the line: the preview clears or fills each."""
        names = [n for n in (*self.FIELDS, "poignees", "total") if n != "partner" or self.king]
        names += [f"{kind}{cell.seat}" for cell in self.cells for kind in ("mark", "poignee")]
        return [(self.prefix + name, self.errors.get(name, [])) for name in names]

    @property
    def mode(self) -> str:
        return self.values.get("mode") or Deal.Mode.MARKS

    @property
    def dealt_again(self) -> bool:
        return ticked(self.values.get("dealt_again"))


@dataclass
class SheetForm:
    setup: TableSetup
    seats: list  # tournaments Seat rows, in seat order, with registration and player
    data: dict[str, str]
    arbitre: bool = False
    token: str = field(default_factory=lambda: secrets.token_urlsafe(16))

    def __post_init__(self):
        self.entry: SheetEntry = read_entry(self.data)
        self.check: SheetCheck = check_sheet(self.setup, self.entry)
        self.setup = self.check.setup  # with the first dealer the sheet names
        self.errors: dict[str, list[str]] = {}
        self.warnings: dict[str, list[str]] = {}
        for problem in self.check.problems:
            target = self.errors if problem.is_error else self.warnings
            target.setdefault(field_name(problem), []).append(
                problem_message(problem.code, problem.params)
            )

    def add_errors(self, errors: dict[str, list[str]]) -> None:
        """Show ``errors`` ({page field: [message]}, "" for the top of the sheet)."""
        for name, messages in errors.items():
            known = self.errors.setdefault(name, [])
            known.extend(str(m) for m in messages if str(m) not in known)

    @classmethod
    def of_entry(cls, entry: SheetEntry, **kwargs) -> "SheetForm":
        """The form holding ``entry`` (a stored version, a new sheet's known misdeals), its
        points written as the reader writes them ("26,5" in French)."""
        comma = get_format("DECIMAL_SEPARATOR")
        data = post_fields(entry)
        data = {k: v.replace(".", comma) if k.endswith("-points") else v for k, v in data.items()}
        return cls(data=data, **kwargs)

    def refused(self, problems: list[Problem]) -> None:
        """Show what the save refused, each problem next to its field."""
        for problem in problems:
            self.add_errors({field_name(problem): [problem_message(problem.code, problem.params)]})

    @property
    def size(self) -> int:
        return self.setup.size

    @property
    def called_king(self) -> bool:
        return self.setup.called_king

    @property
    def dealer_sits_out(self) -> bool:
        return self.setup.dealer_sits_out

    @property
    def dealing_order(self) -> str:
        """ "Nord → Ouest → Sud → Est": who deals after whom at this table."""
        seats = [0]
        while len(seats) < self.size:
            seats.append(self.setup.next_dealer(seats[-1]))
        return " → ".join(seat_name(seat) for seat in seats)

    @property
    def players(self):
        return [
            {"seat": s.number, "name": seat_name(s.number), "registration": s.registration}
            for s in self.seats
        ]

    def value(self, name: str) -> str:
        return str(self.data.get(name, ""))

    @property
    def lines(self) -> list[Line]:
        computed = {deal.number: deal for deal in self.check.deals}
        lines = []
        for number in range(1, self.setup.deals + 1):
            prefix = f"d{number}-"
            names = (*Line.FIELDS, "chelem_announced", "dealt_again")
            values = {name: self.value(prefix + name) for name in names}
            errors = {
                name[len(prefix) :]: messages
                for name, messages in self.errors.items()
                if name.startswith(prefix)
            }
            warnings = [
                m for name, ms in self.warnings.items() if name.startswith(prefix) for m in ms
            ]
            deal = computed.get(number)
            out = self.setup.sitting_out(number)
            cells = [
                Cell(
                    seat=seat,
                    label=seat_name(seat),
                    mark_name=f"{prefix}mark{seat}",
                    poignee_name=f"{prefix}poignee{seat}",
                    sitting_out=seat == out,
                    mark=self.value(f"{prefix}mark{seat}"),
                    poignee=self.value(f"{prefix}poignee{seat}"),
                    shown=deal.marks[seat] if deal else None,
                    mark_errors=errors.get(f"mark{seat}", []),
                    poignee_errors=errors.get(f"poignee{seat}", []),
                )
                for seat in range(self.size)
            ]
            lines.append(
                Line(
                    number=number,
                    prefix=prefix,
                    values=values,
                    errors=errors,
                    warnings=warnings,
                    cells=cells,
                    sitting_out=out,
                    valid=deal is not None,
                    dealer=self.setup.dealer(number),
                    dealer_chosen=number > 1
                    and self.setup.dealer(number)
                    != self.setup.next_dealer(self.setup.dealer(number - 1)),
                    king=self.called_king,
                    amount=deal.amount if deal else None,
                    ban=self._ban_text(number),
                )
            )
        return lines

    def _ban_text(self, number: int) -> str:
        """ "Sud · MARTIN may not bid on this deal." for whoever is barred from bidding on
        deal ``number``, as the sheet's dealers stand (the bans' reasons head the page)."""
        return " ".join(
            str(_("%(who)s may not bid on this deal.") % {"who": self._seat_label(seat)})
            for seat in range(self.size)
            if self.setup.ban(seat, number) is not None
        )

    def _seat_label(self, seat: int) -> str:
        for s in self.seats:
            if s.number == seat:
                return f"{seat_name(seat)} · {s.registration.last_name}"
        return seat_name(seat)

    @property
    def totals(self) -> list[dict]:
        return [
            {**total, "seat": seat, "name": seat_name(seat)}
            for seat, total in enumerate(self.check.totals(self.size))
        ]

    @property
    def visas(self) -> list[dict]:
        return [
            {
                "seat": p["seat"],
                "name": p["name"],
                "field": f"visa{p['seat']}",
                "registration": p["registration"],
                "checked": ticked(self.data.get(f"visa{p['seat']}")),
                "errors": self.errors.get(f"visa{p['seat']}", []),
            }
            for p in self.players
        ]

    @property
    def sheet_errors(self) -> list[str]:
        """Errors that belong to no line: shown at the top of the sheet."""
        return [m for name in ("", "__all__") for m in self.errors.get(name, [])]

    @property
    def error_count(self) -> int:
        return sum(len(ms) for ms in self.errors.values())

    @property
    def warning_count(self) -> int:
        return sum(len(ms) for ms in self.warnings.values())

    contract_choices = ContractChoice.choices
    camp_choices = CampChoice.choices
    poignee_choices = PoigneeChoice.choices

    @property
    def mode_choices(self):
        return MODE_CHOICES + (ARBITRE_MODE_CHOICES if self.arbitre else [])
