"""``manage.py simulate_tournament --format triplettes`` (``Triplettes.simulate``,
fft-duplicate.md §3): N a multiple of 6 (triplettes of 3, one table for two of them: 42 players
are 14 triplettes at 7 tables), one séance of a Mitchell of R positions (at most the tables, one
fewer when they are even; by default up to 5); ``--sheets`` enters, confirms every travelling
sheet (each line with its expected attacker) and closes the séance. ``--movement howell``: N a
multiple of 3, 5 to 16 triplettes, a Howell of R positions (by default the whole of it: every
triplette meets every other)."""

from django.core.exceptions import ValidationError
from django.core.management.base import CommandError
from django.db import transaction

from scoring.formats.triplettes.simulation import triplettes_simulate
from tournaments.models import Tournament
from tournaments.seating.duplicate_howell import FEWEST_TEAMS, MOST_TEAMS
from tournaments.seating.duplicate_teams import howell_positions
from tournaments.simulation import tournament_simulate


def _positions(players, positions, movement) -> int:
    """The positions to play (the default when 0), or why these triplettes cannot."""
    if movement == "howell":
        if players % 3 or not FEWEST_TEAMS <= players // 3 <= MOST_TEAMS:
            raise CommandError(
                f"{players} players: a Howell is for {FEWEST_TEAMS} to {MOST_TEAMS} triplettes of 3"
            )
        most = howell_positions(players // 3)
        if positions > most:
            raise CommandError(f"a Howell of {players // 3} triplettes plays {most} positions")
        return positions or most
    if players % 6 or players < 12:
        raise CommandError(
            f"{players} players: triplettes need a multiple of 6 (two triplettes a table), "
            "at least 12"
        )
    tables = players // 6
    most = tables if tables % 2 else tables - 1
    if positions > most:
        raise CommandError(f"a Mitchell of {tables} tables plays at most {most} positions")
    return positions or min(most, 5)


def simulate(
    *, slug, players, teams, seed, name, positions, sheets, movement, organiser, **_options
) -> str:
    if teams:
        raise CommandError("--teams: the triplettes are teams of 3 by their format")
    positions = _positions(players, positions, movement)
    user = organiser()
    try:
        with transaction.atomic():
            tournament = tournament_simulate(
                slug=slug,
                players=players,
                user=user,
                team_size=3,
                seed=seed,
                name=name,
                positions=positions,
                format=Tournament.Format.TRIPLETTES,
            )
            session = triplettes_simulate(
                tournament=tournament, user=user, seed=seed, sheets=sheets, movement=movement
            )
            tournament.refresh_from_db()  # the starting colour drawn with the movement
    except ValidationError as exc:
        raise CommandError(" ".join(exc.messages)) from exc
    return (
        f"Created the triplettes {tournament.name!r} (/t/{slug}/) with {players} players "
        f"in {players // 3} triplettes, a {movement.capitalize()} at "
        f"{players // 6} tables, {positions} positions, "
        f"{session.boards.count()} étuis, starting colour {tournament.start_colour}"
        + (", every travelling sheet confirmed, the séance closed" if sheets else "")
        + f", organiser {user.username!r}."
    )
