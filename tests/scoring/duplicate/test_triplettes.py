"""Triplettes (fft-duplicate.md §3): the Mitchell drawn from the teams, the attack order, the
travelling sheet's attacker, the topage between triplettes, and simulate_tournament /
export_duplicate recomputed from lines.csv alone by the rulebook's arithmetic written again
here (no project code), attack order included."""

import unicodedata
from collections import defaultdict
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from scoring.engine.duplicate_teams import COLOURS
from scoring.formats.duplicate.services import (
    LineEntry,
    TravellingEntry,
    TravellingRefused,
    boards_make,
    travelling_sheet_save,
)
from scoring.formats.triplettes.reads import (
    expected_attackers_of,
    triplette_plays,
    triplette_session_results,
)
from scoring.models.duplicate import TravellingLine
from tournaments import services_triplettes
from tournaments.models import AuditEntry, Tournament
from tournaments.services_duplicate import session_publish
from tournaments.services_triplettes import triplettes_movement_build
from tournaments.simulation import tournament_simulate

from .helpers import staff_of
from .test_commands import four_decimals, read

pytestmark = pytest.mark.django_db


def triplettes(players=24, positions=3, slug="tri"):
    organiser = get_user_model().objects.get_or_create(username="tri-organiser")[0]
    return tournament_simulate(
        slug=slug,
        players=players,
        user=organiser,
        team_size=3,
        seed=3,
        positions=positions,
        format=Tournament.Format.TRIPLETTES,
    )


def drawn(tournament, seed=2):
    session = triplettes_movement_build(
        tournament=tournament, user=tournament.created_by, seed=seed
    )
    boards_make(session=session, user=tournament.created_by, seed=seed)
    return session


def test_the_colours_agree_with_the_engine():
    assert services_triplettes.COLOURS == COLOURS


def test_the_mitchell_seats_one_ns_and_one_ew_triplette_a_table_and_nobody_twice():
    tournament = triplettes(players=24, positions=3)  # 8 triplettes, 4 tables: 3 positions
    session = drawn(tournament)
    tournament.refresh_from_db()
    assert tournament.start_colour in COLOURS
    plays = triplette_plays(session)
    assert sorted(plays) == [1, 2, 3, 4]
    ns_of, met, series_of = defaultdict(set), set(), defaultdict(set)
    for série, tables in plays.items():
        for play in tables:
            ns_of["NS"].add(play.ns_team)
            ns_of["EW"].add(play.ew_team)
            assert (play.ns_team, play.ew_team) not in met
            met.add((play.ns_team, play.ew_team))
            for team in (play.ns_team, play.ew_team):
                assert série not in series_of[team]
                series_of[team].add(série)
    assert not ns_of["NS"] & ns_of["EW"] and len(ns_of["NS"] | ns_of["EW"]) == 8
    assert session.boards.count() == 16


def test_wrong_teams_and_counts_are_refused_with_what_to_do():
    tournament = triplettes(players=24, positions=3)
    member = tournament.registrations.get(number=1)
    member.checked_in = False
    member.save()
    with pytest.raises(ValidationError, match="three present members: Triplette 1"):
        triplettes_movement_build(tournament=tournament, user=tournament.created_by)
    assert not tournament.sessions.filter(rounds__isnull=False).exists()
    member.checked_in = True
    member.save()
    with pytest.raises(ValidationError, match="plays 3 positions at most"):
        tournament.positions = 4
        tournament.save()
        triplettes_movement_build(tournament=tournament, user=tournament.created_by)
    odd = triplettes(players=15, positions=1, slug="odd")
    with pytest.raises(ValidationError, match="5 triplettes cannot fill tables"):
        triplettes_movement_build(tournament=odd, user=odd.created_by)


def test_an_attacker_outside_the_attacking_triplette_is_refused_and_one_out_of_turn_flagged():
    tournament = triplettes(players=24, positions=3)
    session = drawn(tournament)
    tournament.refresh_from_db()  # its starting colour, drawn with the movement
    _organiser, scorer, _arbitre, _second = staff_of(tournament)
    board = session.boards.get(number=1)  # taker N: the NS triplette attacks
    play = triplette_plays(session)[board.board_set][0]
    expected = expected_attackers_of(tournament)[((1, 1), play.ns_team)]
    defender = tournament.registrations.filter(team_id=play.ew_team).first()
    entry = TravellingEntry(
        (LineEntry(position=play.position, table=play.table, score=56, attacker=defender.pk),)
    )
    with pytest.raises(TravellingRefused) as refused:
        travelling_sheet_save(board=board, entry=entry, user=scorer)
    assert refused.value.problems[0].code == "attacker_not_in_team"
    assert not TravellingLine.objects.exists()
    other = tournament.registrations.filter(team_id=play.ns_team).exclude(pk=expected).first()
    entry = TravellingEntry(
        (LineEntry(position=play.position, table=play.table, score=56, attacker=other.pk),)
    )
    travelling_sheet_save(board=board, entry=entry, user=scorer)
    results = triplette_session_results(session, official=False)
    attack = next(r for r in results.teams if r.team.pk == play.ns_team)
    assert attack.flags == [(1, play.position, play.table, expected, other.pk)]
    # The flag changes no note: the triplette attacked its one line alone, a note of 50.
    assert attack.attack == 50


