"""manage.py restore PATH [--replace] [--slug NEW]: restore a file written by ``backup``
(``tournaments.backups``); the file says whether it holds the whole database or one tournament."""

from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments.backups import backup_kind, backup_read, database_restore
from tournaments.management.errors import error_text
from tournaments.transfer import tournament_import


class Command(BaseCommand):
    help = (
        "Restore a file written by the backup command (or by export_tournament). A whole-"
        "database backup is restored onto an empty database only (after manage.py migrate), "
        "in one transaction: all or nothing; --replace deletes everything in the database "
        "first. A tournament backup is added beside the tournaments already there (players "
        "matched by licence, accounts by username; missing accounts are created inactive, "
        "without password)."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the backup file (.json.gz, or plain .json)")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="whole-database backup: delete everything in the database first (accounts "
            "included), in the same transaction as the restore",
        )
        parser.add_argument(
            "--slug",
            default=None,
            help="tournament backup: a new short address (default: the file's own)",
        )

    def handle(self, *, path, replace, slug, **options):
        path = Path(path)
        try:
            document = backup_read(path)
            kind = backup_kind(document)
            if kind == "database":
                if slug:
                    raise CommandError(
                        "--slug is for a tournament backup; this file is a whole database backup"
                    )
                counts = database_restore(document=document, replace=replace)
            else:
                if replace:
                    raise CommandError(
                        "--replace is for a whole-database backup; this file holds one tournament"
                    )
                tournament = tournament_import(document=document, slug=slug)
        except ValidationError as exc:
            raise CommandError(error_text(exc)) from exc
        if options["verbosity"] < 1:
            return
        if kind == "database":
            self.stdout.write(
                self.style.SUCCESS(
                    f"Restored the database from {path} (backed up at "
                    f"{document.get('created_at')}): {sum(counts.values())} rows."
                )
            )
            for label, count in counts.items():
                self.stdout.write(f"  {label}: {count}")
            # Cached pages are keyed by tournament ids and change stamps that the restored
            # database reuses for other states: the restore empties a shared cache (Redis), but
            # each gunicorn process without one keeps its own until it restarts.
            self.stdout.write(
                self.style.WARNING("Restart the application (gunicorn) before anyone uses it.")
            )
        else:
            self.stdout.write(
                self.style.SUCCESS(
                    f"Restored {tournament.name!r} from {path} as /t/{tournament.slug}/ with "
                    f"{tournament.registrations.count()} players and "
                    f"{tournament.rounds.count()} positions."
                )
            )
