"""The engine stands apart from the web: importing it loads no Django module and no app."""

import subprocess
import sys
from pathlib import Path

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
