"""The projector's rows of quadrettes (``scoring.formats.duplicate.screen``): a closed
séance's ranking and the tournament's total, in match points."""

from scoring.formats.duplicate.screen import team_row
from scoring.formats.quadrettes.reads import quadrette_session_results, quadrette_tournament_results
from scoring.shown import pm_shown


def session_rows(session) -> list[dict]:
    results = quadrette_session_results(session, official=True).teams
    return [team_row(r.place, r.team, pm_shown(r.pm)) for r in results]


def total_rows(tournament) -> list[dict]:
    rows = quadrette_tournament_results(tournament, official=True)
    return [team_row(r.place, r.team, pm_shown(r.total)) for r in rows]
