"""Random valid score sheets, entered and confirmed through the services: demos and benchmarks.

``sheets_simulate`` fills every table of the published, open positions of a tournament that has
no sheet yet with a random sheet as a scorer types it (a ``SheetEntry``), saves it as a scorer
(``scoresheet_save``) and confirms it as an arbitre (``scoresheet_confirm``), so a simulated
position is exactly what the staff would have typed: same checks, same versions, same audit.
Deals are drawn from a seeded generator (the same seed on the same seating gives the same
sheets), some entered as facts and some as transcribed marks, each one checked with
``score_deal`` before it is typed.
"""

import random
from dataclasses import replace
from decimal import Decimal

from django.db import transaction
from django.db.models import Prefetch

from scoring.engine import (
    Camp,
    Contract,
    DealInput,
    InvalidDeal,
    PoigneeLevel,
    possible_points,
    score_deal,
)
from scoring.engine.deal import TARGETS
from scoring.engine.entry import FACTS, MARKS, DealEntry, SheetEntry
from scoring.engine.sheet import TableSetup
from scoring.formats.libre.selectors import table_setup
from scoring.formats.libre.services import scoresheet_confirm, scoresheet_save
from scoring.simulation_staff import simulation_accounts
from tournaments.models import Round, Seat, Tournament

# Weights as at a real table: mostly prises and gardes.
CONTRACTS = (Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE)
CONTRACT_WEIGHTS = (45, 38, 12, 5)
BOUTS_WEIGHTS = (10, 35, 38, 17)  # 0 to 3 bouts in the attack's pile
POIGNEE_LEVELS = (PoigneeLevel.SIMPLE, PoigneeLevel.DOUBLE, PoigneeLevel.TRIPLE)
POIGNEE_WEIGHTS = (80, 17, 3)
FACTS_SHARE = 0.7  # the other deals are entered as the marks written on the paper sheet
PETIT_AU_BOUT_SHARE = 0.06
POIGNEE_SHARE = 0.08
CHELEM_SHARE = 0.004
CALLED_SELF_SHARE = 0.05  # at 5 in the called-king game, the taker called a king of his own


