"""The triplettes' Howell (fft-duplicate.md §3) end to end: drawn through the service for 7
triplettes (everyone meets everyone once, no série twice, lines changing, a bye a position),
played by the simulation, topped (général only, percentages recomputed here from the rows
alone with the rulebook's arithmetic), the séance page's choice of movement and its refusals,
the rankings pages and files, and the movement kept by an export."""

import io
import re
from collections import Counter, defaultdict
from fractions import Fraction
from itertools import combinations

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from scoring.formats.duplicate.services import boards_make
from scoring.formats.triplettes import documents as documents_triplettes
from scoring.formats.triplettes.reads import triplette_session_results
from scoring.formats.triplettes.simulation import triplettes_simulate
from scoring.models.duplicate import Board, TravellingLine
from tournaments.models import Session, Table, Tournament
from tournaments.services_triplettes import (
    howell_problem,
    present_teams,
    triplettes_movement_build,
    triplettes_problem,
)
from tournaments.transfer import tournament_export, tournament_import

from .test_commands import four_decimals, read
from .test_triplettes import recompute, triplettes

pytestmark = pytest.mark.django_db

HOWELL = Session.Movement.HOWELL


def tables_of(session):
    """position -> [(table, série, NS team number, EW team number)] from the rows alone."""
    found = defaultdict(list)
    for row in (
        Table.objects.filter(round__session=session)
        .order_by("round__number", "number")
        .values_list("round__number", "number", "board_set", "ns_team__number", "ew_team__number")
    ):
        found[row[0]].append(row[1:])
    return dict(found)


def test_a_howell_of_7_triplettes_drawn_through_the_service():
    tournament = triplettes(players=21, positions=7, slug="how7")
    assert triplettes_problem(present_teams(tournament), 7).code == "teams_odd"  # no Mitchell
    session = triplettes_movement_build(
        tournament=tournament, user=tournament.created_by, seed=4, movement=HOWELL
    )
    session.refresh_from_db()
    assert session.movement == HOWELL
    positions = tables_of(session)
    assert sorted(positions) == list(range(1, 8))
    teams = set(tournament.teams.values_list("number", flat=True))
    met, series_of, lines, byes = Counter(), defaultdict(list), defaultdict(set), Counter()
    for tables in positions.values():
        assert [t for t, *_rest in tables] == [1, 2, 3]  # three tables a position
        assert len({s for _t, s, _ns, _ew in tables}) == 3  # a série at one table a position
        seated = set()
        for _table, série, ns, ew in tables:
            met[frozenset((ns, ew))] += 1
            series_of[ns].append(série)
            series_of[ew].append(série)
            lines[ns].add("NS")
            lines[ew].add("EW")
            seated |= {ns, ew}
        (out,) = teams - seated  # one triplette sits out each position
        byes[out] += 1
    assert set(met) == {frozenset(pair) for pair in combinations(teams, 2)}
    assert set(met.values()) == {1}  # every pair meets exactly once
    for team in teams:
        assert len(series_of[team]) == len(set(series_of[team])) == 6  # no série twice
        assert lines[team] == {"NS", "EW"}  # its line changes
    assert byes == Counter(dict.fromkeys(teams, 1))
    used = {s for tables in positions.values() for _t, s, _ns, _ew in tables}
    assert session.tables == len(used) == 7  # the séries to deal, counted from the movement


def test_the_howell_is_refused_outside_5_to_16_triplettes_or_beyond_its_positions():
    small = triplettes(players=12, positions=1, slug="how4")
    with pytest.raises(ValidationError, match="A Howell is for 5 to 16 triplettes") as refused:
        triplettes_movement_build(tournament=small, user=small.created_by, movement=HOWELL)
    assert refused.value.code == "howell_teams"
    assert not Table.objects.filter(round__tournament=small).exists()
    big = triplettes(players=60, positions=3, slug="how20")
    assert howell_problem(present_teams(big), 3).code == "howell_teams"
    assert triplettes_problem(present_teams(big), 3) is None
    seven = triplettes(players=21, positions=8, slug="how7b")
    problem = howell_problem(present_teams(seven), 8)
    assert problem.code == "too_many_positions" and "set 7 positions or fewer" in problem.message
    with pytest.raises(ValidationError, match="Choose a movement"):
        triplettes_movement_build(tournament=seven, user=seven.created_by, movement="emmanuel")


