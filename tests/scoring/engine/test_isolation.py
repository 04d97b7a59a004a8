"""The engine stands apart from the web: importing it, or any one of its modules, loads no Django
module and no app. (The size budgets of functions and modules: tests/test_architecture.py.)"""

import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[3]


def run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, check=False
    )


def test_engine_imports_without_django():
    completed = run(
        "import scoring.engine, sys; "
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules)"
    )
    assert completed.returncode == 0, completed.stderr


def test_engine_imports_no_project_app():
    completed = run(
        "import scoring.engine, sys; "
        "apps = {'config', 'tournaments', 'arbitration'}; "
        "loaded = [m for m in sys.modules if m.split('.')[0] in apps "
        "or (m.startswith('scoring.') and not m.startswith('scoring.engine'))]; "
        "assert not loaded, loaded"
    )
    assert completed.returncode == 0, completed.stderr


MODULES = sorted(
    path.stem for path in (REPO_ROOT / "scoring" / "engine").glob("*.py") if path.stem != "__init__"
)


@pytest.mark.parametrize("module", MODULES)
def test_each_engine_module_imports_no_django_and_no_project_app(module):
    completed = run(
        f"import scoring.engine.{module}, sys; "
        "apps = {'django', 'config', 'tournaments', 'arbitration'}; "
        "loaded = [m for m in sys.modules if m.split('.')[0] in apps "
        "or (m.startswith('scoring.') and not m.startswith('scoring.engine'))]; "
        "assert not loaded, loaded"
    )
    assert completed.returncode == 0, completed.stderr


def test_the_team_and_duplicate_modules_are_checked():
    assert {"duplicate", "duplicate_teams", "boards"} <= set(MODULES)
