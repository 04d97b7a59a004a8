"""The triplettes' séance documents (fft-duplicate.md §3): the travelling sheets blank and
topped (the teams of each line, the expected attacker, the duplication duty by étui parity),
the table and triplette cards, the rankings, the feuilles de route and the workbook, each read
back and checked against the triplettes' own reads; and who may download them."""

import io
import random
import re
from collections import defaultdict
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from openpyxl import load_workbook

from scoring.engine.duplicate_teams import COLOURS
from scoring.formats.duplicate import documents as documents_duplicate
from scoring.formats.duplicate import travelling_sheet_layout as layout
from scoring.formats.duplicate.services import (
    LineEntry,
    TravellingEntry,
    travelling_sheet_confirm,
    travelling_sheet_save,
)
from scoring.formats.duplicate.simulation import random_scores
from scoring.formats.triplettes import documents as documents_triplettes
from scoring.formats.triplettes import documents_results as documents_triplettes_results
from scoring.formats.triplettes.excel import session_workbook
from scoring.formats.triplettes.reads import (
    colour_orders,
    expected_attackers_of,
    triplette_plays,
    triplette_session_results,
    triplette_tournament_results,
)
from scoring.formats.triplettes.simulation import triplettes_simulate
from scoring.models.duplicate import TravellingLine
from scoring.services_ledger import penalty_apply
from tests.jobs import fetch
from tests.support import flat_lines, page_texts
from tournaments.models import Registration, Session, Table, Team
from tournaments.services_duplicate import session_publish

from .helpers import staff_of
from .test_documents import _cells
from .test_documents_results import _shown, expected_notes
from .test_triplettes import drawn, triplettes

pytestmark = pytest.mark.django_db

CANCELLED = {"N": 60, "E": 40, "S": 60, "W": 40}


def play_seance(session, *, out_of_turn=2, cancelled=1):
    """Every étui's travelling sheet typed and confirmed with the expected attacker on each
    line, except étui ``out_of_turn``'s first line (another member attacked) and étui
    ``cancelled``'s second line (cancelled by the arbitre, notes 60/40 assigned)."""
    tournament = session.tournament
    _organiser, scorer, arbitre, second = staff_of(tournament)
    plays = triplette_plays(session)
    expected = expected_attackers_of(tournament)
    rng = random.Random(7)
    for board in session.boards.order_by("number"):
        tables = plays[board.board_set]
        lines = []
        for index, (play, score) in enumerate(
            zip(tables, random_scores(rng, len(tables)), strict=True)
        ):
            team = play.attack_team(board.taker)
            attacker = expected[((session.number, board.number), team)]
            if board.number == out_of_turn and index == 0:
                attacker = (
                    tournament.registrations.filter(team_id=team).exclude(pk=attacker).first().pk
                )
            if board.number == cancelled and index == 1:
                lines.append(
                    LineEntry(
                        play.position, play.table, None, cancelled=True,
                        assigned_notes=CANCELLED, attacker=attacker,
                    )
                )  # fmt: skip
                continue
            lines.append(LineEntry(play.position, play.table, score, attacker=attacker))
        author = arbitre if board.number == cancelled else scorer
        confirmer = second if board.number == cancelled else arbitre
        sheet = travelling_sheet_save(board=board, entry=TravellingEntry(tuple(lines)), user=author)
        travelling_sheet_confirm(sheet=sheet, user=confirmer)


@pytest.fixture
def seance():
    """8 triplettes at 4 tables, 3 positions, 16 étuis, every sheet confirmed."""
    tournament = triplettes(players=24, positions=3, slug="trid")
    session = drawn(tournament)
    session_publish(session=session, user=tournament.created_by)
    tournament.refresh_from_db()
    play_seance(session)
    return session


def _numbers():
    return (
        dict(Team.objects.values_list("pk", "number")),
        dict(Registration.objects.values_list("pk", "number")),
    )