def collation(text):
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if c.isalnum() and not unicodedata.combining(c))


def recompute(lines, members, start):
    """team -> (attack, defence, overall) and the lines whose attacker is not the expected."""
    by_board = defaultdict(list)
    for row in lines:
        by_board[row["board"]].append(row)
    attack, defence = defaultdict(list), defaultdict(list)
    for rows in by_board.values():
        scores = [int(r["score"]) for r in rows]
        for row, score in zip(rows, scores, strict=True):
            below = sum(1 for s in scores if s < score)
            equal = sum(1 for s in scores if s == score) - 1
            note = Fraction(100 * (2 * below + equal), 2 * (len(scores) - 1))
            attack[int(row["attack_team"])].append(note)
            defence[int(row["defence_team"])].append(100 - note)
    totals = {}
    for team in attack:
        a = sum(attack[team]) / len(attack[team])
        d = sum(defence[team]) / len(defence[team])
        totals[team] = (a, d, a / 2 + d / 2)
    # The attack order: colours by surname, the start colour first, one step per étui attacked
    # in playing order (positions, then étuis of the série in increasing number).
    wrong = []
    turn = defaultdict(int)
    for row in sorted(lines, key=lambda r: (int(r["position"]), int(r["board"]))):
        team = int(row["attack_team"])
        order = sorted(members[team], key=lambda m: (collation(m[0]), collation(m[1]), m[2]))
        colour = (COLOURS.index(start) + turn[team]) % 3
        turn[team] += 1
        taker_column = {"N": "north", "E": "east", "S": "south", "W": "west"}[row["taker"]]
        if int(row[taker_column]) != order[colour][2]:
            wrong.append(row)
    return totals, wrong


