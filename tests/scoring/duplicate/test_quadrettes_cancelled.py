"""A quadrettes line the arbitre cancels without assigning PM (fft-duplicate.md §1.6): both
quadrettes of the pair get 0 PM on that étui, counted, and their feuilles de route say 0,000."""

from decimal import Decimal

import pytest

from scoring.formats.duplicate.services_rulings import line_cancel
from scoring.formats.quadrettes.documents_results import roadmaps_pdf
from scoring.formats.quadrettes.reads import (
    quadrette_plays,
    quadrette_roadmaps,
    quadrette_session_results,
)
from tests.support import flat_lines as _flat
from tests.support import page_texts as _text

from .helpers import enter, staff_of
from .test_quadrettes import drawn, quadrettes

pytestmark = pytest.mark.django_db


def test_a_line_cancelled_without_pm_gives_both_quadrettes_0_pm_counted_and_printed():
    tournament = quadrettes(players=8, positions=1)  # 2 quadrettes: one pair, 2 tables
    tournament.four_eyes = False  # the ruling is confirmed at once
    tournament.save()
    session = drawn(tournament)
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    first, second = session.boards.order_by("number")[:2]
    enter(first, [82, 66], scorer, confirm_by=arbitre)
    enter(second, [82, 66], scorer, confirm_by=arbitre)
    play = quadrette_plays(session)[first.board_set][0]
    line_cancel(
        board=first, position=play.position, table=play.table, notes={}, user=arbitre,
        reason="Renonce",
    )  # fmt: skip
    results = quadrette_session_results(session, official=True).teams
    assert len(results) == 2
    for result in results:
        assert result.per_board[first.number] == Decimal(0)
        assert result.boards == 2  # the cancelled étui is counted
        assert result.pm == result.per_board[second.number]
    roadmaps = quadrette_roadmaps(session, official=True)
    for team in (play.home, play.visitor):
        (line,) = [r for r in roadmaps[team] if r.board == first.number]
        assert line.ecart is None and line.pm == Decimal(0)
    lines = _flat("\n".join(_text(roadmaps_pdf(session)[2])))
    rows = [ln for ln in lines if ln.startswith(f"{play.position} {first.number} ")]
    # our attacker's score, theirs, no écart, the PM
    assert sorted(row.split()[3:] for row in rows) == [
        ["+66", "cancelled", "0,000"], ["cancelled", "+66", "0,000"],
    ]  # fmt: skip
