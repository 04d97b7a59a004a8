"""manage.py export_duplicate SLUG --out DIR: a duplicate tournament's lines.csv and
ranking.csv (fft-duplicate.md §6), from its confirmed travelling sheets."""

import csv
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.formats.registry import format_of
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Write a duplicate tournament's lines.csv and ranking.csv into a directory."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--out", required=True, help="directory (created if needed)")

    def handle(self, *, slug, out, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament with slug {slug!r}")
        files = format_of(tournament).export_files()
        if not files:
            raise CommandError(f"{slug!r} is a donnes-libres tournament, not a duplicate")
        directory = Path(out)
        directory.mkdir(parents=True, exist_ok=True)
        for name, rows in files.items():
            with open(directory / name, "w", newline="", encoding="utf-8") as handle:
                writer = csv.writer(handle)
                count = -1
                for row in rows(tournament):
                    writer.writerow(row)
                    count += 1
            self.stdout.write(f"{directory / name}: {count} rows")
