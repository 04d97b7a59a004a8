"""The séance table by table: the index of tables from the séance page; a table's page shows
at each position the série the movement gives it, its four players and each étui's score
(travelling sheet, else the table's report, else "—"), and saves the table's report from its
slip (errors next to the étui, nothing saved). Staff only; a donnes-libres tournament has none."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.html import escape

from scoring.formats.duplicate.reads import board_plays
from scoring.formats.duplicate.services import session_close
from scoring.formats.duplicate.services_reports import table_report_save
from scoring.models import TableReport
from tournaments.models import Registration
from tournaments.simulation import tournament_simulate

from .helpers import drawn_session, duplicate_tournament, enter, staff_of

pytestmark = pytest.mark.django_db


def _url(tournament, table=None):
    if table is None:
        return reverse("scoring:duplicate_tables", args=[tournament.slug, 1])
    return reverse("scoring:duplicate_table_view", args=[tournament.slug, 1, table])


def _section(html, position):
    """The page's section of one position."""
    start = html.index(f'data-testid="position-{position}"')
    end = html.find("</section>", start)
    return html[start:end]


def _cell(html, testid):
    found = re.search(rf'data-testid="{testid}"[^>]*>(.*?)</t[dh]>', html, re.S)
    assert found, testid
    return " ".join(found.group(1).split())


@pytest.fixture
def seance():
    """20 players at 5 tables, 5 positions, 4 étuis per série."""
    tournament = duplicate_tournament(players=20, positions=5)
    return tournament, drawn_session(tournament), staff_of(tournament)


def _plays_of(session, table):
    """(série, Play) of ``table`` at each position, in order."""
    found = [
        (série, play)
        for série, plays in board_plays(session).items()
        for play in plays
        if play.table == table
    ]
    return sorted(found, key=lambda item: item[1].position)


def test_the_page_shows_each_positions_serie_players_and_etuis(client, seance):
    tournament, session, (_o, scorer, _a, _a2) = seance
    client.force_login(scorer)
    page = client.get(_url(tournament, 3))
    assert page.status_code == 200
    html = page.content.decode()
    plays = _plays_of(session, 3)
    assert len(plays) == 5
    for série, play in plays:
        section = _section(html, play.position)
        assert f"Position {play.position}: série {série}" in section
        for orientation, registration_id in play.players.items():
            player = Registration.objects.get(pk=registration_id)
            shown = re.search(
                rf'data-testid="player-{play.position}-{orientation}">(.*?)</dd>', section
            ).group(1)
            assert shown == escape(f"{player.number} {player.name}")
        numbers = list(
            session.boards.filter(board_set=série)
            .values_list("number", flat=True)
            .order_by("number")
        )
        shown_boards = [
            int(n) for n in re.findall(rf'data-testid="board-{play.position}-(\d+)"', section)
        ]
        assert shown_boards == numbers
        for number in numbers:
            link = reverse("scoring:duplicate_board", args=[tournament.slug, 1, number])
            assert f'href="{link}"' in section
            assert _cell(section, f"score-{play.position}-{number}") == "—"
    assert f'href="{_url(tournament, 2)}"' in html and f'href="{_url(tournament, 4)}"' in html


def test_the_scores_shown_come_from_the_sheet_else_the_report(client, seance):
    tournament, session, (_o, scorer, arbitre, _a2) = seance
    (série, play), *_rest = _plays_of(session, 1)
    first, second, third, fourth = session.boards.filter(board_set=série).order_by("number")
    index = board_plays(session)[série].index(play)
    scores = [56, 62, -56, -52, 50]
    enter(first, scores, scorer, confirm_by=arbitre)  # every table: confirmed
    enter(second, scores[:index] + [-52], scorer)  # up to this table: entered
    table_report_save(
        session=session,
        round_number=play.position,
        table=1,
        scores={second.number: 62, third.number: 82},
        user=scorer,
    )
    client.force_login(scorer)
    section = _section(client.get(_url(tournament, 1)).content.decode(), play.position)
    assert _cell(section, f"score-{play.position}-{first.number}") == (
        f'{scores[index]:+d} <span class="tag tag-ok">Confirmed</span>'
    )
    assert _cell(section, f"score-{play.position}-{second.number}") == (
        '-52 <span class="tag">Entered</span>'
    )
    assert _cell(section, f"score-{play.position}-{third.number}") == (
        '+82 <span class="tag tag-warn">Reported</span>'
    )
    assert _cell(section, f"score-{play.position}-{fourth.number}") == "—"
    # The form keeps what the table reported, even where the sheet overrides it.
    assert f'name="score-{second.number}" value="+62"' in section
    assert f'name="score-{fourth.number}" value=""' in section


def test_a_position_report_is_saved_from_the_page(client, seance):
    tournament, session, (_o, scorer, _a, _a2) = seance
    (série, play), *_rest = _plays_of(session, 2)
    numbers = list(session.boards.filter(board_set=série).values_list("number", flat=True))
    client.force_login(scorer)
    saved = client.post(
        _url(tournament, 2),
        {
            "position": play.position,
            f"score-{numbers[0]}": "+56",
            f"score-{numbers[1]}": "−52",
            f"score-{numbers[2]}": "",
        },
    )
    assert saved.status_code == 302
    assert saved.url == _url(tournament, 2) + f"#position-{play.position}"
    stored = dict(TableReport.objects.values_list("board__number", "score"))
    assert stored == {numbers[0]: 56, numbers[1]: -52}
    assert all(r.table_number == 2 for r in TableReport.objects.all())