def test_42_players_simulated_exported_and_recomputed(tmp_path):
    call_command(
        "simulate_tournament",
        "--slug", "tri42", "--players", "42", "--format", "triplettes",
        "--positions", "7", "--sheets", "--seed", "5",
    )  # fmt: skip
    tournament = Tournament.objects.get(slug="tri42")
    assert (tournament.format == "triplettes") and tournament.sessions.get().is_closed
    assert tournament.teams.count() == 14
    call_command("export_duplicate", "tri42", "--out", str(tmp_path))
    lines = read(tmp_path / "lines.csv")
    ranking = read(tmp_path / "ranking.csv")
    # 7 séries of 4 étuis at 7 tables, each played at the 7 positions: 196 lines.
    assert len(lines) == 28 * 7
    seen = set()
    for row in lines:
        assert row["status"] == "played" and row["attack_team"] != row["defence_team"]
        for team in (row["attack_team"], row["defence_team"]):
            assert (team, row["board"]) not in seen  # no triplette plays an étui twice
            seen.add((team, row["board"]))
        attack_line = "NS" if row["taker"] in "NS" else "EW"
        assert attack_line in ("NS", "EW")
    members = defaultdict(list)
    for r in tournament.registrations.all():
        members[r.team.number].append((r.last_name, r.first_name, r.number))
    totals, wrong = recompute(lines, members, tournament.start_colour)
    assert wrong == []  # the simulation follows the attack order on every line
    assert len(ranking) == 14
    for row in ranking:
        a, d, overall = totals[int(row["number"])]
        assert (row["attack"], row["defence"], row["overall"]) == (
            four_decimals(a), four_decimals(d), four_decimals(overall),
        )  # fmt: skip
    overalls = [Fraction(r["overall"]) for r in ranking]
    assert overalls == sorted(overalls, reverse=True)
    for row in ranking:
        first = next(j for j, r in enumerate(ranking) if r["overall"] == row["overall"])
        assert int(row["general_place"]) == first + 1
    # Alterné on the two lines: each band holds one NS and one EW triplette.
    by_line = defaultdict(list)
    for row in ranking:
        by_line[row["line"]].append(int(row["alternate_place"]))
    assert sorted(by_line) == ["EW", "NS"]
    for places in by_line.values():
        assert [(p - 1) // 2 for p in sorted(places)] == list(range(7))


def test_the_creation_form_offers_the_triplettes_with_individual_as_kind():
    from tournaments.forms import TournamentForm

    values = [value for value, _label in TournamentForm().fields["format"].choices]
    assert Tournament.Format.TRIPLETTES in values
    data = {"name": "Triplettes", "date": "2026-12-05", "format": "triplettes", "positions": 5}
    data |= {"deals_table_4": 5, "deals_table_5": 5, "deals_table_3": 5, "remainder": "3"}
    data |= {"table5_mode": "dealer_sits_out", "poignee_simple": 20, "poignee_double": 30}
    data |= {"poignee_triple": 40, "tie_break": "none", "boards_per_set": 4}
    form = TournamentForm(data={**data, "kind": "teams_2"})
    assert "make their own teams" in form.errors["kind"][0]
    assert TournamentForm(data={**data, "kind": "individual"}).is_valid()


def test_the_board_page_preselects_the_expected_attacker_and_keeps_a_refused_one_by_its_line(
    client,
):
    from django.urls import reverse

    tournament = triplettes(players=24, positions=3)
    session = drawn(tournament)
    tournament.refresh_from_db()
    _organiser, scorer, _arbitre, _second = staff_of(tournament)
    client.force_login(scorer)
    url = reverse("scoring:duplicate_board", args=[tournament.slug, 1, 1])
    page = client.get(url).content.decode()
    play = triplette_plays(session)[1][0]
    expected = expected_attackers_of(tournament)[((1, 1), play.ns_team)]
    assert f'<option value="{expected}" selected>' in page
    defender = tournament.registrations.filter(team_id=play.ew_team).first()
    refused = client.post(
        url, {"base_version": "0", "score-0": "+56", "attacker-0": str(defender.pk)}
    )
    assert refused.status_code == 400
    assert "must be a member of the triplette that attacks" in refused.content.decode()
    assert not TravellingLine.objects.exists()
    saved = client.post(url, {"base_version": "0", "score-0": "+56", "attacker-0": str(expected)})
    assert saved.status_code == 302
    assert TravellingLine.objects.get().attacker_id == expected
    ranking = client.get(reverse("scoring:duplicate_ranking", args=[tournament.slug, 1]))
    assert ranking.status_code == 200 and "Triplette" in ranking.content.decode()


def test_the_pages_the_triplettes_do_not_have_yet_say_so_and_the_libre_ones_are_gone(client):
    from django.urls import reverse

    tournament = triplettes(players=24, positions=3)
    drawn(tournament)
    client.force_login(tournament.created_by)
    seance = reverse("scoring:duplicate", args=[tournament.slug, 1])
    response = client.get(reverse("scoring:duplicate_tables", args=[tournament.slug, 1]))
    assert response.status_code == 302 and response.url == seance  # the documents: they have
    teams = client.get(reverse("standings:teams", args=[tournament.slug]))  # their ranking's
    assert teams.status_code == 302
    assert teams.url == reverse("standings:individual", args=[tournament.slug])
    page = client.get(reverse("standings:individual", args=[tournament.slug])).content.decode()
    assert "hidden-until-closed" in page  # nothing of a score while the séance is open


def test_the_libre_score_sheets_and_documents_of_a_position_send_to_the_seance(client):
    """A table's libre score sheet, its live check and its reprint were 500s on a triplettes
    position (no seat stored: a sheet of no player), and its documents a job bound to fail the
    same way; each now sends to the séance's page (or the positions page, which names it)."""
    tournament = triplettes(players=12, positions=1)
    drawn(tournament)
    client.force_login(tournament.created_by)
    seance = reverse("scoring:duplicate", args=[tournament.slug, 1])
    slug = tournament.slug
    for name in ("scoring:sheet", "scoring:history"):
        response = client.get(reverse(name, args=[slug, 1, 1]))
        assert response.status_code == 302 and response.url == seance, name
    response = client.post(reverse("scoring:preview", args=[slug, 1, 1]), {})
    assert response.status_code == 302 and response.url == seance
    for url in (
        reverse("manage:round_reprint", args=[slug, 1]) + "?table=1",
        reverse("manage:round_document", args=[slug, 1, "sheets"]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert seance in response.content.decode()


def test_the_libre_position_actions_leave_a_seance_alone(client):
    """Publishing, unpublishing, seating again or swapping through the libre's position
    addresses reached a séance's positions: unpublished behind the séance's back, or four
    libre documents asked for a position that has no seat. Now each sends back to the
    positions page, nothing written."""
    tournament = triplettes(players=12, positions=1)
    session = drawn(tournament)
    session_publish(session=session, user=tournament.created_by)
    client.force_login(tournament.created_by)
    slug = tournament.slug
    entries, jobs = AuditEntry.objects.count(), DBTaskResult.objects.count()
    for name in (
        "manage:round_unpublish",
        "manage:round_publish",
        "manage:round_generate",
        "manage:round_swap",
        "manage:round_swap_undo",
    ):
        response = client.post(reverse(name, args=[slug, 1]), {"fresh": "1"})
        assert response.status_code == 302, name
        assert response.url == reverse("manage:rounds", args=[slug]), name
    assert tournament.rounds.get(number=1).is_published
    assert (AuditEntry.objects.count(), DBTaskResult.objects.count()) == (entries, jobs)