def test_a_howell_played_topped_and_exported_gives_the_general_only(tmp_path):
    tournament = triplettes(players=21, positions=7, slug="how7")
    session = triplettes_simulate(
        tournament=tournament, user=tournament.created_by, seed=6, sheets=True, movement=HOWELL
    )
    tournament.refresh_from_db()
    session.refresh_from_db()
    assert session.is_closed and session.boards.count() == 7 * tournament.boards_per_set
    results = triplette_session_results(session, official=True)
    assert results.alternate == [] and results.missing == 0
    assert {r.line for r in results.teams} == {""}
    assert {r.alternate_place for r in results.teams} == {None}

    call_command("export_duplicate", tournament.slug, "--out", str(tmp_path))
    lines, ranking = read(tmp_path / "lines.csv"), read(tmp_path / "ranking.csv")
    # Each line's attacking triplette, from the tables alone: the one on the taker's line there.
    at = {(k, t): (ns, ew) for k, tables in tables_of(session).items() for t, _s, ns, ew in tables}
    for row in lines:
        ns, ew = at[int(row["position"]), int(row["table"])]
        attack, defence = (ns, ew) if row["taker"] in "NS" else (ew, ns)
        assert (int(row["attack_team"]), int(row["defence_team"])) == (attack, defence)
    assert len(lines) == 7 * tournament.boards_per_set * 3  # each série at 3 tables
    members = defaultdict(list)
    for r in tournament.registrations.all():
        members[r.team.number].append((r.last_name, r.first_name, r.number))
    totals, wrong = recompute(lines, members, tournament.start_colour)
    assert wrong == []  # the attack order followed with the lines changing
    assert len(ranking) == 7
    for row in ranking:
        a, d, overall = totals[int(row["number"])]
        assert (row["attack"], row["defence"], row["overall"]) == (
            four_decimals(a), four_decimals(d), four_decimals(overall),
        )  # fmt: skip
        assert row["line"] == "" and row["alternate_place"] == ""
    by_number = {r.team.number: r for r in results.teams}
    for number, (a, d, overall) in totals.items():
        assert (by_number[number].attack, by_number[number].defence) == (a, d)
        assert by_number[number].overall == overall
    overalls = [Fraction(r["overall"]) for r in ranking]
    assert overalls == sorted(overalls, reverse=True)
    assert [int(r["general_place"]) for r in ranking][0] == 1


def test_the_lines_read_from_the_sheets_match_the_tables():
    """Each line of a travelling sheet sits at a table of its position that plays its série."""
    tournament = triplettes(players=15, positions=5, slug="how5")
    session = triplettes_simulate(
        tournament=tournament, user=tournament.created_by, seed=2, sheets=True, movement=HOWELL
    )
    plays = {(k, t): s for k, tables in tables_of(session).items() for t, s, _ns, _ew in tables}
    sets = dict(Board.objects.filter(session=session).values_list("pk", "board_set"))
    for position, table, board in TravellingLine.objects.filter(
        sheet__board__session=session
    ).values_list("round__number", "table_number", "sheet__board"):
        assert plays[position, table] == sets[board]
    assert session.tables == 6  # 5 triplettes need 6 séries (the engine's table)


def _page(client, tournament):
    return client.get(reverse("scoring:duplicate", args=[tournament.slug, 1])).content.decode()


def _options(page):
    select = re.search(r'<select name="movement"[^>]*>(.*?)</select>', page, re.S)
    return re.findall(r'<option value="(\w+)"', select.group(1)) if select else None


def test_the_draw_form_offers_the_movements_that_fit(client):
    seven = triplettes(players=21, positions=7, slug="how7")
    client.force_login(seven.created_by)
    assert _options(_page(client, seven)) == ["howell"]  # 7: no Mitchell
    eight = triplettes(players=24, positions=3, slug="how8")
    client.force_login(eight.created_by)
    assert _options(_page(client, eight)) == ["mitchell", "howell"]
    twenty = triplettes(players=60, positions=3, slug="how20")
    client.force_login(twenty.created_by)
    assert _options(_page(client, twenty)) == ["mitchell"]  # beyond 16
    three = triplettes(players=9, positions=1, slug="how3")
    client.force_login(three.created_by)
    page = _page(client, three)
    assert _options(page) is None and 'data-testid="movement-problem"' in page
    assert "A Howell is for 5 to 16" in page and "an even number, four at least" in page


