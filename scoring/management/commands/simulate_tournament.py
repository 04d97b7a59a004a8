"""manage.py simulate_tournament --slug S --players N [--teams 2|4] [--seed K] [--positions R]
[--sheets] [--format libre|duplicate|triplettes|quadrettes] [--movement mitchell|howell]

``--format duplicate`` (duplicate individuel, fft-duplicate.md §6): N a multiple of 4, one
séance of R positions (at most N / 4; by default as many as the tables, up to 5), its movement
drawn, its étuis dealt, published; ``--sheets`` enters, confirms every travelling sheet and
closes the séance.

``--format triplettes`` (fft-duplicate.md §3): N a multiple of 6 (triplettes of 3, one table for
two of them: 42 players are 14 triplettes at 7 tables), one séance of a Mitchell of R positions
(at most the tables, one fewer when they are even; by default up to 5); ``--sheets`` as above,
each line with its expected attacker. ``--movement howell``: N a multiple of 3, 5 to 16
triplettes, a Howell of R positions (by default the whole of it: every triplette meets every
other).

``--format quadrettes`` (§4): N a multiple of 4 (32 players are 8 quadrettes), one séance of
R rounds of the round-robin of oppositions (by default all of them: 7 for 8 quadrettes), each
quadrette's attacker its member with the lowest number.

In ``scoring``: it composes ``tournaments.simulation`` (players, positions) with
``scoring.formats.libre.simulation`` (sheets), and scoring may build on tournaments, not the
reverse."""

import random
import re

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from scoring.formats.duplicate.simulation import duplicate_simulate
from scoring.formats.libre.simulation import sheets_simulate
from scoring.formats.quadrettes.simulation import quadrettes_simulate
from scoring.formats.triplettes.simulation import triplettes_simulate
from tournaments.models import Tournament
from tournaments.seating.duplicate_howell import FEWEST_TEAMS, MOST_TEAMS
from tournaments.seating.duplicate_teams import howell_positions
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
        if format == "quadrettes":
            return self._quadrettes(slug, players, teams, seed, name, organiser, positions, sheets)
        if format == "triplettes":
            return self._triplettes(slug, players, teams, seed, name, organiser, positions, sheets)
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

    def _triplettes_positions(self, players, positions) -> int:
        """The positions to play (the default when 0), or why these triplettes cannot."""
        if self.movement == "howell":
            if players % 3 or not FEWEST_TEAMS <= players // 3 <= MOST_TEAMS:
                raise CommandError(
                    f"{players} players: a Howell is for {FEWEST_TEAMS} to {MOST_TEAMS} "
                    "triplettes of 3"
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

    def _triplettes(self, slug, players, teams, seed, name, organiser, positions, sheets):
        if teams:
            raise CommandError("--teams: the triplettes are teams of 3 by their format")
        positions = self._triplettes_positions(players, positions)
        user = self._organiser(organiser)
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
                    tournament=tournament,
                    user=user,
                    seed=seed,
                    sheets=sheets,
                    movement=self.movement,
                )
                tournament.refresh_from_db()  # the starting colour drawn with the movement
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from exc
        self.stdout.write(
            self.style.SUCCESS(
                f"Created the triplettes {tournament.name!r} (/t/{slug}/) with {players} players "
                f"in {players // 3} triplettes, a {self.movement.capitalize()} at "
                f"{players // 6} tables, {positions} positions, "
                f"{session.boards.count()} étuis, starting colour {tournament.start_colour}"
                + (", every travelling sheet confirmed, the séance closed" if sheets else "")
                + f", organiser {user.username!r}."
            )
        )

    def _quadrettes(self, slug, players, teams, seed, name, organiser, positions, sheets):
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
        user = self._organiser(organiser)
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
        self.stdout.write(
            self.style.SUCCESS(
                f"Created the quadrettes {tournament.name!r} (/t/{slug}/) with {players} players "
                f"in {count} quadrettes, {positions} positions, {session.boards.count()} étuis"
                + (", every travelling sheet confirmed, the séance closed" if sheets else "")
                + f", organiser {user.username!r}."
            )
        )
