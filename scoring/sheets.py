"""Check a score sheet as typed and compute its marks: the rules of section 5 over plain values.

``check_sheet`` takes what the entry form holds (strings, keyed by the form's field names) and a
``TableSetup`` (who sits where, how many deals, the ruleset, the bid bans) and returns every
deal it could read, with its marks per seat, and every problem found, each naming the form field
at fault. The live preview and the save service both call it, so what the page shows is what
the server stores. It must not touch the database nor translate: ``messages`` turns problems
into text.

Deal lines: ``d<n>-mode`` (``marks``, ``facts``, a deal not played, ``petit_sec`` or
``all_pass``, or an arbitre's ``adjusted`` or ``annulled``), ``d<n>-dealer`` (a seat number:
who dealt; empty, the next player in the direction of play after the line before, or
``first_dealer`` for the first line), ``d<n>-dealt_again`` (a misdeal: the same dealer dealt
again), ``d<n>-contract``, ``d<n>-taker`` and ``d<n>-partner`` (seat numbers), the facts
``d<n>-bouts``, ``d<n>-points``, ``d<n>-pab``, ``d<n>-chelem``, ``d<n>-chelem_announced``,
``d<n>-poignee<seat>``, and the transcribed marks ``d<n>-mark<seat>``. A line with nothing
typed is a deal not dealt yet; lines are dealt in order.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from typing import Any

from .engine import (
    Contract,
    DealInput,
    InvalidDeal,
    Severity,
    check_marks,
    score_deal,
)
from .sheet_setup import PETIT_SEC, TableSetup

MODES = ("marks", "facts", "petit_sec", "all_pass", "adjusted", "annulled")
# Dealt, then annulled before any bid (petit sec) or after four passes: no marks, and the next
# player deals the next line (section 1).
NOT_PLAYED_MODES = ("petit_sec", "all_pass")
# An arbitre's decisions (section 6): marks set by hand, zero-sum only, or the deal annulled.
ARBITRE_MODES = ("adjusted", "annulled")
_CONTRACTS = frozenset(c.value for c in Contract)
# Fields whose content makes a line "typed" (the mode, the dealer and the boxes do not: they
# hold a value on every line, or a misdeal known before the line is played).
_LINE_FIELDS = ("contract", "taker", "partner", "bouts", "points", "pab", "chelem")


@dataclass(frozen=True)
class Problem:
    field: str  # the form field at fault ("d2-points"), or "" for the whole sheet
    code: str
    params: dict[str, Any] = field(default_factory=dict)
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


@dataclass
class SheetCheck:
    deals: list[CheckedDeal]  # the lines read without error, in order
    problems: list[Problem]
    played: int  # lines typed, valid or not
    setup: TableSetup | None = None  # the table as read, with the sheet's first dealer

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if not p.is_error]

    @property
    def is_valid(self) -> bool:
        return not self.errors

    def totals(self, size: int) -> list[dict[str, int]]:
        """Per seat: the + column, the − column and the bilan over the valid deals."""
        rows = []
        for seat in range(size):
            marks = [deal.marks[seat] for deal in self.deals]
            plus = sum(m for m in marks if m > 0)
            minus = sum(m for m in marks if m < 0)
            rows.append({"plus": plus, "minus": minus, "bilan": plus + minus})
        return rows


def check_sheet(setup: TableSetup, data: Mapping[str, Any]) -> SheetCheck:
    """Read every deal line of ``data``; never raises for anything a user can type."""
    problems: list[Problem] = []
    setup = _read_dealers(setup, data, problems)
    deals, typed = [], []
    for number in range(1, setup.deals + 1):
        if _line_typed(setup, data, number):
            typed.append(number)
    last = typed[-1] if typed else 0
    for number in range(1, last + 1):
        if number not in typed:
            problems.append(Problem(f"d{number}-contract", "deal_missing", {"deal": number}))
            continue
        deal, line_problems = _check_line(setup, data, number)
        problems.extend(line_problems)
        if deal is not None:
            deals.append(deal)
    if setup.dealer_sits_out and last == setup.deals:
        problems.extend(_uneven_dealers(setup))
    return SheetCheck(deals=deals, problems=problems, played=len(typed), setup=setup)


def _uneven_dealers(setup: TableSetup) -> list[Problem]:
    """Where the dealer sits out, each player sits out as many deals as the others: a warning
    on the first line whose dealer sits out one deal too many (a dealer mistyped, most often)."""
    share, counts = setup.deals // setup.size, [0] * setup.size
    for number in range(1, setup.deals + 1):
        seat = setup.dealer(number)
        counts[seat] += 1
        if counts[seat] > share:
            params = {"deal": number, "share": share}
            return [Problem(f"d{number}-dealer", "dealers_uneven", params, Severity.WARNING)]
    return []


def _read_dealers(setup: TableSetup, data: Mapping[str, Any], problems: list) -> TableSetup:
    """The setup with the dealer of every line (as typed, else in turn after the line before)
    and the lines annulled before the bidding."""
    first = _seat(setup, _get(data, "first_dealer"))
    setup = replace(setup, first_dealer=setup.first_dealer if first is None else first, dealers=())
    dealers: list[int] = []
    for number in range(1, setup.deals + 1):
        raw = _get(data, f"d{number}-dealer")
        seat = _seat(setup, raw)
        if raw and seat is None:
            problems.append(Problem(f"d{number}-dealer", "dealer_invalid", {"deal": number}))
        if seat is None:
            seat = setup.next_dealer(dealers[-1]) if dealers else setup.first_dealer
        dealers.append(seat)
    unbid = frozenset(n for n in range(1, setup.deals + 1) if _get(data, f"d{n}-mode") == PETIT_SEC)
    return replace(
        setup, first_dealer=dealers[0] if dealers else 0, dealers=tuple(dealers), unbid=unbid
    )


def _get(data: Mapping[str, Any], name: str) -> str:
    value = data.get(name, "")
    return value.strip() if isinstance(value, str) else ("" if value is None else str(value))


def _line_typed(setup: TableSetup, data: Mapping[str, Any], number: int) -> bool:
    prefix = f"d{number}-"
    if _get(data, prefix + "mode") in ARBITRE_MODES + NOT_PLAYED_MODES:
        return True
    if any(_get(data, prefix + name) for name in _LINE_FIELDS):
        return True
    return any(
        _get(data, f"{prefix}mark{seat}") or _get(data, f"{prefix}poignee{seat}")
        for seat in range(setup.size)
    )


def ticked(value) -> bool:
    """A checkbox's value as sent: absent, empty, "0", "off" or "false" is not ticked."""
    return value is not None and str(value).strip().lower() not in ("", "0", "off", "false")


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


