"""manage.py export_tournament --slug S [--output FILE]: the whole tournament as one JSON file
(``tournaments.transfer``), for ``import_tournament`` on another installation."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Tournament
from tournaments.transfer import tournament_export


class Command(BaseCommand):
    help = (
        "Write a tournament, with everything that belongs to it (players, positions, score "
        "sheets, incidents, audit), as one JSON file; to standard output without --output."
    )

    def add_arguments(self, parser):
        parser.add_argument("--slug", required=True, help="the tournament's short address")
        parser.add_argument("--output", default=None, help="file to write (UTF-8 JSON)")

    def handle(self, *, slug, output, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament with slug {slug!r}")
        document = tournament_export(tournament=tournament)
        text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text)
        except OSError as exc:
            raise CommandError(f"cannot write {output}: {exc.strerror or exc}") from exc
        self.stdout.write(
            self.style.SUCCESS(
                f"Exported {tournament.name!r} to {output}: {len(document['registrations'])} "
                f"players, {len(document['rounds'])} positions, "
                f"{len(document['score_sheets'])} score sheet versions, "
                f"{len(document['incidents'])} incidents."
            )
        )
