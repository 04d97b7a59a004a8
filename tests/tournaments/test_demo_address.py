"""`make run` tells the organiser the address the players' phones can use."""

import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command

from tournaments.management.commands import demo
from tournaments.models import Tournament


def test_the_demo_prints_the_address_for_the_phones(db, capsys, monkeypatch):
    monkeypatch.setattr(demo, "lan_address", lambda: "192.168.1.20")
    call_command("demo")
    out = capsys.readouterr().out
    assert "make run HOST=0.0.0.0 ALLOWED_HOSTS=192.168.1.20" in out
    assert "http://192.168.1.20:8000/" in out
    # The seating page's address, and its QR code drawn in the terminal.
    assert "http://192.168.1.20:8000/t/demo/seating/" in out
    drawn = [line for line in out.splitlines() if line and set(line) <= set("█▀▄ ")]
    assert len(drawn) >= 12 and len({len(line) for line in drawn}) == 1


def test_the_demo_tournament_has_its_entry_fees(db, monkeypatch):
    monkeypatch.setattr(demo, "lan_address", lambda: None)
    call_command("demo")
    call_command("demo")  # again: nothing doubled
    fees = Tournament.objects.get(slug="demo").fees.values_list("category", "amount_cents")
    assert sorted(fees) == [("free", 0), ("licensed", 1000), ("unlicensed", 1200), ("young", 500)]


def test_no_network_no_address(db, capsys, monkeypatch):
    monkeypatch.setattr(demo, "lan_address", lambda: None)
    call_command("demo")
    assert "phones" not in capsys.readouterr().out


def test_the_addresses_carry_the_port_the_server_listens_on(db, capsys, monkeypatch):
    """`make run PORT=8101` serves on 8101: every address printed says so."""
    monkeypatch.setattr(demo, "lan_address", lambda: "192.168.1.20")
    call_command("demo", port=8101)
    out = capsys.readouterr().out
    assert ":8000" not in out
    assert "http://127.0.0.1:8101/accounts/login/" in out
    assert "make run HOST=0.0.0.0 PORT=8101 ALLOWED_HOSTS=192.168.1.20" in out
    assert "http://192.168.1.20:8101/t/demo/seating/" in out


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_hands_its_port_to_the_demo():
    root = Path(__file__).resolve().parents[2]
    dry = subprocess.run(
        ["make", "-n", "-C", str(root), "run", "PORT=8101"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    (line,) = [line for line in dry.splitlines() if "manage.py demo" in line]
    assert "--port 8101" in line
