"""The duplicate's pages: the organiser draws, deals and publishes; a scorer types a
travelling sheet (errors next to the line, nothing saved); an arbitre confirms and closes; the
public sees no score before the séance is closed, and the rankings after."""

import pytest
from django.urls import reverse

from scoring.formats.duplicate.services import session_close
from scoring.models import TravellingSheet
from tournaments.models import Session

from .helpers import drawn_session, duplicate_tournament, enter, staff_of

pytestmark = pytest.mark.django_db


def _url(name, tournament, **kwargs):
    return reverse(name, kwargs={"slug": tournament.slug, "session": 1, **kwargs})


def test_the_organiser_draws_deals_and_publishes_from_the_seance_page(client):
    tournament = duplicate_tournament(players=20, positions=5)
    client.force_login(tournament.created_by)
    page = client.get(_url("scoring:duplicate", tournament))
    assert page.status_code == 200 and b'data-testid="draw"' in page.content
    client.post(_url("scoring:duplicate_draw", tournament))
    client.post(_url("scoring:duplicate_deal", tournament))
    client.post(_url("scoring:duplicate_publish", tournament))
    session = Session.objects.get(tournament=tournament)
    assert session.boards.count() == 20
    assert session.rounds.filter(status="published").count() == 5
    page = client.get(_url("scoring:duplicate", tournament))
    assert "Nobody meets twice." in page.content.decode()
    assert "0 of 20 étuis confirmed" in page.content.decode()


def test_once_a_score_exists_the_page_offers_no_redraw(client):
    tournament = duplicate_tournament(players=20, positions=5)
    session = drawn_session(tournament)
    _o, scorer, _a, _ = staff_of(tournament)
    client.force_login(tournament.created_by)
    page = client.get(_url("scoring:duplicate", tournament)).content.decode()
    assert 'data-testid="draw"' in page and 'data-testid="deal"' in page
    enter(session.boards.get(number=1), [56], scorer)
    page = client.get(_url("scoring:duplicate", tournament)).content.decode()
    assert 'data-testid="draw"' not in page and 'data-testid="deal"' not in page
    assert 'data-testid="movement-fixed"' in page


def test_refusal_of_a_non_multiple_of_4_is_shown_on_the_page(client):
    tournament = duplicate_tournament(players=22, positions=5)
    client.force_login(tournament.created_by)
    page = client.get(_url("scoring:duplicate", tournament)).content.decode()
    assert "add 2 stand-ins" in page and 'data-testid="draw"' not in page


def test_a_scorer_types_a_travelling_sheet_and_errors_stay_next_to_their_line(client):
    tournament = duplicate_tournament(players=20, positions=5)
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    client.force_login(scorer)
    url = _url("scoring:duplicate_board", tournament, board=1)
    page = client.get(url)
    assert page.status_code == 200 and b'id="score-4"' in page.content
    refused = client.post(
        url,
        {"base_version": "0", "score-0": "+56", "score-1": "abc", "score-2": "57",
         "score-3": "−52"},
    )  # fmt: skip
    assert refused.status_code == 400
    html = refused.content.decode()
    assert 'id="score-1_error"' in html and "abc is not a score" in html
    assert not TravellingSheet.objects.exists()
    refused = client.post(
        url, {"base_version": "0", "score-0": "+56", "score-1": "+62", "score-2": "57"}
    )
    assert refused.status_code == 400
    assert 'id="score-2_error"' in refused.content.decode()
    assert "57 is odd" in refused.content.decode() or "+57 is odd" in refused.content.decode()
    assert not TravellingSheet.objects.exists()
    saved = client.post(
        url,
        {
            "base_version": "0",
            "score-0": "+56",
            "score-1": "62",
            "score-2": "−56",
            "score-3": "-52",
            "score-4": "+50",
        },
    )
    assert saved.status_code == 302 and saved.url.endswith("/etuis/2/")
    sheet = TravellingSheet.objects.get()
    assert [ln.score for ln in sheet.lines.order_by("round__number")] == [56, 62, -56, -52, 50]
    client.force_login(arbitre)
    client.post(url, {"confirm": "1", "version": "1"})
    sheet.refresh_from_db()
    assert sheet.is_confirmed
    ranking = client.get(_url("scoring:duplicate_ranking", tournament)).content.decode()
    assert "75,00 %" in ranking or "75.00 %" in ranking
    assert session.boards.count() == 20