@pytest.mark.parametrize(
    ("players", "positions", "movement", "message"),
    [
        (21, 7, "emmanuel", "Select a valid choice"),
        (12, 1, "howell", "A Howell is for 5 to 16 triplettes"),
        (60, 3, "howell", "A Howell is for 5 to 16 triplettes"),
        (21, 7, "mitchell", "7 triplettes cannot fill tables"),
    ],
)
def test_the_draw_form_refuses_next_to_the_field_and_saves_nothing(
    client, players, positions, movement, message
):
    tournament = triplettes(players=players, positions=positions, slug="refused")
    client.force_login(tournament.created_by)
    url = reverse("scoring:duplicate_draw", args=[tournament.slug, 1])
    response = client.post(url, {"movement": movement})
    assert response.status_code == 200
    page = response.content.decode()
    error = re.search(r'data-testid="movement-error">([^<]*)<', page)
    assert error and message in error.group(1).replace("&#x27;", "'")
    assert not Session.objects.filter(tournament=tournament).exists()
    assert not Table.objects.filter(round__tournament=tournament).exists()


def test_the_seance_page_names_the_howell_and_shows_lines_and_byes(client):
    tournament = triplettes(players=21, positions=7, slug="how7")
    client.force_login(tournament.created_by)
    drawn = client.post(
        reverse("scoring:duplicate_draw", args=[tournament.slug, 1]), {"movement": "howell"}
    )
    assert drawn.status_code == 302
    session = tournament.sessions.get()
    assert session.movement == HOWELL
    page = _page(client, tournament)
    quality = re.search(r'data-testid="movement-quality">(.*?)</p>', page, re.S).group(1)
    assert "Howell, 7 séries" in quality and "only the général" in quality
    assert 'data-testid="howell-lines"' in page
    assert re.search(r'<option value="howell" selected>', page)  # drawn again: Howell again
    teams = set(tournament.teams.values_list("number", flat=True))
    for position, tables in tables_of(session).items():
        seated = {team for _t, _s, ns, ew in tables for team in (ns, ew)}
        (out,) = teams - seated
        bye = re.search(rf'data-testid="bye-{out}">([^<]*)<', page).group(1)
        assert bye == f"position {position}"
    # The Mitchell's page keeps its own wording.
    mitchell = triplettes(players=24, positions=3, slug="mit8")
    client.force_login(mitchell.created_by)
    client.post(
        reverse("scoring:duplicate_draw", args=[mitchell.slug, 1]), {"movement": "mitchell"}
    )
    page = _page(client, mitchell)
    assert "Mitchell: the North-South" in page and 'data-testid="howell-lines"' not in page


def test_the_rankings_pages_say_there_is_no_alterne(client):
    tournament = triplettes(players=21, positions=7, slug="how7")
    triplettes_simulate(
        tournament=tournament, user=tournament.created_by, seed=1, sheets=True, movement=HOWELL
    )
    client.force_login(tournament.created_by)
    staff = client.get(reverse("scoring:duplicate_ranking", args=[tournament.slug, 1]))
    text = staff.content.decode()
    assert 'data-testid="no-alternate"' in text and 'data-testid="alternate"' not in text
    assert 'data-testid="general"' in text
    client.logout()
    public = client.get(reverse("standings:individual", args=[tournament.slug])).content.decode()
    assert 'data-testid="no-alternate"' in public and 'data-testid="alternate"' not in public
    assert 'data-testid="general"' in public


def test_an_export_keeps_the_movement():
    tournament = triplettes(players=21, positions=7, slug="how7")
    triplettes_movement_build(
        tournament=tournament, user=tournament.created_by, seed=3, movement=HOWELL
    )
    document = tournament_export(tournament=tournament)
    assert document["sessions"][0]["movement"] == "howell"
    copy_ = tournament_import(document=document, slug="how7-copie")
    assert copy_.sessions.get().movement == HOWELL
    assert tables_of(copy_.sessions.get()) == tables_of(tournament.sessions.get())
    assert Tournament.objects.get(slug="how7-copie").format == "triplettes"


