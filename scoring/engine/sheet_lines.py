"""The check of one deal line of a score sheet as typed: the rules of sections 3 to 6.

``check_line`` reads one ``DealEntry`` of a table (``TableSetup``): the contract, the taker and
the partner, then the facts (scored by ``engine.score_deal``), the transcribed marks (checked
by ``engine.check_marks``), a deal not played, or the arbitre's marks. It returns the deal it
read (``CheckedDeal``, marks by seat) or None, and every ``Problem`` found. ``sheets`` runs it
over the lines of a sheet. Pure: no database, no translation.
"""

import dataclasses
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from typing import Any

from scoring.engine import (
    Contract,
    DealInput,
    InvalidDeal,
    Severity,
    check_marks,
    score_deal,
)
from scoring.engine.entry import (
    ANNULLED,
    ARBITRE_MODES,
    FACTS,
    MARKS,
    MODES,
    NOT_PLAYED_MODES,
    DealEntry,
)
from scoring.engine.sheet_setup import TableSetup

_CONTRACTS = frozenset(c.value for c in Contract)


@dataclass(frozen=True)
class Problem:
    """Something wrong (an error) or worth a look (a warning) on a sheet as typed."""

    code: str  # what: a key of ``messages.MESSAGES``
    deal: int | None = None  # the line at fault; None for the sheet as a whole
    field: str = ""  # the field of ``DealEntry`` or ``SheetEntry`` at fault; "": the whole line
    seat: int | None = None  # whose mark, poignée or visa
    params: dict[str, Any] = dataclasses.field(default_factory=dict)
    severity: str = Severity.ERROR

    @property
    def is_error(self) -> bool:
        return self.severity == Severity.ERROR


@dataclass(frozen=True)
class CheckedDeal:
    number: int
    mode: str
    contract: str
    taker: int | None  # seat; None only in a deal the arbitre annulled or adjusted
    partner: int | None
    sitting_out: int | None
    marks: tuple[int, ...]  # by seat
    amount: int
    bouts: int | None = None
    points: Decimal | None = None
    petit_au_bout: str = ""
    poignees: tuple[tuple[int, str], ...] = ()  # (seat, level)
    chelem_announced: bool = False
    chelem: str = ""
    dealer: int | None = None  # seat
    dealt_again: bool = False


def _is_number(raw: str) -> bool:
    """ASCII digits only: str.isdigit() also accepts "²", which int() refuses."""
    return raw.isascii() and raw.isdigit()


def _finite_decimal(raw: str) -> Decimal | None:
    """``raw`` as a Decimal, or None: Decimal() also reads "NaN", "sNaN" and "Infinity", which
    are no count of cards and which the messages could not even format."""
    try:
        value = Decimal(raw)
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


def seat_of(setup: TableSetup, seat: int | None) -> int | None:
    """``seat`` when the table has it, else None."""
    return seat if seat is not None and 0 <= seat < setup.size else None


def _text(value: str) -> str:
    return value.strip() if isinstance(value, str) else ""


