"""A duplicate's public standings and player pages: their words in both languages, and how
they refresh (htmx polling of their live part, never a meta refresh)."""

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.services_duplicate import session_close

from .helpers import drawn_session, duplicate_tournament, enter, staff_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed():
    tournament = duplicate_tournament(players=8, positions=2, slug="ferme")
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    for board in session.boards.order_by("number"):
        enter(board, [56, -52], scorer, confirm_by=arbitre)
    session_close(session=session, user=arbitre)
    return tournament


@pytest.mark.parametrize(("language", "word"), [("fr", "Note"), ("en", "Note")])
def test_the_player_page_heads_the_note_column_note_not_motif(client, closed, language, word):
    registration = closed.registrations.first()
    html = client.get(
        reverse("standings:player", args=[closed.slug, registration.number]),
        HTTP_ACCEPT_LANGUAGE=language,
    ).content.decode()
    assert f"<th>{word}</th>" in html and "Motif" not in html
    with translation.override("fr"):  # the arbitration report keeps its own word
        assert translation.pgettext("arbitration decision", "Note") == "Motif"
