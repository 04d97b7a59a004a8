"""manage.py demo: the demo accounts and tournament of `make run`. Safe to run again."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from common.network import lan_address
from common.qr import qr_text
from tournaments.accounts import account_get_or_create
from tournaments.models import FeeCategory, StaffRole, Tournament
from tournaments.permissions import ORGANISERS_GROUP, site_group
from tournaments.services_fees import fees_set
from tournaments.simulation import tournament_simulate

DEMO_SLUG = "demo"
ACCOUNTS = [
    ("organisateur", "tarot-organisateur", StaffRole.Role.ORGANISER),
    ("arbitre", "tarot-arbitre", StaffRole.Role.ARBITRE),
    ("marqueur", "tarot-marqueur", StaffRole.Role.SCORER),
]


class Command(BaseCommand):
    help = "Create the demo accounts and the demo tournament (once), and print the logins."

    def add_arguments(self, parser):
        parser.add_argument(
            "--port", type=int, default=8000, help="The port the server listens on (make's PORT)."
        )

    @transaction.atomic
    def handle(self, **options):
        port = options["port"]
        users = {}
        for username, password, _role in ACCOUNTS:
            try:
                user, created = account_get_or_create(username)
            except ValidationError as exc:
                raise CommandError(f"{username}: {' '.join(exc.messages)}") from exc
            if created:
                user.set_password(password)
                user.save()
            users[username] = user
        # The organiser may create tournaments (a right the site grants); the others may not.
        users["organisateur"].groups.add(site_group(ORGANISERS_GROUP))
        tournament = Tournament.objects.filter(slug=DEMO_SLUG).first()
        if tournament is None:
            tournament = tournament_simulate(
                slug=DEMO_SLUG,
                players=26,
                user=users["organisateur"],
                seed=2026,
                name="Tournoi de démonstration",
                positions=1,
            )
            # Its entry fees, to be paid at check-in (the treasurer's sheet adds them up).
            fees_set(
                user=users["organisateur"],
                tournament=tournament,
                amounts={
                    FeeCategory.LICENSED: 1000,
                    FeeCategory.UNLICENSED: 1200,
                    FeeCategory.YOUNG: 500,
                    FeeCategory.FREE: 0,
                },
            )
            self.stdout.write(
                f"Demo tournament created: {tournament.name} (26 players, position 1 published)."
            )
        for username, _password, role in ACCOUNTS:
            StaffRole.objects.get_or_create(
                tournament=tournament, user=users[username], defaults={"role": role}
            )
        self.stdout.write("")
        self.stdout.write(f"Demo logins (http://127.0.0.1:{port}/accounts/login/):")
        for username, password, role in ACCOUNTS:
            self.stdout.write(f"  {role:<10} {username} / {password}")
        self.stdout.write("")
        address = lan_address()
        if address:
            make_port = "" if port == 8000 else f" PORT={port}"
            self.stdout.write(
                f"Players' phones on the club's network: run `make run HOST=0.0.0.0{make_port} "
                f"ALLOWED_HOSTS={address}` and give them http://{address}:{port}/"
            )
            seating = f"http://{address}:{port}/t/{DEMO_SLUG}/seating/"
            self.stdout.write(f"The demo's seating page for their phones, {seating}:")
            self.stdout.write(qr_text(seating))
