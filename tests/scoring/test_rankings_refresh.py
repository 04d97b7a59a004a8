"""Every format's rankings are computed into the cache once a write of the tournament commits
(``TournamentFormat.refresh_rankings``, asked by ``scoring.extension``): donnes libres its
standings, the others their official ranking (``scoring.ranking_cache``), provisional and
official, under the stamp the write left; nothing for a write rolled back. The results menu of
the formats ranked over the whole tournament reads it from there."""

import pytest
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse

from scoring.formats.libre.standings import standings_both, standings_key
from scoring.formats.match.services import matches_draw
from scoring.formats.registry import format_of
from scoring.ranking_cache import ranking_key
from tests.scoring.duplicate.helpers import staff_of
from tests.scoring.duplicate.test_team_match import competition_of
from tests.scoring.test_results_formats import simulated
from tests.scoring.test_standings_refresh import settle
from tournaments.models import Tournament
from tournaments.selectors import change_stamp
from tournaments.selectors_seating import last_published_position
from tournaments.services import tournament_update

pytestmark = pytest.mark.django_db

Format = Tournament.Format


def made(fmt: str) -> Tournament:
    """A small tournament of the format, with results."""
    if fmt == Format.MATCH:
        tournament = competition_of(teams=2)
        matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
        return tournament
    players = {Format.TRIPLETTES: 24}.get(fmt, 16)
    return simulated(fmt, players, 3 if fmt == Format.TRIPLETTES else 2)


def in_the_cache(tournament: Tournament) -> list:
    """What the cache holds for the tournament's rankings under its current stamp (provisional,
    then official)."""
    stamp = change_stamp(tournament=tournament)
    if tournament.format == Format.LIBRE:
        up_to = last_published_position(tournament=tournament)
        keys = [
            standings_key(tournament_id=tournament.pk, up_to=up_to, official=o, stamp=stamp)
            for o in (False, True)
        ]
    else:
        keys = [ranking_key(tournament_id=tournament.pk, official=o, stamp=stamp) for o in (0, 1)]
    return [cache.get(key) for key in keys]


def computed(tournament: Tournament) -> list:
    if tournament.format == Format.LIBRE:
        up_to = last_published_position(tournament=tournament)
        return standings_both(tournament=tournament, up_to=up_to)
    game = format_of(tournament)
    return [game.official_ranking(tournament, official=official) for official in (False, True)]


def change(tournament: Tournament) -> None:
    tournament_update(tournament=tournament, user=tournament.created_by, venue="Salle B")


@pytest.mark.parametrize("fmt", list(Format))
def test_a_committed_write_leaves_the_rankings_under_its_stamp(
    fmt, django_capture_on_commit_callbacks
):
    tournament = made(fmt)
    settle()
    before = change_stamp(tournament=tournament)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        change(tournament)
    assert len(callbacks) == 1
    assert change_stamp(tournament=tournament) != before
    cached = in_the_cache(tournament)
    assert None not in cached
    assert cached == computed(tournament)


@pytest.mark.parametrize("fmt", list(Format))
def test_a_write_rolled_back_computes_nothing(fmt, django_capture_on_commit_callbacks):
    tournament = made(fmt)
    settle()
    cache.clear()
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        change(tournament)
        raise RuntimeError("the request failed after the service")
    assert callbacks == []
    assert in_the_cache(tournament) == [None, None]


@pytest.mark.parametrize("fmt", [Format.DUPLICATE, Format.MATCH])
def test_the_results_menu_reads_the_ranking_the_commit_left(
    client, fmt, monkeypatch, django_capture_on_commit_callbacks
):
    tournament = made(fmt)
    settle()
    with django_capture_on_commit_callbacks(execute=True):
        change(tournament)
    game = format_of(tournament)

    def not_again(*args, **kwargs):
        raise AssertionError("computed again")

    monkeypatch.setattr(type(game), "official_ranking", not_again)
    client.force_login(staff_of(tournament)[2])
    for query in ({}, {"official": "1"}):
        response = client.get(reverse("scoring:exports", kwargs={"slug": tournament.slug}), query)
        assert response.status_code == 200
