"""A two-séance duplicate computed by hand: 8 players at 2 tables, 2 positions a séance, the
second séance counting twice, a penalty of 2 percentage points in the first.

Séance 1: both tables write +56 on every étui, so every note is 50 % and every global 50 %
(48 % for the penalised player). Séance 2: on every étui the table where player 1 sits writes
+56 and the other −52. With n = 2 the higher score's taker gets 100 % and its defenders 0 %,
the lower score's taker 0 % and its defenders 100 %. A player sits at player 1's table in k of
the 2 positions; each position he attacks one étui of the série of 4 and defends three, so his
attack mean is 50k %, his defence mean 50(2 − k) % and his global ¼·50k + ¾·50(2 − k) =
75 − 25k %. Total = 1 × séance 1 + 2 × séance 2."""

from decimal import Decimal
from fractions import Fraction

import pytest
from django.urls import reverse

from scoring.formats.duplicate.reads import board_plays, session_results, tournament_results
from scoring.formats.duplicate.services import session_close
from scoring.models import Penalty
from tournaments.models import Seat

from .helpers import drawn_session, duplicate_tournament, enter, staff_of

pytestmark = pytest.mark.django_db


def test_two_seances_with_a_coefficient_and_a_penalty():
    tournament = duplicate_tournament(players=8, positions=2)
    _o, scorer, arbitre, _ = staff_of(tournament)
    first = drawn_session(tournament, number=1, seed=3)
    for board in first.boards.all():
        enter(board, [56, 56], scorer, confirm_by=arbitre)
    session_close(session=first, user=arbitre)
    second = drawn_session(tournament, number=2, seed=4)
    second.coefficient = Decimal(2)
    second.save()
    one = tournament.registrations.get(number=1)
    two = tournament.registrations.get(number=2)
    Penalty.objects.create(
        tournament=tournament, registration=two, position=1, points=2, reason="retard"
    )
    plays = board_plays(second)
    for board in second.boards.all():
        scores = [56 if one.pk in p.players.values() else -52 for p in plays[board.board_set]]
        enter(board, scores, scorer, confirm_by=arbitre)

    s1 = {r.registration.number: r for r in session_results(first, official=True).players}
    assert {n: r.overall for n, r in s1.items()} == {n: (48 if n == 2 else 50) for n in s1}
    assert s1[2].attack == s1[2].defence == 50 and s1[2].penalty == 2

    with_one = {}
    for seat in Seat.objects.filter(round__session=second):
        mates = set(seat.table.seats.values_list("registration_id", flat=True))
        with_one.setdefault(seat.registration.number, 0)
        with_one[seat.registration.number] += one.pk in mates
    s2 = {r.registration.number: r for r in session_results(second, official=True).players}
    for number, k in with_one.items():
        assert s2[number].attack == 50 * k
        assert s2[number].defence == 50 * (2 - k)
        assert s2[number].overall == 75 - 25 * k
    assert s2[1].overall == 25

    total = {row.registration.number: row for row in tournament_results(tournament, official=True)}
    for number, k in with_one.items():
        expected = (48 if number == 2 else 50) + 2 * (75 - 25 * k)
        assert total[number].total == Fraction(expected)
    assert total[1].total == 100
    # The général on the total: the best first, equal totals sharing a place.
    ordered = sorted(total.values(), key=lambda r: r.place)
    assert [r.total for r in ordered] == sorted((r.total for r in ordered), reverse=True)
    for row in ordered:
        assert row.place == 1 + sum(1 for other in ordered if other.total > row.total)


def test_the_second_seance_is_drawn_from_the_page_once_the_first_is_closed(client):
    tournament = duplicate_tournament(players=8, positions=2)
    organiser, scorer, arbitre, _ = staff_of(tournament)
    first = drawn_session(tournament, number=1, seed=3)
    client.force_login(organiser)

    def page(number):
        return client.get(reverse("scoring:duplicate", args=[tournament.slug, number]))

    draw = reverse("scoring:duplicate_draw", args=[tournament.slug, 2])
    assert page(2).status_code == 404  # séance 1 still open
    refused = client.post(draw, follow=True)
    assert "must be played and closed before séance 2" in refused.content.decode()
    assert not tournament.sessions.filter(number=2).exists()
    for board in first.boards.all():
        enter(board, [56, 50], scorer, confirm_by=arbitre)
    session_close(session=first, user=arbitre)
    assert 'data-testid="next-session"' in page(1).content.decode()
    assert page(2).status_code == 200 and page(3).status_code == 404
    client.post(draw)
    second = tournament.sessions.get(number=2)
    assert list(second.rounds.values_list("number", flat=True).order_by("number")) == [3, 4]
    assert 'data-testid="session-1"' in page(2).content.decode()


def test_the_organiser_sets_a_seances_coefficient(client):
    tournament = duplicate_tournament(players=8, positions=2)
    organiser, scorer, _arbitre, _ = staff_of(tournament)
    session = drawn_session(tournament, number=1, seed=3)
    url = reverse("scoring:duplicate_coefficient", args=[tournament.slug, 1])
    client.force_login(organiser)
    for bad in ("0", "-1", "abc", "11", "1.555", "NaN"):
        shown = client.post(url, {"coefficient": bad}, follow=True).content.decode()
        assert "A coefficient from 0.01 to 10" in shown
    session.refresh_from_db()
    assert session.coefficient == 1
    client.post(url, {"coefficient": "1,5"})
    session.refresh_from_db()
    assert session.coefficient == Decimal("1.5")
    assert tournament.audit_entries.filter(action="session.updated").exists()
    client.force_login(scorer)
    assert client.post(url, {"coefficient": "3"}).status_code in (302, 403)
    session.refresh_from_db()
    assert session.coefficient == Decimal("1.5")
