"""The table cards of a duplicate séance whose tables enter at the table (individuel, triplettes,
quadrettes): a card covers its table for the whole séance and a table has a code per position,
so each position row carries that position's short code, and the strip under the movement that
position's QR code, under its number, in the rows' order; nothing of another table's. A normal
séance keeps its pages; with the switch off, no code. The QR codes are read back from the PDF's
drawing (``tests.print_layout``), at a size a phone reads from paper."""

import pytest
from django.urls import reverse

from scoring.at_table import services
from scoring.formats.duplicate import documents_results
from scoring.formats.quadrettes import documents as documents_quadrettes
from scoring.formats.triplettes import documents as documents_triplettes
from tests.jobs import fetch
from tests.print_layout import (
    boxes,
    captured,
    encodes,
    outside,
    page_size,
    pdf_pages,
    qr_codes,
)
from tests.scoring.duplicate.helpers import drawn_session, duplicate_tournament, staff_of
from tests.scoring.duplicate.test_quadrettes import drawn as quadrettes_drawn
from tests.scoring.duplicate.test_quadrettes import quadrettes
from tests.scoring.duplicate.test_triplettes import drawn as triplettes_drawn
from tests.scoring.duplicate.test_triplettes import triplettes

from .test_printed_codes import LAN, SITE, SMALLEST_CODE, pages_of

pytestmark = pytest.mark.django_db
PRINTABLE = 5.0  # mm an office printer leaves blank at each edge


def individuel():
    tournament = duplicate_tournament(players=28, positions=7, table_entry=True)
    return drawn_session(tournament), documents_results.cards_pdf, 0


def triplettes_session():
    tournament = triplettes(players=42, positions=7)  # 14 triplettes, 7 tables
    tournament.table_entry = True
    tournament.save()
    return triplettes_drawn(tournament), documents_triplettes.cards_pdf, 0


def quadrettes_session():
    tournament = quadrettes(players=20, positions=5)  # 5 quadrettes: a bye each position
    tournament.table_entry = True
    tournament.save()
    # The preparation page comes first.
    return quadrettes_drawn(tournament), documents_quadrettes.cards_pdf, 1


FORMS = {
    "individuel": individuel,
    "triplettes": triplettes_session,
    "quadrettes": quadrettes_session,
}


@pytest.fixture(params=list(FORMS))
def seance(request):
    return FORMS[request.param]()


def codes_of(session) -> dict[int, dict[int, tuple[str, str]]]:
    """table number -> {position: (its page's address, its short code)}."""
    codes = {}
    for round_ in session.rounds.order_by("number"):
        for number, access in services.accesses_of(round_).items():
            address = SITE + reverse("at_table:page", kwargs={"secret": access.secret})
            codes.setdefault(number, {})[round_.number] = (address, access.short_code)
    return codes


def played(session) -> dict[int, list[int]]:
    """table number -> the positions it plays, in order (a quadrette's bye: none)."""
    found = {}
    for round_ in session.rounds.order_by("number"):
        for number in round_.tables.values_list("number", flat=True):
            found.setdefault(number, []).append(round_.number)
    return found


def assert_own_codes(page, number, positions, codes, code_page):
    """The card of table ``number``: one QR code per position it plays, in order, each that
    position's; every short code of its own, none of another table's."""
    text = page.extract_text()
    assert f"Table {number}" in text
    drawn = qr_codes(page)
    assert len(drawn) == len(positions), f"table {number}"
    for code, position in zip(drawn, positions, strict=True):
        assert encodes(code, codes[number][position][0]), f"table {number}, position {position}"
        assert code.width >= SMALLEST_CODE
    for position in positions:
        assert text.count(codes[number][position][1]) == 2  # in its row and under its QR code
    assert code_page in text.replace("\n", "").replace(" ", "")
    for other, by_position in codes.items():
        if other != number:
            assert not any(short in text for _address, short in by_position.values())


