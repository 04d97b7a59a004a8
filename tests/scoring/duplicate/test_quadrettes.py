"""Quadrettes (fft-duplicate.md §4): the round-robin of oppositions drawn from the teams, the
attacker of the séance, the étuis turned taker South, the match points, and
simulate_tournament / export_duplicate recomputed from lines.csv alone with the rulebook's
formula written again here (no project code)."""

import re
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal, localcontext

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import call_command

from scoring.formats.duplicate.services import boards_make
from scoring.formats.quadrettes.reads import quadrette_plays, quadrette_session_results
from tests.scoring.duplicate.helpers import enter, staff_of
from tournaments.models import SessionAttacker, Tournament
from tournaments.services_quadrettes import quadrettes_movement_build, session_attacker_set
from tournaments.simulation import tournament_simulate
from tournaments.transfer import tournament_export, tournament_import

from .test_commands import read

pytestmark = pytest.mark.django_db


def quadrettes(players=16, positions=3, slug="quad"):
    organiser = get_user_model().objects.get_or_create(username="quad-organiser")[0]
    return tournament_simulate(
        slug=slug,
        players=players,
        user=organiser,
        team_size=4,
        seed=3,
        positions=positions,
        format=Tournament.Format.QUADRETTES,
    )


def drawn(tournament, seed=2):
    session = quadrettes_movement_build(
        tournament=tournament, user=tournament.created_by, seed=seed
    )
    boards_make(session=session, user=tournament.created_by, seed=seed)
    return session


def pm(ecart: int) -> Decimal:
    """sign × √|écart| to 3 decimals, half up, by Decimal's own square root."""
    with localcontext() as context:
        context.prec = 40
        root = Decimal(abs(ecart)).sqrt().quantize(Decimal("0.001"), rounding=ROUND_HALF_UP)
    return root if ecart >= 0 else -root


def test_the_rulebook_examples_by_the_formula_written_here():
    assert pm(82 - 66) == Decimal("4.000")
    assert pm(68 - -76) == Decimal("12.000")
    assert pm(-68 - -58) == Decimal("-3.162")


def test_every_quadrette_plays_every_etui_in_attack_and_in_defence_paired_two_by_two():
    tournament = quadrettes(players=20, positions=5)  # 5 quadrettes: a bye each round
    session = drawn(tournament)
    assert {b.taker for b in session.boards.all()} == {"S"}
    assert session.tables == 5 and session.boards.count() == 5 * 4  # one série a position
    roles = defaultdict(list)
    plays = quadrette_plays(session)
    assert sorted(plays) == [1, 2, 3, 4, 5]
    for série, tables in plays.items():
        assert len(tables) == 4  # every table but the bye's
        assert len({play.position for play in tables}) == 1
        assert len({play.table for play in tables}) == 4
        pairing = {play.visitor: play.home for play in tables}
        assert all(pairing[pairing[a]] == a != pairing[a] for a in pairing)  # two by two
        for play in tables:
            roles[(play.visitor, série)].append("attack")
            roles[(play.home, série)].append("defence")
    assert all(sorted(r) == ["attack", "defence"] for r in roles.values())
    teams = {team for team, _série in roles}
    assert len(teams) == 5
    assert all(len([s for t, s in roles if t == team]) == 4 for team in teams)  # one bye
    assert SessionAttacker.objects.filter(session=session).count() == 5


def test_an_etui_is_compared_inside_each_pair_of_its_position():
    tournament = quadrettes(players=16, positions=1)  # 4 quadrettes: 2 pairs on série 1
    session = drawn(tournament)
    _organiser, scorer, _arbitre, _second = staff_of(tournament)
    board = session.boards.get(number=1)
    plays = quadrette_plays(session)[1]
    assert len(plays) == 4
    scores = [82, 66, 68, -76]
    enter(board, scores, scorer)
    score_of = {play.visitor: score for play, score in zip(plays, scores, strict=True)}
    pairing = {play.visitor: play.home for play in plays}
    results = {r.team.pk: r for r in quadrette_session_results(session, official=False).teams}
    for team, opponent in pairing.items():
        assert results[team].per_board == {1: pm(score_of[team] - score_of[opponent])}
    assert sum(r.pm for r in results.values()) == 0


