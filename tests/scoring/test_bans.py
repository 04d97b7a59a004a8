"""Bid bans the table can see before it plays: on the sheet page, the dashboard, the printed
sheet and the player's public page; a misdeal's ban on whoever the sheet says dealt."""

import io

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from pypdf import PdfReader

from arbitration import services as arbitration
from scoring.formats.libre import services as sheets
from scoring.formats.libre.bans import player_bans, round_bans, table_bans
from scoring.formats.libre.forms import read_entry
from scoring.services_ledger import effect_cancel
from tests.scoring.conftest import SAMPLE, VISAS, refused, seat_and_publish
from tournaments import documents

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_positions(tournament, staff):
    tournament.positions = 2
    tournament.public = True
    tournament.save()
    return seat_and_publish(tournament, staff["organiser"], 8)


def seat(table, number):
    return table.seats.get(number=number).registration


def renonce(table, user, offender, deal, **kwargs):
    return arbitration.incident_log(
        tournament=table.round.tournament, user=user, round=table.round, table=table,
        kind="renonce", offender=offender, deal_number=deal, offender_defending=True,
        confirmed=True, **kwargs,
    )  # fmt: skip


def misdeal(table, user, deal):
    return arbitration.incident_log(
        tournament=table.round.tournament, user=user, round=table.round, table=table,
        kind="misdeal", deal_number=deal, confirmed=True,
    )  # fmt: skip


def sheet_url(table):
    kwargs = {"slug": table.round.tournament.slug, "number": table.round.number}
    return reverse("scoring:sheet", kwargs={**kwargs, "table": table.number})


def test_the_sheet_page_shows_the_bans_before_anything_is_typed(client, two_positions, staff):
    table = two_positions.tables.get(number=1)
    west = seat(table, 3)
    renonce(table, staff["arbitre"], west, 2)
    misdeal(table, staff["arbitre"], 4)
    client.force_login(staff["scorer"])
    page = client.get(sheet_url(table)).content.decode()
    assert 'data-testid="bans"' in page
    assert f"West · {west.player} ({west.number}) may not bid on deal 3" in page
    assert "The dealer of deal 4, dealt again after a misdeal, may not bid on it" in page
    # On the lines themselves: Ouest on deal 3; deal 4's dealer in turn (Est), dealt again.
    assert f"West · {west.player.last_name} may not bid on this deal." in page
    assert page.count('data-testid="line-ban"') == 5
    assert 'name="d4-dealt_again" checked' in page and 'name="d3-dealt_again" checked' not in page


def test_the_dashboard_row_of_the_table_shows_its_bans(client, two_positions, staff):
    table = two_positions.tables.get(number=2)
    north = seat(table, 0)
    renonce(table, staff["arbitre"], north, 1)
    client.force_login(staff["scorer"])
    url = reverse("scoring:dashboard", args=[table.round.tournament.slug, 1])
    page = client.get(url).content.decode()
    assert page.count('data-testid="row-ban"') == 1
    assert f"No bid on deal 2: North · {north.player} ({north.number})" in page


def test_the_printed_sheet_carries_the_bans_known_when_it_is_printed(two_positions, staff):
    table = two_positions.tables.get(number=1)
    east = seat(table, 1)
    renonce(table, staff["arbitre"], east, 5)  # the last deal: the first of position 2
    round2 = seat_and_publish(table.round.tournament, staff["organiser"], 8, number=2)
    where = round2.seats.get(registration=east)
    _, _, pdf = documents.score_sheets_pdf(round=round2)
    pages = PdfReader(io.BytesIO(pdf)).pages
    text = pages[where.table.number - 1].extract_text()
    assert f"No bid on deal 1: {where.seat_name} · {east.player} ({east.number})" in text
    others = [p.extract_text() for i, p in enumerate(pages) if i != where.table.number - 1]
    assert not any("No bid" in t for t in others)


def test_the_player_page_says_which_deal(client, two_positions, staff):
    table = two_positions.tables.get(number=1)
    east = seat(table, 1)
    renonce(table, staff["arbitre"], east, 5)
    page_url = reverse("standings:player", args=[table.round.tournament.slug, east.number])
    page = client.get(page_url).content.decode()
    assert "May not bid on the first deal played at position 2." in page
    seat_and_publish(table.round.tournament, staff["organiser"], 8, number=2)
    page = client.get(page_url).content.decode()
    assert "May not bid on deal 1 of position 2." in page
    ban = east.bid_bans.get()
    effect_cancel(effect=ban, user=staff["arbitre"], reason="mistake")
    assert "May not bid" not in client.get(page_url).content.decode()