def _seat(setup: TableSetup, raw: str) -> int | None:
    if _is_number(raw) and len(raw) == 1 and int(raw) < setup.size:
        return int(raw)
    return None


def _check_line(setup, data, number) -> tuple[CheckedDeal | None, list[Problem]]:
    prefix = f"d{number}-"
    problems: list[Problem] = []

    def error(name: str, code: str, **params) -> None:
        problems.append(Problem(prefix + name, code, {"deal": number, **params}))

    mode = _get(data, prefix + "mode") or "marks"
    if mode not in MODES:
        error("mode", "mode_invalid")
        return None, problems
    dealer = setup.dealer(number)
    again = ticked(_get(data, prefix + "dealt_again"))
    if mode in NOT_PLAYED_MODES:  # what else the line holds was hidden: it is not read
        return _not_played(setup, number, mode, dealer, again), problems
    decided = mode in ARBITRE_MODES
    contract = _get(data, prefix + "contract")
    if not contract and not decided:
        error("contract", "contract_required")
    elif contract and decided and contract not in _CONTRACTS:
        error("contract", "contract_invalid")
    out = setup.sitting_out(number)
    raw_taker = _get(data, prefix + "taker")
    taker = _seat(setup, raw_taker)
    if not raw_taker:
        if not decided:
            error("taker", "taker_required")
    elif taker is None:
        error("taker", "taker_invalid")
    elif taker == out:
        error("taker", "taker_sitting_out")
    elif not decided and setup.ban(taker, number) is not None:
        error("taker", "taker_banned", reason=setup.ban(taker, number))
    elif not decided and again and taker == dealer:
        error("taker", "taker_dealt_again")
    raw_partner = _get(data, prefix + "partner")
    partner = _seat(setup, raw_partner) if raw_partner else None
    if raw_partner:
        if not setup.called_king:
            error("partner", "partner_not_five_players")
        elif partner is None:
            error("partner", "partner_invalid")
        elif partner == taker:
            error("partner", "partner_is_taker")
    if problems:
        return None, problems
    if decided:
        deal, problems = _decided(
            setup, data, number, mode, contract, taker, partner, out, problems, error
        )
    elif mode == "facts":
        deal, problems = _facts(setup, data, number, contract, taker, partner, out, problems, error)
    else:
        deal, problems = _marks(setup, data, number, contract, taker, partner, out, problems, error)
    if deal is not None:
        deal = replace(deal, dealer=dealer, dealt_again=again)
    return deal, problems


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


