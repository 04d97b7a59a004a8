"""The donnes libres at the table (``scoring.at_table``): a position's deals, entered one by one
on the players' phones with the staff grid's own check, each written to the table's score sheet
(a new version) once a player of the other camp approves it."""

from dataclasses import asdict

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from scoring import sheet_lifecycle as lifecycle
from scoring.actions import Action
from scoring.at_table.game import Item, Reading, SeatView, TableGame
from scoring.engine.entry import (
    ARBITRE_MODES,
    NOT_PLAYED_MODES,
    DealEntry,
    SheetEntry,
    entry_of_deal,
)
from scoring.engine.sheet import check_sheet
from scoring.formats.libre import services
from scoring.formats.libre.forms import field_name, posted, read_entry
from scoring.formats.libre.selectors import current_sheet, load_sheet, sheet_deals, table_setup
from scoring.messages import problem_message
from scoring.models import Deal, ScoreSheet
from tournaments.models.core import seat_name


def deal_of(number: int, data: dict) -> DealEntry:
    """A stored entry's values as the line the sheet check reads."""
    values = dict(data)
    for name in ("marks", "poignees"):
        values[name] = tuple(values.get(name, ()))
    values["number"] = number
    return DealEntry(**values)


class LibreTableGame(TableGame):
    kind = "deals"
    template = "table/_deal_form.html"

    def unit(self, table):
        return table.round

    def seats(self, table):
        seats = table.seats.select_related("registration__player").order_by("number")
        return [
            SeatView(
                s.number, seat_name(s.number), str(s.registration.player), s.registration.number
            )
            for s in seats
        ]

    def _setup(self, table, entries: dict[int, dict]):
        setup = table_setup(table=table)
        entry = SheetEntry(deals=tuple(deal_of(n, d) for n, d in sorted(entries.items())))
        return check_sheet(setup, entry).setup, entry

    def _known(self, table) -> dict[int, dict]:
        """Every deal the table knows: the sheet's, and the entries not on it yet."""
        entries = self.ledger(table)
        live = table.entries.exclude(status="replaced").values_list("number", "data")
        entries.update({n: d for n, d in live if n not in entries})
        return entries

    def items(self, table, entries=None):
        """The position's deals, each with its dealer, who sits it out and the bans in force,
        from what the sheet records (a deal's dealer entered moves the next dealers on)."""
        setup, _entry = self._setup(table, self._known(table) if entries is None else entries)
        names = {s.seat: s.name for s in self.seats(table)}
        items = []
        for number in range(1, setup.deals + 1):
            dealer = setup.dealer(number)
            notes = [_("Dealer: %(name)s") % {"name": names.get(dealer, "")}]
            out = setup.sitting_out(number)
            if out is not None:
                notes.append(_("%(name)s sits out") % {"name": names.get(out, "")})
            for seat in range(setup.size):
                if setup.ban(seat, number):
                    notes.append(_("%(name)s may not bid") % {"name": names.get(seat, "")})
            items.append(
                Item(
                    number,
                    _("Deal %(number)s") % {"number": number},
                    notes=tuple(notes),
                    extra={"dealer": dealer, "sitting_out": out, "called_king": setup.called_king},
                )
            )
        return items

    def read(self, table, number, post, approved):
        fields = {
            key: value for key, value in posted(post).items() if key.startswith(f"d{number}-")
        }
        typed = read_entry(fields).deal(number)
        before = {n: d for n, d in approved.items() if n != number}
        setup = table_setup(table=table)
        entry = SheetEntry(deals=(*(deal_of(n, d) for n, d in sorted(before.items())), typed))
        check = check_sheet(setup, entry)
        problems: dict[str, list[str]] = {}
        for problem in check.errors:
            if problem.deal != number:
                if problem.code == "deal_missing":
                    problems.setdefault("", []).append(
                        _("Deal %(deal)s is not entered yet: enter it first.")
                        % {"deal": problem.deal}
                    )
                continue
            name = field_name(problem).removeprefix(f"d{number}-")
            problems.setdefault(name, []).append(problem_message(problem.code, problem.params))
        if not typed.is_typed(setup.size):
            problems.setdefault("", []).append(_("Nothing is entered for this deal."))
        if typed.mode in ARBITRE_MODES:  # an arbitre's decision, on the staff's sheet only
            problems.setdefault("mode", []).append(
                _("Only an arbitre adjusts or annuls a deal: call the arbitre.")
            )
        data = asdict(typed)
        data.pop("number")
        data["marks"], data["poignees"] = list(typed.marks), list(typed.poignees)
        summary = "" if problems else self.summary(table, number, data, check=check)
        return Reading(data, problems, summary)

    def summary(self, table, number, data, check=None):
        deal = deal_of(number, data)
        if deal.mode in NOT_PLAYED_MODES:
            return str(dict(Deal.Mode.choices)[deal.mode])
        names = {s.seat: s.name for s in self.seats(table)}
        if check is None:
            setup = table_setup(table=table)
            check = check_sheet(setup, SheetEntry(deals=(deal,)))
        checked = next((d for d in check.deals if d.number == number), None)
        parts = []
        if deal.contract:
            parts.append(str(dict(Deal._meta.get_field("contract").choices).get(deal.contract)))
        if deal.taker is not None:
            parts.append(names.get(deal.taker, ""))
        if checked is not None:
            parts.append(
                " · ".join(
                    f"{names.get(seat, '')} {value:+d}" for seat, value in enumerate(checked.marks)
                )
            )
        return " — ".join(p for p in parts if p)

    def sides(self, table, number, data):
        deal = deal_of(number, data)
        if deal.mode in NOT_PLAYED_MODES or deal.taker is None:
            return frozenset(), frozenset()
        setup, _entry = self._setup(table, self._known(table))
        out = setup.sitting_out(number)
        attack = {deal.taker} | ({deal.partner} if deal.partner is not None else set())
        defence = set(range(setup.size)) - attack - {out}
        return frozenset(attack), frozenset(defence)

    def ledger(self, table):
        sheet = current_sheet(table=table)
        if sheet is None:
            return {}
        size = table.seats.count()
        found = {}
        for deal in sheet_deals(load_sheet(sheet.pk)):
            line = entry_of_deal(deal, size)
            data = asdict(line)
            data.pop("number")
            data["marks"], data["poignees"] = list(line.marks), list(line.poignees)
            found[deal.number] = data
        return found

    def record(self, table, number, data, *, user, confirm):
        table = services.lock_table(table)
        services.refuse_if_closed(table.round)
        current = current_sheet(table=table)
        if current is not None and current.is_confirmed:
            raise ValidationError(
                _("This table's sheet is confirmed: only an arbitre can change it."),
                code="confirmed_sheet",
            )
        deals = self.ledger(table)
        deals[number] = data
        setup = table_setup(table=table)
        entry = SheetEntry(deals=tuple(deal_of(n, d) for n, d in sorted(deals.items())))
        check = check_sheet(setup, entry)
        if not check.is_valid:
            raise ValidationError(
                "; ".join(problem_message(p.code, p.params) for p in check.errors),
                code="invalid",
            )
        complete = check.played >= setup.deals
        # Every deal approved by the other camp: the approvals are the players' visas, and sign
        # the sheet, unless someone typed a version of it (a table back from paper): then an
        # arbitre confirms it, as any sheet typed by the staff.
        signed = complete and not table.score_sheets.exclude(entered_by=user).exists()
        sheet = lifecycle.write_next(
            ScoreSheet,
            current,
            user=user,
            confirmed=signed and confirm,
            round=table.round,
            table=table,
            visas=list(range(setup.size)) if signed else (current.visas if current else []),
            warnings=[
                {
                    "deal": p.deal,
                    "field": p.field,
                    "code": p.code,
                    "params": services._plain(p.params),
                }
                for p in check.warnings
            ],
        )
        services._write_deals(sheet, setup, check.deals)
        services._audit_version(
            Action.SHEET_CHANGED if current else Action.SHEET_ENTERED, user, sheet, None
        )
        return sheet

    def totals(self, table, entries):
        setup = table_setup(table=table)
        entry = SheetEntry(deals=tuple(deal_of(n, d) for n, d in sorted(entries.items())))
        check = check_sheet(setup, entry)
        sums = [0] * setup.size
        for deal in check.deals:
            for seat, value in enumerate(deal.marks):
                sums[seat] += value
        return list(zip(self.seats(table), sums, strict=False))
