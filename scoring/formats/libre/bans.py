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

from scoring.engine.sheet import TableSetup
from scoring.formats.libre.selectors import deals_for
from scoring.models import BidBan, Deal, ScoreSheet
from tournaments.models import Registration, Round, Table
from tournaments.models.core import seat_name
from tournaments.selectors_seating import round_tables


@dataclass(frozen=True)
class BanView:
    """One ban in force, resolved as far as what is known allows."""

    position: int
    table: int | None  # the table's number at that position, once the player is seated
    deal: int | None  # None: the first deal the player plays from ``start`` on, not known yet
    registration: Registration | None  # None: whoever dealt the deal, not known yet
    seat: int | None
    on_dealer: bool  # a misdeal's ban: whoever dealt the deal
    reason: str
    start: int = 1  # the ban falls on the first deal the player plays from this one on

    @property
    def who(self) -> str:
        if self.registration is None:
            return _("The dealer of deal %(n)s") % {"n": self.deal}
        name = f"{self.registration.name} ({self.registration.number})"
        return name if self.seat is None else f"{seat_name(self.seat)} · {name}"

    @property
    def which_deal(self) -> str:
        if self.deal is None and self.start > 1:
            return _("the first deal they play from deal %(n)s on") % {"n": self.start}
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
        if self.deal is not None:
            deal = _("deal %(n)s") % {"n": self.deal}
        elif self.start > 1:
            deal = _("the first deal played from deal %(n)s") % {"n": self.start}
        else:
            deal = _("the first deal played")
        who = _("the dealer") if self.registration is None else self.who
        return _("No bid on %(deal)s: %(who)s") % {"deal": deal, "who": who}

    @property
    def public_text(self) -> str:
        """What a player's page says, without the arbitre's wording."""
        if self.deal is None and self.start > 1:
            return _("May not bid on the first deal played from deal %(n)s of position %(k)s.") % {
                "n": self.start,
                "k": self.position,
            }
        if self.deal is None:
            return _("May not bid on the first deal played at position %(k)s.") % {
                "k": self.position
            }
        return _("May not bid on deal %(n)s of position %(k)s.") % {
            "n": self.deal,
            "k": self.position,
        }


def _sheet_lines(tables: list[Table]) -> dict[int, dict[int, tuple[int | None, str]]]:
    """table id -> deal number -> (the dealer's registration id, how the line was entered),
    from each current sheet."""
    found: dict[int, dict[int, tuple[int | None, str]]] = defaultdict(dict)
    rows = (
        Deal.objects.filter(sheet__table__in=tables)
        .exclude(sheet__status=ScoreSheet.Status.SUPERSEDED)
        .values_list("sheet__table_id", "number", "dealer_id", "mode")
    )
    for table_id, number, dealer, mode in rows:
        found[table_id][number] = (dealer, mode)
    return found


def _resolve(bans, tables: list[Table], round_: Round) -> list[BanView]:
    """The bans of one position, resolved against its tables (seats prefetched)."""
    tournament = round_.tournament
    lines = _sheet_lines(tables)
    seat_of = {s.registration_id: (t, s) for t in tables for s in t.seats.all()}
    by_number = {t.number: t for t in tables}
    views = []
    for ban in bans:
        if ban.registration_id is None:
            table = by_number.get(ban.table_number)
            dealer = lines.get(table.pk, {}).get(ban.deal_number, (None, ""))[0] if table else None
            table_seat = seat_of.get(dealer)
            views.append(
                BanView(
                    position=ban.position,
                    table=ban.table_number,
                    deal=ban.deal_number,
                    registration=table_seat[1].registration if table_seat else None,
                    seat=table_seat[1].number if table_seat else None,
                    on_dealer=True,
                    reason=ban.reason,
                    start=ban.deal_number,
                )
            )
            continue
        table, seat = seat_of.get(ban.registration_id, (None, None))
        start = ban.deal_number or 1
        deal = None
        if table is not None:
            deal = _first_bid(tournament, table, seat.number, lines.get(table.pk, {}), start)
        views.append(
            BanView(
                position=ban.position,
                table=table.number if table else None,
                deal=deal,
                registration=seat.registration if seat else ban.registration,
                seat=seat.number if seat else None,
                on_dealer=False,
                reason=ban.reason,
                start=start,
            )
        )
    return sorted(views, key=lambda v: (v.table or 0, v.deal or v.start, v.seat or 0))


def _first_bid(tournament, table: Table, seat: int, lines: dict, start: int) -> int | None:
    """The deal a barred player may not bid on: the first they play from deal ``start`` on.
    Where the dealer sits out, that depends on who deals, which only the sheet says (None
    before it is entered): the first dealer is drawn at the table."""
    seats = list(table.seats.all())
    setup = TableSetup(
        registrations=tuple(s.registration_id for s in seats),
        deals=deals_for(tournament, len(seats)),
        called_king=tournament.table5_mode == tournament.Table5Mode.CALLED_KING,
    )
    seat_by_reg = {s.registration_id: s.number for s in seats}
    recorded = []  # the dealers of the lines the sheet has, in order; the rest follow in turn
    for number in range(1, setup.deals + 1):
        dealer = seat_by_reg.get(lines.get(number, (None, ""))[0])
        if dealer is None:
            break
        recorded.append(dealer)
    if setup.dealer_sits_out and not recorded:
        return None
    unbid = frozenset(n for n, (_dealer, mode) in lines.items() if mode == Deal.Mode.PETIT_SEC)
    return replace(setup, dealers=tuple(recorded), unbid=unbid).first_bid(seat, start)


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


def dealt_bans(*, registration: Registration, in_force: bool = True) -> list[BidBan]:
    """The misdeal bans that fall on a player: at a table they sat at, on a deal its current
    sheet says they dealt (2 queries)."""
    dealt = set(
        Deal.objects.filter(dealer=registration)
        .exclude(sheet__status=ScoreSheet.Status.SUPERSEDED)
        .values_list("sheet__round__number", "sheet__table__number", "number")
    )
    if not dealt:
        return []
    bans = BidBan.objects.filter(tournament_id=registration.tournament_id, registration=None)
    if in_force:
        bans = bans.filter(cancelled_at__isnull=True)
    bans = bans.select_related("created_by", "cancelled_by").order_by("position", "id")
    return [b for b in bans if (b.position, b.table_number, b.deal_number) in dealt]


def player_bans(*, registration: Registration) -> list[BanView]:
    """A player's bans in force, position by position: their own, resolved at their table of
    that position once it is published, and a misdeal's once the sheet says they dealt it."""
    tournament = registration.tournament
    own = list(_in_force().filter(registration=registration))
    views = [
        BanView(
            position=ban.position,
            table=ban.table_number,
            deal=ban.deal_number,
            registration=registration,
            seat=None,
            on_dealer=True,
            reason=ban.reason,
            start=ban.deal_number,
        )
        for ban in dealt_bans(registration=registration)
    ]
    positions = {b.position for b in own}
    rounds = {r.number: r for r in tournament.rounds.filter(number__in=positions)}
    for number in sorted(positions):
        round_ = rounds.get(number)
        mine = [b for b in own if b.position == number]
        if round_ is None or not round_.is_published:  # as decided, not seated yet
            views += [_unseated(b) for b in mine]
            continue
        views += _resolve(mine, list(round_tables(round=round_)), round_)
    return sorted(views, key=lambda v: (v.position, v.deal or v.start))


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
