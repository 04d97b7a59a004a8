"""The load test's database side: the tournament it plays, the check after the run, the clean-up.

Import after ``django.setup()``. ``tournament_prepare`` builds, through the services, a public
tournament of N players with its positions seated and published (``tournament_simulate``),
arbitre accounts that can log in, and a random valid sheet for every table
(``scoring.formats.libre.simulation.random_sheet``), so that the clients never read the database.
``verify`` compares what the clients saw accepted with what the database holds;
``tournament_remove`` deletes everything the run created. With ``--tables N``, the first N tables
enter their deals at the table instead (``tables_prepare``: the switch on, each table's secret
and valid deals with who enters and who approves each; ``tables_verify``: every entry the phones
saw recorded is there once, and written once to its score sheet).
"""

import random
import secrets
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.sessions.models import Session
from django.db import transaction

from scoring.engine.sheet import check_sheet
from scoring.formats.libre.forms import post_fields
from scoring.formats.libre.selectors import load_sheet, sheet_deals, table_setup
from scoring.formats.libre.simulation import random_sheets
from scoring.models import Mark, ScoreSheet
from tournaments.models import Player, StaffRole, Table, Tournament
from tournaments.simulation import tournament_simulate

from .load_clients import Ledger, TablePlan
from .load_tables import DealPlan, TableClientPlan, TablesLedger


@dataclass
class Prepared:
    tournament: Tournament
    accounts: list[tuple[str, str]]  # (username, password) of the arbitres
    tables: list[TablePlan]  # every table of the seated positions, in the order to enter them
    # the first tables, entering at the table (``--tables``): the arbitres leave them alone
    table_clients: list[TableClientPlan] = field(default_factory=list)


def tournament_prepare(
    *, slug: str, players: int, arbitres: int, positions: int, seed: int
) -> Prepared:
    """A fresh public tournament under ``slug``, its arbitres and the sheets they will type."""
    User = get_user_model()
    password = secrets.token_urlsafe(12)
    hashed = make_password(password)  # one slow hash for all: the salt travels in it
    with transaction.atomic():
        organiser = User.objects.create(username=f"{slug}-organiser", password="!")
        tournament = tournament_simulate(
            slug=slug, players=players, user=organiser, seed=seed, positions=positions
        )
        tournament.is_public = True
        tournament.four_eyes = True
        tournament.save(update_fields=["is_public", "four_eyes"])
        accounts = []
        for i in range(1, arbitres + 1):
            user = User.objects.create(username=f"{slug}-a{i:02d}", password=hashed)
            StaffRole.objects.create(tournament=tournament, user=user, role=StaffRole.Role.ARBITRE)
            accounts.append((user.username, password))
    rng = random.Random(seed)
    tables = (
        Table.objects.filter(round__tournament=tournament)
        .select_related("round__tournament")
        .order_by("round__number", "number")
    )
    plans = []
    for table, entry in random_sheets(tables, rng):
        plans.append(
            TablePlan(table.pk, table.round.number, table.number, entry, post_fields(entry))
        )
    return Prepared(tournament=tournament, accounts=accounts, tables=plans)


@dataclass
class Verdict:
    checked: int = 0
    lost: list[str] = field(default_factory=list)  # accepted, not in the database
    duplicated: list[str] = field(default_factory=list)  # more than one version of a table
    different: list[str] = field(default_factory=list)  # stored otherwise than sent
    unconfirmed: list[str] = field(default_factory=list)  # confirmation seen, not stored
    unexpected: list[str] = field(default_factory=list)  # stored, never seen accepted
    uncertain: int = 0  # no answer came: the outcome is unknown to the clients

    @property
    def ok(self) -> bool:
        return not (
            self.lost or self.duplicated or self.different or self.unconfirmed or self.unexpected
        )


