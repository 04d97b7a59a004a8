"""``manage.py simulate_tournament --format quadrettes`` (``Quadrettes.simulate``,
fft-duplicate.md §4): N a multiple of 4 (32 players are 8 quadrettes), one séance of R rounds of
the round-robin of oppositions (by default all of them: 7 for 8 quadrettes), each quadrette's
attacker its member with the lowest number; ``--sheets`` enters, confirms every travelling sheet
and closes the séance."""

from django.core.exceptions import ValidationError
from django.core.management.base import CommandError
from django.db import transaction

from scoring.formats.quadrettes.simulation import quadrettes_simulate
from tournaments.models import Tournament
from tournaments.simulation import tournament_simulate


def simulate(*, slug, players, teams, seed, name, positions, sheets, organiser, **_options) -> str:
    if teams:
        raise CommandError("--teams: the quadrettes are teams of 4 by their format")
    if players % 4 or players < 8:
        raise CommandError(
            f"{players} players: quadrettes need a multiple of 4, two quadrettes at least"
        )
    count = players // 4
    most = count - 1 + count % 2
    positions = positions or most
    if positions > most:
        raise CommandError(f"{count} quadrettes meet each other in {most} positions at most")
    user = organiser()
    try:
        with transaction.atomic():
            tournament = tournament_simulate(
                slug=slug,
                players=players,
                user=user,
                team_size=4,
                seed=seed,
                name=name,
                positions=positions,
                format=Tournament.Format.QUADRETTES,
            )
            session = quadrettes_simulate(
                tournament=tournament, user=user, seed=seed, sheets=sheets
            )
    except ValidationError as exc:
        raise CommandError(" ".join(exc.messages)) from exc
    return (
        f"Created the quadrettes {tournament.name!r} (/t/{slug}/) with {players} players "
        f"in {count} quadrettes, {positions} positions, {session.boards.count()} étuis"
        + (", every travelling sheet confirmed, the séance closed" if sheets else "")
        + f", organiser {user.username!r}."
    )