def test_bad_teams_positions_and_attackers_are_refused():
    tournament = quadrettes(players=16, positions=4)
    with pytest.raises(ValidationError, match="meet each other in 3 positions"):
        quadrettes_movement_build(tournament=tournament, user=tournament.created_by)
    tournament.positions = 3
    tournament.save()
    member = tournament.registrations.get(number=1)
    member.checked_in = False
    member.save()
    with pytest.raises(ValidationError, match="four present members: Quadrette 1"):
        quadrettes_movement_build(tournament=tournament, user=tournament.created_by)
    member.checked_in = True
    member.save()
    session = drawn(tournament)
    _organiser, scorer, arbitre, second = staff_of(tournament)
    team = tournament.teams.get(number=1)
    stranger = tournament.registrations.exclude(team=team).first()
    with pytest.raises(ValidationError, match="must be a member of Quadrette 1"):
        session_attacker_set(session=session, team=team, registration=stranger, user=arbitre)
    other = team.members.order_by("-number").first()
    session_attacker_set(session=session, team=team, registration=other, user=arbitre)
    assert SessionAttacker.objects.get(session=session, team=team).registration == other
    board = session.boards.get(number=1)
    enter(board, [56, 62], scorer)
    with pytest.raises(ValidationError, match="no longer change"):
        session_attacker_set(
            session=session, team=team, registration=team.members.first(), user=arbitre
        )


def test_an_etui_with_one_line_gives_no_match_points_yet():
    tournament = quadrettes(players=8, positions=1)
    session = drawn(tournament)
    _organiser, scorer, _arbitre, _second = staff_of(tournament)
    board = session.boards.get(number=1)
    enter(board, [82], scorer)
    results = quadrette_session_results(session, official=False)
    assert [r.pm for r in results.teams] == [0, 0] and results.missing == 4 * 2 - 1
    enter(board, [82, 66], scorer)
    results = quadrette_session_results(session, official=False)
    assert sorted(r.pm for r in results.teams) == [Decimal("-4.000"), Decimal("4.000")]


def test_32_players_simulated_exported_and_recomputed(tmp_path):
    call_command(
        "simulate_tournament",
        "--slug", "quad32", "--players", "32", "--format", "quadrettes", "--sheets", "--seed", "5",
    )  # fmt: skip
    tournament = Tournament.objects.get(slug="quad32")
    assert (tournament.format == "quadrettes") and tournament.sessions.get().is_closed
    call_command("export_duplicate", "quad32", "--out", str(tmp_path))
    lines = read(tmp_path / "lines.csv")
    ranking = read(tmp_path / "ranking.csv")
    # 8 quadrettes play the same 28 étuis (7 séries of 4), each at the 8 tables, paired.
    assert len(lines) == 28 * 8
    by_board = defaultdict(list)
    attackers = defaultdict(set)
    for row in lines:
        assert row["taker"] == "S" and row["status"] == "played"
        by_board[row["board"]].append(row)
        attackers[row["attack_team"]].add(row["south"])
    assert all(len(members) == 1 for members in attackers.values())  # one per séance
    assert sorted(by_board, key=int) == [str(n) for n in range(1, 29)]
    everyone = {str(n) for n in range(1, 9)}
    totals = defaultdict(Decimal)
    for rows in by_board.values():
        assert {row["table"] for row in rows} == everyone  # every étui at every table
        assert {row["attack_team"] for row in rows} == everyone
        assert {row["defence_team"] for row in rows} == everyone
        assert len({row["position"] for row in rows}) == 1
        against = {row["attack_team"]: row for row in rows}
        for row in rows:
            other = against[row["defence_team"]]  # the pair: B's attacker at A's defence
            assert other["defence_team"] == row["attack_team"] != row["defence_team"]
            totals[int(row["attack_team"])] += pm(int(row["score"]) - int(other["score"]))
    assert sum(totals.values()) == 0
    assert len(ranking) == 8
    for row in ranking:
        assert row["pm"] == f"{totals[int(row['number'])]:.3f}"
        assert not row["pm"].startswith("+")
        assert row["attack"] == row["defence"] == row["overall"] == row["alternate_place"] == ""
    results = [Decimal(r["pm"]) for r in ranking]
    assert results == sorted(results, reverse=True)
    for row in ranking:
        first = next(j for j, r in enumerate(ranking) if r["pm"] == row["pm"])
        assert int(row["general_place"]) == first + 1