def verify(*, tournament: Tournament, tables: list[TablePlan], ledger: Ledger) -> Verdict:
    """Every sheet seen accepted is stored once, as the current version of its table, with the
    deals, marks and visas sent; every confirmation seen is stored; nothing else was stored."""
    verdict = Verdict(uncertain=len(ledger.uncertain))
    by_id = {plan.table_id: plan for plan in tables}
    stored: dict[int, list[ScoreSheet]] = {}
    for sheet in ScoreSheet.objects.filter(round__tournament=tournament).select_related(
        "entered_by", "confirmed_by"
    ):
        stored.setdefault(sheet.table_id, []).append(sheet)
    for table_id, versions in stored.items():
        plan = by_id.get(table_id)
        if plan is None:  # a table entering at the table: ``tables_verify`` checks it
            continue
        name = f"position {plan.position} table {plan.number}"
        if table_id not in ledger.accepted and table_id not in ledger.uncertain:
            verdict.unexpected.append(f"{name}: {len(versions)} version(s) never seen accepted")
        if len(versions) > 1:
            verdict.duplicated.append(f"{name}: {len(versions)} versions")
    for table_id, sent in ledger.accepted.items():
        verdict.checked += 1
        plan = by_id[table_id]
        name = f"position {plan.position} table {plan.number}"
        current = [s for s in stored.get(table_id, []) if s.status != ScoreSheet.Status.SUPERSEDED]
        if not current:
            verdict.lost.append(name)
            continue
        sheet = current[0]
        problems = _differences(sheet, sent, plan)
        if problems:
            verdict.different.append(f"{name}: {', '.join(problems)}")
        who = ledger.confirmed.get(table_id)
        if who is not None and (not sheet.is_confirmed or sheet.confirmed_by.username != who):
            verdict.unconfirmed.append(f"{name}: confirmed by {who}, stored {sheet.status}")
        if who is None and sheet.is_confirmed and table_id not in ledger.uncertain:
            verdict.unexpected.append(f"{name}: confirmed, never seen confirmed")
    return verdict


def _differences(sheet: ScoreSheet, sent, plan: TablePlan) -> list[str]:
    table = Table.objects.select_related("round__tournament").get(pk=plan.table_id)
    setup = table_setup(table=table)
    expected = check_sheet(setup, sent.entry)
    problems = []
    if sheet.version != 1:
        problems.append(f"version {sheet.version}")
    if sheet.entered_by.username != sent.username:
        problems.append(f"entered by {sheet.entered_by.username}, sent by {sent.username}")
    if sheet.token != sent.token:
        problems.append("another form's token")
    if expected.errors or sheet_deals(load_sheet(sheet.pk)) != expected.deals:
        problems.append("deals or marks differ from those sent")
    visas = sorted(sent.entry.visas)
    if sheet.visas != visas:
        problems.append(f"visas {sheet.visas}, sent {visas}")
    marks = Mark.objects.filter(sheet=sheet).count()
    if marks != sum(len(deal.marks) for deal in expected.deals):
        problems.append(f"{marks} mark rows")
    return problems


def tables_prepare(*, tournament, plans: list[TablePlan], count: int, deals: int, seed: int):
    """The first ``count`` tables of ``plans`` enter at the table (the tournament's switch on):
    for each, its secret and ``deals`` valid deals (``random_deal``, read by the table game as
    the server will), entered by the taker and approved by the first seat of the other camp."""
    from scoring.at_table import services
    from scoring.engine.entry import SheetEntry
    from scoring.formats.libre.simulation import random_deal

    if count <= 0:
        return []
    tournament.table_entry = True
    tournament.save(update_fields=["table_entry"])
    rng = random.Random(f"{seed}:tables")
    clients = []
    for plan in plans[:count]:
        table = Table.objects.select_related("round__tournament").get(pk=plan.table_id)
        game, setup = services.game_of(table), table_setup(table=table)
        played, planned = {}, []
        for number in range(1, min(deals, setup.deals) + 1):
            deal = random_deal(setup, number, rng)
            fields = post_fields(SheetEntry(deals=(deal,)))
            fields = {k: v for k, v in fields.items() if k.startswith(f"d{number}-")}
            reading = game.read(table, number, fields, played)
            if not reading.is_valid:
                raise RuntimeError(f"table {table}: deal {number} refused {reading.problems}")
            approvers = game.approvers(table, number, reading.data, deal.taker)
            planned.append(DealPlan(number, deal.taker, min(approvers), fields))
            played[number] = reading.data
        secret = services.access_of(table).secret
        clients.append(
            TableClientPlan(plan.table_id, plan.position, plan.number, secret, tuple(planned))
        )
    return clients


