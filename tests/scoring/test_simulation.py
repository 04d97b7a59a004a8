"""Simulated score sheets: valid, entered and confirmed through the services, one per table."""

import random

import pytest
from django.core.management import CommandError, call_command

from scoring.engine import DealInput, score_deal
from scoring.engine.sheet import TableSetup, check_sheet
from scoring.formats.libre.selectors import ruleset_of, table_setup
from scoring.formats.libre.services import scoresheet_save
from scoring.formats.libre.simulation import random_sheet, sheets_simulate
from scoring.models import Deal, Mark, ScoreSheet
from scoring.simulation_staff import ARBITRE, SCORER
from tests.scoring.conftest import seat_and_publish
from tournaments import services_seating
from tournaments.models import AuditEntry, StaffRole, Tournament

pytestmark = pytest.mark.django_db


def check_ledger(tournament):
    """Every table of every published position has one confirmed sheet whose marks are right."""
    ruleset = ruleset_of(tournament)
    tables = [t for r in tournament.rounds.filter(status="published") for t in r.tables.all()]
    sheets = ScoreSheet.objects.filter(round__tournament=tournament)
    assert sorted(s.table_id for s in sheets) == sorted(t.pk for t in tables)
    for sheet in sheets.select_related("table", "entered_by", "confirmed_by"):
        size = sheet.table.size
        assert sheet.status == "confirmed" and sheet.version == 1
        assert sheet.entered_by.username == SCORER and sheet.confirmed_by.username == ARBITRE
        assert sheet.visas == list(range(size)) and sheet.warnings == []
        assert sheet.deals.count() == {3: 5, 4: 5, 5: tournament.deals_table_5}[size]
    deals = Deal.objects.filter(sheet__round__tournament=tournament).prefetch_related("marks")
    modes = set()
    for deal in deals:
        marks = {m.registration_id: m.value for m in deal.marks.all()}
        assert len(marks) == deal.sheet.table.size
        assert sum(marks.values()) == 0
        modes.add(deal.mode)
        if deal.mode != "facts":
            continue
        attack = {deal.taker_id, deal.partner_id}
        result = score_deal(
            DealInput(
                players=len(marks) - (deal.sitting_out_id is not None),
                contract=deal.contract,
                bouts=deal.bouts,
                points=deal.points,
                petit_au_bout=deal.petit_au_bout,
                poignees=tuple(
                    ("attack" if reg in attack else "defence", level)
                    for reg, level in deal.poignees
                ),
                chelem_announced=deal.chelem_announced,
                chelem=deal.chelem,
                partner=deal.partner_id is not None,
            ),
            ruleset,
        )
        expected = {
            reg: 0
            if reg == deal.sitting_out_id
            else result.taker
            if reg == deal.taker_id
            else result.partner
            if reg == deal.partner_id
            else result.defender
            for reg in marks
        }
        assert marks == expected
        assert deal.amount == result.amount
    assert modes == {"facts", "marks"}


def test_fills_every_table_with_a_confirmed_valid_sheet(tournament, staff):
    seat_and_publish(tournament, staff["organiser"], 14)  # tables of 4, 4, 3, 3
    assert sheets_simulate(tournament=tournament, rng=random.Random(1)) == 4
    check_ledger(tournament)
    roles = dict(
        StaffRole.objects.filter(
            tournament=tournament, user__username__startswith="simulation-"
        ).values_list("user__username", "role")
    )
    assert roles == {SCORER: "scorer", ARBITRE: "arbitre"}
    actions = AuditEntry.objects.filter(tournament=tournament, action__startswith="sheet.")
    assert (
        sorted(actions.values_list("action", flat=True))
        == ["sheet.confirmed"] * 4 + ["sheet.entered"] * 4
    )


def test_tables_with_a_sheet_and_unpublished_positions_are_left_alone(tournament, staff):
    round1 = seat_and_publish(tournament, staff["organiser"], 8)
    table1, table2 = round1.tables.order_by("number")
    typed = scoresheet_save(
        table=table1,
        user=staff["scorer"],
        entry=random_sheet(table_setup(table=table1), random.Random(2)),
        base_version=0,
    )
    # Position 2 is seated but not published yet: nothing to fill there.
    services_seating.round_seat_players(tournament=tournament, number=2, user=staff["organiser"])
    assert sheets_simulate(tournament=tournament, rng=random.Random(3)) == 1
    typed.refresh_from_db()
    assert typed.status == "entered" and typed.entered_by == staff["scorer"]
    assert table1.score_sheets.count() == 1
    assert table2.score_sheets.get().status == "confirmed"
    assert not ScoreSheet.objects.filter(round__number=2).exists()