def _players(setup: TableSetup, out: int | None) -> int:
    return 4 if out is not None else setup.size


def _facts(setup, data, number, contract, taker, partner, out, problems, error):
    prefix = f"d{number}-"
    raw_bouts = _get(data, prefix + "bouts")
    bouts = int(raw_bouts) if _is_number(raw_bouts) and len(raw_bouts) < 3 else None
    if not raw_bouts:
        error("bouts", "bouts_required")
    elif bouts is None:
        error("bouts", "bouts_out_of_range", bouts=raw_bouts)
    raw_points = _get(data, prefix + "points").replace(",", ".")
    points = None
    if not raw_points:
        error("points", "points_required")
    else:
        points = _finite_decimal(raw_points)
        if points is None:
            error("points", "points_invalid", points=raw_points)
    poignees = []
    for seat in range(setup.size):
        level = _get(data, f"{prefix}poignee{seat}")
        if not level:
            continue
        if seat == out:
            error(f"poignee{seat}", "poignee_sitting_out")
            continue
        poignees.append((seat, level))
    if problems:
        return None, problems
    attack = {taker} | ({partner} if partner is not None else set())
    announced = ticked(_get(data, prefix + "chelem_announced"))
    deal = DealInput(
        players=_players(setup, out),
        contract=contract,
        bouts=bouts,
        points=points,
        petit_au_bout=_get(data, prefix + "pab") or None,
        poignees=tuple(
            ("attack" if seat in attack else "defence", level) for seat, level in poignees
        ),
        chelem_announced=announced,
        chelem=_get(data, prefix + "chelem") or None,
        partner=partner is not None,
    )
    try:
        result = score_deal(deal, setup.ruleset)
    except InvalidDeal as exc:
        name = {"petit_au_bout": "pab", "poignees": "poignees"}.get(exc.field, exc.field)
        error(name, exc.code, **exc.params)
        return None, problems
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
        number=number,
        mode="facts",
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
        chelem_announced=announced,
        chelem=deal.chelem or "",
    ), problems


def _decided(setup, data, number, mode, contract, taker, partner, out, problems, error):
    """A deal the arbitre annulled (every mark 0) or adjusted (any marks that sum to zero)."""
    if mode == "annulled":
        marks = [0] * setup.size
    else:
        marks = _typed_marks(setup, data, number, out, error)
        if problems:
            return None, problems
        if sum(marks):
            error("contract", "marks_not_zero_sum", sum=sum(marks))
            return None, problems
    return CheckedDeal(
        number=number,
        mode=mode,
        contract=contract,
        taker=taker,
        partner=partner,
        sitting_out=out,
        marks=tuple(marks),
        amount=0,
    ), problems


