"""The score sheet entry form: what the page shows of a table's sheet, typed or stored.

``SheetForm`` holds the values as typed (strings), the problems found by ``check_sheet`` turned
into messages per field, and the marks the check computed, laid out as the paper sheet is: one
line per deal, one column per player. It never saves: the view hands ``data`` to
``scoresheet_save``, which checks again. Kept apart from ``django.forms`` because the grid's
fields depend on the table (size, the dealer sitting out) and are read by ``sheets``.
"""

import secrets
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from tournaments.models.core import seat_name

from .messages import problem_message
from .models import CampChoice, ContractChoice, Deal, PoigneeChoice
from .sheets import SheetCheck, TableSetup, check_sheet, ticked

MODE_CHOICES = [
    (Deal.Mode.MARKS, _("Marks")),
    (Deal.Mode.FACTS, _("Facts")),
    (Deal.Mode.PETIT_SEC, _("Not played: petit sec")),
    (Deal.Mode.ALL_PASS, _("Not played: all pass")),
]
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
    called_king: bool = False
    amount: int | None = None
    ban: str = ""  # who may not bid on this deal, and why, when it is known

    FIELDS = ("dealer", "mode", "contract", "taker", "partner", "bouts", "points", "pab", "chelem")

    @property
    def field_errors(self) -> list[tuple[str, list[str]]]:
        """(field, messages) for every field of the line: the preview clears or fills each."""
        names = [n for n in self.FIELDS if n != "partner" or self.called_king] + ["poignees"]
        names += [f"{kind}{cell.seat}" for cell in self.cells for kind in ("mark", "poignee")]
        return [(self.prefix + name, self.errors.get(name, [])) for name in names]

    @property
    def mode(self) -> str:
        return self.values.get("mode") or Deal.Mode.MARKS

    @property
    def facts(self) -> bool:
        return self.mode == Deal.Mode.FACTS

    @property
    def dealt_again(self) -> bool:
        return ticked(self.values.get("dealt_again"))


@dataclass
class SheetForm:
    setup: TableSetup
    seats: list  # tournaments Seat rows, in seat order, with registration and player
    data: dict[str, str]
    extra_errors: dict[str, list[str]] = field(default_factory=dict)
    arbitre: bool = False
    token: str = field(default_factory=lambda: secrets.token_urlsafe(16))

    def __post_init__(self):
        self.check: SheetCheck = check_sheet(self.setup, self.data)
        self.setup = self.check.setup  # with the first dealer the sheet names
        self.errors: dict[str, list[str]] = {}
        self.warnings: dict[str, list[str]] = {}
        for problem in self.check.problems:
            target = self.errors if problem.is_error else self.warnings
            target.setdefault(problem.field, []).append(
                problem_message(problem.code, problem.params)
            )
        for name, messages in self.extra_errors.items():
            known = self.errors.setdefault(name, [])
            known.extend(m for m in messages if m not in known)

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
            {"seat": s.position, "name": seat_name(s.position), "registration": s.registration}
            for s in self.seats
        ]

    def value(self, name: str) -> str:
        value = self.data.get(name, "")
        return value if isinstance(value, str) else str(value)

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
                    called_king=self.called_king,
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
            if s.position == seat:
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
