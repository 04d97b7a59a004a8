"""WCAG 1.4.11 (non-text contrast): the borders of fields, the score grid's lines and the focus
ring reach 3:1 against what they sit on, read from the stylesheet itself (axe-core checks text
contrast in the browser tests, not this)."""

import re
from pathlib import Path

from django.conf import settings

CSS = (Path(settings.BASE_DIR) / "static" / "css" / "app.css").read_text()


def colour(name: str) -> str:
    value = re.search(rf"--{name}:\s*#([0-9a-fA-F]{{6}}|[0-9a-fA-F]{{3}})\b", CSS).group(1)
    return "#" + (value if len(value) == 6 else "".join(c * 2 for c in value))


def luminance(hex_colour: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_borders_and_the_focus_ring_reach_3_to_1():
    header = "#eef1f5"  # the score grid's header cells
    for background in (colour("card"), colour("bg"), header):
        assert contrast(colour("field-border"), background) >= 3, background
        assert contrast(colour("focus"), background) >= 3, background
    # On the top bar the ring takes another colour.
    assert contrast(colour("focus-on-dark"), colour("accent")) >= 3


def test_the_fields_and_the_grid_use_those_colours():
    assert re.search(r"input, select, textarea \{[^}]*border: 1px solid var\(--field-border\)", CSS)
    assert re.search(r"\.sheet-grid th, \.sheet-grid td[^{]*\{[^}]*var\(--field-border\)", CSS)
    assert re.search(r":focus-visible \{ outline: 3px solid var\(--focus\) !important", CSS)
