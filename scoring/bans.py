"""Bid bans in force, as the table, the scorer and the player read them (section 6 of the rules).

A ban names a player and a deal of a position, or the first deal the player plays there, or
whoever deals a named deal at a named table (a misdeal: the dealer deals again and may not bid
on it). Which deal "the first they play" is, and who dealt, the table's sheet says once it is
entered; before, the deal is known wherever nobody sits out (deal 1) and the dealer is not.
These selectors resolve what can be resolved and say the rest in words: for the sheet page, the
dashboard, the printed sheets and a player's public page. They never write.
"""

from collections import defaultdict
from dataclasses import dataclass, replace

from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.models import Registration, Round, Table
from tournaments.models.core import seat_name
from tournaments.selectors_seating import round_tables

from .models import BidBan, Deal, ScoreSheet
from .selectors import deals_for
from .sheets import TableSetup


@dataclass(frozen=True)
class BanView:
    """One ban in force, resolved as far as what is known allows."""

    position: int
    table: int | None  # the table's number at that position, once the player is seated
    deal: int | None  # None: the first deal the player plays, not known yet
    registration: Registration | None  # None: whoever dealt the deal, not known yet
    seat: int | None
    on_dealer: bool  # a misdeal's ban: whoever dealt the deal
    reason: str

    @property
    def who(self) -> str:
        if self.registration is None:
            return _("The dealer of deal %(n)s") % {"n": self.deal}
        name = f"{self.registration.player} ({self.registration.number})"
        return name if self.seat is None else f"{seat_name(self.seat)} · {name}"

    @property
    def which_deal(self) -> str:
        if self.deal is None:
            return _("the first deal they play")
        if self.on_dealer:
            return _("deal %(n)s, which they dealt again") % {"n": self.deal}
        return _("deal %(n)s") % {"n": self.deal}

    @property
    def text(self) -> str:
        """What the table reads: who, which deal, why."""
        if self.on_dealer and self.registration is None:
            return _("The dealer of deal %(n)s, dealt again after a misdeal, may not bid on it: "
                     "%(why)s") % {"n": self.deal, "why": self.reason}  # fmt: skip
        return _("%(who)s may not bid on %(deal)s: %(why)s") % {
            "who": self.who,
            "deal": self.which_deal,
            "why": self.reason,
        }

    @property
    def short(self) -> str:
        """ "Deal 1: Sud · MARTIN Paul (12)", for a table's row on the dashboard."""
        deal = _("first deal played") if self.deal is None else _("deal %(n)s") % {"n": self.deal}
        who = _("the dealer") if self.registration is None else self.who
        return _("No bid on %(deal)s: %(who)s") % {"deal": deal, "who": who}

    @property
    def public_text(self) -> str:
        """What a player's page says, without the arbitre's wording."""
        if self.deal is None:
            return _("May not bid on the first deal played at position %(k)s.") % {
                "k": self.position
            }
        return _("May not bid on deal %(n)s of position %(k)s.") % {
            "n": self.deal,
            "k": self.position,
        }


def _sheet_dealers(tables: list[Table]) -> dict[int, dict[int, int]]:
    """table id -> deal number -> the dealer's registration id, from each current sheet."""
    found: dict[int, dict[int, int]] = defaultdict(dict)
    rows = (
        Deal.objects.filter(sheet__table__in=tables, dealer__isnull=False)
        .exclude(sheet__status=ScoreSheet.Status.SUPERSEDED)
        .values_list("sheet__table_id", "number", "dealer_id")
    )
    for table_id, number, dealer in rows:
        found[table_id][number] = dealer
    return found


