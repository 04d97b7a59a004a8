"""Match points round half away from zero everywhere (issue 34): a séance's coefficient × PM in
the quadrettes' total, and the PM an arbitre types for a team match's bonus or penalty."""

from dataclasses import dataclass
from decimal import Decimal

import pytest

from scoring.engine.duplicate import pm_round
from scoring.exports_ranking import figure_text, figure_value
from scoring.formats.match.services import bonus_set, matches_draw, penalty_set
from scoring.formats.quadrettes import reads as duplicate_quadrettes
from scoring.models.match import TeamMatch
from scoring.official_ranking import Kind, RankingRow
from tests.scoring.duplicate.helpers import staff_of
from tests.scoring.duplicate.test_team_match import competition_of


@pytest.mark.parametrize(
    ("value", "rounded"),
    [
        ("0.0045", "0.005"),  # half-even would give 0.004
        ("-0.0045", "-0.005"),
        ("2.0005", "2.001"),
        ("2.0015", "2.002"),
        ("1.23449", "1.234"),
        ("-7.5", "-7.500"),
    ],
)
def test_pm_round_goes_half_away_from_zero(value, rounded):
    assert pm_round(Decimal(value)) == Decimal(rounded)
    assert str(pm_round(Decimal(value))) == rounded


@dataclass
class _Team:
    pk: int
    number: int


@dataclass
class _Result:
    team: _Team
    pm: Decimal


@dataclass
class _Seance:
    teams: list


@dataclass
class _Session:
    number: int
    coefficient: Decimal


class _Sessions:
    def __init__(self, sessions):
        self.sessions = sessions

    def order_by(self, *_fields):
        return self.sessions


@dataclass
class _Tournament:
    sessions: _Sessions


def test_a_seance_coefficient_times_pm_rounds_half_away_from_zero(monkeypatch):
    one, two = _Team(1, 1), _Team(2, 2)
    seances = {
        1: _Seance([_Result(one, Decimal("0.003")), _Result(two, Decimal("-0.003"))]),
        2: _Seance([_Result(one, Decimal("0.001")), _Result(two, Decimal("-0.001"))]),
    }
    monkeypatch.setattr(
        duplicate_quadrettes,
        "quadrette_session_results",
        lambda session, official: seances[session.number],
    )
    sessions = [_Session(1, Decimal("1.50")), _Session(2, Decimal("0.50"))]
    rows = duplicate_quadrettes.quadrette_tournament_results(
        _Tournament(_Sessions(sessions)), official=True
    )
    totals = {row.team.pk: row.total for row in rows}
    # 1.5 × 0.003 = 0.0045 -> 0.005, 0.5 × 0.001 = 0.0005 -> 0.001 (half-even: 0.004 and 0).
    assert totals == {1: Decimal("0.006"), 2: Decimal("-0.006")}


@pytest.mark.django_db
def test_a_team_match_bonus_and_penalty_round_half_away_from_zero():
    tournament = competition_of()
    _organiser, _scorer, arbitre, _second = staff_of(tournament)
    (match,) = matches_draw(tournament=tournament, user=tournament.created_by, seed=1)
    match = bonus_set(
        match=TeamMatch.objects.get(pk=match.pk), user=arbitre, bonus_a="2,0005", bonus_b="0.0025"
    )
    assert (match.bonus_a, match.bonus_b) == (Decimal("2.001"), Decimal("0.003"))
    match = penalty_set(
        match=match, user=arbitre, penalty_a="0.0005", penalty_b="1.0045", reason="Retard"
    )
    assert (match.penalty_a, match.penalty_b) == (Decimal("0.001"), Decimal("1.005"))


@pytest.mark.parametrize(
    ("figure", "value", "text"),
    [
        ("0.0045", "0.005", "+0.005"),  # half-even would give 0.004
        ("-0.0045", "-0.005", "−0.005"),
        ("12.8385", "12.839", "+12.839"),  # half-even would give 12.838
    ],
)
def test_the_ranking_files_and_pages_round_pm_half_away_from_zero(figure, value, text):
    """The results menu's figure (``exports_ranking``): PM as ``pm_round`` rounds them."""
    row = RankingRow(
        place=1, tied=False, number=1, name="Quadrette 1", figure=Decimal(figure), kind=Kind.PM
    )
    assert str(figure_value(row)) == value
    assert figure_text(row) == text
