"""Every problem code a user can cause has a message, in each language."""

import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.utils import translation

from scoring.messages import MESSAGES, problem_message

ROOT = Path(__file__).resolve().parents[2] / "scoring"
# Codes only a programming error can raise: the sheet check never asks for them.
INTERNAL = {"players_invalid", "defenders_count"}
PATTERNS = [
    r'InvalidDeal\(\s*"([a-z_]+)"',
    r'_error\("([a-z_]+)"',
    r'MarkProblem\("([a-z_]+)"',
    r'error\(\s*[^,()]+,\s*"([a-z_]+)"',
    r'Problem\([^,()]+,\s*"([a-z_]+)"',
]


def codes_in_source() -> set[str]:
    found = set()
    for path in [*ROOT.glob("engine/*.py"), ROOT / "sheets.py"]:
        text = path.read_text()
        for pattern in PATTERNS:
            found |= set(re.findall(pattern, text))
    # The whole-sheet problems the save service words itself.
    found |= set(re.findall(r'problem_message\("([a-z_]+)"', (ROOT / "services.py").read_text()))
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
    }  # fmt: skip
    for language in ("en", "fr"):
        with translation.override(language):
            text = problem_message(code, params)
        assert "%(" not in text and text != code


def test_numbers_and_labels_in_the_readers_language():
    params = {"points": Decimal("86.5"), "minimum": Decimal("86.5")}
    with translation.override("fr"):
        assert "86,5" in problem_message("chelem_attack_too_few_points", params)
        assert "Garde" in problem_message(
            "amount_unreachable", {"defender": -1, "contract": "garde"}
        )