def _captured(monkeypatch, session, topped=False):
    """The context the sheets' template gets, and the PDF made of it."""
    seen = {}
    real = documents_duplicate.render_pdf

    def spy(template, context, resources=None, **options):
        seen.update(context=context)
        return real(template, context, resources, **options)

    monkeypatch.setattr(documents_duplicate, "render_pdf", spy)
    _name, _type, content = documents_triplettes.travelling_sheets_pdf(session, topped=topped)
    return seen["context"], content


def _first_line(play, board):
    """The duplicating line of an étui and its triplette at the étui's first table."""
    if board.number % 2:
        return "North-South", play.ns_team
    return "East-West", play.ew_team


def test_blank_sheets_give_each_line_its_triplettes_expected_attacker_and_the_duty(
    monkeypatch, seance
):
    context, content = _captured(monkeypatch, seance)
    teams, people = _numbers()
    plays = triplette_plays(seance)
    expected = expected_attackers_of(seance.tournament)
    whole = "\n".join(page_texts(content))
    sheets = context["sheets"]
    assert [sheet["board"].number for sheet in sheets] == list(range(1, 17))
    for sheet in sheets:
        board = sheet["board"]
        rows = [_cells(line, layout.TRIPLETTE_BLANK_COLUMNS) for line in sheet["lines"].split("\n")]
        want = []
        for play in plays[board.board_set]:
            attack = play.ns_team if board.taker in "NS" else play.ew_team
            member = expected[((1, board.number), attack)]
            want.append(
                (play.position, play.table, teams[play.ns_team], teams[play.ew_team],
                 people[member])
            )  # fmt: skip
            assert Registration.objects.get(pk=member).team_id == attack
        assert [
            (int(r["position"]), int(r["table"]), int(r["ns"]), int(r["ew"]), int(r["expected"]))
            for r in rows
        ] == want
        assert all(r["attacker"] == r["plus"] == r["minus"] == "" for r in rows)
        line, team = _first_line(plays[board.board_set][0], board)
        assert sheet["duty"] == f"{line}, triplette {teams[team]}"
    # The PDF says it: one "Duplication" per étui, odd étuis North-South, even East-West.
    flat = " ".join(whole.split())
    assert flat.count("Duplication North-South") == 8 and flat.count("Duplication East-West") == 8
    labels = documents_duplicate._sheet_labels()
    shape = layout.Shape(rows=3, topped=False, chien_boxes=True, half=True, variant="triplettes")
    words = " ".join(text[2] for text in layout.background(shape, labels).texts)
    assert "NS triplette" in words and "EW triplette" in words and "Expected" in words
    for columns in (layout.TRIPLETTE_BLANK_COLUMNS, layout.TRIPLETTE_TOPPED_COLUMNS):
        assert sum(width for _key, width in columns) == layout.CHARACTERS


def _confirmed_lines(board):
    return list(
        TravellingLine.objects.filter(sheet__board=board, sheet__status="confirmed").order_by(
            "round__number", "table_number"
        )
    )


def _board_notes(board) -> dict[int, tuple[Fraction, Fraction]]:
    """line id -> (attacking triplette's note, defending one's), by the rulebook, here."""
    lines = _confirmed_lines(board)
    played = [line for line in lines if not line.cancelled]
    notes = dict(
        zip(
            [line.pk for line in played],
            expected_notes([line.score for line in played]),
            strict=True,
        )
    )
    defender = "NESW"[("NESW".index(board.taker) + 1) % 4]
    return {
        line.pk: (Fraction(CANCELLED[board.taker]), Fraction(CANCELLED[defender]))
        if line.cancelled
        else (notes[line.pk], 100 - notes[line.pk])
        for line in lines
    }


def _comma(value: Fraction) -> str:
    return _shown(value).replace(".", ",")