class _Line:
    """The check of one typed line: its problems, and the deal when it has none."""

    def __init__(self, setup: TableSetup, typed: DealEntry):
        self.setup, self.typed, self.number = setup, typed, typed.number
        self.problems: list[Problem] = []
        self.out = setup.sitting_out(self.number)

    def error(self, field: str, code: str, seat: int | None = None, **params) -> None:
        self.problems.append(
            Problem(code, self.number, field, seat, {"deal": self.number, **params})
        )

    def check(self) -> tuple[CheckedDeal | None, list[Problem]]:
        setup, typed, number = self.setup, self.typed, self.number
        mode = typed.mode or MARKS
        if mode not in MODES:
            self.error("mode", "mode_invalid")
            return None, self.problems
        dealer = setup.dealer(number)
        if mode in NOT_PLAYED_MODES:  # what else the line holds was hidden: it is not read
            return _not_played(setup, number, mode, dealer, typed.dealt_again), self.problems
        decided = mode in ARBITRE_MODES
        contract = _text(typed.contract)
        if not contract and not decided:
            self.error("contract", "contract_required")
        elif contract and decided and contract not in _CONTRACTS:
            self.error("contract", "contract_invalid")
        taker = seat_of(setup, typed.taker)
        if typed.taker is None:
            if not decided:
                self.error("taker", "taker_required")
        elif taker is None:
            self.error("taker", "taker_invalid")
        elif taker == self.out:
            self.error("taker", "taker_sitting_out")
        elif not decided and setup.ban(taker, number) is not None:
            self.error("taker", "taker_banned", reason=setup.ban(taker, number))
        elif not decided and typed.dealt_again and taker == dealer:
            self.error("taker", "taker_dealt_again")
        partner = seat_of(setup, typed.partner)
        if typed.partner is not None:
            if not setup.called_king:
                self.error("partner", "partner_not_five_players")
            elif partner is None:
                self.error("partner", "partner_invalid")
            elif partner == taker:
                self.error("partner", "partner_is_taker")
        if self.problems:
            return None, self.problems
        if decided:
            deal = self._decided(mode, contract, taker, partner)
        elif mode == FACTS:
            deal = self._facts(contract, taker, partner)
        else:
            deal = self._marks(contract, taker, partner)
        if deal is not None:
            deal = replace(deal, dealer=dealer, dealt_again=typed.dealt_again)
        return deal, self.problems

    def _players(self) -> int:
        return 4 if self.out is not None else self.setup.size

    def _facts(self, contract, taker, partner) -> CheckedDeal | None:
        setup, typed, out = self.setup, self.typed, self.out
        raw_bouts = _text(typed.bouts)
        bouts = int(raw_bouts) if _is_number(raw_bouts) and len(raw_bouts) < 3 else None
        if not raw_bouts:
            self.error("bouts", "bouts_required")
        elif bouts is None:
            self.error("bouts", "bouts_out_of_range", bouts=raw_bouts)
        raw_points = _text(typed.points).replace(",", ".")
        points = None
        if not raw_points:
            self.error("points", "points_required")
        else:
            points = _finite_decimal(raw_points)
            if points is None:
                self.error("points", "points_invalid", points=raw_points)
        poignees = []
        for seat in range(setup.size):
            level = _text(typed.poignee(seat))
            if not level:
                continue
            if seat == out:
                self.error("poignees", "poignee_sitting_out", seat)
                continue
            poignees.append((seat, level))
        if self.problems:
            return None
        attack = {taker} | ({partner} if partner is not None else set())
        deal = DealInput(
            players=self._players(),
            contract=contract,
            bouts=bouts,
            points=points,
            petit_au_bout=_text(typed.petit_au_bout) or None,
            poignees=tuple(
                ("attack" if seat in attack else "defence", level) for seat, level in poignees
            ),
            chelem_announced=typed.chelem_announced,
            chelem=_text(typed.chelem) or None,
            partner=partner is not None,
        )
        try:
            result = score_deal(deal, setup.ruleset)
        except InvalidDeal as exc:
            self.error(exc.field, exc.code, **exc.params)
            return None
        marks = tuple(
            0
            if seat == out
            else result.taker
            if seat == taker
            else result.partner
            if seat == partner
            else result.defender
            for seat in range(setup.size)
        )
        return CheckedDeal(
            number=self.number,
            mode=FACTS,
            contract=contract,
            taker=taker,
            partner=partner,
            sitting_out=out,
            marks=marks,
            amount=result.amount,
            bouts=bouts,
            points=points,
            petit_au_bout=deal.petit_au_bout or "",
            poignees=tuple(poignees),
            chelem_announced=typed.chelem_announced,
            chelem=deal.chelem or "",
        )

    def _decided(self, mode, contract, taker, partner) -> CheckedDeal | None:
        """A deal the arbitre annulled (every mark 0) or adjusted (any marks that sum to zero)."""
        if mode == ANNULLED:
            marks = [0] * self.setup.size
        else:
            marks = self._typed_marks()
            if self.problems:
                return None
            if sum(marks):
                self.error("total", "marks_not_zero_sum", sum=sum(marks))
                return None
        return CheckedDeal(
            number=self.number,
            mode=mode,
            contract=contract,
            taker=taker,
            partner=partner,
            sitting_out=self.out,
            marks=tuple(marks),
            amount=0,
        )

    def _typed_marks(self) -> list[int | None]:
        """Each seat's mark as typed, with its sign; the dealer sitting out has 0."""
        marks = []
        for seat in range(self.setup.size):
            raw = _text(self.typed.mark(seat)).replace(" ", "").replace("\u2212", "-")
            if seat == self.out:
                if raw not in ("", "0", "-0", "+0"):
                    self.error("marks", "mark_sitting_out", seat)
                marks.append(0)
                continue
            if not raw:
                self.error("marks", "mark_required", seat)
                marks.append(None)
                continue
            sign, digits = (raw[0], raw[1:]) if raw[0] in "+-" else ("+", raw)
            if not _is_number(digits) or len(digits) > 5:
                self.error("marks", "mark_invalid", seat, mark=raw)
                marks.append(None)
                continue
            marks.append(int(digits) * (-1 if sign == "-" else 1))
        return marks

    def _marks(self, contract, taker, partner) -> CheckedDeal | None:
        setup, out = self.setup, self.out
        marks = self._typed_marks()
        if self.problems:
            return None
        defenders = [s for s in range(setup.size) if s not in (taker, partner, out)]
        try:
            found = check_marks(
                players=self._players(),
                contract=contract,
                taker=marks[taker],
                defenders=[marks[s] for s in defenders],
                partner=marks[partner] if partner is not None else None,
                ruleset=setup.ruleset,
            )
        except InvalidDeal as exc:
            self.error(exc.field, exc.code, **exc.params)
            return None
        seats = {"taker": taker, "partner": partner}
        for problem in found:
            if problem.field == "defenders":
                seat = _odd_one(defenders, marks)
            else:
                seat = seats.get(problem.field or "")
            params = {"deal": self.number, **problem.params}
            field = "total" if seat is None else "marks"  # the line's sum: under its marks
            self.problems.append(
                Problem(problem.code, self.number, field, seat, params, problem.severity)
            )
        if any(p.is_error for p in self.problems):
            return None
        return CheckedDeal(
            number=self.number,
            mode=MARKS,
            contract=contract,
            taker=taker,
            partner=partner,
            sitting_out=out,
            marks=tuple(marks),
            amount=-marks[defenders[0]],
        )


def _not_played(setup: TableSetup, number: int, mode: str, dealer: int, again: bool):
    """A deal dealt and not played (petit sec, all pass): its dealer, no marks."""
    return CheckedDeal(
        number=number,
        mode=mode,
        contract="",
        taker=None,
        partner=None,
        sitting_out=setup.sitting_out(number),
        marks=(0,) * setup.size,
        amount=0,
        dealer=dealer,
        dealt_again=again,
    )


def _odd_one(defenders: list[int], marks: list[int]) -> int:
    """The defender whose mark differs from most others' (the first one when no majority)."""
    values = [marks[s] for s in defenders]
    common = max(values, key=values.count)
    return next((s for s in defenders if marks[s] != common), defenders[0])


def check_line(setup: TableSetup, typed: DealEntry) -> tuple[CheckedDeal | None, list[Problem]]:
    """Deal ``typed.number`` as read (None when it has an error) and its problems."""
    return _Line(setup, typed).check()
