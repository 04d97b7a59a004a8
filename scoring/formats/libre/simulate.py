"""``manage.py simulate_tournament`` in donnes libres (``Libre.simulate``): N players (teams of
2 or 4 optional), R positions seated and published, every table's sheet entered and confirmed
if asked (``simulation.sheets_simulate``)."""

import random

from django.core.exceptions import ValidationError
from django.core.management.base import CommandError
from django.db import transaction

from scoring.formats.libre.simulation import sheets_simulate
from tournaments.simulation import tournament_simulate


def simulate(*, slug, players, teams, seed, name, positions, sheets, organiser, **_options) -> str:
    if sheets and not positions:
        raise CommandError("--sheets needs --positions: only seated positions have sheets")
    user = organiser()
    entered = 0
    try:
        with transaction.atomic():
            tournament = tournament_simulate(
                slug=slug,
                players=players,
                user=user,
                team_size=teams or 1,
                seed=seed,
                name=name,
                positions=positions,
            )
            if sheets:
                entered = sheets_simulate(tournament=tournament, rng=random.Random(seed))
    except ValidationError as exc:
        raise CommandError(" ".join(exc.messages)) from exc
    return (
        f"Created {tournament.name!r} (/t/{slug}/) with {players} players"
        + (f" in {players // teams} teams of {teams}" if teams else "")
        + (f", {positions} positions seated" if positions else "")
        + (f", {entered} score sheets entered and confirmed" if sheets else "")
        + f", organiser {user.username!r}."
    )
