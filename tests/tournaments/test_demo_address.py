"""`make run` tells the organiser the address the players' phones can use."""

from django.core.management import call_command

from tournaments.management.commands import demo


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


def test_no_network_no_address(db, capsys, monkeypatch):
    monkeypatch.setattr(demo, "lan_address", lambda: None)
    call_command("demo")
    assert "phones" not in capsys.readouterr().out
