"""The production profile and the translations, checked in fresh interpreters."""

import os
import re
import subprocess
import sys
from pathlib import Path

import polib
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args, env):
    clean = {
        k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS"}
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
    )


def test_production_profile_passes_check_deploy():
    env = {
        "DEBUG": "0",
        "SECRET_KEY": "x7!kq2-" + "a1b2c3d4e5f6g7h8i9j0" * 3,
        "ALLOWED_HOSTS": "tarot.example.org",
    }
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_refuses_to_start_without_a_secret_key():
    result = run_manage("check", env={"DEBUG": "0", "ALLOWED_HOSTS": "x"})
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_compiled_translations_match_the_sources():
    """The committed .mo must say what the .po says (run `make messages` after editing)."""
    for locale_dir in settings.LOCALE_PATHS:
        for po_path in Path(locale_dir).glob("*/LC_MESSAGES/*.po"):
            po = polib.pofile(str(po_path))
            mo = polib.mofile(str(po_path.with_suffix(".mo")))
            compiled = {(e.msgctxt, e.msgid): e for e in mo}
            for entry in po.translated_entries():
                mine = compiled[(entry.msgctxt, entry.msgid)]
                if entry.msgid_plural:
                    expected = {int(k): v for k, v in entry.msgstr_plural.items()}
                    assert {int(k): v for k, v in mine.msgstr_plural.items()} == expected
                else:
                    assert mine.msgstr == entry.msgstr, entry.msgid


def test_every_french_message_is_translated():
    po = polib.pofile(str(ROOT / "locale/fr/LC_MESSAGES/django.po"))
    missing = [e.msgid for e in po if not e.translated() and not e.obsolete]
    assert missing == []


def test_no_message_a_template_translates_has_a_number_placeholder():
    """``blocktranslate`` hands its variables in as text: a template's message (or a Python
    one sharing its singular, which gettext keeps once) with ``%(n)d`` fails in French."""
    po = polib.pofile(str(ROOT / "locale/fr/LC_MESSAGES/django.po"))
    number = re.compile(r"%\(\w+\)d")
    found = [
        e.msgid
        for e in po
        if any(path.endswith(".html") for path, _line in e.occurrences)
        and number.search(
            " ".join([e.msgid, e.msgid_plural or "", e.msgstr, *e.msgstr_plural.values()])
        )
    ]
    assert found == []
