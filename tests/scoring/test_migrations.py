"""Sheets stored before each deal recorded its dealer get one, and keep every mark."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scoring.formats.libre import services
from scoring.formats.libre.forms import read_entry
from scoring.models import Deal, Mark
from tests.scoring.conftest import SAMPLE, VISAS, seat_and_publish

BEFORE = [("scoring", "0002_arbitration_effects")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


@pytest.mark.django_db(transaction=True)
def test_stored_sheets_get_their_dealers_without_a_mark_changing(tournament, staff):
    tournament.remainder = "5"
    tournament.save()
    round_ = seat_and_publish(tournament, staff["organiser"], 9)  # a table of 4, one of 5
    four, five = round_.tables.get(size=4), round_.tables.get(size=5)
    services.scoresheet_save(
        table=four, user=staff["scorer"], entry=read_entry({**SAMPLE, **VISAS}), base_version=0
    )
    # Before, the dealer who sat out went Nord, Est, Sud, Ouest, fifth seat.
    data = {"short_reason": "late"}
    for number, seat in ((1, 0), (2, 1), (3, 2)):
        taker = (seat + 1) % 5
        data |= {f"d{number}-dealer": str(seat), f"d{number}-contract": "garde",
                 f"d{number}-taker": str(taker)}  # fmt: skip
        for other in range(5):
            if other != seat:
                data[f"d{number}-mark{other}"] = "318" if other == taker else "-106"
    services.scoresheet_save(
        table=five, user=staff["scorer"], entry=read_entry(data), base_version=0
    )
    marks = sorted(Mark.objects.values_list("deal_id", "registration_id", "value"))
    sat_out = dict(Deal.objects.values_list("pk", "sitting_out_id"))

    migrate(BEFORE)
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    assert sorted(Mark.objects.values_list("deal_id", "registration_id", "value")) == marks
    seats4 = dict(four.seats.values_list("number", "registration_id"))
    dealers4 = list(
        Deal.objects.filter(sheet__table=four)
        .order_by("number")
        .values_list("dealer_id", flat=True)
    )
    # At a table of 4 the sheet said nothing: in turn from Nord, to the right.
    assert dealers4 == [seats4[s] for s in (0, 3, 2, 1, 0)]
    for pk, dealer, sitting_out in Deal.objects.filter(sheet__table=five).values_list(
        "pk", "dealer_id", "sitting_out_id"
    ):
        assert dealer == sitting_out == sat_out[pk]  # at a table of 5, who sat out dealt
