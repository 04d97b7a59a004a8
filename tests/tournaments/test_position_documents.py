"""The position's documents from its page: the table cards, the QR code of the public seating
page on what goes on a wall (as the request reached the server), one table's sheet printed
again, and a table number that is not one. The public pages show the same code."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from common.qr import qr_svg
from tests.jobs import fetch
from tests.print_layout import encodes, qr_codes
from tests.tournaments.test_seating_workflow import present, seat_all
from tournaments.models import DocumentJob

pytestmark = pytest.mark.django_db
LAN = "192.168.1.20:8000"


@pytest.fixture
def position(tournament, organiser):
    present(tournament, 11)  # tables of 4, 4 and 3
    seat_all(tournament, organiser, 1)
    return tournament.rounds.get(number=1)


def document(tournament, kind):
    return reverse("manage:round_document", args=[tournament.slug, 1, kind])


def reprint(tournament):
    return reverse("manage:round_reprint", args=[tournament.slug, 1])


def pages(response):
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    return PdfReader(io.BytesIO(response.content)).pages


@pytest.mark.parametrize("kind", ["tables", "list"])
def test_wall_documents_carry_the_code_of_the_address_players_reach(
    client, staff, position, settings, kind
):
    settings.ALLOWED_HOSTS = ["192.168.1.20"]
    client.force_login(staff["scorer"])
    address = f"http://{LAN}/t/{position.tournament.slug}/seating/"
    for page in pages(fetch(client, document(position.tournament, kind), HTTP_HOST=LAN)):
        (code,) = qr_codes(page)
        assert encodes(code, address)
        assert address in page.extract_text().replace("\n", "")


def test_table_cards_one_folded_sheet_per_table(client, staff, position):
    client.force_login(staff["scorer"])
    response = fetch(client, document(position.tournament, "cards"))
    printed = pages(response)
    assert "position-1-cards.pdf" in response["Content-Disposition"]
    assert len(printed) == 3
    for number, page in enumerate(printed, start=1):
        assert float(page.mediabox.width) > float(page.mediabox.height)  # A4 landscape
        text = page.extract_text()
        assert text.count(str(number)) >= 2 and text.count("Position 1") == 2
        assert position.tournament.name in text


def test_one_tables_sheet_printed_again(client, staff, position):
    client.force_login(staff["scorer"])
    response = client.get(reprint(position.tournament), {"table": "2"})
    (page,) = pages(response)
    assert "position-1-sheets-table-2.pdf" in response["Content-Disposition"]
    text = page.extract_text()
    assert "Table 2" in text
    for seat in position.seats.select_related("registration", "table"):
        assert (seat.registration.name in text) == (seat.table.number == 2)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("4", "Position 1 has no table 4."),
        ("0", "greater than or equal to 1"),
        ("deux", "Enter a whole number."),
        ("", "This field is required."),
    ],
)
def test_a_table_the_position_does_not_have_is_said_next_to_the_field(
    client, staff, position, typed, message
):
    client.force_login(staff["scorer"])
    response = client.get(reprint(position.tournament), {"table": typed})
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    assert message in str(response.context["reprint_form"].errors["table"])
    html = response.content.decode()
    assert 'id="id_table_error"' in html and 'data-testid="reprint"' in html
    assert not DocumentJob.objects.exists()  # a refusal queues nothing


def test_the_position_page_offers_the_cards_and_the_reprint(client, staff, position):
    client.force_login(staff["scorer"])
    html = client.get(reverse("manage:round", args=[position.tournament.slug, 1])).content.decode()
    assert document(position.tournament, "cards") in html
    assert f'action="{reprint(position.tournament)}"' in html
    # No sheet entered yet: "the tables still missing" would be all of them, the usual button.
    assert "?missing=1" not in html


def test_the_public_home_shows_the_code_of_its_seating_page(client, position, settings):
    settings.ALLOWED_HOSTS = ["192.168.1.20"]
    slug = position.tournament.slug
    html = client.get(reverse("public:tournament", args=[slug]), HTTP_HOST=LAN).content.decode()
    address = f"http://{LAN}/t/{slug}/seating/"
    assert str(qr_svg(address, title="Where do I sit?")) in html
    assert f'<a href="{address}">{address}</a>' in html


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"])
def test_on_the_laptop_itself_the_code_gives_its_network_address(
    client, position, settings, monkeypatch, host
):
    """An organiser browsing http://127.0.0.1:8000 prints codes the phones can open."""
    from tournaments.views import helpers

    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
    monkeypatch.setattr(helpers, "lan_address", lambda: "192.168.1.20")
    slug = position.tournament.slug
    html = client.get(reverse("public:tournament", args=[slug]), HTTP_HOST=host).content.decode()
    address = f"http://192.168.1.20:8000/t/{slug}/seating/"
    assert str(qr_svg(address, title="Where do I sit?")) in html
    monkeypatch.setattr(helpers, "lan_address", lambda: None)  # no network: as it came
    html = client.get(reverse("public:tournament", args=[slug]), HTTP_HOST=host).content.decode()
    assert f"http://{host}/t/{slug}/seating/" in html
