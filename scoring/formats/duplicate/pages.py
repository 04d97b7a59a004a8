"""What the duplicate individuel's pages show that is not a read of scores: the séance's movement
(each table's four players and série by position, how many meetings repeat, whether an étui is
played twice) and a ranking row as pages show it. The team forms have their own, in their
packages' ``views``; each form's format object (``DuplicateFamily.movement_facts``) hands the
views the one that is theirs.
"""

from scoring.models.duplicate import ORIENTATIONS
from scoring.shown import percent_shown, pm_shown
from tournaments.models import Seat, Session
from tournaments.seating.duplicate import repeated_meetings, series_played_twice
from tournaments.services_duplicate import duplicate_players, movement_problem


def movement_facts(tournament, session: Session) -> dict:
    """The séance page's movement: players present, the problem that stops a draw, the tables
    by position, and the quality of the movement drawn (repeated meetings, étuis played
    twice)."""
    players = duplicate_players(tournament).count()
    positions = _movement(session) if session.pk else {}
    engine = _engine_view(positions)
    problem = movement_problem(players, tournament.positions)
    return {
        "players": players,
        "positions": positions,
        "problem": problem.messages[0] if problem else "",
        "repeats": repeated_meetings(engine) if engine else 0,
        "twice": series_played_twice(engine) if engine else 0,
    }


def _movement(session: Session):
    """Per position: the tables with each orientation's player and the série."""
    seats = (
        Seat.objects.filter(round__session=session)
        .select_related("round", "table", "registration")
        .order_by("round__number", "table__number", "number")
    )
    positions = {}
    for seat in seats:
        tables = positions.setdefault(seat.round.number, {})
        row = tables.setdefault(seat.table.number, {"set": seat.table.board_set, "players": {}})
        row["players"][ORIENTATIONS[seat.number]] = seat.registration
    return positions


def _engine_view(positions):
    """The movement as the engine writes it, to count its repeats."""
    ids = {}
    out = []
    for tables in positions.values():
        rows = []
        for row in tables.values():
            seat = {o: ids.setdefault(row["players"][o].pk, len(ids)) for o in ORIENTATIONS}
            rows.append({**seat, "set": row["set"]})
        out.append(rows)
    return out


def result_row(result) -> dict:
    """A ranking row as the pages show it: a player's or a triplette's percentages, or a
    quadrette's match points."""
    if hasattr(result, "pm"):  # a quadrette: its match points
        return {"result": result, "pm": pm_shown(result.pm)}
    return {
        "result": result,
        "attack": percent_shown(result.attack),
        "defence": percent_shown(result.defence),
        "overall": percent_shown(result.overall),
    }