def assert_strip_in_place(page):
    """The strip's words and QR codes stay in their frames, on the printable page, over
    nothing else of the card."""
    found = boxes(page)
    strip = [b for b in found if "code-cell" in b.around]
    assert strip
    assert outside(found, "code-cell", margin=0.2) == []
    width, height = page_size(page)
    printable = (PRINTABLE, PRINTABLE, width - PRINTABLE, height - PRINTABLE)
    assert all(b.inside(*printable) for b in strip)
    rest = [b for b in found if "code-cell" not in b.around]
    assert [(a.what, b.what) for a in strip for b in rest if a.overlaps(b)] == []


def cards_of(session, cards_pdf, first):
    """(the PDF's pages, WeasyPrint's) of the cards with the codes, checked to keep the pages
    of the cards without them."""
    _name, _type, plain = cards_pdf(session)
    with captured() as laid_out:
        _name, _type, pdf = cards_pdf(session, site=SITE)
    printed = pages_of(pdf, f"cards-{session.tournament.format}.pdf")
    assert len(printed) == len(pdf_pages(plain))  # the séance keeps its pages
    return printed, laid_out[0].pages


def test_each_card_carries_its_own_tables_code_at_each_position(seance):
    session, cards_pdf, first = seance
    printed, laid_out = cards_of(session, cards_pdf, first)
    codes, tables = codes_of(session), played(session)
    code_page = SITE + reverse("at_table:code", kwargs={"slug": session.tournament.slug})
    for index, number in enumerate(sorted(tables)):
        assert_own_codes(printed[first + index], number, tables[number], codes, code_page)
        assert_strip_in_place(laid_out[first + index])


def test_thirteen_positions_keep_a_card_to_its_page():
    """Two lines of QR codes: the rows go compact, one line each, and the card fits."""
    tournament = duplicate_tournament(players=52, positions=13, table_entry=True)
    session = drawn_session(tournament)
    printed, laid_out = cards_of(session, documents_results.cards_pdf, 0)
    codes, tables = codes_of(session), played(session)
    code_page = SITE + reverse("at_table:code", kwargs={"slug": tournament.slug})
    for number in (1, 13):
        assert_own_codes(printed[number - 1], number, tables[number], codes, code_page)
        assert_strip_in_place(laid_out[number - 1])


def test_with_the_switch_off_no_card_carries_a_code(seance):
    session, cards_pdf, _first = seance
    session.tournament.table_entry = False
    session.tournament.save()
    _name, _type, pdf = cards_pdf(session, site=SITE)
    assert all(qr_codes(page) == [] for page in pages_of(pdf))
    assert not services.TableAccess.objects.exists()  # no code made for nothing


def test_a_table_on_paper_at_one_position_keeps_its_other_codes():
    session, cards_pdf, _first = individuel()
    _organiser, _scorer, arbitre, _second = staff_of(session.tournament)
    table = session.rounds.get(number=3).tables.get(number=2)
    access = services.access_of(table)
    services.put_on_paper(access=access, user=arbitre, reason="no phone")
    _name, _type, pdf = cards_pdf(session, site=SITE)
    page = pages_of(pdf)[1]
    codes = codes_of(session)
    drawn = qr_codes(page)
    assert len(drawn) == 6 and access.short_code not in page.extract_text()
    assert encodes(drawn[2], codes[2][4][0])  # the third code is position 4's


def test_the_seance_page_prints_the_codes_as_the_players_reach_the_server(client, settings):
    session, _cards_pdf, _first = individuel()
    tournament = session.tournament
    settings.ALLOWED_HOSTS = ["192.168.1.20"]
    client.force_login(staff_of(tournament)[1])
    url = reverse(
        "scoring:duplicate_document",
        kwargs={"slug": tournament.slug, "session": session.number, "kind": "cards"},
    )
    response = fetch(client, url, HTTP_HOST=LAN)
    assert response.status_code == 200
    drawn, codes = qr_codes(pages_of(response.content)[0]), codes_of(session)
    assert len(drawn) == 7
    assert all(encodes(code, codes[1][k][0]) for k, code in enumerate(drawn, start=1))
