"""The quadrettes' séance documents (fft-duplicate.md §4): the travelling sheets naming the
quadrettes and the attacker of each line, topped with the écart and the PM; the preparation
page and the table cards; the ranking by result; each quadrette's feuille de route, printed and
on its public page once the séance is closed (§1.7); the workbook; who may download them. The
PM are recomputed here with the rulebook's formula (``test_quadrettes.pm``), not the project's.
"""

import io
import random
import re
from collections import Counter, defaultdict
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from openpyxl import load_workbook

from scoring.formats.duplicate import documents as documents_duplicate
from scoring.formats.duplicate import travelling_sheet_layout as layout
from scoring.formats.duplicate.services import session_close
from scoring.formats.quadrettes.documents import _labels, cards_pdf, pm_text, travelling_sheets_pdf
from scoring.formats.quadrettes.documents_results import ranking_pdf, roadmaps_pdf
from scoring.formats.quadrettes.excel import session_workbook
from scoring.formats.quadrettes.reads import (
    quadrette_plays,
    quadrette_relays,
    quadrette_session_results,
    session_attackers,
    session_defenders,
)
from scoring.formats.quadrettes.simulation import quadrettes_sheets_simulate, quadrettes_simulate
from scoring.models import Penalty
from scoring.models.duplicate import TravellingLine
from tests.jobs import fetch, run_jobs
from tests.support import flat_lines, page_texts
from tournaments.models import Registration, Team

from .helpers import enter, staff_of
from .test_quadrettes import drawn, pm, quadrettes

pytestmark = pytest.mark.django_db

MINUS = "−"


def shown(value: Decimal) -> str:
    """PM as printed: 3 decimals, a French comma, a sign (none for 0)."""
    text = f"{abs(value):.3f}".replace(".", ",")
    return text if not value else ("+" if value > 0 else MINUS) + text


def _played(close: bool = True, players: int = 32, positions: int = 7):
    """8 quadrettes, 7 positions of 4 oppositions, the 28 étuis each played at the 8 tables,
    every line confirmed; a member of quadrette 2 penalised 3 PM."""
    tournament = quadrettes(players=players, positions=positions)
    session = quadrettes_simulate(tournament=tournament, user=tournament.created_by, seed=5)
    member = tournament.registrations.filter(team__number=2).first()
    Penalty.objects.create(
        tournament=tournament, registration=member, position=1, points=3, reason="retard"
    )
    quadrettes_sheets_simulate(session=session, rng=random.Random(5), close=close)
    session.refresh_from_db()
    return session


@pytest.fixture
def played():
    return _played()


def _facts(session):
    """(team id -> number, team id -> its attacker's number, (étui, position, table) ->
    score)."""
    teams = dict(Team.objects.filter(tournament=session.tournament).values_list("pk", "number"))
    numbers = dict(Registration.objects.values_list("pk", "number"))
    attackers = {team: numbers[r] for team, r in session_attackers(session).items()}
    scores = {
        (line.sheet.board.number, line.round.number, line.table_number): line.score
        for line in TravellingLine.objects.filter(sheet__board__session=session).select_related(
            "round", "sheet__board"
        )
    }
    return teams, attackers, scores


def _captured(monkeypatch, session, topped):
    seen = {}
    real = documents_duplicate.render_pdf

    def spy(template, context, resources=None, **options):
        seen.update(context=context)
        return real(template, context, resources, **options)

    monkeypatch.setattr(documents_duplicate, "render_pdf", spy)
    _name, _type, content = travelling_sheets_pdf(session, topped=topped)
    return seen["context"], content


def _cells(line: str, columns) -> dict:
    cells, start = {}, 0
    for key, width in columns:
        cells[key] = line[start : start + width].strip()
        start += width
    return cells


def _pairs(plays):
    """Each play with the play of its pair: the home quadrette's attacker at the visitor's
    defence, on the same étuis."""
    by_teams = {(p.home, p.visitor): p for p in plays}
    return [(p, by_teams[(p.visitor, p.home)]) for p in plays]


def _signed(score: int) -> str:
    """A score or an écart as printed: +56, −52, 0."""
    return f"+{score}" if score > 0 else f"{MINUS}{-score}" if score else "0"


def test_pm_text_has_three_decimals_a_french_comma_and_a_sign():
    assert pm_text(Decimal("4.000")) == "+4,000"
    assert pm_text(Decimal("-3.162")) == "−3,162"
    assert pm_text(Decimal("0.000")) == "0,000"
    assert pm_text(None) == ""


