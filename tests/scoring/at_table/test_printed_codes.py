"""The table cards and score sheets of a position whose tables enter at the table: each carries
its own table's QR code (the address of its page, as the players reach the server) and short
code, and no other table's; with the switch off, none. The QR codes are read back from the PDF's
drawing (``tests.print_layout``), at a size a phone reads from paper."""

import io
import os

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.at_table import services
from tests.jobs import fetch
from tests.print_layout import encodes, qr_codes
from tests.scoring.conftest import seat_and_publish
from tournaments import documents

pytestmark = pytest.mark.django_db
LAN = "192.168.1.20:8000"
SITE = f"http://{LAN}"
SMALLEST_CODE = 25  # mm, the quiet zone included: what a phone reads from a printed sheet


@pytest.fixture
def position(tournament, staff):
    tournament.table_entry = True
    tournament.save()
    return seat_and_publish(tournament, staff["organiser"], 11)  # tables of 4, 4 and 3


def pages_of(pdf: bytes, keep: str = ""):
    if keep and os.environ.get("KEEP_PDFS"):  # to look at them: pdftoppm -png
        with open(os.path.join(os.environ["KEEP_PDFS"], keep), "wb") as out:
            out.write(pdf)
    return PdfReader(io.BytesIO(pdf)).pages


def addresses(round_):
    slug = round_.tournament.slug
    return {
        number: (
            SITE + reverse("at_table:page", kwargs={"secret": access.secret}),
            access.short_code,
        )
        for number, access in services.accesses_of(round_).items()
    }, SITE + reverse("at_table:code", kwargs={"slug": slug})


def assert_own_code(page, number, codes, code_page):
    text = page.extract_text().replace("\n", " ")
    address, short = codes[number]
    drawn = qr_codes(page)
    assert drawn and all(encodes(code, address) for code in drawn), f"table {number}"
    assert all(code.width >= SMALLEST_CODE for code in drawn)
    assert short in text and code_page in text.replace(" ", "")
    for other, (_address, other_short) in codes.items():
        if other != number:
            assert other_short not in text


def test_each_table_card_carries_its_own_tables_code(position):
    _name, _type, pdf = documents.table_cards_pdf(round=position, site=SITE)
    printed = pages_of(pdf, "cards.pdf")
    codes, code_page = addresses(position)
    assert len(printed) == 3  # one folded sheet per table, as without codes
    for number, page in enumerate(printed, start=1):
        assert_own_code(page, number, codes, code_page)
        assert len(qr_codes(page)) == 2  # one on each face of the tent


def test_each_score_sheet_carries_its_own_tables_code(position):
    _name, _type, pdf = documents.score_sheets_pdf(round=position, site=SITE)
    printed = pages_of(pdf, "sheets.pdf")
    codes, code_page = addresses(position)
    assert len(printed) == 3
    for number, page in enumerate(printed, start=1):
        assert f"Table {number}" in page.extract_text()
        assert_own_code(page, number, codes, code_page)


def test_with_the_switch_off_no_card_or_sheet_carries_a_code(position):
    position.tournament.table_entry = False
    position.tournament.save()
    for make in (documents.table_cards_pdf, documents.score_sheets_pdf):
        _name, _type, pdf = make(round=position, site=SITE)
        for page in pages_of(pdf):
            assert qr_codes(page) == []
    assert not services.TableAccess.objects.exists()  # no code made for nothing


def test_a_table_on_paper_prints_no_code(position, staff):
    access = services.access_of(position.tables.get(number=2))
    services.put_on_paper(access=access, user=staff["arbitre"], reason="no phone")
    _name, _type, pdf = documents.score_sheets_pdf(round=position, site=SITE)
    printed = pages_of(pdf)
    assert qr_codes(printed[1]) == [] and access.short_code not in printed[1].extract_text()
    assert len(qr_codes(printed[0])) == 1


def test_the_position_page_prints_the_codes_as_the_players_reach_the_server(
    client, staff, position, settings
):
    settings.ALLOWED_HOSTS = ["192.168.1.20"]
    client.force_login(staff["scorer"])
    slug = position.tournament.slug
    codes, _code_page = addresses(position)
    cards = fetch(client, reverse("manage:round_document", args=[slug, 1, "cards"]), HTTP_HOST=LAN)
    assert cards.status_code == 200
    page = pages_of(cards.content)[0]
    assert all(encodes(code, codes[1][0]) for code in qr_codes(page))
    reprint = reverse("manage:round_reprint", args=[slug, 1])
    sheet = client.get(reprint, {"table": "3"}, HTTP_HOST=LAN)
    (page,) = pages_of(sheet.content)
    (code,) = qr_codes(page)
    assert encodes(code, codes[3][0])
