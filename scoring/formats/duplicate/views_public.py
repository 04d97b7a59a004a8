"""Public pages of a duplicate tournament (no account): the standings and a player's page.

Confidentiality (fft-duplicate.md §1.7): while a séance is open nothing of a score leaves the
staff pages. The public sees where everyone sits and how far play has gone (how many étuis have
a travelling sheet), never a score, a note or a ranking; once the arbitre closes the séance its
rankings and each player's notes are shown, from the confirmed travelling sheets.
"""

from scoring.formats.duplicate.reads import session_results, tournament_results
from scoring.formats.duplicate.views import _row
from scoring.formats.quadrettes.reads import quadrette_session_results, quadrette_tournament_results
from scoring.formats.triplettes.reads import triplette_session_results, triplette_tournament_results
from scoring.models.duplicate import TravellingSheet
from scoring.public_live import live_results_page
from scoring.shown import percent_shown, pm_shown
from tournaments.models import Seat
from tournaments.selectors_places import registration_places


def _progress(session) -> dict:
    return {
        "boards": session.boards.count(),
        "entered": TravellingSheet.objects.filter(board__session=session)
        .exclude(status=TravellingSheet.Status.SUPERSEDED)
        .count(),
    }


def duplicate_standings(request, tournament):
    def make():
        return _standings(tournament)

    return live_results_page(
        request,
        tournament,
        "public/duplicate_standings.html",
        "public/_duplicate_standings.html",
        {},
        make,
    )


def _standings(tournament) -> dict:
    """Each séance's progress or, once closed, its rankings; the total once all are closed."""
    sessions = []
    closed = []
    for session in tournament.sessions.order_by("number"):
        item = {"session": session, **_progress(session)}
        if session.is_closed and tournament.is_quadrettes:
            results = quadrette_session_results(session, official=True)
            item["general"] = [_row(r) for r in results.teams]
            closed.append(session)
        elif session.is_closed and tournament.is_triplettes:
            results = triplette_session_results(session, official=True)
            item["general"] = [_row(r) for r in results.teams]
            item["alternate"] = [_row(r) for r in results.alternate]
            closed.append(session)
        elif session.is_closed:
            results = session_results(session, official=True)
            item["general"] = [_row(r) for r in results.players]
            item["alternate"] = [_row(r) for r in results.alternate]
            closed.append(session)
        sessions.append(item)
    total = None
    if len(sessions) > 1 and len(closed) == len(sessions):
        total = [
            {
                "row": row,
                "total": pm_shown(row.total)
                if tournament.is_quadrettes
                else percent_shown(row.total),
            }
            for row in _tournament_results(tournament)
        ]
    return {"sessions": sessions, "total": total}


def _tournament_results(tournament):
    if tournament.is_quadrettes:
        return quadrette_tournament_results(tournament, official=True)
    if tournament.is_triplettes:
        return triplette_tournament_results(tournament, official=True)
    return tournament_results(tournament, official=True)


def _movement(tournament, registration) -> list[dict]:
    """Where the player sits at each published position: their seat in the individuel, their
    team's place in triplettes and quadrettes (``selectors_places``)."""
    if tournament.places_teams:
        places = registration_places(registration=registration)
    else:
        places = (
            Seat.objects.filter(registration=registration, round__session__isnull=False)
            .filter(round__status="published")
            .select_related("round", "table")
            .order_by("round__number")
        )
    return [
        {
            "position": place.table.round.number,
            "table": place.table.number,
            "line": place.seat_name,
            "set": place.table.board_set,
        }
        for place in places
    ]


def _team_result(tournament, session, team) -> dict | None:
    """The closed séance's row of the player's triplette or quadrette."""
    if tournament.is_quadrettes:
        rows = quadrette_session_results(session, official=True).teams
        found = next((r for r in rows if r.team.pk == team.pk), None)
        return found and {"place": found.place, "value": pm_shown(found.pm)}
    rows = triplette_session_results(session, official=True).teams
    found = next((r for r in rows if r.team.pk == team.pk), None)
    return found and {"place": found.general_place, "value": percent_shown(found.overall)}


def duplicate_player(request, tournament, registration):
    def make():
        return {
            "movement": _movement(tournament, registration),
            "results": _player_results(tournament, registration),
        }

    return live_results_page(
        request,
        tournament,
        "public/duplicate_player.html",
        "public/_duplicate_player.html",
        {"registration": registration},
        make,
        registration.pk,
    )


def _player_results(tournament, registration) -> list[dict]:
    """The player's rows of the closed séances (their team's in triplettes and quadrettes)."""
    by_team = tournament.places_teams
    results = []
    for session in tournament.sessions.order_by("number"):
        if not session.is_closed:
            continue
        if by_team:
            row = registration.team and _team_result(tournament, session, registration.team)
            if row:
                results.append({"session": session, "team": row})
            continue
        found = next(
            (
                r
                for r in session_results(session, official=True).players
                if r.registration.pk == registration.pk
            ),
            None,
        )
        if found is not None:
            results.append(
                {
                    "session": session,
                    "row": _row(found),
                    "notes": [(n, percent_shown(n.note)) for n in found.notes],
                }
            )
    return results
