"""manage.py backup [--tournament SLUG] [--output PATH]: the whole database, or one tournament,
to one gzipped JSON file (``tournaments.backups``), for ``restore``."""

import json
import os
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.backups import atomic_writer, database_backup, default_path
from tournaments.models import Tournament
from tournaments.transfer import tournament_export


def _size(path: Path) -> str:
    size = path.stat().st_size
    if size < 1000:
        return f"{size} bytes"
    return f"{size / 1000:.1f} kB" if size < 1000**2 else f"{size / 1000**2:.1f} MB"


class Command(BaseCommand):
    help = (
        "Back up the whole database (accounts with their password hashes, clubs, players, "
        "tournaments and everything in them, the audit log) or, with --tournament, one "
        "tournament, to a gzipped JSON file for the restore command. Default file: "
        "backups/tarot[-SLUG]-YYYYmmdd-HHMMSS.json.gz beside manage.py. The file appears under "
        "its name only once complete, readable by its owner only."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--tournament", metavar="SLUG", default=None, help="back up this tournament only"
        )
        parser.add_argument(
            "--output",
            metavar="PATH",
            default=None,
            help="the file to write (replaced if it exists), or a directory (an existing one, or "
            "a path ending with /) to write the timestamped file in",
        )

    def handle(self, *, tournament, output, **options):
        chosen = None
        if tournament is not None:
            chosen = Tournament.objects.filter(slug=tournament).first()
            if chosen is None:
                raise CommandError(f"no tournament with slug {tournament!r}")
        if output is None or output.endswith(("/", os.sep)) or Path(output).is_dir():
            path = default_path(slug=tournament, directory=output and Path(output))
        else:
            path = Path(output)
        try:
            with atomic_writer(path) as stream:
                if chosen is None:
                    counts = database_backup(stream=stream)
                else:
                    document = tournament_export(tournament=chosen)
                    json.dump(document, stream, ensure_ascii=False)
        except OSError as exc:
            raise CommandError(f"cannot write {path}: {exc.strerror or exc}") from exc
        if options["verbosity"] < 1:
            return
        if chosen is None:
            self.stdout.write(
                self.style.SUCCESS(
                    f"Backed up the database to {path} ({_size(path)}): "
                    f"{sum(counts.values())} rows."
                )
            )
            for label, count in counts.items():
                if count:
                    self.stdout.write(f"  {label}: {count}")
        else:
            self.stdout.write(
                self.style.SUCCESS(
                    f"Backed up {chosen.name!r} to {path} ({_size(path)}): "
                    f"{len(document['registrations'])} players, "
                    f"{len(document['rounds'])} positions, "
                    f"{len(document['score_sheets'])} score sheet versions, "
                    f"{len(document['incidents'])} incidents."
                )
            )