def _resolve(bans, tables: list[Table], round_: Round) -> list[BanView]:
    """The bans of one position, resolved against its tables (seats prefetched)."""
    tournament = round_.tournament
    dealers = _sheet_dealers(tables)
    seat_of = {s.registration_id: (t, s) for t in tables for s in t.seats.all()}
    by_number = {t.number: t for t in tables}
    views = []
    for ban in bans:
        if ban.registration_id is None:
            table = by_number.get(ban.table_number)
            dealer = dealers.get(table.pk, {}).get(ban.deal_number) if table else None
            table_seat = seat_of.get(dealer)
            views.append(
                BanView(
                    position=ban.position,
                    table=ban.table_number,
                    deal=ban.deal_number,
                    registration=table_seat[1].registration if table_seat else None,
                    seat=table_seat[1].position if table_seat else None,
                    on_dealer=True,
                    reason=ban.reason,
                )
            )
            continue
        table, seat = seat_of.get(ban.registration_id, (None, None))
        deal = ban.deal_number
        if deal is None and table is not None:
            deal = _first_deal_played(tournament, table, seat.position, dealers.get(table.pk))
        views.append(
            BanView(
                position=ban.position,
                table=table.number if table else None,
                deal=deal,
                registration=seat.registration if seat else ban.registration,
                seat=seat.position if seat else None,
                on_dealer=False,
                reason=ban.reason,
            )
        )
    return sorted(views, key=lambda v: (v.table or 0, v.deal or 0, v.seat or 0))


def _first_deal_played(tournament, table: Table, seat: int, dealers: dict | None) -> int | None:
    """The deal a player plays first at a table: deal 1 unless they deal it and sit out, which
    only the sheet says (None before it is entered)."""
    seats = list(table.seats.all())
    setup = TableSetup(
        registrations=tuple(s.registration_id for s in seats),
        deals=deals_for(tournament, len(seats)),
        called_king=tournament.table5_mode == tournament.Table5Mode.CALLED_KING,
    )
    if not setup.dealer_sits_out:
        return 1
    seat_by_reg = {s.registration_id: s.position for s in seats}
    recorded = []  # the lines the sheet has, in order; the ones after follow in turn
    for number in range(1, setup.deals + 1):
        dealer = seat_by_reg.get((dealers or {}).get(number))
        if dealer is None:
            break
        recorded.append(dealer)
    if not recorded:
        return None  # who dealt first is drawn at the table: the sheet will say
    return replace(setup, dealers=tuple(recorded)).first_deal_played(seat)


def _in_force():
    return BidBan.objects.filter(cancelled_at__isnull=True).select_related("registration__player")


def round_bans(*, round: Round, tables=None) -> dict[int, list[BanView]]:
    """The bans in force at a position, by table number: 1 query when there is none, 2 more
    (tables and seats, unless ``tables`` come with their seats) and one for the dealers the
    sheets record when there are. Bans of players not seated there are left out."""
    bans = list(_in_force().filter(tournament_id=round.tournament_id, position=round.number))
    if not bans:
        return {}
    tables = list(round_tables(round=round)) if tables is None else list(tables)
    by_table: dict[int, list[BanView]] = defaultdict(list)
    for view in _resolve(bans, tables, round):
        if view.table is not None:
            by_table[view.table].append(view)
    return dict(by_table)


def table_bans(*, table: Table) -> list[BanView]:
    """The bans in force at one table of a position."""
    round_ = table.round
    tables = list(round_.tables.filter(pk=table.pk).prefetch_related("seats__registration__player"))
    players = [s.registration_id for s in tables[0].seats.all()] if tables else []
    bans = _in_force().filter(
        Q(registration_id__in=players) | Q(registration__isnull=True, table_number=table.number),
        tournament_id=round_.tournament_id,
        position=round_.number,
    )
    return _resolve(bans, tables, round_)


def player_bans(*, registration: Registration) -> list[BanView]:
    """A player's bans in force, position by position: their own, and a misdeal's once the
    sheet says they dealt that deal."""
    tournament = registration.tournament
    bans = list(_in_force().filter(tournament=tournament).filter(
        Q(registration=registration) | Q(registration__isnull=True)
    ))  # fmt: skip
    views = []
    rounds = {r.number: r for r in tournament.rounds.filter(number__in={b.position for b in bans})}
    for number in sorted({b.position for b in bans}):
        round_ = rounds.get(number)
        mine = [b for b in bans if b.position == number]
        if round_ is None or not round_.is_published:  # only the player's own, as decided
            views += [_unseated(b) for b in mine if b.registration_id == registration.pk]
            continue
        tables = list(round_tables(round=round_))
        views += [
            v
            for v in _resolve(mine, tables, round_)
            if v.registration is not None and v.registration.pk == registration.pk
        ]
    return views


def _unseated(ban: BidBan) -> BanView:
    return BanView(
        position=ban.position,
        table=None,
        deal=ban.deal_number,
        registration=ban.registration,
        seat=None,
        on_dealer=False,
        reason=ban.reason,
    )
