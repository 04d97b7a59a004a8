"""manage.py import_tournament FILE [--slug NEW]: create a tournament from a file written by
``export_tournament`` (on this installation or another; ``tournaments.transfer``)."""

import json
import sys

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

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
        try:
            if file == "-":
                document = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as stream:
                    document = json.load(stream)
        except OSError as exc:
            raise CommandError(f"cannot read {file}: {exc.strerror or exc}") from exc
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CommandError(f"{file} is not a JSON file: {exc}") from exc
        except RecursionError as exc:  # "[[[[..." deeper than the parser goes
            raise CommandError(f"{file} is nested too deeply to be an export.") from exc
        try:
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
