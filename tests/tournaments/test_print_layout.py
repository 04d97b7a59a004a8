"""The printed documents of a position keep every word in its place, however long the names and
big the numbers: no text box overlaps another, none leaves its card or the printable page, and
the pages that go on a wall carry the QR code of the public seating page.

The score sheet's own geometry has the same check in ``test_score_sheet_layout.py``.
"""

import pytest
from django.utils import translation

from tests.factories import ClubFactory, PlayerFactory, RegistrationFactory, TournamentFactory
from tests.print_layout import (
    boxes,
    captured,
    encodes,
    outside,
    overlapping,
    page_size,
    pdf_pages,
    qr_codes,
)
from tournaments import documents
from tournaments.models import Round, Seat, Table

pytestmark = pytest.mark.django_db

# The longest names a French club can realistically meet, and the particles that sort them.
LONG_NAMES = [
    ("DE LA ROCHEFOUCAULD-LIANCOURT", "Marie-Charlotte"),
    ("VAN DEN BERGHE-DELACROIX", "Jean-Baptiste-Emmanuel"),
    ("NGUYEN-TRUONG-BAPTISTE", "Anne-Élisabeth"),
    ("OUEDRAOGO-KABORÉ", "Marie-Bernadette"),
    ("WOLFESCHLEGELSTEINHAUSENBERGERDORFF", "Hubert"),
    ("MONTMORENCY-LAVAL DE BOUTTEVILLE", "Charles-Henri-Gontran"),
    ("D'ALMEIDA-FERREIRA DOS SANTOS", "Maria-Conceição"),
    ("LE GOFF", "Yves"),
]
CLUB = "Tarot Club de Saint-Rémy-lès-Chevreuse et de la Haute Vallée de Chevreuse"
TOURNAMENT = "Grand tournoi de la Saint-Sylvestre du Tarot Club de Bourg-la-Reine et environs"
ADDRESS = "http://192.168.100.200:8000/t/grand-tournoi-de-la-saint-sylvestre-2026/seating/"
PRINTABLE = 5.0  # mm an office printer leaves blank at each edge
TABLES = [(125, 5), (126, 5), (127, 4), (128, 5), (129, 3), (130, 5), (131, 4), (132, 5)]


@pytest.fixture
def position():
    """Position 12 of a long-named tournament: tables 125 to 132 of five, four and three
    players with the longest names, numbers in the thousands and their FFT numbers."""
    tournament = TournamentFactory(name=TOURNAMENT, venue="Salle polyvalente Jean-Moulin")
    club = ClubFactory(name=CLUB)
    round_ = Round.objects.create(tournament=tournament, number=12, status=Round.Status.PUBLISHED)
    k = 0
    for number, size in TABLES:
        table = Table.objects.create(round=round_, number=number, size=size)
        for seat in range(size):
            last, first = LONG_NAMES[k % len(LONG_NAMES)]
            registration = RegistrationFactory(
                tournament=tournament,
                player=PlayerFactory(club=club),
                number=1000 + k,
                last_name=last,
                first_name=first,
                club=club,
                first_seat=seat,
                first_table=number,
            )
            Seat.objects.create(round=round_, table=table, registration=registration, number=seat)
            k += 1
    return round_


def bare(text: str) -> str:
    """``text`` without what a line break may add or take: spaces, newlines, hyphens."""
    return "".join(char for char in text if char not in " \n-")


def render(make, **kwargs):
    with translation.override("fr"), captured() as laid_out:
        _name, _type, pdf = make(**kwargs)
    (document,) = laid_out
    return document, pdf


def assert_in_place(document, container=None):
    width, height = page_size(document.pages[0])
    for number, page in enumerate(document.pages, start=1):
        found = boxes(page)
        assert found, number
        assert overlapping(found) == [], number
        assert [
            b.what
            for b in found
            if not b.inside(PRINTABLE, PRINTABLE, width - PRINTABLE, height - PRINTABLE)
        ] == [], number
        if container:  # and a millimetre clear of its frame
            assert outside(found, container, margin=1) == [], number


def assert_wall_code(pdf):
    """Every page carries the seating page's code, big enough to scan from a step away."""
    for page in pdf_pages(pdf):
        (code,) = qr_codes(page)
        assert encodes(code, ADDRESS)
        assert code.width >= 20
        assert ADDRESS in page.extract_text().replace("\n", "")


def test_the_table_plan_keeps_the_longest_names_in_their_cards(position):
    document, pdf = render(documents.table_plan_pdf, round=position, seating_url=ADDRESS)
    assert_in_place(document, container="table-card")
    # Six tables a page under the code band: a card of five long names still fits its frame.
    assert len(document.pages) == 2
    assert_wall_code(pdf)
    text = bare("".join(page.extract_text() for page in pdf_pages(pdf)))
    for last, first in LONG_NAMES:
        assert bare(last + first) in text
    assert "N°1035·Cinquième132" in text  # the last player, at the last seat


def test_the_alphabetical_list_keeps_the_longest_names_apart(position):
    document, pdf = render(documents.alphabetical_list_pdf, round=position, seating_url=ADDRESS)
    assert_in_place(document)
    assert_wall_code(pdf)


def test_the_table_cards_keep_to_their_half_of_the_sheet(position):
    document, pdf = render(documents.table_cards_pdf, round=position)
    assert len(document.pages) == len(TABLES)  # a sheet per table
    assert_in_place(document, container="face")
    for page, (number, _size) in zip(pdf_pages(pdf), TABLES, strict=True):
        text = page.extract_text()
        assert text.count(str(number)) == 2 and text.count("Position 12") == 2
        assert not qr_codes(page)
    # Each face is one half of the A4 landscape sheet; the upper one is turned upside down.
    faces = [b.around["face"] for b in boxes(document.pages[0]) if "face" in b.around]
    assert {(round(f[1]), round(f[3])) for f in faces} == {(0, 105), (105, 210)}


def test_a_code_box_that_slid_over_a_name_is_found(position):
    """The check is real: the same plan with its first name moved onto the table's number."""
    document, _pdf = render(documents.table_plan_pdf, round=position, seating_url=ADDRESS)
    found = boxes(document.pages[0])
    number = next(b for b in found if b.what == "125")
    name = next(b for b in found if b.what.startswith("DE LA"))
    moved = type(name)(name.what, number.left, number.top, name.right, name.bottom)
    assert overlapping([number, moved])