def test_topped_sheets_show_scores_notes_the_attacker_and_flag_one_out_of_turn(monkeypatch, seance):
    context, content = _captured(monkeypatch, seance, topped=True)
    _teams, people = _numbers()
    expected = expected_attackers_of(seance.tournament)
    plays = triplette_plays(seance)
    flagged = []
    for sheet in context["sheets"]:
        board = sheet["board"]
        rows = [
            _cells(re.sub(r"<[^>]+>", "", line), layout.TRIPLETTE_TOPPED_COLUMNS)
            for line in sheet["lines"].split("\n")
        ]
        lines = _confirmed_lines(board)
        notes = _board_notes(board)
        assert len(rows) == len(lines) == 3
        for row, line, play in zip(rows, lines, plays[board.board_set], strict=True):
            attack = play.ns_team if board.taker in "NS" else play.ew_team
            want = expected[((1, board.number), attack)]
            assert row["expected"] == str(people[want])
            out = line.attacker_id != want
            assert row["attacker"] == f"{people[line.attacker_id]}{'*' if out else ''}"
            if out:
                flagged.append(board.number)
                assert "hors tour" in row["remark"]
            if line.cancelled:
                assert "annulée" in row["remark"] and row["attack"] == row["plus"] == ""
                continue
            column = "plus" if line.score >= 0 else "minus"
            assert row[column] == str(abs(line.score))
            assert (row["attack"], row["defence"]) == tuple(map(_comma, notes[line.pk]))
    assert flagged == [2]
    assert "hors tour" in page_texts(content)[0] and "annulée" in page_texts(content)[0]


def _general_rows(text: str, heading: str) -> list[list[str]]:
    """The rows of one ranking of the PDF, split into words (the name is "Triplette k")."""
    lines = flat_lines(text)
    start = lines.index(heading)
    rows = []
    for line in lines[start + 1 :]:
        words = line.split()
        if words and words[0].isdigit() and len(words) >= 7:
            rows.append(words)
        elif rows:
            break
    return rows


def test_the_ranking_has_the_alterne_and_the_general_of_the_triplettes_own_results(seance):
    punished = seance.tournament.registrations.get(number=4)
    penalty_apply(
        registration=punished,
        points=2,
        position=1,
        reason="late",
        user=staff_of(seance.tournament)[2],
    )
    filename, _type, content = documents_triplettes_results.ranking_pdf(seance)
    assert filename == "trid-seance-1-classements.pdf"
    text = "\n".join(page_texts(content))
    assert "½ attack + ½ defence" in text and "Whole tournament" not in text
    results = triplette_session_results(seance, official=True)
    general = _general_rows(text, "Général ranking")
    assert [int(row[1]) for row in general] == [r.team.number for r in results.teams]
    for row, result in zip(general, results.teams, strict=True):
        assert int(row[0]) == result.general_place
        assert row[4] == {"NS": "NS", "EW": "EW"}[result.line]
        assert row[5:8] == [_shown(result.attack), _shown(result.defence), _shown(result.overall)]
        assert row[8:] == (["−2"] if result.team.pk == punished.team_id else [])
    alternate = _general_rows(text, "Alterné ranking")
    assert [int(row[1]) for row in alternate] == [r.team.number for r in results.alternate]
    assert [int(row[0]) for row in alternate] == list(range(1, 9))
    # The percentages are the triplettes' own: recomputed here from the sheets' scores.
    attack, defence = defaultdict(list), defaultdict(list)
    plays = {(p.position, p.table): p for ps in triplette_plays(seance).values() for p in ps}
    for board in seance.boards.all():
        notes = _board_notes(board)
        for line in _confirmed_lines(board):
            play = plays[(line.round.number, line.table_number)]
            a, d = (play.ns_team, play.ew_team) if board.taker in "NS" else (
                play.ew_team, play.ns_team,
            )  # fmt: skip
            attack[a].append(notes[line.pk][0])
            defence[d].append(notes[line.pk][1])
    for result in results.teams:
        a = sum(attack[result.team.pk]) / len(attack[result.team.pk])
        d = sum(defence[result.team.pk]) / len(defence[result.team.pk])
        off = 2 if result.team.pk == punished.team_id else 0
        assert (result.attack, result.defence, result.overall) == (a, d, a / 2 + d / 2 - off)
    pages = page_texts(documents_triplettes_results.roadmaps_pdf(seance)[2])
    team = Team.objects.get(pk=punished.team_id)
    page = next(p for p in pages if f"Triplette {team.number}\n" in p)
    mine = page.split(f"Triplette {team.number}\n", 1)[1].split("Triplette ", 1)[0]
    assert "Penalties\n−2" in mine