def test_a_misdeal_ban_reaches_the_dealer_once_the_sheet_names_them(two_positions, staff):
    table = two_positions.tables.get(number=1)
    misdeal(table, staff["arbitre"], 4)
    (view,) = table_bans(table=table)
    assert view.on_dealer and view.registration is None and view.deal == 4
    assert player_bans(registration=seat(table, 1)) == []
    # The sheet says Est dealt deal 4 (in turn: Nord, Ouest, Sud, Est); Nord took it.
    sheets.scoresheet_save(table=table, user=staff["scorer"], entry=read_entry({**SAMPLE, **VISAS}),
                           base_version=0)  # fmt: skip
    (view,) = table_bans(table=table)
    assert view.registration == seat(table, 1) and view.seat == 1
    (mine,) = player_bans(registration=seat(table, 1))
    assert mine.public_text == "May not bid on deal 4 of position 1."
    assert round_bans(round=table.round) == {1: [view]}
    # Sud dealt deal 3 and took it: had the misdeal been there, the sheet is refused.
    misdeal(table, staff["arbitre"], 3)
    with pytest.raises(ValidationError) as exc:
        sheets.scoresheet_save(
            table=table, user=staff["scorer"], entry=read_entry({**SAMPLE, **VISAS}), base_version=1
        )
    assert "d3-taker" in refused(exc.value)


def test_bans_of_other_tables_stay_off(two_positions, staff):
    table, other = two_positions.tables.get(number=1), two_positions.tables.get(number=2)
    renonce(table, staff["arbitre"], seat(table, 0), 1)
    misdeal(table, staff["arbitre"], 2)
    assert table_bans(table=other) == []
    assert set(round_bans(round=two_positions)) == {1}


def test_a_ban_decided_after_the_sheet_blocks_the_closing(client, two_positions, staff):
    """Sud dealt deal 3 and took it; the misdeal is logged once the sheet is confirmed: the
    sheet shows the error, the dashboard names the table and the position does not close."""
    table, other = two_positions.tables.get(number=1), two_positions.tables.get(number=2)
    for t in (table, other):
        sheet = sheets.scoresheet_save(
            table=t, user=staff["scorer"], entry=read_entry({**SAMPLE, **VISAS}), base_version=0
        )
        sheets.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    misdeal(table, staff["arbitre"], 3)
    assert sheets.barred_takers(round=two_positions) == [1]
    with pytest.raises(ValidationError) as exc:
        sheets.round_close(round=two_positions, user=staff["arbitre"])
    two_positions.refresh_from_db()
    assert exc.value.code == "barred_taker" and not two_positions.is_closed
    client.force_login(staff["arbitre"])
    page = client.get(reverse("scoring:dashboard", args=[table.round.tournament.slug, 1]))
    assert 'data-testid="barred"' in page.content.decode()
    # The arbitre corrects the sheet (Nord, not Sud, dealt deal 3 again): the position closes.
    data = {**SAMPLE, **VISAS, "d3-dealer": "0", "reason": "dealer misread"}
    corrected = sheets.scoresheet_save(
        table=table, user=staff["arbitre"], entry=read_entry(data), base_version=1
    )
    assert sheets.barred_takers(round=two_positions) == []
    sheets.scoresheet_confirm(sheet=corrected, user=staff["organiser"])  # four-eyes
    assert sheets.round_close(round=two_positions, user=staff["arbitre"]).is_closed


def test_confirming_reads_the_sheet_as_saving_does(two_positions, staff):
    """A ban decided after the sheet was saved, passing over a petit sec line, is found on
    confirmation exactly where the save would have found it."""
    table = two_positions.tables.get(number=1)
    data = {**SAMPLE, **VISAS, "d2-mode": "petit_sec"}  # Sud took deal 3
    sheet = sheets.scoresheet_save(
        table=table, user=staff["scorer"], entry=read_entry(data), base_version=0
    )
    renonce(table, staff["arbitre"], seat(table, 2), 1)  # bars deal 2, dealt again: deal 3
    with pytest.raises(ValidationError) as exc:
        sheets.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    assert "d3-taker" in refused(exc.value)


def test_two_active_first_deal_bans_of_one_player_cannot_coexist(two_positions, staff):
    """A ban "from the first deal the player plays" has no deal number; the database refuses a
    second active one for the same player and position (NULLs would have let it through)."""
    from django.db import IntegrityError, transaction

    from scoring.models import BidBan

    player = two_positions.tables.get(number=1).seats.get(number=0).registration
    ban = {"tournament": two_positions.tournament, "position": 1, "registration": player}
    BidBan.objects.create(**ban, deal_number=None)
    with pytest.raises(IntegrityError), transaction.atomic():
        BidBan.objects.create(**ban, deal_number=None)
    BidBan.objects.filter(**ban).update(cancelled_at="2026-01-01T00:00:00Z")
    BidBan.objects.create(**ban, deal_number=None)  # the first one was cancelled
