"""The projector's rows of triplettes (``scoring.formats.duplicate.screen``): a closed
séance's général and the tournament's total, on the global %."""

from scoring.formats.duplicate.screen import team_row
from scoring.formats.triplettes.reads import triplette_session_results, triplette_tournament_results
from scoring.shown import percent_shown


def session_rows(session) -> list[dict]:
    results = triplette_session_results(session, official=True).teams
    return [team_row(r.general_place, r.team, percent_shown(r.overall)) for r in results]


def total_rows(tournament) -> list[dict]:
    rows = triplette_tournament_results(tournament, official=True)
    return [team_row(r.place, r.team, percent_shown(r.total)) for r in rows]