@pytest.mark.parametrize("topped", [False, True])
def test_each_sheet_line_names_the_home_and_visiting_quadrettes_and_the_attacker(
    monkeypatch, played, topped
):
    teams, attackers, scores = _facts(played)
    plays = quadrette_plays(played)
    context, content = _captured(monkeypatch, played, topped)
    columns = layout.COLUMNS[("quadrettes", topped)]
    assert sum(width for _key, width in columns) == layout.CHARACTERS
    sheets = context["sheets"]
    # Blank: a sheet in each of the 2 copies of an étui; topped, one with every line.
    expected_sheets = [n for n in range(1, 29) for _copy in range(1 if topped else 2)]
    assert [sheet["board"].number for sheet in sheets] == expected_sheets
    relays = quadrette_relays(played)
    by_board = defaultdict(list)
    for sheet in sheets:
        board = sheet["board"]
        rows = [_cells(line, columns) for line in sheet["lines"].split("\n")]
        by_place = {(p.position, p.table): p for p in plays[board.board_set]}
        expected = [by_place[(int(r["position"]), int(r["table"]))] for r in rows]
        by_board[board.number] += expected
        assert [r["defence_team"] for r in rows] == [str(teams[p.home]) for p in expected]
        assert [r["attack_team"] for r in rows] == [str(teams[p.visitor]) for p in expected]
        assert [r["attacker"] for r in rows] == [str(attackers[p.visitor]) for p in expected]
        if not topped:
            assert sheet["copy"] == (len(by_board[board.number]) // 4, 2)
            assert all(r["plus"] == r["minus"] == "" for r in rows)
            # the tables of the copy, by number: each hands the étui on to one of them
            tables = [p.table for p in expected]
            assert tables == sorted(tables)
            for here in expected:
                goes = dict(relays[here.position][here.table].boards)[board.number]
                assert goes is None or goes in tables
            continue
        assert expected == plays[board.board_set]  # every table, in order
        for row, (play, other) in zip(rows, _pairs(expected), strict=True):
            score = scores[(board.number, play.position, play.table)]
            mine = score
            theirs = scores[(board.number, other.position, other.table)]
            assert row["plus" if score >= 0 else "minus"] == str(abs(score))
            ecart = score - theirs
            assert row["ecart"] == _signed(ecart)
            assert row["pm"] == shown(pm(ecart))
    for number, found in by_board.items():  # every table plays every étui
        assert [p.table for p in found] == list(range(1, 9)), number  # as typed on its page
    text = "\n".join(page_texts(content))
    assert "Tournoi simulé quad" in text
    assert ("copy 1 of 2" in text and "copy 2 of 2" in text) != topped
    if topped:
        assert shown(pm(mine - theirs)) in " ".join(text.split())
    shape = layout.Shape(rows=2, topped=topped, chien_boxes=False, half=True, variant="quadrettes")
    grid = layout.background(shape, {**documents_duplicate._sheet_labels(), **_labels()})
    words = " ".join(text[2] for text in grid.texts)
    assert "Attack" in words and "Preneur gagne" in words
    assert ("Écart" in words and "PM" in words) == topped


def _relay_steps(row: str) -> list[tuple[int, int | None]]:
    """The "étui → table" steps of a card's row, in the order printed."""
    found = re.findall(r"(\d+) → (\d+|arbitre)", row)
    return [(int(b), None if t == "arbitre" else int(t)) for b, t in found]


def test_the_preparation_page_and_the_table_cards_follow_the_oppositions(played):
    teams, attackers, _scores = _facts(played)
    plays = quadrette_plays(played)
    pages = page_texts(cards_pdf(played)[2])
    preparation = flat_lines(pages[0])
    assert any("Prepare 2 copies of each étui" in line for line in preparation)
    starts = {}  # étui -> the tables where its copies start
    for série, found in plays.items():
        first = (série - 1) * 4 + 1
        row = next(ln for ln in preparation if ln.startswith(f"{série} {first}–{first + 3} "))
        assert row.startswith(f"{série} {first}–{first + 3} {found[0].position} 2 étui {first}: ")
        for board, tables in re.findall(r"étui (\d+): ([\d, ]+\d)", row):
            starts[int(board)] = [int(t) for t in tables.split(", ")]
    assert sorted(starts) == list(range(1, 29))
    assert all(len(tables) == 2 for tables in starts.values())  # one per copy
    assert "None: every étui has its taker South." in pages[0]
    cards = [page for page in pages if "Home of" in page]
    assert len(cards) == 8
    at = {(p.position, p.table): (série, p) for série, found in plays.items() for p in found}
    away = {(p.visitor, p.position): p.table for found in plays.values() for p in found}
    relay = {}  # (position, table) -> [(étui, next table)]
    for page in cards:
        table = int(page.split("Table ")[-1].split()[0])
        lines = flat_lines(page)
        for position in range(1, 8):
            série, play = at[(position, table)]
            row = next(ln for ln in lines if ln.startswith(f"{position} {série} "))
            assert f"{teams[play.home]} Quadrette {teams[play.home]}" in row
            goes = away.get((play.visitor, position + 1))
            assert row.endswith(f"table {goes}" if goes else "—")
            assert f"attacker {attackers[play.visitor]} " in page
            relay[(position, table)] = _relay_steps(row)
    for série, found in plays.items():
        position, boards = found[0].position, range((série - 1) * 4 + 1, série * 4 + 1)
        tables = sorted(p.table for p in found)
        for table in tables:  # each table plays the série's four étuis
            assert sorted(b for b, _t in relay[(position, table)]) == list(boards)
        for slot in range(4):  # never more of an étui on the tables than its copies
            out = Counter(relay[(position, t)][slot][0] for t in tables)
            assert max(out.values()) <= 2
        for board in boards:  # each copy, handed on, visits its tables once, in play order
            visited = []
            for start in starts[board]:
                table, slot = start, -1
                while table is not None:
                    steps = relay[(position, table)]
                    now = next(k for k, (b, _t) in enumerate(steps) if b == board)
                    assert now > slot
                    visited.append(table)
                    table, slot = steps[now][1], now
            assert sorted(visited) == tables
    defenders = session_defenders(played)
    for page in cards:  # each home defence in the seat it keeps, as lines.csv names it
        team = Team.objects.get(
            tournament=played.tournament, number=int(page.split("Home of ")[1].split()[0])
        )
        seats = [
            f"{name} {Registration.objects.get(pk=defenders[team.pk][o]).number} "
            for o, name in (("N", "North"), ("E", "East"), ("W", "West"))
        ]
        text = " ".join(page.split())
        assert "Its defence, seated all séance: " + seats[0] in text
        assert all(seat in text for seat in seats)
    assert "+" not in "".join(pages)  # no score


def test_an_odd_field_shows_its_byes_and_an_etui_taken_east_is_turned():
    tournament = quadrettes(players=20, positions=5)
    session = drawn(tournament)
    board = session.boards.get(number=3)
    type(board).objects.filter(pk=board.pk).update(taker="E", dealer="N")
    pages = page_texts(cards_pdf(session)[2])
    whole = "\n".join(pages)
    text = " ".join(whole.split())
    assert (
        "Étui 3 (taker marked E): hand marked E → South, hand marked S → West, "
        "hand marked W → North, hand marked N → East; dealer N → East"
    ) in text
    cards = [page for page in pages if "Home of" in page]
    assert len(cards) == 5
    assert all(page.count("Bye: this quadrette sits out") == 1 for page in cards)
    # Four tables a position (the fifth quadrette has the bye), four étuis a série: one copy.
    assert "Copies of each étui" in whole
    assert "Prepare 1 copy of each étui" in text


def test_the_ranking_is_by_result_with_three_decimals(played):
    results = quadrette_session_results(played, official=True)
    text = "\n".join(page_texts(ranking_pdf(played)[2]))
    assert "Ranking by match points" in text and "Whole tournament" not in text
    flat = " ".join(text.split())
    starts = [flat.index(f"{r.place} {r.team.number} {r.team.name} ") for r in results.teams]
    assert starts == sorted(starts)  # in the ranking's order
    for result, start, end in zip(results.teams, starts, [*starts[1:], None], strict=True):
        won = sum(v for v in result.per_board.values() if v > 0)
        lost = -sum(v for v in result.per_board.values() if v < 0)
        row = flat[start:end]  # the members' names are printed under the name
        assert f"{result.boards} {shown(won)} {shown(-lost)} " in row
        assert row.rstrip().endswith(shown(result.pm)) or f" {shown(result.pm)} " in row
    penalised = next(r for r in results.teams if r.team.number == 2)
    assert penalised.penalty == 3 and f"{MINUS}3,000" in text
    assert [r.pm for r in results.teams] == sorted((r.pm for r in results.teams), reverse=True)


def test_equal_results_share_the_place_and_several_seances_add_up():
    tournament = quadrettes(players=16, positions=3)
    _o, scorer, arbitre, _ = staff_of(tournament)
    first = drawn(tournament)
    for board in first.boards.all():
        enter(board, [56] * 4, scorer, confirm_by=arbitre)  # every table
    session_close(session=first, user=arbitre)
    text = "\n".join(page_texts(ranking_pdf(first)[2]))
    assert text.count("1=") == 4  # everyone 0: one place shared
    second = quadrettes_simulate(tournament=tournament, user=tournament.created_by, number=2)
    quadrettes_sheets_simulate(session=second, rng=random.Random(2))
    lines = flat_lines("\n".join(page_texts(ranking_pdf(second)[2])))
    assert "Whole tournament" in lines
    total = lines[lines.index("Whole tournament") :]
    for result in quadrette_session_results(second, official=True).teams:
        row = next(ln for ln in total if f" {result.team.number} {result.team.name} " in ln)
        assert row.endswith(f"0,000 {shown(result.pm)} {shown(result.pm)}")


def test_each_feuille_de_route_has_its_etuis_and_sums_to_the_result(played):
    teams, _attackers, scores = _facts(played)
    results = {r.team.number: r for r in quadrette_session_results(played, official=True).teams}
    plays = quadrette_plays(played)
    pages = page_texts(roadmaps_pdf(played)[2])
    assert len(pages) == 8  # 28 étuis each: a page each
    for page in pages:
        number = int(page.split("No.\n")[1].split()[0])
        result = results[number]
        lines = flat_lines(page)
        count = 0
        for série, found in plays.items():
            for play, other in _pairs(found):
                if teams[play.visitor] != number:
                    continue
                for board in range((série - 1) * 4 + 1, série * 4 + 1):
                    attack = scores[(board, play.position, play.table)]
                    defence = scores[(board, other.position, other.table)]
                    points = pm(attack - defence)
                    row = next(ln for ln in lines if ln.startswith(f"{play.position} {board} "))
                    assert row.split()[2] == str(teams[play.home])
                    assert row.split()[3:] == [
                        _signed(attack), _signed(defence), _signed(attack - defence),
                        shown(points),
                    ]  # fmt: skip
                    count += 1
        assert count == 28
        assert (
            sum(
                Decimal(ln.split()[-1].replace(",", ".").replace(MINUS, "-"))
                for ln in lines
                if ln.split() and ln.split()[0].isdigit() and len(ln.split()) == 7
            )
            - result.penalty
            == result.pm
        )
        assert shown(result.pm) in page
    assert f"{MINUS}3,000" in next(p for p in pages if "No.\n2\n" in p)


def test_the_workbook_has_every_line_with_its_quadrettes_and_pm(played):
    teams, attackers, scores = _facts(played)
    filename, content_type, content = session_workbook(played)
    assert filename == "quad-seance-1-pm.xlsx" and "spreadsheetml" in content_type
    workbook = load_workbook(io.BytesIO(content), read_only=True)
    assert workbook.sheetnames == ["Lines", "Quadrettes"]
    header, *body = list(workbook["Lines"].iter_rows(values_only=True))
    assert header[:8] == (
        "Étui", "Série", "Position", "Table", "Taker", "Defence quadrette", "Attack quadrette",
        "Attacker no.",
    )  # fmt: skip
    assert len(body) == 28 * 8
    plays = {(p.position, p.table): p for found in quadrette_plays(played).values() for p in found}
    by_board = defaultdict(list)
    for row in body:
        play = plays[(row[2], row[3])]
        assert row[4] == "S" and row[5] == teams[play.home] and row[6] == teams[play.visitor]
        assert row[7] == attackers[play.visitor] and row[9] == scores[(row[0], row[2], row[3])]
        by_board[row[0]].append(row)
    for rows in by_board.values():
        assert sorted(row[3] for row in rows) == list(range(1, 9))  # every étui at every table
        against = {row[6]: row for row in rows}  # attack quadrette -> its line
        for row in rows:
            other = against[row[5]]  # the home quadrette's attacker at the visitor's defence
            assert other[5] == row[6]
            assert row[13] == row[9] - other[9] == -other[13]
            assert Decimal(str(row[14])) == pm(row[13]) == -Decimal(str(other[14]))
    results = quadrette_session_results(played, official=True)
    header, *teams_rows = list(workbook["Quadrettes"].iter_rows(values_only=True))
    assert header[-1] == "Result"
    assert [(row[0], row[1], Decimal(str(row[-1]))) for row in teams_rows] == [
        (r.place, r.team.number, r.pm) for r in results.teams
    ]


def test_the_public_page_shows_the_feuille_de_route_only_once_the_seance_is_closed(
    client, django_assert_max_num_queries
):
    session = _played(close=False, players=16, positions=3)
    tournament = session.tournament
    team = tournament.teams.get(number=1)
    url = reverse("standings:quadrette", args=[tournament.slug, 1])
    page = client.get(url).content.decode()
    assert 'data-testid="hidden-until-closed"' in page
    assert 'data-testid="roadmap"' not in page and ",000" not in page
    assert "PM won" not in page
    for score in TravellingLine.objects.filter(sheet__board__session=session).values_list(
        "score", flat=True
    ):
        assert f">+{score}<" not in page and f">{MINUS}{-score}<" not in page
    assert 'data-testid="movement"' in page  # where it plays is public
    _o, _scorer, arbitre, _ = staff_of(tournament)
    session_close(session=session, user=arbitre)
    with django_assert_max_num_queries(25):  # whatever the number of quadrettes and étuis
        page = client.get(url).content.decode()
    assert 'data-testid="hidden-until-closed"' not in page and 'data-testid="roadmap"' in page
    result = next(
        r for r in quadrette_session_results(session, official=True).teams if r.team == team
    )
    # The page writes PM in its reader's language (the printed sheets, always a French comma).
    sign = "+" if result.pm > 0 else MINUS if result.pm < 0 else ""
    assert f"Result {sign}{abs(result.pm):.3f}" in page
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"{sign}{abs(result.pm):.3f}".replace(".", ",") in french
    member = team.members.first()
    player = client.get(reverse("standings:player", args=[tournament.slug, member.number]))
    assert url in player.content.decode()
    standings = client.get(reverse("standings:individual", args=[tournament.slug]))
    assert url in standings.content.decode()
    tournament.is_public = False
    tournament.save()
    assert client.get(url).status_code == 404
    assert client.get(reverse("standings:quadrette", args=[tournament.slug, 99])).status_code


KINDS = ["sheets", "topped", "labels", "cards", "ranking", "roadmaps", "xlsx"]


def _url(tournament, kind):
    if kind == "xlsx":
        return reverse("scoring:duplicate_export", kwargs={"slug": tournament.slug, "session": 1})
    return reverse(
        "scoring:duplicate_document",
        kwargs={"slug": tournament.slug, "session": 1, "kind": kind},
    )


def test_each_document_answers_a_scorer_and_not_anonymous(client):
    session = _played(players=8, positions=1)
    tournament = session.tournament
    for kind in KINDS:
        response = client.get(_url(tournament, kind))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    stranger = get_user_model().objects.create(username="stranger")
    client.force_login(stranger)
    assert all(client.get(_url(tournament, kind)).status_code == 403 for kind in KINDS)
    client.force_login(staff_of(tournament)[1])
    # While it is made, the job's page names the document as the séance page does.
    waiting = client.get(_url(tournament, "cards"))
    assert waiting.status_code == 302
    job_page = client.get(waiting["Location"]).content.decode()
    assert "Preparation and table cards (PDF), séance 1" in job_page
    run_jobs()
    for kind in KINDS:
        response = fetch(client, _url(tournament, kind))
        assert response.status_code == 200, kind
        expected = "spreadsheetml" if kind == "xlsx" else "application/pdf"
        assert expected in response["Content-Type"]
    text = "\n".join(page_texts(fetch(client, _url(tournament, "roadmaps")).content))
    assert "Quadrette 1" in text and "Quadrette 2" in text
    page = client.get(reverse("scoring:duplicate", kwargs={"slug": tournament.slug, "session": 1}))
    html = page.content.decode()
    assert 'data-testid="duplicate-documents"' in html
    for kind in KINDS:
        assert _url(tournament, kind) in html
    unknown = reverse(
        "scoring:duplicate_document",
        kwargs={"slug": tournament.slug, "session": 1, "kind": "other"},
    )
    assert client.get(unknown).status_code == 404
