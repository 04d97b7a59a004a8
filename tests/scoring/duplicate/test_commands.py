"""simulate_tournament --format duplicate and export_duplicate (fft-duplicate.md §6), and an
independent recomputation of the ranking from lines.csv alone, by the rulebook's arithmetic
written again here (no project code)."""

import csv
from collections import defaultdict
from fractions import Fraction

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def read(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def four_decimals(value: Fraction) -> str:
    scaled = abs(value) * 10000
    rounded = int(scaled) + (1 if scaled - int(scaled) >= Fraction(1, 2) else 0)
    sign = "-" if value < 0 and rounded else ""
    return f"{sign}{rounded // 10000}.{rounded % 10000:04d}"


def recompute(lines):
    """number -> (line, attack, defence, overall) from the lines alone."""
    by_board = defaultdict(list)
    for row in lines:
        if row["status"] == "played":
            by_board[row["board"]].append(row)
    attack, defence, line_of = defaultdict(list), defaultdict(list), {}
    for rows in by_board.values():
        scores = [int(r["score"]) for r in rows]
        for row, score in zip(rows, scores, strict=True):
            if len(scores) == 1:
                note = Fraction(50)
            else:
                points = (
                    sum(2 for s in scores if s < score) + sum(1 for s in scores if s == score) - 1
                )
                note = Fraction(100 * points, 2 * (len(scores) - 1))
            for orientation, column in zip("NESW", ("north", "east", "south", "west"), strict=True):
                number = int(row[column])
                line_of[number] = orientation
                if orientation == row["taker"]:
                    attack[number].append(note)
                else:
                    defence[number].append(100 - note)
    out = {}
    for number, line in line_of.items():
        a = sum(attack[number]) / len(attack[number])
        d = sum(defence[number]) / len(defence[number])
        out[number] = (line, a, d, a / 4 + 3 * d / 4)
    return out


def test_a_28_player_7_position_duplicate_simulated_exported_and_recomputed(tmp_path):
    call_command(
        "simulate_tournament",
        "--slug", "dup28", "--players", "28", "--format", "duplicate",
        "--positions", "7", "--sheets", "--seed", "5",
    )  # fmt: skip
    tournament = Tournament.objects.get(slug="dup28")
    assert (tournament.format == "duplicate") and tournament.sessions.get().is_closed
    call_command("export_duplicate", "dup28", "--out", str(tmp_path))
    lines = read(tmp_path / "lines.csv")
    ranking = read(tmp_path / "ranking.csv")
    assert list(lines[0]) == [
        "board", "position", "table", "north", "east", "south", "west", "taker",
        "attack_team", "defence_team", "score", "status",
    ]  # fmt: skip
    assert list(ranking[0]) == [
        "general_place", "alternate_place", "number", "line", "attack", "defence", "overall", "pm",
    ]  # fmt: skip
    # 7 séries of 4 étuis, each played at the 7 positions: 196 lines, nobody an étui twice.
    assert len(lines) == 28 * 7
    played = set()
    for row in lines:
        for column in ("north", "east", "south", "west"):
            assert (row[column], row["board"]) not in played
            played.add((row[column], row["board"]))
        assert row["attack_team"] == row["defence_team"] == ""
        assert 1 <= int(row["position"]) <= 7
    expected = recompute(lines)
    assert len(ranking) == 28
    for row in ranking:
        line, a, d, overall = expected[int(row["number"])]
        assert (row["line"], row["attack"], row["defence"], row["overall"]) == (
            line, four_decimals(a), four_decimals(d), four_decimals(overall),
        )  # fmt: skip
        assert row["pm"] == ""
    # Général: by overall, equal overalls share a place.
    overalls = [Fraction(r["overall"]) for r in ranking]
    assert overalls == sorted(overalls, reverse=True)
    for row in ranking:
        first = next(j for j, r in enumerate(ranking) if r["overall"] == row["overall"])
        assert int(row["general_place"]) == first + 1
    # Alterné: band k holds each line's k-th player; the four firsts take places 1-4.
    by_line = defaultdict(list)
    for row in ranking:
        by_line[row["line"]].append(row)
    for members in by_line.values():
        places = [
            int(r["alternate_place"])
            for r in sorted(members, key=lambda r: int(r["alternate_place"]))
        ]
        assert [(p - 1) // 4 for p in places] == list(range(7))


@pytest.mark.parametrize(
    ("game", "players", "not_a_multiple", "positions", "too_many"),
    [
        ("duplicate", ("30", "28"), "multiple of 4", "8", "at most 7 positions"),
        ("triplettes", ("40", "24"), "multiple of 6", "4", "at most 3 positions"),
        ("quadrettes", ("30", "32"), "multiple of 4", "8", "in 7 positions at most"),
    ],
)
def test_bad_counts_are_refused_by_the_command(game, players, not_a_multiple, positions, too_many):
    """A field the format cannot seat (``players``: one it cannot, then one it can, asked for
    too many ``positions``) is refused, and no tournament is left behind."""
    odd, even = players
    with pytest.raises(CommandError, match=not_a_multiple):
        call_command("simulate_tournament", "--slug", "x", "--players", odd, "--format", game)
    with pytest.raises(CommandError, match=too_many):
        call_command(
            "simulate_tournament", "--slug", "x", "--players", even,
            "--format", game, "--positions", positions,
        )  # fmt: skip
    assert not Tournament.objects.filter(slug="x").exists()


def test_export_refuses_a_libre_tournament(tmp_path):
    call_command("simulate_tournament", "--slug", "lib", "--players", "8")
    with pytest.raises(CommandError, match="not a duplicate"):
        call_command("export_duplicate", "lib", "--out", str(tmp_path))
