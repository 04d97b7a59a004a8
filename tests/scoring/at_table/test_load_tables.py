"""The load test's check of the table entries (``benchmarks.load_setup.tables_verify``): what the
phones were told against the database. Played here through the services, as the phones do over
HTTP: a clean run passes; an entry the phones never saw, or one they saw and is gone, fails."""

import pytest

from benchmarks.load_clients import TablePlan
from benchmarks.load_setup import tables_prepare, tables_verify
from benchmarks.load_tables import TablesLedger
from scoring.at_table import services
from scoring.models import TableEntry
from tests.scoring.conftest import seat_and_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def plans(tournament, staff):
    round_ = seat_and_publish(tournament, staff["organiser"], 8)
    tables = [TablePlan(t.pk, 1, t.number, None, {}) for t in round_.tables.order_by("number")]
    return tables_prepare(tournament=tournament, plans=tables, count=2, deals=2, seed=1)


def play(plan, ledger, *, resend=False):
    access = services.access_by_secret(plan.secret)
    for deal in plan.deals:
        key = f"{plan.table_id}-{deal.number}-load"
        post = {**deal.fields}
        for _time in range(2 if resend else 1):  # the same key again: one entry
            entry = services.submit(
                access=access, number=deal.number, seat=deal.seat, post=post, client_key=key
            )
        where = (plan.table_id, deal.number)
        ledger.keys[where], ledger.recorded[where] = key, entry.pk
        services.approve(access=access, entry_id=entry.pk, seat=deal.approver)
        ledger.approved.add(where)


def test_the_tables_planned_enter_valid_deals_and_a_clean_run_passes(plans, tournament):
    tournament.refresh_from_db()
    assert tournament.table_entry and len(plans) == 2
    ledger = TablesLedger()
    for plan in plans:
        play(plan, ledger, resend=True)
    verdict = tables_verify(plans=plans, ledger=ledger)
    assert verdict.ok and verdict.checked == 4, verdict
    assert TableEntry.objects.count() == 4


def test_an_entry_lost_or_never_seen_fails(plans):
    ledger = TablesLedger()
    play(plans[0], ledger)
    unseen = TablesLedger()
    play(plans[1], unseen)  # recorded, but not in the ledger the check reads
    TableEntry.objects.filter(pk=ledger.recorded[(plans[0].table_id, 1)]).delete()
    verdict = tables_verify(plans=plans, ledger=ledger)
    assert len(verdict.lost) == 1 and len(verdict.unexpected) == 2
    assert verdict.ledger  # the sheet holds a deal no approved entry explains
    assert not verdict.ok
