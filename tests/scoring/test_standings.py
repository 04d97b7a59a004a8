"""Standings from the stored marks: ties, tie-breaks, teams, official and provisional,
penalties, and a query count that does not grow with the field."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.formats.libre import services
from scoring.formats.libre.forms import read_entry
from scoring.formats.libre.standings import ledger_stamp, standings, standings_both
from scoring.models import Penalty
from scoring.services_ledger import effect_cancel, penalty_apply
from tests.factories import TeamFactory, TournamentFactory
from tests.scoring.conftest import SAMPLE_BILANS, seat_and_publish
from tests.support import enter

pytestmark = pytest.mark.django_db


def by_number(result):
    return {row.number: row for row in result.rows}


def test_totals_ranks_and_ties(round1, staff):
    t1, t2 = round1.tables.order_by("number")
    enter(t1, staff["scorer"], confirm_by=staff["arbitre"])
    enter(t2, staff["scorer"], confirm_by=staff["arbitre"])
    result = standings(tournament=round1.tournament)
    # Each table's South has 1346, the best: two players share rank 1, then rank 3.
    assert [row.rank for row in result.rows] == [1, 1, 3, 3, 5, 5, 7, 7]
    assert [row.total for row in result.rows] == sorted(SAMPLE_BILANS * 2, reverse=True)
    assert result.rows[0].tied and result.complete and result.sheets == 2


def test_official_counts_confirmed_sheets_only(round1, staff):
    t1, t2 = round1.tables.order_by("number")
    enter(t1, staff["scorer"], confirm_by=staff["arbitre"])
    enter(t2, staff["scorer"])
    provisional = standings(tournament=round1.tournament)
    official = standings(tournament=round1.tournament, official=True)
    assert provisional.sheets == 2 and official.sheets == 1 and not official.complete
    south2 = t2.seats.get(number=2).registration.number
    assert by_number(provisional)[south2].total == 1346
    assert by_number(official)[south2].total == 0
    # Both at once (what is cached after a write) are the same rankings, from the same 5 queries.
    penalty_apply(
        registration=t2.seats.first().registration, points=9, reason="x", user=staff["arbitre"]
    )
    with CaptureQueriesContext(connection) as queries:
        both = standings_both(tournament=round1.tournament)
    assert len(queries) == 5
    assert both == [standings(tournament=round1.tournament, official=o) for o in (False, True)]


def test_penalties_come_off_the_total(round1, staff):
    t1 = round1.tables.get(number=1)
    enter(t1, staff["scorer"], confirm_by=staff["arbitre"])
    west = t1.seats.get(number=3).registration
    arbitre = staff["arbitre"]
    penalty_apply(registration=west, points=40, position=1, reason="late", user=arbitre)
    cancelled = penalty_apply(registration=west, points=7, position=1, reason="y", user=arbitre)
    effect_cancel(effect=cancelled, user=arbitre, reason="wrong player")
    row = by_number(standings(tournament=round1.tournament))[west.number]
    assert (row.marks, row.penalties, row.total) == (-510, 40, -550)


def test_tie_break_best_position_then_positive_positions(tournament, staff):
    tournament.tie_break = tournament.TieBreak.BEST_POSITION
    tournament.positions = 2
    tournament.save()
    (table,) = seat_and_publish(tournament, staff["organiser"], 4).tables.all()
    (table2,) = seat_and_publish(tournament, staff["organiser"], 0, number=2).tables.all()
    first, second = (table.seats.get(number=p).registration for p in (0, 1))
    others = [s.registration for s in table.seats.all() if s.number in (2, 3)]

    def adjusted(table, gains):  # one deal set by the arbitre: {registration: mark}, rest 0
        seat_of = {s.registration_id: s.number for s in table.seats.all()}
        marks = dict.fromkeys(range(4), 0)
        for reg, mark in gains.items():
            marks[seat_of[reg.pk]] = mark
        data = {"d1-mode": "adjusted", "short_reason": "test"}
        return data | {f"d1-mark{seat}": str(mark) for seat, mark in marks.items()}

    # Position 1: first +100, second +20; position 2: first -50, second +30. Both total 50;
    # first's best position (100) beats second's (30).
    for t, gains in ((table, {first: 100, second: 20, others[0]: -120}),
                     (table2, {first: -50, second: 30, others[1]: 20})):  # fmt: skip
        services.scoresheet_save(
            table=t, user=staff["arbitre"], base_version=0, entry=read_entry(adjusted(t, gains))
        )
    result = by_number(standings(tournament=tournament))
    assert result[first.number].total == result[second.number].total == 50
    assert result[first.number].rank < result[second.number].rank
    assert not result[first.number].tied
    tournament.tie_break = tournament.TieBreak.NONE
    tournament.save()
    result = by_number(standings(tournament=tournament))
    assert result[first.number].rank == result[second.number].rank
    assert result[first.number].tied


def test_standings_after_a_position_and_teams(tournament, staff):
    tournament.kind = tournament.Kind.TEAMS_2
    tournament.positions = 2
    tournament.save()
    round1 = seat_and_publish(tournament, staff["organiser"], 8)
    regs = list(tournament.registrations.order_by("number"))
    for i in range(4):
        team = TeamFactory(tournament=tournament, number=i + 1, name=f"Team {i + 1}")
        for reg in regs[2 * i : 2 * i + 2]:
            reg.team = team
            reg.save()
    for table in round1.tables.all():
        enter(table, staff["scorer"])
    result = standings(tournament=tournament, up_to=1)
    teams = result.teams()
    assert sum(team.total for team in teams) == 0
    assert teams == sorted(teams, key=lambda team: -team.total)
    for team in teams:
        assert team.total == sum(member.total for member in team.members)


def test_query_count_does_not_grow_with_the_field(django_user_model):
    boss = django_user_model.objects.create(username="boss", is_superuser=True)
    counts = []
    for players in (8, 48):
        tournament = TournamentFactory()
        round_ = seat_and_publish(tournament, boss, players)
        for table in round_.tables.all():
            enter(table, boss)
        with CaptureQueriesContext(connection) as queries:
            result = standings(tournament=tournament)
            result.teams()
        assert len(result.rows) == players
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 5


def test_the_stamp_moves_with_every_change(round1, staff):
    before = ledger_stamp(tournament=round1.tournament)
    enter(round1.tables.get(number=1), staff["scorer"])
    assert ledger_stamp(tournament=round1.tournament) > before


@pytest.mark.parametrize("official", [True, False])
def test_the_ranking_agrees_with_the_marks_summed_by_hand(django_user_model, official):
    """An oracle: a simulated tournament (some sheets only entered, penalties at a position and
    for the whole tournament) ranked by summing every stored mark in Python."""
    import random
    from collections import defaultdict

    from scoring.formats.libre.simulation import sheets_simulate
    from scoring.models import Mark, ScoreSheet
    from scoring.services_ledger import penalty_apply
    from tournaments.simulation import tournament_simulate

    boss = django_user_model.objects.create(username="boss", is_superuser=True)
    tournament = tournament_simulate(slug="oracle", players=24, user=boss, positions=3)
    sheets_simulate(tournament=tournament, rng=random.Random(3))
    sheet = ScoreSheet.objects.filter(round__tournament=tournament).first()
    ScoreSheet.objects.filter(pk=sheet.pk).update(status=ScoreSheet.Status.ENTERED)
    registrations = list(tournament.registrations.order_by("number"))
    penalty_apply(registration=registrations[0], points=40, reason="x", user=boss, position=2)
    penalty_apply(registration=registrations[1], points=7, reason="y", user=boss)
    penalty_apply(registration=registrations[1], points=5, reason="z", user=boss, position=3)

    up_to = 2
    statuses = {"confirmed"} if official else {"confirmed", "entered"}
    totals, bilans = defaultdict(int), defaultdict(int)
    for mark in Mark.objects.select_related("sheet__round"):
        if mark.sheet.status in statuses and mark.sheet.round.number <= up_to:
            totals[mark.registration_id] += mark.value
            bilans[mark.registration_id, mark.sheet.round.number] += mark.value
    for penalty in Penalty.objects.all():
        if penalty.position is None or penalty.position <= up_to:
            totals[penalty.registration_id] -= penalty.points

    result = standings(tournament=tournament, up_to=up_to, official=official)
    assert len(result.rows) == 24
    for row in result.rows:
        assert row.total == totals[row.registration_id]
        assert row.rank == 1 + sum(
            1 for t in (totals[r.pk] for r in registrations) if t > row.total
        )
        for position in (1, 2):
            expected = bilans.get((row.registration_id, position))
            assert row.bilans.get(position) == expected
    assert [row.total for row in result.rows] == sorted(totals.values(), reverse=True)
    penalties = {row.registration_id: row.penalties for row in result.rows}
    assert penalties[registrations[0].pk] == 40  # position 2 counts
    assert penalties[registrations[1].pk] == 7  # the whole tournament's; position 3 does not
