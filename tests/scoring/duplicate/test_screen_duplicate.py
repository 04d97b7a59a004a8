"""The projector of a duplicate and of a team match (fft-duplicate.md §1.7, §5): the rankings
of the closed séances, the competition table of the finished matches, and nothing of a score
before the arbitre closes a séance or a match is finished."""

import re
from decimal import Decimal
from fractions import Fraction

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.formats.duplicate.reads import session_results
from scoring.formats.duplicate.services import session_reopen
from scoring.formats.match.services import matches_draw
from scoring.formats.quadrettes.reads import quadrette_session_results
from scoring.formats.triplettes.reads import triplette_session_results
from scoring.models.match import MatchQuarter, TeamMatch
from tests.scoring.duplicate.helpers import staff_of
from tests.scoring.duplicate.test_team_match import QUARTER_SCORES, competition_of, play
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def simulated(fmt, players, positions):
    call_command(
        "simulate_tournament",
        "--slug", fmt, "--players", str(players), "--format", fmt,
        "--positions", str(positions), "--sheets", "--seed", "3",
    )  # fmt: skip
    tournament = Tournament.objects.get(slug=fmt)
    tournament.is_public = True
    tournament.save()
    return tournament


def pm_value(shown: str) -> Decimal:
    """Match points as a page writes them (+4.000, −3.162) read back."""
    return Decimal(shown.replace("−", "-"))


def panel(client, tournament, name):
    response = client.get(reverse("screen:panel", args=[tournament.slug]), {"panel": name})
    assert response.status_code == 200
    return response.content.decode()


def shown(html) -> list[tuple[str, str]]:
    """(number, value) of each row the panel lists, in its order."""
    rows = re.findall(
        r'<li data-testid="row-(\d+)">.*?data-testid="total-\1">([^<]*)</span>', html, re.S
    )
    return [(number, value.strip()) for number, value in rows]


def test_the_projector_shows_an_individuel_ranking_once_the_seance_is_closed(client):
    tournament = simulated("duplicate", 20, 5)
    session = tournament.sessions.get()
    page = client.get(reverse("screen:screen", args=[tournament.slug])).content.decode()
    assert 'data-testid="panel-results"' in page and 'data-testid="panel-seating"' in page
    results = session_results(session, official=True).players
    ranked = [r for r in results if r.ranked]
    html = panel(client, tournament, "results")
    assert [n for n, _v in shown(html)] == [str(r.registration.number) for r in ranked]
    hundredths = int(ranked[0].overall * 100 + Fraction(1, 2))  # half up, as printed
    assert shown(html)[0][1].replace(",", ".") == f"{hundredths // 100}.{hundredths % 100:02d} %"

    organiser = tournament.created_by
    session_reopen(session=session, user=organiser, reason="Rature à vérifier")
    html = panel(client, tournament, "results")
    assert shown(html) == [] and 'data-testid="screen-no-results"' in html
    assert "Travelling sheets collected" in html


def test_the_projector_ranks_triplettes_and_quadrettes_as_their_pages(client):
    triplettes = simulated("triplettes", 42, 4)
    results = triplette_session_results(triplettes.sessions.get(), official=True).teams
    rows = shown(panel(client, triplettes, "results"))
    assert [n for n, _v in rows] == [str(r.team.number) for r in results]
    assert len(rows) == 14

    quadrettes = simulated("quadrettes", 32, 7)
    results = quadrette_session_results(quadrettes.sessions.get(), official=True).teams
    rows = shown(panel(client, quadrettes, "results"))
    assert [(n, pm_value(v)) for n, v in rows] == [(str(r.team.number), r.pm) for r in results]
    assert all(v.startswith(("+", "−")) or v == "0.000" for _n, v in rows)  # the sign shown


def test_the_projector_of_a_team_match_shows_the_finished_matches_only(client):
    tournament = competition_of()
    tournament.is_public = True
    tournament.save()
    _organiser, scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    match = TeamMatch.objects.get(pk=match.pk)
    page = client.get(reverse("screen:screen", args=[tournament.slug])).content.decode()
    assert 'data-testid="panel-matches"' in page
    for number, (a, b) in enumerate(QUARTER_SCORES[:3], start=1):
        play(match, number, scorer, arbitre, a, b)
    html = panel(client, tournament, "matches")
    assert shown(html) == [] and 'data-testid="screen-no-results"' in html
    a, b = QUARTER_SCORES[3]
    play(match, 4, scorer, arbitre, a, b, a_room=MatchQuarter.Room.CLOSED)
    rows = shown(panel(client, tournament, "matches"))
    assert len(rows) == 2
    winner_pm = pm_value(rows[0][1])
    assert winner_pm > 0 and pm_value(rows[1][1]) == -winner_pm
    assert "2 points" in panel(client, tournament, "matches")


def test_an_unknown_panel_of_a_duplicate_is_refused(client):
    tournament = simulated("duplicate", 20, 5)
    for name in ("standings", "teams", "matches"):
        response = client.get(reverse("screen:panel", args=[tournament.slug]), {"panel": name})
        assert response.status_code == 400


def test_the_matches_panel_and_standings_cost_the_same_queries_for_1_or_6_matches(client):
    counts = []
    for teams, slug in ((2, "m1"), (4, "m6")):
        tournament = competition_of(teams=teams, slug=slug)
        tournament.is_public = True
        tournament.save()
        _organiser, scorer, arbitre, _second = staff_of(tournament)
        matches = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
        assert len(matches) == (1 if teams == 2 else 6)
        play(TeamMatch.objects.get(pk=matches[0].pk), 1, scorer, arbitre, *QUARTER_SCORES[0])
        found = []
        for url in (
            reverse("screen:panel", args=[slug]) + "?panel=matches",
            reverse("standings:individual", args=[slug]),
        ):
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url).status_code == 200
            found.append(len(queries))
        counts.append(found)
    assert counts[0] == counts[1]
