"""The sheets of the tables still missing: ``tournaments`` asks, through the hook ``scoring``
registers (``ScoringExtension.tables_with_results``), which tables have a sheet entered, and the
position page prints the others' again."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.extension import ScoringExtension
from scoring.formats.libre import services
from tests.jobs import fetch
from tests.scoring.conftest import seat_and_publish
from tests.support import enter
from tournaments import extensions
from tournaments.models import DocumentJob, Table
from tournaments.selectors_seating import round_tables_missing

pytestmark = pytest.mark.django_db


@pytest.fixture
def position(tournament, staff):
    """Three tables of 4; table 2's sheet entered, table 3's entered and confirmed."""
    round_ = seat_and_publish(tournament, staff["organiser"], 12)
    enter(round_.tables.get(number=2), staff["scorer"])
    sheet = enter(round_.tables.get(number=3), staff["scorer"])
    services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    return round_


def test_scoring_tells_which_tables_have_a_sheet(position):
    assert round_tables_missing(round=position) == [1]
    tables = Table.objects.filter(round=position)
    assert list(extensions.tables_without_results(tables).values_list("number", flat=True)) == [1]


def test_without_an_app_to_tell_every_table_is_missing(position, monkeypatch):
    monkeypatch.setattr(
        ScoringExtension, "tables_with_results", extensions.Extension.tables_with_results
    )
    assert round_tables_missing(round=position) == [1, 2, 3]


def test_the_position_page_prints_the_missing_tables_again(client, staff, position):
    client.force_login(staff["scorer"])
    slug = position.tournament.slug
    html = client.get(reverse("manage:round", args=[slug, 1])).content.decode()
    link = reverse("manage:round_reprint", args=[slug, 1]) + "?missing=1"
    assert f'href="{link}"' in html and "The table still missing (PDF)" in html
    response = fetch(client, link)
    assert response.status_code == 200
    assert "position-1-sheets-table-1.pdf" in response["Content-Disposition"]
    (page,) = PdfReader(io.BytesIO(response.content)).pages
    text = page.extract_text()
    assert "Table 1" in text
    for seat in position.seats.select_related("registration", "table"):
        assert (seat.registration.name in text) == (seat.table.number == 1)


def test_nothing_missing_is_said_not_printed(client, staff, position):
    enter(position.tables.get(number=1), staff["scorer"])
    client.force_login(staff["scorer"])
    slug = position.tournament.slug
    html = client.get(reverse("manage:round", args=[slug, 1])).content.decode()
    assert "?missing=1" not in html
    assert "Every table of this position has a sheet entered." in html
    response = fetch(client, reverse("manage:round_reprint", args=[slug, 1]), {"missing": "1"})
    assert response.status_code == 400
    assert "Every table of this position has a sheet entered." in response.content.decode()
    assert not DocumentJob.objects.exists()  # nothing missing: nothing queued
