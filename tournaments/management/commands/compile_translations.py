"""manage.py compile_translations: locale/*/LC_MESSAGES/*.po → .mo, in pure Python.

Django's compilemessages needs GNU gettext's msgfmt, which a fresh machine may lack; polib
(a dev requirement) does the same. The .mo files are committed, so running the site needs
neither.
"""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Compile the .po translation files into .mo files without GNU gettext."

    def handle(self, **options):
        try:
            import polib
        except ImportError as exc:  # pragma: no cover - polib is in requirements-dev.txt
            raise CommandError("polib is needed: pip install -r requirements-dev.txt") from exc
        count = 0
        for locale_dir in settings.LOCALE_PATHS:
            for po_path in sorted(Path(locale_dir).glob("*/LC_MESSAGES/*.po")):
                po = polib.pofile(str(po_path))
                po.save_as_mofile(str(po_path.with_suffix(".mo")))
                count += 1
                self.stdout.write(f"{po_path}: {po.percent_translated()}% translated")
        if not count:
            raise CommandError("no .po file found under LOCALE_PATHS")