def test_a_line_that_is_not_a_number_hides_no_other_line_s_error(client):
    tournament = duplicate_tournament(players=20, positions=5)
    drawn_session(tournament)
    _o, scorer, _a, _ = staff_of(tournament)
    client.force_login(scorer)
    url = _url("scoring:duplicate_board", tournament, board=1)
    refused = client.post(
        url, {"score-0": "+56", "score-1": "abc", "score-2": "57", "score-3": "+1000"}
    )
    assert refused.status_code == 400
    html = refused.content.decode()
    assert 'id="score-1_error"' in html and "abc is not a score" in html
    assert 'id="score-2_error"' in html and "is odd" in html
    assert 'id="score-3_error"' in html and "beyond what a Garde can give" in html
    assert 'id="score-0_error"' not in html
    assert not TravellingSheet.objects.exists()


def test_nothing_of_a_score_is_public_while_the_seance_is_open(client):
    tournament = duplicate_tournament(players=8, positions=2)
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    for board in session.boards.order_by("number"):
        enter(board, [56, -52], scorer, confirm_by=arbitre)
    standings = client.get(reverse("standings:individual", args=[tournament.slug]))
    html = standings.content.decode()
    assert standings.status_code == 200
    assert 'data-testid="hidden-until-closed"' in html and "%" not in html.split("<main")[1]
    registration = tournament.registrations.first()
    player = client.get(reverse("standings:player", args=[tournament.slug, registration.number]))
    html = player.content.decode()
    assert 'data-testid="movement"' in html and "+56" not in html and "−52" not in html
    screen = client.get(reverse("screen:panel", args=[tournament.slug]) + "?panel=standings")
    assert screen.status_code in (400, 404)  # no standings panel in a duplicate
    session_close(session=session, user=arbitre)
    html = client.get(reverse("standings:individual", args=[tournament.slug])).content.decode()
    assert 'data-testid="alternate"' in html and 'data-testid="general"' in html
    html = client.get(
        reverse("standings:player", args=[tournament.slug, registration.number])
    ).content.decode()
    assert 'data-testid="results-1"' in html and ("+56" in html or "-52" in html)


def test_a_stand_in_is_registered_from_the_form_and_left_out_of_the_ranking(client):
    tournament = duplicate_tournament(players=7, positions=2)
    client.force_login(tournament.created_by)
    response = client.post(
        reverse("manage:registration_add", args=[tournament.slug]),
        {"last_name": "Renfort", "first_name": "Rémi", "joins_at_position": 1, "stand_in": "on"},
    )
    assert response.status_code == 302
    stand_in = tournament.registrations.get(last_name="Renfort")
    assert stand_in.stand_in
    stand_in.checked_in = True
    stand_in.save()
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    for board in session.boards.all():
        enter(board, [56, -52], scorer, confirm_by=arbitre)
    from scoring.formats.duplicate.reads import session_results

    results = session_results(session, official=True)
    ranked = [r for r in results.players if r.general_place]
    assert len(ranked) == 7 and stand_in not in [r.registration for r in ranked]
    assert stand_in not in [r.registration for r in results.alternate]


@pytest.mark.parametrize(
    ("name", "role"),
    [
        ("scoring:duplicate_deal", 0),
        ("scoring:duplicate_publish", 0),
        ("scoring:duplicate_close", 2),
    ],
)
def test_a_seance_not_drawn_has_nothing_to_deal_publish_or_close(client, name, role):
    tournament = duplicate_tournament(players=8, positions=2)
    client.force_login(staff_of(tournament)[role])
    response = client.post(_url(name, tournament), follow=True)
    assert response.status_code == 200
    assert "Draw the séance&#x27;s movement first." in response.content.decode()
    assert not Session.objects.filter(tournament=tournament).exists()


def test_the_seance_page_counts_lines_in_constant_queries(client, django_assert_max_num_queries):
    tournament = duplicate_tournament(players=20, positions=5)
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    client.force_login(scorer)
    url = _url("scoring:duplicate", tournament)
    client.get(url)
    enter(session.boards.get(number=1), [56, 62], scorer)
    with django_assert_max_num_queries(40) as few:
        client.get(url)
    for board in session.boards.exclude(number=1):
        enter(board, [56, 62, 50], scorer)
    with django_assert_max_num_queries(len(few.captured_queries)):
        page = client.get(url)
    assert "3 / 5" in page.content.decode() and "2 / 5" in page.content.decode()


