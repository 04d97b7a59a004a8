"""manage.py simulate_tournament --slug S --players N [--teams 2|4] [--seed K] [--positions R]
[--sheets] [--format libre|duplicate]

``--format duplicate`` (duplicate individuel, fft-duplicate.md §6): N a multiple of 4, one
séance of R positions (at most N / 4; by default as many as the tables, up to 5), its movement
drawn, its étuis dealt, published; ``--sheets`` enters, confirms every travelling sheet and
closes the séance.

In ``scoring``: it composes ``tournaments.simulation`` (players, positions) with
``scoring.simulation`` (sheets), and scoring may build on tournaments, not the reverse."""

import random
import re

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from scoring.simulation import sheets_simulate
from scoring.simulation_duplicate import duplicate_simulate
from tournaments.models import Tournament
from tournaments.simulation import tournament_simulate

DEMO_ORGANISER = "organisateur"  # tournaments.management.commands.demo's account


class Command(BaseCommand):
    help = (
        "Create a tournament with N registered, checked-in players (teams optional), seat R "
        "positions and fill them with confirmed random score sheets if asked."
    )

    def add_arguments(self, parser):
        parser.add_argument("--slug", required=True)
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--teams", type=int, choices=[2, 4], default=None)
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--name", default=None)
        parser.add_argument(
            "--positions", type=int, default=0, help="seat and publish this many positions"
        )
        parser.add_argument(
            "--sheets",
            action="store_true",
            help="enter and confirm a random valid score sheet at every table seated",
        )
        parser.add_argument(
            "--format",
            choices=["libre", "duplicate", "triplettes", "quadrettes"],
            default="libre",
            help="donnes libres (default) or duplicate individuel",
        )
        parser.add_argument(
            "--organiser",
            default=None,
            help="account that owns it (created if needed); by default the demo organiser of "
            "make run (organisateur) when it exists, so that its login opens it, else simulation",
        )

    def handle(
        self, *, slug, players, teams, seed, name, organiser, positions, sheets, format, **options
    ):
        if not re.fullmatch(r"[-a-zA-Z0-9_]{1,60}", slug):
            raise CommandError("--slug takes letters, digits, - and _ only")
        if Tournament.objects.filter(slug=slug).exists():
            raise CommandError(f"a tournament with slug {slug!r} already exists")
        if players < 1:
            raise CommandError("--players must be at least 1")
        if teams and players % teams:
            raise CommandError(f"{players} players cannot form teams of {teams}")
        if positions < 0:
            raise CommandError("--positions cannot be negative")
        if format in ("triplettes", "quadrettes"):
            raise CommandError(f"--format {format} comes with the team duplicate: not yet")
        if format == "duplicate":
            return self._duplicate(slug, players, teams, seed, name, organiser, positions, sheets)
        if sheets and not positions:
            raise CommandError("--sheets needs --positions: only seated positions have sheets")
        user = self._organiser(organiser)
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
        self.stdout.write(
            self.style.SUCCESS(
                f"Created {tournament.name!r} (/t/{slug}/) with {players} players"
                + (f" in {players // teams} teams of {teams}" if teams else "")
                + (f", {positions} positions seated" if positions else "")
                + (f", {entered} score sheets entered and confirmed" if sheets else "")
                + f", organiser {user.username!r}."
            )
        )

    def _organiser(self, organiser):
        if organiser is None:
            demo = get_user_model().objects.filter(username=DEMO_ORGANISER).exists()
            organiser = DEMO_ORGANISER if demo else "simulation"
        return get_user_model().objects.get_or_create(username=organiser)[0]

    def _duplicate(self, slug, players, teams, seed, name, organiser, positions, sheets):
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
        user = self._organiser(organiser)
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
                session = duplicate_simulate(
                    tournament=tournament, user=user, seed=seed, sheets=sheets
                )
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from exc
        self.stdout.write(
            self.style.SUCCESS(
                f"Created the duplicate {tournament.name!r} (/t/{slug}/) with {players} players "
                f"at {tables} tables, {positions} positions, {session.boards.count()} étuis"
                + (", every travelling sheet confirmed, the séance closed" if sheets else "")
                + f", organiser {user.username!r}."
            )
        )