def test_the_command_simulates_a_howell_and_refuses_what_it_cannot():
    from django.core.management.base import CommandError

    call_command(
        "simulate_tournament", "--slug", "cmd7", "--players", "21", "--format", "triplettes",
        "--movement", "howell", "--sheets", "--seed", "2",
    )  # fmt: skip
    session = Tournament.objects.get(slug="cmd7").sessions.get()
    assert session.movement == HOWELL and session.is_closed and len(tables_of(session)) == 7
    with pytest.raises(CommandError, match="5 to 16 triplettes"):
        call_command(
            "simulate_tournament", "--slug", "x", "--players", "60", "--format", "triplettes",
            "--movement", "howell",
        )  # fmt: skip
    with pytest.raises(CommandError, match="plays 7 positions"):
        call_command(
            "simulate_tournament", "--slug", "x", "--players", "21", "--format", "triplettes",
            "--movement", "howell", "--positions", "8",
        )  # fmt: skip
    assert not Tournament.objects.filter(slug="x").exists()


def test_etuis_dealt_for_a_howell_are_flagged_once_a_mitchell_is_drawn_instead(client):
    """8 triplettes: the Howell plays 7 séries, the Mitchell 4; the étuis of séries 5 to 7 are
    shown as dealt for another movement until they are dealt again."""
    from scoring.formats.duplicate.services import boards_make

    tournament = triplettes(players=24, positions=3, slug="how8")
    organiser = tournament.created_by
    session = triplettes_movement_build(tournament=tournament, user=organiser, movement=HOWELL)
    boards_make(session=session, user=organiser, seed=1)
    client.force_login(organiser)
    assert 'data-testid="unplayed-boards"' not in _page(client, tournament)
    session = triplettes_movement_build(tournament=tournament, user=organiser)
    assert session.movement == Session.Movement.MITCHELL and session.tables == 4
    page = _page(client, tournament)
    assert re.search(r'data-testid="unplayed-boards">12 étuis belong', page)
    boards_make(session=session, user=organiser, seed=1)
    assert 'data-testid="unplayed-boards"' not in _page(client, tournament)


def test_the_page_says_when_a_howell_cut_short_leaves_a_serie_at_one_table(client):
    """7 triplettes at 5 positions: a série is played at one table only (its étuis compare
    nothing); at 6 or 7 positions every série is played at two tables at least."""
    from tournaments.seating.duplicate_teams import howell_movement

    for positions in range(1, 8):
        played = Counter(
            t["set"] for p in howell_movement(teams=7, rounds=positions) for t in p
        ).values()
        assert (min(played) >= 2) == (positions in (6, 7)), positions
    short = triplettes(players=21, positions=5, slug="how7c")
    client.force_login(short.created_by)
    notice = re.search(r'data-testid="howell-lone">([^<]*)<', _page(client, short)).group(1)
    assert "would play 1 série at one table only" in notice and notice.endswith(": 6, 7.")
    whole = triplettes(players=21, positions=7, slug="how7d")
    client.force_login(whole.created_by)
    assert 'data-testid="howell-lone"' not in _page(client, whole)


def test_each_triplettes_card_of_a_howell_gives_its_line_per_position_and_its_bye():
    tournament = triplettes(players=21, positions=7, slug="how-cards")
    session = triplettes_movement_build(
        tournament=tournament, user=tournament.created_by, seed=4, movement=HOWELL
    )
    boards_make(session=session, user=tournament.created_by, seed=4)
    positions = tables_of(session)
    pages = [
        " ".join(page.extract_text().split())
        for page in PdfReader(io.BytesIO(documents_triplettes.cards_pdf(session)[2])).pages
    ]
    team_pages = pages[-7:]  # after the three tables' cards, one per triplette
    for number, page in enumerate(team_pages, start=1):
        assert f"Triplette {number}" in page
        for position, tables in positions.items():
            found = [t for t in tables if number in t[2:]]
            if not found:
                assert f"{position} Bye: the triplette sits this position out." in page
                continue
            (table, _série, ns, ew) = found[0]
            line, opponent = ("North-South", ew) if number == ns else ("East-West", ns)
            assert f"{position} table {table} {line} {opponent}" in page, (position, page)