def test_an_arbitre_corrects_a_confirmed_line_with_the_line_s_reason_only(client):
    tournament = duplicate_tournament(players=20, positions=5)
    session = drawn_session(tournament)
    _o, scorer, arbitre, arbitre2 = staff_of(tournament)
    enter(session.boards.get(number=1), [56, 62, -56, -52, 50], scorer, confirm_by=arbitre)
    client.force_login(arbitre2)
    url = _url("scoring:duplicate_board", tournament, board=1)
    typed = {"base_version": "1", "score-0": "+56", "score-1": "+62", "score-2": "−56",
             "score-3": "-52"}  # fmt: skip
    refused = client.post(url, {**typed, "score-4": "+51", "reason": "Relu"})
    assert refused.status_code == 400
    assert 'value="Relu"' in refused.content.decode()  # the sheet's reason is kept
    saved = client.post(
        url, {**typed, "score-4": "+51", "adjusted-4": "on", "reason-4": "Score mal lu"}
    )
    assert saved.status_code == 302
    sheet = TravellingSheet.objects.get(status="entered")
    assert sheet.version == 2 and sheet.reason == "Score mal lu"


def test_the_arbitre_who_entered_a_travelling_sheet_reads_why_he_cannot_confirm_it(client):
    tournament = duplicate_tournament(players=20, positions=5, four_eyes=True)
    session = drawn_session(tournament)
    _o, _scorer, arbitre, arbitre2 = staff_of(tournament)
    enter(session.boards.get(number=1), [56, 62, -56, -52, 50], arbitre)
    url = _url("scoring:duplicate_board", tournament, board=1)
    client.force_login(arbitre)
    html = client.get(url).content.decode()
    assert 'data-testid="confirm"' not in html
    assert "You entered this version: another arbitre must confirm it (four-eyes)." in html
    client.force_login(arbitre2)
    html = client.get(url).content.decode()
    assert 'data-testid="confirm"' in html and 'data-testid="four-eyes"' not in html


def test_two_people_correcting_one_travelling_sheet_meet_a_conflict_not_a_lost_save(client):
    tournament = duplicate_tournament(players=20, positions=5)
    session = drawn_session(tournament)
    _o, scorer, arbitre, _ = staff_of(tournament)
    board = session.boards.get(number=1)
    enter(board, [56, 62], scorer)
    url = _url("scoring:duplicate_board", tournament, board=1)
    client.force_login(scorer)
    assert 'name="base_version" value="1"' in client.get(url).content.decode()
    enter(board, [56, 62, -56], arbitre)  # saved meanwhile: version 2
    typed = {"base_version": "1", "score-0": "+56", "score-1": "+60", "score-2": "-52"}
    conflict = client.post(url, typed)
    assert conflict.status_code == 409
    html = conflict.content.decode()
    assert 'data-testid="conflict"' in html and "dup-arbitre saved version 2" in html
    assert 'data-testid="theirs-2">Their version: -56<' in html  # theirs beside mine
    assert 'value="-52"' in html
    assert 'name="base_version" value="2"' in html
    assert TravellingSheet.objects.filter(board=board).count() == 2
    assert [ln.score for ln in TravellingSheet.objects.get(status="entered").lines.all()] == [
        56,
        62,
        -56,
    ]
    # Saving again from there is a choice: it replaces theirs.
    assert client.post(url, {**typed, "base_version": "2"}).status_code == 302
    assert TravellingSheet.objects.get(status="entered").version == 3


def test_five_identical_submits_of_a_travelling_sheet_make_one_version(client):
    tournament = duplicate_tournament(players=20, positions=5)
    drawn_session(tournament)
    _o, scorer, _a, _ = staff_of(tournament)
    client.force_login(scorer)
    url = _url("scoring:duplicate_board", tournament, board=1)
    typed = {"base_version": "0", "score-0": "+56", "score-1": "+62", "score-2": "-56"}
    for _ in range(5):
        assert client.post(url, typed).status_code == 302
    assert TravellingSheet.objects.get().version == 1


def test_confirm_refuses_a_version_saved_since_the_page_was_opened_and_shows_it(client):
    tournament = duplicate_tournament(players=20, positions=5, four_eyes=True)
    session = drawn_session(tournament)
    _o, scorer, arbitre, arbitre2 = staff_of(tournament)
    board = session.boards.get(number=1)
    enter(board, [56, 62, -56, -52, 50], arbitre)
    url = _url("scoring:duplicate_board", tournament, board=1)
    client.force_login(arbitre2)
    html = client.get(url).content.decode()
    assert 'name="version" value="1"' in html
    enter(board, [56, 62, -56, -52, 48], scorer)  # a typo saved while the page is open
    refused = client.post(url, {"confirm": "1", "version": "1"})
    assert refused.status_code == 400
    html = refused.content.decode()
    assert "changed since you opened it" in html and "Entered, version 2" in html
    assert 'value="+48"' in html or 'value="48"' in html
    assert 'name="version" value="2"' in html
    assert not TravellingSheet.objects.filter(status=TravellingSheet.Status.CONFIRMED).exists()
    client.post(url, {"confirm": "1", "version": "2"})
    assert TravellingSheet.objects.get(status=TravellingSheet.Status.CONFIRMED).version == 2
