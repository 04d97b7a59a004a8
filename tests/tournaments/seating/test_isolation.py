import subprocess
import sys
from pathlib import Path

import pytest

from tournaments.seating import SeatingError, SeatingRequest, engine, plan_rounds


def test_engine_modules_load_neither_django_nor_our_apps():
    code = (
        "import sys, pkgutil, importlib, tournaments.seating as s\n"
        "for m in pkgutil.iter_modules(s.__path__):\n"
        "    importlib.import_module('tournaments.seating.' + m.name)\n"
        "plan = s.plan_rounds(s.SeatingRequest(players=range(8), rounds=2))\n"
        "bad = [m for m in sys.modules if m == 'django' or m.startswith('django.')\n"
        "       or (m.startswith('tournaments.') and not m.startswith('tournaments.seating'))]\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)"
    )
    root = Path(__file__).resolve().parents[3]
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True)
    assert result.returncode == 0, (result.stdout, result.stderr)


def test_teams_the_round_robin_cannot_place_are_refused(monkeypatch):
    # No valid request is known to reach this code; it guards the engine all the same.
    monkeypatch.setattr(engine, "odd_sets", lambda *args, **kwargs: None)
    with pytest.raises(SeatingError) as caught:
        plan_rounds(SeatingRequest(players=range(10), rounds=2, teams=[[0, 1]], seed=1))
    assert caught.value.code == "teams_unseatable"
    assert caught.value.params == {"tables": 3}