@dataclass
class TablesVerdict:
    checked: int = 0
    lost: list[str] = field(default_factory=list)  # seen recorded, not in the database
    doubled: list[str] = field(default_factory=list)  # two live entries, or two for one key
    unapproved: list[str] = field(default_factory=list)  # seen approved, not stored approved
    unexpected: list[str] = field(default_factory=list)  # stored, never seen recorded
    ledger: list[str] = field(default_factory=list)  # the score sheet does not hold it once

    @property
    def ok(self) -> bool:
        return not (self.lost or self.doubled or self.unapproved or self.unexpected or self.ledger)


def tables_verify(*, plans: list[TableClientPlan], ledger: TablesLedger) -> TablesVerdict:
    """Count the entries and the score sheets' versions against what the phones were told."""
    from scoring.at_table import services
    from scoring.formats.libre.selectors import current_sheet
    from scoring.models import TableEntry

    verdict = TablesVerdict()
    for plan in plans:
        table = Table.objects.select_related("round__tournament").get(pk=plan.table_id)
        rows = list(TableEntry.objects.filter(table=table))
        approved = {row.number for row in rows if row.status == TableEntry.Status.APPROVED}
        for row in rows:
            where = (plan.table_id, row.number)
            if where not in ledger.recorded and where not in ledger.uncertain:
                verdict.unexpected.append(f"table {plan.number} deal {row.number}: {row.status}")
        for deal in plan.deals:
            where, name = (plan.table_id, deal.number), f"table {plan.number} deal {deal.number}"
            mine = [row for row in rows if row.number == deal.number]
            if (
                len(mine) > 1
                or len([r for r in rows if r.client_key == ledger.keys.get(where)]) > 1
            ):
                verdict.doubled.append(f"{name}: {len(mine)} entries")
            if where not in ledger.recorded:
                continue
            verdict.checked += 1
            if not any(row.pk == ledger.recorded[where] for row in mine):
                verdict.lost.append(name)
            if where in ledger.approved and deal.number not in approved:
                verdict.unapproved.append(name)
        written = set(services.game_of(table).ledger(table))
        sheet = current_sheet(table=table)
        versions = sheet.version if sheet is not None else 0
        if written != approved or versions != len(approved):
            verdict.ledger.append(
                f"table {plan.number}: approved {sorted(approved)}, the sheet holds "
                f"{sorted(written)} in {versions} version(s)"
            )
    return verdict


def tournament_remove(*, slug: str, sessions: list[str]) -> None:
    """Delete the run's tournament, its players, its accounts and their ``sessions`` (keys: the
    server signed them with its own secret, which this process cannot read them with)."""
    tournament = Tournament.objects.filter(slug=slug).first()
    User = get_user_model()
    users = list(User.objects.filter(username__startswith=f"{slug}-").values_list("pk", flat=True))
    with transaction.atomic():
        if tournament is not None:
            players = list(tournament.registrations.values_list("player_id", flat=True))
            # Marks and seats protect registrations: sheets, then positions, go first.
            ScoreSheet.objects.filter(round__tournament=tournament).delete()
            tournament.rounds.all().delete()
            tournament.delete()
            Player.objects.filter(pk__in=players).delete()
        Session.objects.filter(session_key__in=sessions).delete()
        User.objects.filter(pk__in=users).delete()
