"""``common.text``'s rule for names: what a reader cannot see, or what turns a name round, is
found wherever it is; what shows nothing is trimmed off the ends, direction controls excepted."""

import pytest

from common.text import hidden_characters, trim_name

# The characters issue 36 names, and some more of Unicode's format (Cf) and control (Cc) ones.
HIDDEN = [
    *map(chr, range(0x200B, 0x2010)),
    *map(chr, range(0x202A, 0x202F)),
    *map(chr, range(0x2060, 0x2065)),
    *map(chr, range(0x2066, 0x206A)),
    "\ufeff", "\u00ad", "\u061c", "\u180e", "\U000e0041", "\x00", "\x1b", "\t", "\n", "\x7f",
    "\x85", "\u2028", "\u2029", "\u034f", "\u3164",
]  # fmt: skip


@pytest.mark.parametrize("char", HIDDEN, ids=lambda c: f"U+{ord(c):04X}")
def test_every_hidden_character_is_found_inside_a_name(char):
    assert hidden_characters(f"Du{char}rand") == [char]


@pytest.mark.parametrize(
    "name",
    [
        "Durand",
        "Ølsen",
        "Nguyễn",
        "e\u0301",
        "O’Brien-Dupré",
        "J.-P. de La Tour",
        "עברית",
        "ملك",
        "Ἀλέξανδρος",
        "李",
        "Anne\u00a0Marie",
        "🂡",
    ],  # fmt: skip
)
def test_names_as_they_should_be_hold_none(name):
    assert hidden_characters(name) == []


def test_the_ends_lose_what_shows_nothing_but_keep_direction_controls():
    assert trim_name("\ufeff\u200b Durand\u00ad\u2060\n") == "Durand"
    assert trim_name("Du\u200brand") == "Du\u200brand"
    assert trim_name("\u202eDurand\u200b") == "\u202eDurand"
    assert trim_name("\u200bDurand\u2069") == "Durand\u2069"
    assert trim_name("\u200b\u200c") == ""
    assert trim_name(None) == ""
