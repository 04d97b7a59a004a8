"""Public pages of a duplicate tournament (no account): the standings and a player's page.

Confidentiality (fft-duplicate.md §1.7): while a séance is open nothing of a score leaves the
staff pages. The public sees where everyone sits and how far play has gone (how many étuis have
a travelling sheet), never a score, a note or a ranking; once the arbitre closes the séance its
rankings and each player's notes are shown, from the confirmed travelling sheets.
"""

from scoring.formats.duplicate.pages import result_row
from scoring.formats.registry import format_of
from scoring.models.duplicate import TravellingSheet
from scoring.public_live import live_results_page


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
    game = format_of(tournament)
    sessions = []
    closed = []
    for session in tournament.sessions.order_by("number"):
        item = {"session": session, **_progress(session)}
        if session.is_closed:
            _results, general, alternate = game.session_rankings(session, official=True)
            item["general"] = [result_row(r) for r in general]
            item["alternate"] = [result_row(r) for r in alternate]
            item["no_alternate"] = not game.has_alternate(session)
            closed.append(session)
        sessions.append(item)
    total = None
    if len(sessions) > 1 and len(closed) == len(sessions):
        total = [
            {"row": row, "total": game.shown(row.total)}
            for row in game.tournament_results(tournament, official=True)
        ]
    return {
        "sessions": sessions,
        "total": total,
        "pm": game.ranks_in_pm,
        "entrant_label": game.entrant_label,
    }


def _movement(tournament, registration) -> list[dict]:
    """Where the player sits at each published position: their seat in the individuel, their
    team's place in triplettes and quadrettes (``DuplicateFamily.player_places``)."""
    places = format_of(tournament).player_places(registration)
    return [
        {
            "position": place.table.round.number,
            "table": place.table.number,
            "line": place.seat_name,
            "set": place.table.board_set,
        }
        for place in places
    ]


def duplicate_player(request, tournament, registration):
    def make():
        return {
            "movement": _movement(tournament, registration),
            "results": _player_results(tournament, registration),
        }

    game = format_of(tournament)
    return live_results_page(
        request,
        tournament,
        "public/duplicate_player.html",
        game.player_fragment,
        {"registration": registration, "team_page": game.team_roadmap_page},
        make,
        registration.pk,
    )


def _player_results(tournament, registration) -> list[dict]:
    """The player's rows of the closed séances (their team's in triplettes and quadrettes)."""
    game = format_of(tournament)
    results = []
    for session in tournament.sessions.order_by("number"):
        if not session.is_closed:
            continue
        found = game.player_result(session, registration)
        if found:
            results.append({"session": session, **found})
    return results
