"""What the projector shows of a duplicate's results (fft-duplicate.md §1.7): only what the
public pages show, from closed séances: the général of the last closed séance, or, once every
séance of a tournament of several is closed, the whole tournament's total. While no séance is
closed: nothing of a score, only how many travelling sheets are collected.

Reads only; each row is a plain dict the projector's template lays out (place, number, name,
value). Each duplicate form gives its rows (``DuplicateFamily.screen_session_rows``,
``screen_total_rows``); the individuel's are here. It must not show anything an open séance
holds.
"""

from django.utils.translation import gettext as _

from scoring.formats.duplicate.reads import session_results, tournament_results
from scoring.models.duplicate import TravellingSheet
from scoring.shown import percent_shown


def team_row(place, team, value) -> dict:
    return {"place": place, "number": team.number, "name": team.name, "value": value}


def player_row(place, registration, value) -> dict:
    return {
        "place": place,
        "number": registration.number,
        "name": registration.name,
        "value": value,
    }


def player_session_rows(session) -> list[dict]:
    """The individuel séance's général, its ranked players."""
    results = session_results(session, official=True).players
    return [
        player_row(r.general_place, r.registration, percent_shown(r.overall))
        for r in results
        if r.ranked
    ]


def player_total_rows(tournament) -> list[dict]:
    """The individuel tournament's total, stand-ins left out."""
    rows = tournament_results(tournament, official=True)
    return [
        player_row(r.place, r.registration, percent_shown(r.total))
        for r in rows
        if not r.registration.stand_in
    ]


def results_panel(tournament, game) -> dict:
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
        return {"title": _("Whole tournament"), "rows": game.screen_total_rows(tournament)}
    last = closed[-1]
    return {
        "title": _("Séance %(k)s: général ranking") % {"k": last.number},
        "rows": game.screen_session_rows(last),
    }