def _swap_lines(session, position):
    """A Howell's way: the triplettes change line at ``position`` (NS and EW swapped), and the
    séance says it is a Howell (a real one: test_howell)."""
    for table in Table.objects.filter(round__session=session, round__number=position):
        table.ns_team, table.ew_team = table.ew_team, table.ns_team
        table.save()
    session.movement = Session.Movement.HOWELL
    session.save(update_fields=["movement"])


def test_when_a_triplette_changes_line_the_ranking_is_the_general_only(seance):
    _swap_lines(seance, 2)
    text = "\n".join(page_texts(documents_triplettes_results.ranking_pdf(seance)[2]))
    assert "Alterné ranking" not in text and "Général ranking" in text
    assert "général only" in text
    results = triplette_session_results(seance, official=True)
    general = _general_rows(text, "Général ranking")
    assert [int(row[1]) for row in general] == [r.team.number for r in results.teams]
    pages = page_texts(documents_triplettes_results.roadmaps_pdf(seance)[2])
    assert "Line changes by position" in pages[0] and "Alterné\n—" in pages[0]


def test_the_ranking_adds_the_tournament_total_over_two_seances():
    tournament = triplettes(players=24, positions=2, slug="tri2")
    organiser = tournament.created_by
    for number in (1, 2):
        session = triplettes_simulate(
            tournament=tournament, user=organiser, seed=number, sheets=True, number=number
        )
    text = "\n".join(page_texts(documents_triplettes_results.ranking_pdf(session)[2]))
    assert "Whole tournament" in text and "Séance 1" in text and "Séance 2" in text
    rows = triplette_tournament_results(tournament, official=True)
    total = flat_lines(text)[flat_lines(text).index("Whole tournament") :]
    shared = {row.place for row in rows if sum(r.place == row.place for r in rows) > 1}
    found = []
    for row in rows:
        place = f"{row.place}{'=' if row.place in shared else ''}"
        line = next(ln for ln in total if ln.startswith(f"{place} {row.team.number} "))
        found.append(total.index(line))
        assert line.endswith(_shown(row.total))
        séances = [_shown(row.sessions[n].overall) for n in (1, 2)]
        assert line.endswith(" ".join([*séances, _shown(row.total)]))
    assert found == sorted(found)  # in the order of the total
    assert len({row.total for row in rows}) > 1  # not all equal: the order is checked


def test_a_feuille_de_route_lists_the_triplettes_etuis_roles_attackers_and_notes(seance):
    tournament = seance.tournament
    board = seance.boards.get(number=2)  # its first line attacked out of turn
    play = triplette_plays(seance)[board.board_set][0]
    team = Team.objects.get(pk=play.ns_team if board.taker in "NS" else play.ew_team)
    teams, people = _numbers()
    orders = colour_orders(tournament)
    colour = {}
    for members in orders.values():
        for index, member in enumerate(members):
            colour[member] = COLOURS[index]
    assert {colour[m] for m in orders[team.pk]} == set(COLOURS)
    expected = expected_attackers_of(tournament)
    plays = {(p.position, p.table): p for ps in triplette_plays(seance).values() for p in ps}
    want = []
    for other in seance.boards.order_by("number"):
        notes = _board_notes(other)
        for line in _confirmed_lines(other):
            p = plays[(line.round.number, line.table_number)]
            if team.pk not in (p.ns_team, p.ew_team):
                continue
            attack_team = p.ns_team if other.taker in "NS" else p.ew_team
            attack = attack_team == team.pk
            opponent = p.ew_team if p.ns_team == team.pk else p.ns_team
            member = expected[((1, other.number), attack_team)]
            star = "*" if line.attacker_id != member else ""
            score = "cancelled" if line.cancelled else f"{line.score:+d}".replace("-", "−")
            note = notes[line.pk][0 if attack else 1]
            want.append(
                (line.round.number, other.number,
                 f"{line.round.number} {line.table_number} {other.number} "
                 f"{'NS' if p.ns_team == team.pk else 'EW'} {'attack' if attack else 'defence'} "
                 f"{teams[opponent]} {people[member]} {colour[member]} "
                 f"{people[line.attacker_id]} {colour[line.attacker_id]}{star} {score} "
                 f"{_shown(note)}")
            )  # fmt: skip
    assert len(want) == 12 and any("*" in w[2] for w in want)
    pages = page_texts(documents_triplettes_results.roadmaps_pdf(seance)[2])
    page = next(p for p in pages if f"Triplette {team.number}\n" in p)
    mine = page.split(f"Triplette {team.number}\n", 1)[1]
    mine = mine.split("Triplette ", 1)[0] if "Triplette " in mine else mine
    lines = flat_lines(mine)
    for _position, _board, line in sorted(want):
        assert line in lines, line
    assert "attack order" in mine  # the star's legend
    result = next(
        r for r in triplette_session_results(seance, official=True).teams if r.team == team
    )
    assert _shown(result.attack) in mine and _shown(result.overall) in mine
    for member in orders[team.pk]:
        person = Registration.objects.get(pk=member)
        assert f"{colour[member]} {person.number} {person.name}" in " ".join(mine.split())


