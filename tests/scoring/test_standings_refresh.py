"""The standings are computed into the cache once a write commits, not by the first viewer after
it: a sheet confirmed, a penalty decided, a position closed; nothing for a write rolled back;
the newer of two writes in a row wins; once per transaction."""

import threading

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from arbitration import services as arbitration
from arbitration.models import IncidentKind
from common.after_commit import _Batch
from scoring.formats.libre import services, services_rounds
from scoring.formats.libre import standings as standings_module
from scoring.formats.libre.standings import ledger_stamp, standings_key, standings_refresh
from tests.factories import TeamFactory
from tests.scoring.conftest import seat_and_publish
from tests.support import enter
from tournaments.services import club_get_or_create

pytestmark = pytest.mark.django_db

RANKING_TABLES = ('"scoring_mark"', '"scoring_penalty"')


def settle():
    """The writes so far (the fixtures') committed: the refreshes they left pending run, as
    they would have at their commit. A test's transaction never commits, and a refresh still
    pending stands for every later write of the same transaction."""
    for _ids, callback, _robust in connection.run_on_commit:
        if isinstance(callback, _Batch) and not callback.done:
            callback()


def ranking_queries(client, address, **params) -> list[str]:
    """The queries of a page that compute a ranking (those reading the marks or penalties)."""
    with CaptureQueriesContext(connection) as captured:
        assert client.get(address, params).status_code == 200
    return [q["sql"] for q in captured if any(t in q["sql"] for t in RANKING_TABLES)]


def cached(tournament, official=False):
    stamp = ledger_stamp(tournament=tournament)
    return cache.get(
        standings_key(tournament_id=tournament.pk, up_to=1, official=official, stamp=stamp)
    )


def assert_ready_for_the_first_viewer(client, tournament):
    individual = reverse("standings:individual", kwargs={"slug": tournament.slug})
    assert ranking_queries(client, individual) == []  # provisional, as the page opens
    assert ranking_queries(client, individual, official="1") == []
    assert ranking_queries(client, reverse("screen:screen", kwargs={"slug": tournament.slug})) == []


def test_a_confirmed_sheet_is_ranked_before_anyone_asks(
    client, round1, staff, django_capture_on_commit_callbacks
):
    sheet = enter(round1.tables.get(number=1), staff["scorer"])
    settle()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    assert len(callbacks) == 1
    assert cached(round1.tournament, official=True).sheets == 1
    assert_ready_for_the_first_viewer(client, round1.tournament)


def test_a_penalty_decided_is_ranked_before_anyone_asks(
    client, round1, staff, django_capture_on_commit_callbacks
):
    table = round1.tables.get(number=1)
    enter(table, staff["scorer"])
    south = table.seats.get(number=2).registration
    incident = arbitration.incident_log(
        tournament=round1.tournament,
        user=staff["arbitre"],
        round=round1,
        table=table,
        kind=IncidentKind.CONDUCT,
        offender=south,
    )
    # Several entries in one transaction (the decision, the penalty): computed once.
    settle()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        arbitration.decision_add(
            incident=incident, user=staff["arbitre"], kind="penalty", points=40, note="noise"
        )
    assert len(callbacks) == 1
    row = next(r for r in cached(round1.tournament).rows if r.registration_id == south.pk)
    assert row.penalties == 40
    assert_ready_for_the_first_viewer(client, round1.tournament)


def test_a_closed_position_is_ranked_before_anyone_asks(
    client, round1, staff, django_capture_on_commit_callbacks
):
    for table in round1.tables.all():
        services.scoresheet_confirm(sheet=enter(table, staff["scorer"]), user=staff["arbitre"])
    settle()
    with django_capture_on_commit_callbacks(execute=True):
        services_rounds.round_close(round=round1, user=staff["arbitre"])
    assert cached(round1.tournament, official=True).complete
    assert_ready_for_the_first_viewer(client, round1.tournament)