def _points(half_points: int, rng: random.Random) -> str:
    """Points as a scorer types them: "49", "40.5", now and then "40,5"."""
    if half_points % 2 == 0:
        return str(half_points // 2)
    return f"{half_points // 2}{',' if rng.random() < 0.2 else '.'}5"


def _half_points(players: int, contract: Contract, bouts: int, rng: random.Random) -> int:
    """The attack's points in half-points: around the target, the nearest count the cards
    allow with these bouts when nobody takes every trick."""
    possible = possible_points(players, contract)[bouts].half_points
    wanted = round(rng.gauss(2 * TARGETS[bouts] + 6, 22))
    return min(possible, key=lambda half: (abs(half - wanted), half))


def _chelem_count(players: int, contract: Contract, camp: Camp, rng: random.Random):
    """(bouts, half-points) of a deal in which ``camp`` took every trick."""
    possible = possible_points(players, contract, camp)
    bouts = rng.choice(sorted(possible))
    return bouts, rng.choice(sorted(possible[bouts].half_points))


def random_deal(setup: TableSetup, number: int, rng: random.Random) -> DealEntry:
    """One random valid deal ``number`` of the table ``setup``, as a scorer types it."""
    size = setup.size
    out = setup.sitting_out(number)
    playing = [seat for seat in range(size) if seat != out]
    allowed = [s for s in playing if setup.ban(s, number) is None]
    taker = rng.choice(allowed or playing)  # everyone barred: the save will say so
    partner = None
    if setup.called_king and rng.random() >= CALLED_SELF_SHARE:
        partner = rng.choice([seat for seat in playing if seat != taker])
    contract = rng.choices(CONTRACTS, CONTRACT_WEIGHTS)[0]
    chelem, announced = None, False
    if rng.random() < CHELEM_SHARE:
        chelem = rng.choice((Camp.ATTACK, Camp.DEFENCE))
        announced = chelem is Camp.ATTACK and rng.random() < 0.5
    if chelem is not None:
        bouts, half_points = _chelem_count(len(playing), contract, chelem, rng)
    else:
        bouts = rng.choices(range(4), BOUTS_WEIGHTS)[0]
        half_points = _half_points(len(playing), contract, bouts, rng)
    pab = None
    if rng.random() < PETIT_AU_BOUT_SHARE:
        pab = rng.choice((Camp.ATTACK, Camp.DEFENCE))
    attack = {taker, partner} - {None}
    poignees = []  # (seat, level)
    if rng.random() < POIGNEE_SHARE:
        count = 2 if rng.random() < 0.15 else 1
        for seat in rng.sample(playing, count):
            poignees.append((seat, rng.choices(POIGNEE_LEVELS, POIGNEE_WEIGHTS)[0]))
    # Draw freely, then drop whatever prime the engine refuses (a petit au bout with no bout,
    # two poignées showing more trumps than the deck holds…).
    while True:
        deal = DealInput(
            players=len(playing),
            contract=contract,
            bouts=bouts,
            points=Decimal(half_points) / 2,
            petit_au_bout=pab,
            poignees=tuple(
                (Camp.ATTACK if seat in attack else Camp.DEFENCE, level) for seat, level in poignees
            ),
            chelem_announced=announced,
            chelem=chelem,
            partner=partner is not None,
        )
        try:
            result = score_deal(deal, setup.ruleset)
            break
        except InvalidDeal as exc:
            if exc.field == "petit_au_bout" and pab is not None:
                pab = None
            elif exc.field == "poignees" and poignees:
                poignees = poignees[:-1]
            else:
                raise
    line = DealEntry(number=number, contract=str(contract), taker=taker, partner=partner)
    if rng.random() < FACTS_SHARE:
        levels = dict(poignees)
        return replace(
            line,
            mode=FACTS,
            bouts=str(bouts),
            points=_points(half_points, rng),
            petit_au_bout=str(pab or ""),
            chelem=str(chelem or ""),
            chelem_announced=announced,
            poignees=tuple(str(levels.get(seat, "")) for seat in range(size)),
        )
    marks = tuple(
        ""
        if seat not in playing
        else str(result.taker)
        if seat == taker
        else str(result.partner)
        if seat == partner
        else str(result.defender)
        for seat in range(size)
    )
    return replace(line, mode=MARKS, marks=marks)


def random_sheet(setup: TableSetup, rng: random.Random) -> SheetEntry:
    """A full random valid sheet of ``setup``, every visa ticked."""
    return SheetEntry(
        deals=tuple(random_deal(setup, number, rng) for number in range(1, setup.deals + 1)),
        visas=frozenset(range(setup.size)),
    )


def random_sheets(tables, rng: random.Random):
    """(table, a random valid sheet) for each table of the queryset ``tables``,
    in its order."""
    seats = Prefetch("seats", queryset=Seat.objects.order_by("number"))
    for table in tables.prefetch_related(seats):
        yield table, random_sheet(table_setup(table=table, seats=list(table.seats.all())), rng)


def sheets_simulate(
    *, tournament: Tournament, rng: random.Random, scorer=None, arbitre=None
) -> int:
    """Enter and confirm a random valid sheet at every table of the published, open positions
    of ``tournament`` that has none yet; returns how many sheets were confirmed.

    ``scorer`` enters and ``arbitre`` confirms (four-eyes: two accounts); by default the
    accounts ``simulation-scorer`` and ``simulation-arbitre``, given the roles they need.
    Each position is filled in one transaction: a refused sheet leaves it as it was.
    """
    if scorer is None or arbitre is None:
        default_scorer, default_arbitre = simulation_accounts(tournament)
        scorer, arbitre = scorer or default_scorer, arbitre or default_arbitre
    rounds = tournament.rounds.filter(
        status=Round.Status.PUBLISHED, closed_at__isnull=True
    ).order_by("number")
    count = 0
    for round_ in rounds:
        round_.tournament = tournament
        tables = round_.tables.exclude(score_sheets__isnull=False).order_by("number")
        with transaction.atomic():
            for table, entry in random_sheets(tables, rng):
                table.round = round_
                sheet = scoresheet_save(table=table, user=scorer, entry=entry, base_version=0)
                scoresheet_confirm(sheet=sheet, user=arbitre)
                count += 1
    return count
