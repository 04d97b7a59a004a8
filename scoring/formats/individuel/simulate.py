"""``manage.py simulate_tournament --format duplicate`` (``Individuel.simulate``,
fft-duplicate.md §6): N a multiple of 4, one séance of R positions (at most N / 4; by default as
many as the tables, up to 5), its movement drawn, its étuis dealt, published; ``--sheets``
enters, confirms every travelling sheet and closes the séance."""

from django.core.exceptions import ValidationError
from django.core.management.base import CommandError
from django.db import transaction

from scoring.formats.duplicate.simulation import duplicate_simulate
from tournaments.models import Tournament
from tournaments.simulation import tournament_simulate


def simulate(*, slug, players, teams, seed, name, positions, sheets, organiser, **_options) -> str:
    if teams:
        raise CommandError("--teams: the duplicate individuel has no teams")
    if players % 4 or players < 8:
        raise CommandError(
            f"{players} players: a duplicate individuel needs a multiple of 4, at least 8"
        )
    tables = players // 4
    positions = positions or min(tables, 5)
    if positions > tables:
        raise CommandError(f"{tables} tables play at most {tables} positions")
    user = organiser()
    try:
        with transaction.atomic():
            tournament = tournament_simulate(
                slug=slug,
                players=players,
                user=user,
                seed=seed,
                name=name,
                positions=positions,
                format=Tournament.Format.DUPLICATE,
            )
            session = duplicate_simulate(tournament=tournament, user=user, seed=seed, sheets=sheets)
    except ValidationError as exc:
        raise CommandError(" ".join(exc.messages)) from exc
    return (
        f"Created the duplicate {tournament.name!r} (/t/{slug}/) with {players} players "
        f"at {tables} tables, {positions} positions, {session.boards.count()} étuis"
        + (", every travelling sheet confirmed, the séance closed" if sheets else "")
        + f", organiser {user.username!r}."
    )
