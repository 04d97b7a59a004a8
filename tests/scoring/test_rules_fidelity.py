"""The rules as a club arbitre checks them, through the save service and the web form: the
official sample sheet typed as facts, counts only a chelem allows, the dealer on every sheet,
deals dealt again and deals not played."""

import re

import pytest

from scoring.formats.libre import services
from scoring.formats.libre.forms import read_entry
from scoring.models import Deal, Mark, ScoreSheet
from tests.scoring.conftest import SAMPLE, SAMPLE_BILANS, VISAS, seat_and_publish
from tests.support import table_url as url

pytestmark = pytest.mark.django_db

# The official sample sheet (fft-rules.md section 2) as the facts of each deal; seats 0 Nord,
# 1 Est, 2 Sud, 3 Ouest. Deal 5 is the rulebook's chelem: the defence kept its Excuse, so the
# attack counts 87 with 2 bouts.
SAMPLE_FACTS = {
    "d1-mode": "facts", "d1-contract": "garde", "d1-taker": "1", "d1-bouts": "2",
    "d1-points": "49", "d1-pab": "attack", "d1-poignee1": "simple",
    "d2-mode": "facts", "d2-contract": "garde_sans", "d2-taker": "3", "d2-bouts": "1",
    "d2-points": "55", "d2-pab": "defence",
    "d3-mode": "facts", "d3-contract": "prise", "d3-taker": "2", "d3-bouts": "1",
    "d3-points": "34",
    "d4-mode": "facts", "d4-contract": "garde", "d4-taker": "0", "d4-bouts": "2",
    "d4-points": "52", "d4-poignee1": "simple",
    "d5-mode": "facts", "d5-contract": "garde", "d5-taker": "2", "d5-bouts": "2",
    "d5-points": "87", "d5-pab": "attack", "d5-poignee2": "simple",
    "d5-chelem": "attack", "d5-chelem_announced": "on",
}  # fmt: skip


def bilans(sheet) -> list[int]:
    totals = [0] * 4
    for seat, value in Mark.objects.filter(sheet=sheet).values_list("seat", "value"):
        totals[seat] += value
    return totals


@pytest.mark.parametrize("data", [SAMPLE, SAMPLE_FACTS], ids=["marks", "facts"])
def test_the_official_sheet_through_the_save_service(table, staff, data):
    sheet = services.scoresheet_save(
        table=table, user=staff["scorer"], entry=read_entry({**data, **VISAS}), base_version=0
    )
    assert bilans(sheet) == SAMPLE_BILANS
    assert not sheet.warnings
    assert [d.amount for d in sheet.deals.order_by("number")] == [106, 76, -42, 92, 582]


@pytest.mark.parametrize("data", [SAMPLE, SAMPLE_FACTS], ids=["marks", "facts"])
def test_the_official_sheet_through_the_web_form(client, table, staff, data):
    client.force_login(staff["scorer"])
    preview = client.post(url("preview", table), data).content.decode()
    assert 'class="field-error"' not in re.sub(
        r'<span class="field-error"[^>]*></span>', "", preview
    )
    response = client.post(url("sheet", table), {**data, **VISAS, "base_version": "0"})
    assert response.status_code == 302
    assert bilans(ScoreSheet.objects.get()) == SAMPLE_BILANS


def test_a_chelem_count_is_refused_next_to_the_field_when_the_chelem_is_not_recorded(
    client, table, staff
):
    client.force_login(staff["scorer"])
    data = {**SAMPLE_FACTS, "d5-chelem": ""}
    response = client.post(url("sheet", table), {**data, **VISAS, "base_version": "0"})
    assert response.status_code == 400 and not ScoreSheet.objects.exists()
    errors = response.context["form"].errors
    assert "the attack takes every trick: record the chelem" in errors["d5-chelem"][0]
    data["d3-points"] = "34.5"  # at a table of 4 every count is whole
    response = client.post(url("preview", table), data).content.decode()
    assert "every count is whole" in re.search(r'id="err-d3-points"[^>]*>([^<]*)<', response)[1]


def test_the_garde_contre_chelem_typed_as_marks_gets_no_warning(table, staff):
    data = {**SAMPLE, **VISAS, "d1-contract": "garde_contre", "d1-mark0": "-814",
            "d1-mark1": "2442", "d1-mark2": "-814", "d1-mark3": "-814"}  # fmt: skip
    sheet = services.scoresheet_save(
        table=table, user=staff["scorer"], entry=read_entry(data), base_version=0
    )
    assert sheet.warnings == []


def test_every_stored_deal_names_its_dealer(table, staff):
    data = {**SAMPLE, **VISAS, "d3-dealer": "0", "d3-dealt_again": "on"}
    sheet = services.scoresheet_save(
        table=table, user=staff["scorer"], entry=read_entry(data), base_version=0
    )
    seats = dict(table.seats.values_list("number", "registration_id"))
    deals = list(sheet.deals.order_by("number"))
    # Nord, Ouest in turn; Nord again for deal 3 (the sheet says so), then the deal passes on.
    assert [d.dealer_id for d in deals] == [seats[s] for s in (0, 3, 0, 3, 2)]
    assert [d.dealt_again for d in deals] == [False, False, True, False, False]
    assert all(d.sitting_out_id is None for d in deals)


def test_a_deal_not_played_is_a_line_with_its_dealer_and_no_marks(client, table, staff):
    client.force_login(staff["scorer"])
    data = {**SAMPLE, **VISAS, "d3-mode": "petit_sec", "base_version": "0"}
    assert client.post(url("sheet", table), data).status_code == 302
    sheet = ScoreSheet.objects.get()
    third = sheet.deals.get(number=3)
    assert (third.mode, third.contract, third.taker_id) == (Deal.Mode.PETIT_SEC, "", None)
    assert list(third.marks.values_list("value", flat=True)) == [0, 0, 0, 0]
    assert third.dealer == table.seats.get(number=2).registration
    assert sheet.short_reason == ""  # five lines: nothing missing
    page = client.get(url("sheet", table)).content.decode()
    assert '<option value="petit_sec" selected>' in page
    history = client.get(url("history", table)).content.decode()
    assert "Not played: petit sec" in history and "<th>Dealer</th>" in history


def test_a_table_of_five_sits_out_who_the_sheet_says_dealt(tournament, staff):
    tournament.remainder = "5"
    tournament.save()
    round_ = seat_and_publish(tournament, staff["organiser"], 9)
    five = round_.tables.get(size=5)
    data = {"d1-dealer": "2", "d1-mode": "all_pass", "d2-contract": "prise", "d2-taker": "0",
            "d2-mark0": "-78", "d2-mark2": "26", "d2-mark3": "26", "d2-mark4": "26",
            "short_reason": "late"}  # fmt: skip
    # Sud dealt deal 1 (not played); Est deals deal 2 and sits it out, scoring 0.
    sheet = services.scoresheet_save(
        table=five, user=staff["scorer"], entry=read_entry(data), base_version=0
    )
    seats = dict(five.seats.values_list("number", "registration_id"))
    second = sheet.deals.get(number=2)
    assert second.dealer_id == second.sitting_out_id == seats[1]
    assert second.marks.get(seat=1).value == 0
