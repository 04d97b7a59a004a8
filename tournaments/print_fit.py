"""How words fit the fixed boxes of the printed documents (table plan, table cards): at their
size on one line, smaller, or on two lines.

Measured with the font the PDFs use (``score_sheet_layout.text_width``), in CSS points for the
templates. Knows nothing of tournaments; the score sheet has its own geometry.
"""

from dataclasses import dataclass

from .score_sheet_layout import split_in_two, text_width

MM_PER_PT = 25.4 / 72


@dataclass(frozen=True)
class Fitted:
    size: float  # points
    lines: tuple[str, ...]


def fitted_pt(words: str, room: float, size: float, weight: str = "normal") -> float:
    """``size`` (points), or the smaller size at which ``words`` fit ``room`` mm on one line."""
    width = text_width(words, size * MM_PER_PT, weight)
    return size if width <= room else round(size * room / width - 0.05, 1)


def fit_lines(
    words: str, room: float, *, size: float, smallest: float, weight: str = "normal"
) -> Fitted:
    """``words`` in a ``room`` mm wide box: on one line at ``size`` points if they fit, else
    shrunk down to ``smallest``; past that, cut in two lines at the space or hyphen nearest the
    middle, each at ``smallest`` or less (shrunk further only if a half is still too wide)."""
    one = fitted_pt(words, room, size, weight)
    halves = split_in_two(words)
    if one >= smallest or halves is None:
        return Fitted(one, (words,))
    two = min(fitted_pt(half, room, smallest, weight) for half in halves)
    return Fitted(two, halves)
