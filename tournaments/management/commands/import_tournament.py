"""manage.py import_tournament FILE [--slug NEW]: create a tournament from a file written by
``export_tournament`` (on this installation or another; ``tournaments.transfer``)."""

import sys
from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments import backups
from tournaments.management.errors import error_text
from tournaments.transfer import tournament_import


class Command(BaseCommand):
    help = (
        "Create a tournament, with everything that belongs to it, from a file written by "
        "export_tournament ('-' reads standard input). Players are matched by licence, clubs by "
        "name and accounts by username; missing accounts are created inactive, without password."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the JSON file, or - for standard input")
        parser.add_argument(
            "--slug", default=None, help="a new short address (default: the file's own)"
        )

    def handle(self, *, file, slug, **options):
        # One byte past the limit is enough for backup_parse to refuse the file.
        limit = backups.MAX_DOCUMENT_BYTES + 1
        try:
            if file == "-":
                data = sys.stdin.buffer.read(limit)
            else:
                with Path(file).open("rb") as stream:
                    data = stream.read(limit)
        except OSError as exc:
            raise CommandError(f"cannot read {file}: {exc.strerror or exc}") from exc
        try:
            document = backups.backup_parse(data, file)
            tournament = tournament_import(document=document, slug=slug)
        except ValidationError as exc:
            raise CommandError(error_text(exc)) from exc
        self.stdout.write(
            self.style.SUCCESS(
                f"Imported {tournament.name!r} as /t/{tournament.slug}/ with "
                f"{tournament.registrations.count()} players and "
                f"{tournament.rounds.count()} positions."
            )
        )
