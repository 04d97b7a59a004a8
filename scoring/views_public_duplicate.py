"""Public pages of a duplicate tournament (no account): the standings and a player's page.

Confidentiality (fft-duplicate.md §1.7): while a séance is open nothing of a score leaves the
staff pages. The public sees where everyone sits and how far play has gone (how many étuis have
a travelling sheet), never a score, a note or a ranking; once the arbitre closes the séance its
rankings and each player's notes are shown, from the confirmed travelling sheets.
"""

from django.shortcuts import render

from tournaments.models import Seat

from .duplicate import session_results, tournament_results
from .duplicate_quadrettes import quadrette_session_results, quadrette_tournament_results
from .duplicate_triplettes import triplette_session_results, triplette_tournament_results
from .models_duplicate import ORIENTATIONS, TravellingSheet
from .shown import percent_shown, pm_shown
from .views_duplicate import _row


def _progress(session) -> dict:
    return {
        "boards": session.boards.count(),
        "entered": TravellingSheet.objects.filter(board__session=session)
        .exclude(status=TravellingSheet.Status.SUPERSEDED)
        .count(),
    }


def duplicate_standings(request, tournament):
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
    return render(
        request,
        "public/duplicate_standings.html",
        {"tournament": tournament, "sessions": sessions, "total": total},
    )


def _tournament_results(tournament):
    if tournament.is_quadrettes:
        return quadrette_tournament_results(tournament, official=True)
    if tournament.is_triplettes:
        return triplette_tournament_results(tournament, official=True)
    return tournament_results(tournament, official=True)


def duplicate_player(request, tournament, registration):
    seats = (
        Seat.objects.filter(registration=registration, round__session__isnull=False)
        .filter(round__status="published")
        .select_related("round__session", "table")
        .order_by("round__number")
    )
    movement = [
        {
            "position": seat.round.number,
            "table": seat.table.number,
            "line": ORIENTATIONS[seat.number],
            "set": seat.table.board_set,
        }
        for seat in seats
    ]
    results = []
    for session in tournament.sessions.order_by("number"):
        if not session.is_closed:
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
    return render(
        request,
        "public/duplicate_player.html",
        {
            "tournament": tournament,
            "registration": registration,
            "movement": movement,
            "results": results,
        },
    )