def test_the_workbook_has_every_line_with_its_triplettes_attackers_and_notes(seance):
    filename, content_type, content = session_workbook(seance)
    assert filename == "trid-seance-1-notes.xlsx" and "spreadsheetml" in content_type
    workbook = load_workbook(io.BytesIO(content), read_only=True)
    assert workbook.sheetnames == ["Lines", "Triplettes"]
    header, *body = list(workbook["Lines"].iter_rows(values_only=True))
    column = {name: i for i, name in enumerate(header)}
    for name in ("Attack triplette", "Defence triplette", "Attacker", "Expected attacker",
                 "Out of turn", "Attack note", "Defence note"):  # fmt: skip
        assert name in column
    assert len(body) == 16 * 3
    teams, people = _numbers()
    plays = {(p.position, p.table): p for ps in triplette_plays(seance).values() for p in ps}
    expected = expected_attackers_of(seance.tournament)
    boards = {board.number: board for board in seance.boards.all()}
    notes = {}
    for board in boards.values():
        notes.update(_board_notes(board))
    lines = {
        (line.sheet.board.number, line.round.number, line.table_number): line
        for line in TravellingLine.objects.filter(sheet__status="confirmed").select_related(
            "sheet__board", "round"
        )
    }
    out = []
    for row in body:
        get = lambda name, row=row: row[column[name]]  # noqa: E731
        board = boards[get("Étui")]
        play = plays[(get("Position"), get("Table"))]
        attack, defence = (play.ns_team, play.ew_team) if board.taker in "NS" else (
            play.ew_team, play.ns_team,
        )  # fmt: skip
        assert (get("Attack triplette"), get("Defence triplette")) == (
            teams[attack], teams[defence],
        )  # fmt: skip
        line = lines[(board.number, get("Position"), get("Table"))]
        assert get("Attacker") == people[line.attacker_id]
        assert get("Expected attacker") == people[expected[((1, board.number), attack)]]
        if get("Out of turn") == "yes":
            out.append(board.number)
        assert get("Score") == line.score
        assert (get("Attack note"), get("Defence note")) == tuple(
            float(_shown(n)) for n in notes[line.pk]
        )
    assert out == [2]
    results = triplette_session_results(seance, official=True)
    _head, *teams_rows = list(workbook["Triplettes"].iter_rows(values_only=True))
    assert [row[2] for row in teams_rows] == [r.team.number for r in results.teams]
    assert [row[7] for row in teams_rows] == [float(_shown(r.overall)) for r in results.teams]


