"""The rule for a reason: at least one letter or digit a reader can see."""

import pytest

from common.text import has_visible_text, trim_invisible

# What looks empty on every page yet is not the empty string.
INVISIBLE = [
    "",
    "   \t\n",
    "\u200b",
    "\u200b\u200c\u200d\u2060\ufeff",
    "\u0301\u0308",  # combining marks with nothing to sit on
    "...",
    "-- !? «»",
    "\u00a0\u3000",  # no-break and ideographic spaces
    "\u00ad",  # soft hyphen
]
# A few for the services' tests to replay.
INVISIBLE_REASONS = ["\u200b", "\u200b\u200c\u200d\u2060\ufeff", "\u0301\u0308", "... !", "\u00a0"]
VISIBLE = ["x", "a\u200b", "\u200b7", "é", "e\u0301", "ß", "Ω", "٣", "²", "注", "...ok"]


@pytest.mark.parametrize("text", INVISIBLE)
def test_invisible_text_is_no_reason(text):
    assert not has_visible_text(text)


@pytest.mark.parametrize("text", VISIBLE)
def test_one_letter_or_digit_is_a_reason(text):
    assert has_visible_text(text)


def test_none_is_no_reason():
    assert not has_visible_text(None)
    assert trim_invisible(None) == ""


def test_the_ends_lose_spaces_and_format_characters_not_what_is_inside():
    assert trim_invisible("\ufeff\u200b wrong table \u2060\u200d\n") == "wrong table"
    assert trim_invisible("a\u200db") == "a\u200db"
    assert trim_invisible("e\u0301") == "e\u0301"  # a combining mark at the end belongs to it
    assert trim_invisible("\u200b\u200c") == ""


def test_names_fold_without_case_or_accent():
    from common.text import folded

    assert folded("Élodie") == folded("ELODIE") == folded("elodie") == "elodie"
    assert folded("  Ølsen   Æsa ") == "olsen aesa"
    assert folded("Œuvray-Straße") == "oeuvray-strasse"


def test_names_sort_as_a_french_reader_files_them():
    from common.text import name_sort_key

    names = ["THOMAS", "de La Rochefoucauld", "Ølsen", "Émile", "lambert", "d'Artagnan", "DE"]
    assert sorted(names, key=lambda n: name_sort_key(n, "")) == [
        "d'Artagnan", "DE", "Émile", "de La Rochefoucauld", "lambert", "Ølsen", "THOMAS"
    ]  # fmt: skip
