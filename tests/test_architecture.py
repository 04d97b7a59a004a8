"""The layers hold (import-linter's contracts in pyproject.toml, run by ``make test``), and the
check is real: the same contracts, on a copy of the code with one violation planted, fail."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
PACKAGES = ("common", "tournaments", "scoring", "arbitration")


def lint_imports(where: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(where / "pyproject.toml")],
        cwd=where,
        env={"PYTHONPATH": str(where), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
    )


@pytest.fixture
def copy_of_the_code(tmp_path):
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_contracts_are_kept():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 kept, 0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("tournaments/planted.py", "from scoring import services\n", "Apps build one way"),
        ("scoring/planted.py", "import arbitration.documents\n", "Apps build one way"),
        ("common/planted.py", "from tournaments.models import Tournament\n", "Apps build one way"),
        ("scoring/engine/planted.py", "from django.db import models\n", "plain Python"),
        ("tournaments/seating/planted.py", "import openpyxl\n", "plain Python"),
        (
            "scoring/formats/libre/planted.py",
            "import scoring.formats.match.results\n",
            "Formats stand apart",
        ),
    ],
)
def test_a_planted_violation_fails(copy_of_the_code, module, line, contract):
    assert lint_imports(copy_of_the_code).returncode == 0  # the copy is clean
    (copy_of_the_code / module).write_text(line)
    result = lint_imports(copy_of_the_code)
    assert result.returncode != 0
    assert f"{contract}" in result.stdout and "BROKEN" in result.stdout, result.stdout


def test_the_apps_above_tell_tournaments_what_it_must_not_name():
    """``tournaments`` reads what scoring and arbitration register, one extension each
    (``tournaments.extensions``), instead of naming their tables and audit actions."""
    from arbitration.extension import ArbitrationExtension
    from scoring.extension import ScoringExtension
    from tournaments import extensions
    from tournaments.apps import TournamentsExtension

    assert [type(ext) for ext in extensions.registered()] == [
        TournamentsExtension, ScoringExtension, ArbitrationExtension
    ]  # fmt: skip

    assert set(extensions.not_seating()) == {
        "sheet.", "penalty", "bid_ban.", "incident.", "decision.", "boards.", "travelling."
    }  # fmt: skip
    # Score sheets; a séance's travelling sheets; the tables' reports of a séance.
    assert len(ScoringExtension.results) == 3
    source = (ROOT / "tournaments" / "models" / "seating.py").read_text()
    assert "score_sheets" not in source
    assert "score_sheets" not in (ROOT / "tournaments" / "services.py").read_text()


def test_no_module_is_over_400_lines():
    """Long modules are split where they read better (issue 16); migrations are generated."""
    long = {
        str(path.relative_to(ROOT)): count
        for package in PACKAGES + ("config", "benchmarks")
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts and (count := len(path.read_text().splitlines())) > 400
    }
    assert long == {}


def test_no_translated_string_hides_in_an_f_string():
    """``makemessages`` cannot read ``f"{_('…')}"``: such a string stays in English."""
    hidden = re.compile(r"""f["'][^"']*\{_\(|\{gettext(_lazy)?\(""")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if hidden.search(line)
    ]
    assert found == []