def test_the_cards_give_each_table_its_triplettes_and_each_triplette_its_way(seance):
    _swap_lines(seance, 3)  # lines read per position: a Howell changes them
    teams, people = _numbers()
    names = dict(Team.objects.values_list("pk", "name"))
    plays = triplette_plays(seance)
    at = {(p.position, p.table): (s, p) for s, ps in plays.items() for p in ps}
    expected = expected_attackers_of(seance.tournament)
    orders = colour_orders(seance.tournament)
    pages = page_texts(documents_triplettes.cards_pdf(seance)[2])
    assert len(pages) == 4 + 8  # a card per table, then one per triplette
    of_team = {}
    for (position, table), (série, play) in at.items():
        of_team[(play.ns_team, position)] = (table, "NS", play.ew_team, série)
        of_team[(play.ew_team, position)] = (table, "EW", play.ns_team, série)
    for table, page in zip(range(1, 5), pages, strict=False):
        assert f"Table {table}" in page
        lines = flat_lines(page)
        for position in (1, 2, 3):
            série, play = at[(position, table)]
            row = next(ln for ln in lines if ln.startswith(f"{position} {série}"))
            for team in (play.ns_team, play.ew_team):
                following = of_team.get((team, position + 1))
                goes = f"→ table {following[0]}" if following else "—"
                assert f"{teams[team]} {goes}" in row, row
                assert names[team] in page
    boards = defaultdict(list)
    for number, série, taker in seance.boards.values_list("number", "board_set", "taker"):
        boards[série].append((number, taker))
    for team, page in zip(sorted(teams, key=teams.get), pages[4:], strict=True):
        assert f"Triplette {teams[team]}" in page
        flat = " ".join(page.split())
        for index, member in enumerate(orders[team]):
            person = Registration.objects.get(pk=member)
            assert f"{COLOURS[index]} {person.number} {person.name}" in flat
        lines = flat_lines(page)
        for position in (1, 2, 3):
            table, line, opponent, série = of_team[(team, position)]
            label = "North-South" if line == "NS" else "East-West"
            row = next(ln for ln in lines if ln.startswith(f"{position} table {table} "))
            assert row.startswith(f"{position} table {table} {label} {teams[opponent]}"), row
            for number, taker in boards[série]:
                if ("NS" if taker in "NS" else "EW") != line:
                    continue
                member = expected[((1, number), team)]
                person = Registration.objects.get(pk=member)
                colour = COLOURS[orders[team].index(member)]
                assert f"étui {number}: {colour} {person.number} {person.name}" in flat
    # A triplette changed line at position 3: one of its rows says so.
    assert any("East-West" in p and "North-South" in p for p in pages[4:])


KINDS = ["sheets", "topped", "labels", "cards", "ranking", "roadmaps", "xlsx"]


def _url(tournament, kind):
    if kind == "xlsx":
        return reverse("scoring:duplicate_export", kwargs={"slug": tournament.slug, "session": 1})
    return reverse(
        "scoring:duplicate_document",
        kwargs={"slug": tournament.slug, "session": 1, "kind": kind},
    )


def test_the_seance_page_offers_every_document_and_a_scorer_gets_each(client, seance):
    tournament = seance.tournament
    client.force_login(staff_of(tournament)[1])
    page = client.get(reverse("scoring:duplicate", kwargs={"slug": tournament.slug, "session": 1}))
    html = page.content.decode()
    assert 'data-testid="duplicate-documents"' in html
    for kind in KINDS:
        assert _url(tournament, kind) in html
        asked = client.get(_url(tournament, kind))
        assert asked.status_code == 302 and "/documents/" in asked["Location"]  # its job
        response = fetch(client, _url(tournament, kind))
        assert response.status_code == 200, kind
        kind_type = "spreadsheetml" if kind == "xlsx" else "application/pdf"
        assert kind_type in response["Content-Type"]
    ranking = fetch(client, _url(tournament, "ranking"))
    assert "Général ranking" in "\n".join(page_texts(ranking.content))


@pytest.mark.parametrize("kind", ["sheets", "roadmaps", "xlsx"])
def test_nobody_without_the_scorer_role_downloads(client, seance, kind):
    tournament = seance.tournament
    response = client.get(_url(tournament, kind))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(get_user_model().objects.create(username="stranger"))
    assert client.get(_url(tournament, kind)).status_code == 403
