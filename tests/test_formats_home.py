"""Formats have a home (issue 35): callers ask the tournament's format what it does and never
test which format it is; every format is registered and answers the interface.

The scan counts the tests of which format a tournament is (``is_triplettes`` and its kin,
comparisons with ``Format.X`` or a format's value) in the code and the templates, outside the
format packages (``scoring/formats/<format>/``), the registry and the tournaments-side
description of each format (``tournaments/models/formats.py``): there are none, and a planted
one is found.
"""

import re
from pathlib import Path

import pytest

from scoring.formats.base import TournamentFormat
from scoring.formats.registry import format_named, format_of, registered
from scoring.ranking import OfficialRanking
from tests.factories import TournamentFactory
from tournaments.models import Tournament

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("common", "config", "tournaments", "scoring", "arbitration", "templates")
# Where a format may name itself: its own package, the registry, the description table.
HOMES = ("scoring/formats/", "tournaments/models/formats.py")
VALUES = "|".join(Tournament.Format.values)
WHICH = re.compile(
    r"\bis_(duplicate|triplettes|quadrettes|team_match|libre|individuel)\b"
    r"|[=!]=\s*[\w.]*Format\.[A-Z]+\b"
    rf"|\bformat\s*[=!]=\s*[\"']({VALUES})[\"']"
    r"|\bformat\s+(not\s+)?in\s*\("
)


def which_tests(text: str) -> list[int]:
    """The numbers of the lines of ``text`` that test which format a tournament is."""
    return [number for number, line in enumerate(text.splitlines(), 1) if WHICH.search(line)]


def scanned_files():
    for top in SCANNED:
        for path in (ROOT / top).rglob("*"):
            relative = path.relative_to(ROOT).as_posix()
            if path.suffix not in (".py", ".html", ".txt") or "migrations" in path.parts:
                continue
            if not relative.startswith(HOMES):
                yield relative, path


def test_no_caller_tests_which_format_a_tournament_is():
    found = [
        f"{relative}:{number}"
        for relative, path in scanned_files()
        for number in which_tests(path.read_text())
    ]
    assert found == []


@pytest.mark.parametrize(
    "planted",
    [
        "if tournament.is_triplettes:",
        "{% if tournament.is_team_match %}",
        "if tournament.format == Tournament.Format.QUADRETTES:",
        "if t.format != t.Format.LIBRE:",
        "if tournament.format == 'duplicate':",
        "if tournament.format in (Format.TRIPLETTES, Format.QUADRETTES):",
    ],
)
def test_the_scan_finds_a_planted_test(planted):
    assert which_tests(f"x = 1\n{planted}\n") == [2]


def test_the_scan_lets_capabilities_through():
    text = "if tournament.plays_duplicate and game.attacker_per_line:\n    fmt = format_of(t)\n"
    assert which_tests(text) == []


def test_every_format_is_registered_once():
    keys = [game.key for game in registered()]
    assert sorted(keys) == sorted(Tournament.Format.values)
    assert all(isinstance(game, TournamentFormat) for game in registered())
    assert all(format_named(key).key == key for key in keys)


@pytest.mark.django_db
@pytest.mark.parametrize("value", Tournament.Format.values)
def test_each_format_ranks_an_empty_tournament(value):
    tournament = TournamentFactory(format=value)
    ranking = format_of(tournament).official_ranking(tournament, official=True)
    assert isinstance(ranking, OfficialRanking)
    assert ranking.rows == []