def test_given_accounts_enter_and_confirm(tournament, staff):
    seat_and_publish(tournament, staff["organiser"], 8)
    sheets_simulate(
        tournament=tournament,
        rng=random.Random(4),
        scorer=staff["scorer"],
        arbitre=staff["arbitre"],
    )
    assert set(
        ScoreSheet.objects.values_list("entered_by__username", "confirmed_by__username")
    ) == {("scorer", "arbitre")}


@pytest.mark.parametrize(("mode", "deals"), [("dealer_sits_out", 10), ("called_king", 7)])
def test_tables_of_five(tournament, staff, mode, deals):
    Tournament.objects.filter(pk=tournament.pk).update(
        remainder="5", table5_mode=mode, deals_table_5=deals
    )
    tournament.refresh_from_db()
    round_ = seat_and_publish(tournament, staff["organiser"], 13)  # tables of 5, 4, 4
    assert sorted(round_.tables.values_list("size", flat=True)) == [4, 4, 5]
    sheets_simulate(tournament=tournament, rng=random.Random(5))
    check_ledger(tournament)
    five = ScoreSheet.objects.get(table__size=5)
    deals = list(five.deals.order_by("number"))
    if mode == "called_king":
        assert all(d.sitting_out_id is None for d in deals)
        assert all(d.partner_id != d.taker_id for d in deals)
        return
    seats = dict(five.table.seats.values_list("registration_id", "number"))
    # Nord deals and sits out deal 1, then the deal passes to the right (the fifth seat,
    # Ouest, Sud, Est): everyone sits out twice in 10 deals.
    assert [seats[d.sitting_out_id] for d in deals] == [0, 4, 3, 2, 1] * 2
    assert all(d.dealer_id == d.sitting_out_id for d in deals)
    assert all(d.taker_id != d.sitting_out_id for d in deals)
    sat_out = Mark.objects.filter(deal__in=deals).values_list(
        "deal__sitting_out_id", "registration_id", "value"
    )
    assert all(value == 0 for out, reg, value in sat_out if reg == out)


def test_called_king_tables_have_partners():
    setup = TableSetup(registrations=(1, 2, 3, 4, 5), deals=40, called_king=True)
    check = check_sheet(setup, random_sheet(setup, random.Random(6)))
    assert check.is_valid and not check.warnings and check.played == 40
    assert all(d.sitting_out is None for d in check.deals)
    assert sum(d.partner is not None for d in check.deals) > 30
    assert all(d.partner != d.taker for d in check.deals)


def test_random_sheets_are_valid_and_vary():
    rng = random.Random(7)
    setup = TableSetup(registrations=(1, 2, 3, 4), deals=5, bans={(2, 1): "renonce"})
    seen = set()
    for _ in range(300):
        entry = random_sheet(setup, rng)
        check = check_sheet(setup, entry)
        assert check.is_valid and not check.warnings, check.problems
        assert check.deals[0].taker != 1  # barred from bidding on deal 1
        assert entry.visas == {0, 1, 2, 3}
        for deal in check.deals:
            seen.add(deal.contract)
            seen.add(deal.mode)
            seen |= {"petit au bout"} if deal.petit_au_bout else set()
            seen |= {"poignee"} if deal.poignees else set()
    assert seen >= {"prise", "garde", "garde_sans", "facts", "marks", "petit au bout", "poignee"}


def test_same_seed_same_sheets():
    setup = TableSetup(registrations=(1, 2, 3, 4, 5), deals=5)
    assert random_sheet(setup, random.Random(8)) == random_sheet(setup, random.Random(8))


def test_command_fills_the_positions_it_seats(capsys):
    call_command(
        "simulate_tournament", "--slug", "s", "--players", "12", "--positions", "2", "--sheets"
    )
    tournament = Tournament.objects.get(slug="s")
    check_ledger(tournament)
    assert ScoreSheet.objects.count() == 6
    assert "6 score sheets entered and confirmed" in capsys.readouterr().out


def test_command_refuses_sheets_without_positions():
    with pytest.raises(CommandError, match="--positions"):
        call_command("simulate_tournament", "--slug", "s", "--players", "12", "--sheets")
    assert not Tournament.objects.exists()
