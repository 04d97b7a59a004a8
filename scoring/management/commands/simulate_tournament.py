"""manage.py simulate_tournament --slug S --players N [--teams 2|4] [--seed K] [--positions R]
[--sheets] [--format libre|duplicate|triplettes|quadrettes] [--movement mitchell|howell]

Each format simulates its own (``TournamentFormat.simulate``, in its package's ``simulate``):
``--format duplicate`` (duplicate individuel, fft-duplicate.md §6), ``--format triplettes``
(§3, a Mitchell or ``--movement howell``), ``--format quadrettes`` (§4); their sizes and
defaults are said there.

In ``scoring``: it composes ``tournaments.simulation`` (players, positions) with each format's
simulation (sheets), and scoring may build on tournaments, not the reverse."""

import re

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from scoring.formats.registry import format_named
from tournaments.accounts import account_get_or_create
from tournaments.models import Tournament

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
            help="donnes libres (default), duplicate individuel, triplettes or quadrettes",
        )
        parser.add_argument(
            "--movement",
            choices=["mitchell", "howell"],
            default="mitchell",
            help="triplettes: a Mitchell (default) or, for 5 to 16 triplettes, a Howell",
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
        self.movement = options.get("movement", "mitchell")
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
        message = format_named(format).simulate(
            slug=slug,
            players=players,
            teams=teams,
            seed=seed,
            name=name,
            positions=positions,
            sheets=sheets,
            movement=self.movement,
            organiser=lambda: self._organiser(organiser),
        )
        self.stdout.write(self.style.SUCCESS(message))

    def _organiser(self, organiser):
        if organiser is None:
            demo = get_user_model().objects.filter(username=DEMO_ORGANISER).exists()
            organiser = DEMO_ORGANISER if demo else "simulation"
        try:
            return account_get_or_create(organiser)[0]
        except ValidationError as exc:
            raise CommandError(f"--organiser {organiser}: {' '.join(exc.messages)}") from exc