def test_the_team_ranking_comes_from_the_same_computation(
    client, tournament, staff, django_capture_on_commit_callbacks
):
    tournament.kind = tournament.Kind.TEAMS_2
    tournament.save()
    round1 = seat_and_publish(tournament, staff["organiser"], 8)
    for i, registration in enumerate(tournament.registrations.order_by("number")):
        if i % 2 == 0:
            team = TeamFactory(tournament=tournament, number=i // 2 + 1, name=f"Team {i // 2}")
        registration.team = team
        registration.save()
    settle()
    with django_capture_on_commit_callbacks(execute=True):
        enter(round1.tables.get(number=1), staff["scorer"])
    teams = reverse("standings:teams", kwargs={"slug": tournament.slug})
    assert ranking_queries(client, teams) == []


def test_a_write_rolled_back_computes_nothing(round1, staff, django_capture_on_commit_callbacks):
    sheet = enter(round1.tables.get(number=1), staff["scorer"])
    before = ledger_stamp(tournament=round1.tournament)
    settle()
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
        raise RuntimeError("the request failed after the service")
    assert callbacks == []
    assert ledger_stamp(tournament=round1.tournament) == before
    assert cached(round1.tournament, official=True).sheets == 0  # as settled before


def test_two_writes_in_a_row_leave_the_newer_ranking_under_the_newer_stamp(
    client, round1, staff, monkeypatch, django_capture_on_commit_callbacks
):
    """The second write commits while the first one's refresh computes: what the first stores
    is never older than its key, and the second's refresh stores both under its stamp."""
    tournament = round1.tournament
    first, second = (enter(table, staff["scorer"]) for table in round1.tables.all())
    settle()
    with django_capture_on_commit_callbacks() as callbacks:
        services.scoresheet_confirm(sheet=first, user=staff["arbitre"])
    real = {name: getattr(standings_module, name) for name in ("ledger_stamp", "standings_both")}

    def then_the_second_write(name):
        """``name`` read, then the second write commits (once, after the stamp or the data,
        whichever the refresh reads first)."""

        def read(**kwargs):
            value = real[name](**kwargs)
            for other, function in real.items():
                monkeypatch.setattr(standings_module, other, function)
            services.scoresheet_confirm(sheet=second, user=staff["arbitre"])
            return value

        return read

    for name in real:
        monkeypatch.setattr(standings_module, name, then_the_second_write(name))
    callbacks[0]()  # the first write's refresh
    newer = cached(tournament, official=True)
    assert newer is None or newer.sheets == 2  # nothing stale under the newer stamp
    settle()  # the second write's refresh
    assert cached(tournament, official=True).sheets == 2
    html = client.get(reverse("standings:individual", kwargs={"slug": tournament.slug}))
    assert "2 of 2 sheets" in html.content.decode()


def test_a_refresh_overwrites_what_a_viewer_computed_before_the_write_committed(round1, staff):
    """On PostgreSQL a write holding a lower audit id may commit after the stamp moved past
    it: the ranking cached under that stamp misses it until the write's refresh replaces it."""
    enter(round1.tables.get(number=1), staff["scorer"])
    tournament = round1.tournament
    stamp = ledger_stamp(tournament=tournament)
    key = standings_key(tournament_id=tournament.pk, up_to=1, official=True, stamp=stamp)
    cache.set(key, "a ranking computed before the write committed")
    standings_refresh(tournament_id=tournament.pk)
    assert cache.get(key).sheets == 0 and cache.get(key).tables == 2


def test_a_failing_refresh_leaves_the_write_done(
    round1, staff, monkeypatch, django_capture_on_commit_callbacks
):
    def broken(**kwargs):
        raise RuntimeError("database gone")

    sheet = enter(round1.tables.get(number=1), staff["scorer"])
    settle()
    monkeypatch.setattr("scoring.formats.libre.standings.standings_both", broken)
    with django_capture_on_commit_callbacks(execute=True):
        services.scoresheet_confirm(sheet=sheet, user=staff["arbitre"])
    sheet.refresh_from_db()
    assert sheet.status == sheet.Status.CONFIRMED


def test_a_write_of_no_tournament_computes_nothing(staff, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        club_get_or_create(name="Tarot Club de Lyon", user=staff["organiser"])
    assert callbacks == []


def test_a_viewer_arriving_while_the_refresh_computes_waits_for_it(client, round1, staff):
    enter(round1.tables.get(number=1), staff["scorer"])
    tournament = round1.tournament
    key = standings_key(
        tournament_id=tournament.pk,
        up_to=1,
        official=False,
        stamp=ledger_stamp(tournament=tournament),
    )
    ranking = standings_module.standings(tournament=tournament, up_to=1)
    cache.add(f"computing:{key}", "the refresh", 30)  # it computes...
    threading.Timer(0.3, cache.set, (key, ranking, 60)).start()  # ...and stores its result
    individual = reverse("standings:individual", kwargs={"slug": tournament.slug})
    assert ranking_queries(client, individual) == []  # the viewer waited instead
