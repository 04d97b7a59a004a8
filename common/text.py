"""Typed text as kept, and what counts as text someone typed: the rule behind every "give the
reason".

A reason is kept as the only account of an arbitre's act (a decision undone, a sheet corrected,
players moved), so it must say something a reader can see. A box filled with zero-width spaces,
joiners, a byte order mark, combining marks alone, punctuation or spaces looks empty on every
page and export, yet is not the empty string: ``has_visible_text`` tells them apart, and
``trim_invisible`` takes such characters off the ends of what is stored. ``clean_text`` is
what every service keeps of a box: no NUL, no surrounding spaces, a length limit. A name
(a player's, a club's, a team's, a tournament's, an account's) must read on screen and on paper
as it was typed: ``hidden_characters`` finds what would make it read otherwise (a zero-width
space, a right-to-left override), and ``trim_name`` takes off its ends what shows nothing and
changes nothing (spaces, a zero-width space, a byte order mark). ``folded``
and ``name_sort_key`` are how names compare: without case or accents, as a French reader files
them.

Pure functions over strings: no Django, no models, no translation. The services decide what to
refuse and say it.
"""

import unicodedata


def has_visible_text(text: str | None) -> bool:
    """Whether ``text`` holds at least one letter or digit (a Unicode category L* or N*)."""
    return any(unicodedata.category(char)[0] in "LN" for char in text or "")


def _invisible(char: str) -> bool:
    # Cf: format characters (U+200B zero-width space, U+200C/D joiners, U+2060 word joiner,
    # U+FEFF byte order mark, U+00AD soft hyphen...), which str.strip() leaves in place.
    return char.isspace() or unicodedata.category(char) == "Cf"


def trim_invisible(text: str | None) -> str:
    """``text`` without the spaces and format characters at its ends (those inside stay: a
    joiner between two letters is part of the word)."""
    return _trimmed(text or "", _invisible)


# Characters that show nothing yet change how a name reads: format characters (Cf: zero-width
# spaces and joiners, U+200E/F direction marks, U+202A-E embeddings and overrides, U+2066-9
# isolates, U+2060-4 word joiner and invisible operators, U+FEFF, U+00AD soft hyphen, tags...),
# control characters (Cc: NUL, tab, line feed, escape...) and the line and paragraph separators;
# and the few others that draw nothing (the combining grapheme joiner, the Hangul fillers).
_HIDDEN = frozenset({"Cf", "Cc", "Zl", "Zp"})
_BLANK = frozenset("\u034f\u115f\u1160\u3164\uffa0")
# Among them, those that turn the text round: a name is refused with one even at an end, where
# it would change how the rest reads.
_DIRECTION = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def hidden_characters(text: str | None) -> list[str]:
    """The characters of ``text`` that a reader cannot see or that change its direction, in
    order (none in a name as it should be)."""
    return [char for char in text or "" if _hidden(char)]


def _hidden(char: str) -> bool:
    return char in _BLANK or unicodedata.category(char) in _HIDDEN


def trim_name(text: str | None) -> str:
    """A name without the spaces and invisible characters at its ends, direction controls
    excepted: those stay, for ``hidden_characters`` to find and the form to refuse."""
    return _trimmed(text or "", _trimmed_in_name)


def _trimmed(text: str, dropped) -> str:
    """``text`` without the characters at its ends for which ``dropped`` is true."""
    start, end = 0, len(text)
    while start < end and dropped(text[start]):
        start += 1
    while end > start and dropped(text[end - 1]):
        end -= 1
    return text[start:end]


def _trimmed_in_name(char: str) -> bool:
    if char in _DIRECTION:
        return False
    return char.isspace() or _hidden(char)


def clean_text(text, limit: int) -> str:
    """Typed text as kept: no NUL (PostgreSQL refuses it), no surrounding spaces, ``limit``
    characters at most."""
    return (text or "").replace("\x00", "").strip()[:limit]


# Letters that Unicode does not decompose into a plain letter and a mark.
_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ł": "l", "ı": "i"})
# Particles a French list files a name without ("de Gaulle" under G).
_PARTICLES = ("de ", "d'", "d’", "du ", "des ")


def folded(text: str | None) -> str:
    """``text`` as searches and sorts compare it: no case, no accent ("Élodie", "ELODIE" and
    "elodie" fold alike; "Ølsen" to "olsen"), single spaces."""
    text = unicodedata.normalize("NFKD", (text or "").casefold()).translate(_LETTERS)
    text = "".join(char for char in text if not unicodedata.combining(char))
    return " ".join(text.split())


def name_sort_key(last_name: str, first_name: str) -> str:
    """How a French reader files a person: the last name folded, a leading particle ("de",
    "d'", "du", "des") set after it, then the first name: "de La Rochefoucauld Marie" files
    as "la rochefoucauld marie de", before LAMBERT. Every word of the name is in it,
    so a search for any of them, accents or not, finds the person."""
    last, first = folded(last_name), folded(first_name)
    particle = next((p for p in _PARTICLES if last.startswith(p) and len(last) > len(p)), "")
    return " ".join(filter(None, [last[len(particle) :].strip(), first, particle.strip()]))