def _typed_marks(setup, data, number, out, error) -> list[int | None]:
    """Each seat's mark as typed, with its sign; the dealer sitting out has 0."""
    prefix = f"d{number}-"
    marks = []
    for seat in range(setup.size):
        raw = _get(data, f"{prefix}mark{seat}").replace(" ", "").replace("\u2212", "-")
        if seat == out:
            if raw not in ("", "0", "-0", "+0"):
                error(f"mark{seat}", "mark_sitting_out")
            marks.append(0)
            continue
        if not raw:
            error(f"mark{seat}", "mark_required")
            marks.append(None)
            continue
        sign, digits = (raw[0], raw[1:]) if raw[0] in "+-" else ("+", raw)
        if not _is_number(digits) or len(digits) > 5:
            error(f"mark{seat}", "mark_invalid", mark=raw)
            marks.append(None)
            continue
        marks.append(int(digits) * (-1 if sign == "-" else 1))
    return marks


def _marks(setup, data, number, contract, taker, partner, out, problems, error):
    prefix = f"d{number}-"
    marks = _typed_marks(setup, data, number, out, error)
    if problems:
        return None, problems
    defenders = [s for s in range(setup.size) if s not in (taker, partner, out)]
    try:
        found = check_marks(
            players=_players(setup, out),
            contract=contract,
            taker=marks[taker],
            defenders=[marks[s] for s in defenders],
            partner=marks[partner] if partner is not None else None,
            ruleset=setup.ruleset,
        )
    except InvalidDeal as exc:
        error(exc.field, exc.code, **exc.params)
        return None, problems
    target = {"taker": f"mark{taker}", "partner": f"mark{partner}"}
    for problem in found:
        if problem.field == "defenders":
            name = f"mark{_odd_one(defenders, marks)}"
        else:
            name = target.get(problem.field or "", "contract")
        params = {"deal": number, **problem.params}
        problems.append(Problem(prefix + name, problem.code, params, problem.severity))
    if any(p.is_error for p in problems):
        return None, problems
    return CheckedDeal(
        number=number,
        mode="marks",
        contract=contract,
        taker=taker,
        partner=partner,
        sitting_out=out,
        marks=tuple(marks),
        amount=-marks[defenders[0]],
    ), problems


def _odd_one(defenders: list[int], marks: list[int]) -> int:
    """The defender whose mark differs from most others' (the first one when no majority)."""
    values = [marks[s] for s in defenders]
    common = max(values, key=values.count)
    return next((s for s in defenders if marks[s] != common), defenders[0])


def deal_to_data(deal: CheckedDeal, size: int) -> dict[str, str]:
    """The form fields that enter ``deal`` again: what an edit of a saved sheet starts from."""
    prefix = f"d{deal.number}-"
    data = {
        prefix + "mode": deal.mode,
        prefix + "dealer": "" if deal.dealer is None else str(deal.dealer),
        prefix + "contract": deal.contract,
        prefix + "taker": "" if deal.taker is None else str(deal.taker),
        prefix + "partner": "" if deal.partner is None else str(deal.partner),
    }
    if deal.dealt_again:
        data[prefix + "dealt_again"] = "on"
    if deal.mode in NOT_PLAYED_MODES:
        return data
    if deal.mode == "facts":
        data[prefix + "bouts"] = str(deal.bouts)
        data[prefix + "points"] = _plain_points(deal.points)
        data[prefix + "pab"] = deal.petit_au_bout
        data[prefix + "chelem"] = deal.chelem
        if deal.chelem_announced:
            data[prefix + "chelem_announced"] = "on"
        for seat, level in deal.poignees:
            data[f"{prefix}poignee{seat}"] = level
    elif deal.mode != "annulled":
        for seat in range(size):
            if seat != deal.sitting_out:
                data[f"{prefix}mark{seat}"] = str(deal.marks[seat])
    return data


def _plain_points(points: Decimal | None) -> str:
    if points is None:
        return ""
    return str(points.quantize(Decimal(1))) if points == points.to_integral() else str(points)