def test_a_refused_report_shows_the_error_next_to_its_etui_and_saves_nothing(client, seance):
    tournament, session, (_o, scorer, _a, _a2) = seance
    (série, play), *_rest = _plays_of(session, 2)
    numbers = list(session.boards.filter(board_set=série).values_list("number", flat=True))
    client.force_login(scorer)
    url = _url(tournament, 2)
    data = {"position": play.position, f"score-{numbers[0]}": "+56"}
    refused = client.post(url, {**data, f"score-{numbers[1]}": "+20"})
    assert refused.status_code == 400
    html = refused.content.decode()
    field = f"report-{play.position}-{numbers[1]}"
    assert f'aria-describedby="{field}_error"' in html
    error = re.search(rf'id="{field}_error">(.*?)</div>', html, re.S).group(1)
    assert "No Garde gives +20" in error
    assert f'id="report-{play.position}-{numbers[0]}_error"' not in html
    assert re.search(rf'id="{field}"[^>]*autofocus', html)  # the scorer lands on it
    assert 'value="+56"' in html and 'value="+20"' in html  # what was typed stays
    refused = client.post(url, {**data, f"score-{numbers[1]}": "abc"})
    assert refused.status_code == 400 and "abc is not a score" in refused.content.decode()
    assert not TableReport.objects.exists()


def test_a_closed_seance_shows_its_reports_and_takes_no_more(client, seance):
    tournament, session, (_o, scorer, arbitre, _a2) = seance
    for board in session.boards.all():
        enter(board, [56, 62, -56, -52, 50], scorer, confirm_by=arbitre)
    session_close(session=session, user=arbitre)
    (série, play), *_rest = _plays_of(session, 1)
    number = session.boards.filter(board_set=série).first().number
    client.force_login(arbitre)
    page = client.get(_url(tournament, 1)).content.decode()
    assert 'data-testid="report-save-' not in page and " disabled>" in page
    refused = client.post(
        _url(tournament, 1), {"position": play.position, f"score-{number}": "+56"}
    )
    assert refused.status_code == 400 and "This séance is closed" in refused.content.decode()
    assert not TableReport.objects.exists()


def test_the_index_lists_every_table_and_the_seance_page_links_to_it(client, seance):
    tournament, session, (_o, scorer, _a, _a2) = seance
    (série, play), *_rest = _plays_of(session, 4)
    board = session.boards.filter(board_set=série).first()
    table_report_save(
        session=session, round_number=play.position, table=4, scores={board.number: 56}, user=scorer
    )
    client.force_login(scorer)
    seance_page = client.get(reverse("scoring:duplicate", args=[tournament.slug, 1]))
    assert f'href="{_url(tournament)}"' in seance_page.content.decode()
    html = client.get(_url(tournament)).content.decode()
    for table in range(1, 6):
        assert f'href="{_url(tournament, table)}"' in html
    row = html[html.index('data-testid="table-4"') :].split("</tr>")[0]
    assert "0 / 20" in row and '<span class="tag tag-warn">1</span>' in row


def test_the_table_page_reads_in_constant_queries(client, seance, django_assert_max_num_queries):
    tournament, session, (_o, scorer, _a, _a2) = seance
    client.force_login(scorer)
    url = _url(tournament, 1)
    client.get(url)
    enter(session.boards.get(number=1), [56, 62], scorer)
    with django_assert_max_num_queries(30) as few:
        client.get(url)
    for board in session.boards.exclude(number=1):
        enter(board, [56, 62, 50, -52, 82], scorer)
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert client.get(url).status_code == 200


def test_an_unknown_table_is_not_found(client, seance):
    tournament, _session, (_o, scorer, _a, _a2) = seance
    client.force_login(scorer)
    assert client.get(_url(tournament, 6)).status_code == 404


def test_visitors_without_a_role_get_nothing(client, seance):
    tournament, session, _staff = seance
    page = client.get(_url(tournament, 1))
    assert page.status_code == 302 and page.url.startswith(reverse("login"))
    stranger = get_user_model().objects.create(username="stranger")
    client.force_login(stranger)
    refused = 403 if tournament.is_public else 404
    for url in (_url(tournament), _url(tournament, 1)):
        assert client.get(url).status_code == refused
    (série, play), *_rest = _plays_of(session, 1)
    number = session.boards.filter(board_set=série).first().number
    posted = client.post(_url(tournament, 1), {"position": play.position, f"score-{number}": "+56"})
    assert posted.status_code == refused
    assert not TableReport.objects.exists()


def test_a_donnes_libres_tournament_has_no_table_pages(client):
    organiser = get_user_model().objects.create(username="libre-organiser")
    tournament = tournament_simulate(slug="libre", players=8, user=organiser, seed=1, positions=1)
    client.force_login(organiser)
    for url in (_url(tournament), _url(tournament, 1)):
        response = client.get(url)
        assert response.status_code == 302
        assert response.url == reverse("manage:tournament", args=[tournament.slug])
