"""What the projector shows of a duplicate's or a team match's results (fft-duplicate.md §1.7,
§5): only what the public pages show, from closed séances and finished matches.

- A duplicate (individuel, triplettes, quadrettes): the général of the last closed séance, or,
  once every séance of a tournament of several is closed, the whole tournament's total. While
  no séance is closed: nothing of a score, only how many travelling sheets are collected.
- A team match: the competition table over the finished matches (2 points a win, 1 a draw,
  then PM for minus PM against).

Reads only; each row is a plain dict the projector's template lays out (place, number, name,
value). It must not show anything an open séance or an unfinished match holds.
"""

from django.utils.translation import gettext as _

from scoring.formats.duplicate.reads import session_results, tournament_results
from scoring.formats.match.results import competition
from scoring.formats.quadrettes.reads import quadrette_session_results, quadrette_tournament_results
from scoring.formats.triplettes.reads import triplette_session_results, triplette_tournament_results
from scoring.models.duplicate import TravellingSheet
from scoring.shown import percent_shown, pm_shown


def _session_rows(tournament, session) -> list[dict]:
    if tournament.is_quadrettes:
        results = quadrette_session_results(session, official=True).teams
        return [_team_row(r.place, r.team, pm_shown(r.pm)) for r in results]
    if tournament.is_triplettes:
        results = triplette_session_results(session, official=True).teams
        return [_team_row(r.general_place, r.team, percent_shown(r.overall)) for r in results]
    results = session_results(session, official=True).players
    return [
        _player_row(r.general_place, r.registration, percent_shown(r.overall))
        for r in results
        if r.ranked
    ]


def _total_rows(tournament) -> list[dict]:
    if tournament.is_quadrettes:
        rows = quadrette_tournament_results(tournament, official=True)
        return [_team_row(r.place, r.team, pm_shown(r.total)) for r in rows]
    if tournament.is_triplettes:
        rows = triplette_tournament_results(tournament, official=True)
        return [_team_row(r.place, r.team, percent_shown(r.total)) for r in rows]
    rows = tournament_results(tournament, official=True)
    return [
        _player_row(r.place, r.registration, percent_shown(r.total))
        for r in rows
        if not r.registration.stand_in
    ]


def _team_row(place, team, value) -> dict:
    return {"place": place, "number": team.number, "name": team.name, "value": value}


def _player_row(place, registration, value) -> dict:
    return {
        "place": place,
        "number": registration.number,
        "name": registration.name,
        "value": value,
    }


def duplicate_results_panel(tournament) -> dict:
    """The projector's results panel of a duplicate: its title, its rows (empty while no
    séance is closed) and, then, how far the open séance has gone."""
    sessions = list(tournament.sessions.order_by("number"))
    closed = [s for s in sessions if s.is_closed]
    if not closed:
        open_session = sessions[-1] if sessions else None
        progress = None
        if open_session is not None:
            progress = {
                "session": open_session.number,
                "boards": open_session.boards.count(),
                "entered": TravellingSheet.objects.filter(board__session=open_session)
                .exclude(status=TravellingSheet.Status.SUPERSEDED)
                .count(),
            }
        return {"title": _("Results"), "rows": [], "progress": progress}
    if len(sessions) > 1 and len(closed) == len(sessions):
        return {"title": _("Whole tournament"), "rows": _total_rows(tournament)}
    last = closed[-1]
    return {
        "title": _("Séance %(k)s: général ranking") % {"k": last.number},
        "rows": _session_rows(tournament, last),
    }


def match_table_panel(tournament) -> dict:
    """The projector's competition table of a team match: finished matches only."""
    rows = [
        {
            "place": place,
            "number": team.number,
            "name": team.name,
            "points": points,
            "value": pm_shown(pm_for - pm_against),
        }
        for place, team, points, pm_for, pm_against in competition(tournament)
    ]
    return {"title": _("Competition table"), "rows": rows}
