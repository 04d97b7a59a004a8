"""Every problem code a user can cause has a message, in each language."""

import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.utils import translation

from scoring.engine import Span
from scoring.formats.duplicate.messages import line_message
from scoring.messages import MESSAGES, problem_message

ROOT = Path(__file__).resolve().parents[2] / "scoring"
# Codes only a programming error can raise: the sheet check never asks for them.
INTERNAL = {"players_invalid", "defenders_count"}
PATTERNS = [
    r'InvalidDeal\(\s*"([a-z_]+)"',
    r'_error\("([a-z_]+)"',
    r'MarkProblem\("([a-z_]+)"',
    r'error\(\s*[^,()]+,\s*"([a-z_]+)"',
    r'Problem\(\s*"([a-z_]+)"',
    r'error\(\s*"[a-z_]+",\s*"([a-z_]+)"',
]


def codes_in_source() -> set[str]:
    found = set()
    duplicate = ("duplicate.py", "duplicate_teams.py")  # worded by messages_duplicate
    # The engine's checks and the sheet check (engine/sheet.py, engine/sheet_lines.py).
    for path in [p for p in ROOT.glob("engine/*.py") if p.name not in duplicate]:
        text = path.read_text()
        for pattern in PATTERNS:
            found |= set(re.findall(pattern, text))
    # The whole-sheet problems the save service words itself.
    services = (ROOT / "formats/libre/services.py").read_text()
    found |= set(re.findall(r'Problem\(\s*"([a-z_]+)"', services))
    return found - INTERNAL


def test_every_code_has_a_message():
    codes = codes_in_source()
    assert len(codes) > 30  # the patterns still find the codes
    assert sorted(codes - set(MESSAGES)) == []


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_messages_format_in_french_and_english(code):
    params = {
        "deal": 2, "reason": "renonce", "mark": "x", "points": Decimal("86.5"), "bouts": 2,
        "minimum": Decimal("9"), "maximum": Decimal("77.5"), "count": 2, "trumps": 23,
        "sum": 1, "factor": 3, "expected": 30, "defender": -107, "contract": "garde",
        "played": 4, "amount": 107, "target": 41, "camp": "attack", "limit": 1,
        "players": 3, "share": 1,
        "possible": (Span(Decimal("4.5"), Decimal("75"), Decimal("0.5")),),
    }  # fmt: skip
    for language in ("en", "fr"):
        with translation.override(language):
            text = problem_message(code, params)
        assert "%(" not in text and text != code


def test_every_travelling_sheet_code_has_a_message_in_each_language():
    """The duplicate's line problems (services_duplicate) and score checks (engine.duplicate)
    are worded by messages_duplicate."""
    text = "".join(
        (ROOT / name).read_text()
        for name in (
            "formats/duplicate/services.py",
            "engine/duplicate.py",
            "engine/duplicate_teams.py",
        )
    )
    codes = set(re.findall(r'Problem\(\s*"([a-z_]+)"', text)) | {"not_a_number"}
    assert {"line_not_played", "line_twice", "score_odd", "score_out_of_range"} <= codes
    assert "contract_not_allowed" in codes  # the team match's
    params = {"position": 2, "table": 3, "board": 4, "score": 57, "min": -616, "max": 620,
              "below": 56, "above": 60, "text": "abc", "team": "Triplette 2"}  # fmt: skip
    for code in codes:
        for language in ("en", "fr"):
            with translation.override(language):
                message = line_message(code, params)
            assert message != code and "%(" not in message, code


def test_numbers_and_labels_in_the_readers_language():
    params = {"points": Decimal("86.5"), "players": 4}
    with translation.override("fr"):
        assert "86,5" in problem_message("points_half_four_players", params)
        assert "Garde" in problem_message(
            "amount_unreachable", {"defender": -1, "contract": "garde"}
        )


@pytest.mark.parametrize("value", ["NaN", "sNaN", "Infinity", "-Infinity"])
def test_a_decimal_that_is_no_number_shows_as_typed(value):
    """number_format() raises on NaN and Infinity: the engine may hand them back as params."""
    assert problem_message("points_invalid", {"points": Decimal(value)}) == (
        f"{value} is not a number of points."
    )


def test_counts_the_cards_allow_read_as_a_list():
    """The refusal of an impossible count says what is possible, in the reader's words."""
    from scoring.engine import DealInput, InvalidDeal, score_deal

    def refusal(deal):
        try:
            score_deal(deal)
        except InvalidDeal as exc:
            return problem_message(exc.code, exc.params)
        raise AssertionError("accepted")

    with translation.override("en"):
        assert refusal(DealInput(4, "prise", 2, 86)) == (
            "With 2 bouts the cards allow the attack a count of 13 to 85, not 86."
        )
        assert "count of 4.5, 5.5 to 75, 76 or 77.5, not 77." in refusal(
            DealInput(3, "prise", 0, 77)
        )
        assert "87 with 2 bouts or 91 with 3 bouts, not 86 with 2 bouts" in refusal(
            DealInput(4, "garde", 2, 86, chelem="attack")
        )
        assert "the defence takes every trick: record the chelem" in refusal(
            DealInput(4, "prise", 0, 3)
        )
        assert (
            "3 to 19 (whole points) with 0 bouts or 7 to 23 (whole points) with 1 bout"
            in refusal(DealInput(3, "garde", 1, 30, chelem="defence"))
        )
    with translation.override("fr"):
        text = refusal(DealInput(3, "prise", 0, 77))
        assert "4,5 ; de 5,5 à 75 ; 76 ou 77,5, pas 77." in text and "%(" not in text
        assert "avec 1 bout" in refusal(DealInput(4, "garde", 1, 30, chelem="defence"))


def test_one_deal_is_singular_in_every_language():
    params = {"played": 1, "expected": 5}
    with translation.override("fr"):
        assert problem_message("short_reason_required", params) == (
            "1 donne au lieu de 5 : indiquez le motif."
        )
    with translation.override("en"):
        assert problem_message("short_reason_required", params).startswith("1 deal instead")


def test_french_messages_about_a_player_do_not_assume_a_man():
    from django.utils.translation import gettext

    with translation.override("fr"):
        text = gettext("%(player)s may not bid on the first deal they play at position %(k)s.")
    assert "qu’il" not in text and "première donne jouée" in text