def test_lines_csv_names_the_defenders_in_the_seats_they_keep_all_seance(tmp_path):
    """The three defenders sit North, East and West at their home table, each keeping that
    orientation for the séance (rulebook, quadrettes): lines.csv names them there, the
    attacker South, four different members of the two quadrettes."""
    call_command(
        "simulate_tournament",
        "--slug", "quad16", "--players", "16", "--format", "quadrettes", "--sheets", "--seed", "5",
    )  # fmt: skip
    tournament = Tournament.objects.get(slug="quad16")
    call_command("export_duplicate", "quad16", "--out", str(tmp_path))
    lines = read(tmp_path / "lines.csv")
    team_of = {
        str(number): str(team)
        for number, team in tournament.registrations.values_list("number", "team__number")
    }
    seats_of = defaultdict(set)  # defending quadrette -> its (N, E, W) on every line
    for row in lines:
        defenders = (row["north"], row["east"], row["west"])
        assert all(defenders) and len({*defenders, row["south"]}) == 4
        assert {team_of[n] for n in defenders} == {row["defence_team"]}
        assert team_of[row["south"]] == row["attack_team"]
        seats_of[row["defence_team"]].add(defenders)
    assert len(seats_of) == 4
    assert all(len(seats) == 1 for seats in seats_of.values())  # kept all séance
    for team, (seats,) in seats_of.items():  # never the quadrette's own attacker
        attacker = {r["south"] for r in lines if r["attack_team"] == team}
        assert not attacker & set(seats)


def test_the_seance_page_changes_an_attacker_and_refuses_a_stranger(client):
    from django.urls import reverse

    tournament = quadrettes(players=8, positions=1)
    session = drawn(tournament)
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    client.force_login(arbitre)
    team = tournament.teams.get(number=1)
    url = reverse("scoring:duplicate_attacker", args=[tournament.slug, 1, team.number])
    stranger = tournament.registrations.exclude(team=team).first()
    page = client.post(url, {"attacker": str(stranger.pk)}, follow=True).content.decode()
    assert "must be a member of Quadrette 1" in page
    chosen = team.members.order_by("-number").first()
    page = client.post(url, {"attacker": str(chosen.pk)}, follow=True).content.decode()
    assert f"{chosen.name} attacks for Quadrette 1" in page
    assert SessionAttacker.objects.get(session=session, team=team).registration == chosen
    assert client.post(url, {"attacker": "x"}, follow=True).status_code == 200
    board = session.boards.get(number=1)
    enter(board, [82, 66], scorer)
    ranking = client.get(reverse("scoring:duplicate_ranking", args=[tournament.slug, 1]))
    assert "+4.000" in ranking.content.decode() and "−4.000" in ranking.content.decode()
    board_page = client.get(reverse("scoring:duplicate_board", args=[tournament.slug, 1, 1]))
    assert chosen.name in board_page.content.decode()  # the attacker named on its line


def test_an_export_carries_the_attackers_of_the_seance():
    tournament = quadrettes(players=8, positions=1)
    session = drawn(tournament)
    _organiser, _scorer, arbitre, _second = staff_of(tournament)
    team = tournament.teams.get(number=2)
    chosen = team.members.order_by("-number").first()
    session_attacker_set(session=session, team=team, registration=chosen, user=arbitre)
    copy_ = tournament_import(document=tournament_export(tournament=tournament), slug="quad-copy")
    carried = SessionAttacker.objects.filter(session__tournament=copy_)
    assert {(a.team.number, a.registration.number) for a in carried} == {
        (a.team.number, a.registration.number)
        for a in SessionAttacker.objects.filter(session=session)
    }
    assert carried.get(team__number=2).registration.number == chosen.number
    assert all(a.registration.tournament == copy_ for a in carried)


def test_the_seance_page_says_how_many_copies_and_where_etuis_and_attackers_go(client):
    from django.urls import reverse

    tournament = quadrettes(players=32, positions=7)
    session = drawn(tournament)
    _organiser, scorer, _arbitre, _second = staff_of(tournament)
    client.force_login(scorer)
    page = client.get(reverse("scoring:duplicate", args=[tournament.slug, 1])).content.decode()
    assert "Prepare 2 copies of each étui." in page  # 8 tables, 4 étuis a série
    plays = quadrette_plays(session)
    away = {(p.visitor, p.position): p.table for found in plays.values() for p in found}
    for série, found in plays.items():
        boards = list(range((série - 1) * 4 + 1, série * 4 + 1))
        out = defaultdict(int)  # étui -> tables that start with it
        for play in found:
            row = page.split(f'data-testid="relay-{play.position}-{play.table}"')[1]
            row = row.split("</tr>")[0]
            steps = re.findall(r"(\d+) → (\d+|arbitre)", row)
            assert sorted(int(b) for b, _t in steps) == boards  # the whole série, once
            assert steps[-1][1] == "arbitre" or steps[-1][1].isdigit()
            out[int(steps[0][0])] += 1
            goes = away.get((play.visitor, play.position + 1))
            assert (f"table {goes}" if goes else "—") in row
        assert sorted(out.values()) == [2, 2, 2, 2]  # two copies, each starts somewhere
