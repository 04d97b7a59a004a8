"""The printed travelling sheet, as plain geometry (millimetres): a grid drawn once as an
image, and each sheet's lines as monospaced text laid over it.

WeasyPrint spends a couple of milliseconds on every box of text it lays out; a hundred étuis of
a dozen lines of eight bordered cells took it a quarter of a minute. Here the grid, the column
headings, the étui box and the chien's boxes make one PNG per shape of sheet (its number of
lines, topped or not, chien known or not), embedded once in the PDF and shared by its pages,
as for the libre score sheets (``tournaments.score_sheet_layout``). Each line of the sheet is
one line of DejaVu Sans Mono whose columns are as many characters wide as the grid's: the
font's advance is 0.6021 em, so ``FONT_SIZE`` makes ``CHARACTERS`` characters fill the width
exactly and every value sits in its cell. The triplettes' sheets (``teams``) have their own
columns: each line's North-South and East-West triplettes, the attacker the attack order
expects and the one who attacked, in place of the North player. This module knows nothing of
tournaments.
"""

from dataclasses import dataclass

from scoring.engine.boards import CHIEN_SIZE
from tournaments.score_sheet_layout import Grid, fitted_size, split_in_two, text_width

WIDTH = 186.0  # A4 portrait less the page margins
CHARACTERS = 90  # monospaced characters on a line of the grid
MONO_ADVANCE = 1233 / 2048  # DejaVu Sans Mono's advance width, in em
FONT_SIZE = WIDTH / (CHARACTERS * MONO_ADVANCE)  # mm: the lines' font fills the grid exactly
CHARACTER = WIDTH / CHARACTERS

ETUI_BOX = (158.0, 0.0, WIDTH, 15.0)  # x1, y1, x2, y2: "Étui" and the étui's number
CHIEN_TOP, CHIEN_HEIGHT, CHIEN_LEFT, CHIEN_BOX, CHIEN_GAP = 18.5, 6.0, 15.0, 22.0, 1.5
GRID_TOP = 28.0
HEADINGS = 9.0  # the column headings' row
ROW = 6.5  # room to write a score by hand
MIN_ROW = 4.6  # what a row may shrink to when many tables play the étui
HALF_HEIGHT, FULL_HEIGHT = 128.0, 268.0  # what a sheet may fill: half a page, a page
HEADING_SIZE = 2.6

# Each column's width in characters: (key, characters); both sum to CHARACTERS.
BLANK_COLUMNS = (
    ("position", 10),
    ("table", 10),
    ("north", 10),
    ("plus", 30),
    ("minus", 30),
)
TOPPED_COLUMNS = (
    ("position", 8),
    ("table", 8),
    ("north", 9),
    ("plus", 11),
    ("minus", 11),
    ("attack", 13),
    ("defence", 13),
    ("remark", 17),  # "annulée, rature", the longest remark, with a space each side
)
# The quadrettes' sheet (fft-duplicate.md §4): each line names the home quadrette (the defence,
# N, E, W), the visiting one and its attacker of the séance (South); topped, the écart and the
# match points of the attacking quadrette instead of the notes.
QUADRETTE_BLANK_COLUMNS = (
    ("position", 9),
    ("table", 9),
    ("defence_team", 12),
    ("attack_team", 12),
    ("attacker", 12),
    ("plus", 18),
    ("minus", 18),
)
QUADRETTE_TOPPED_COLUMNS = (
    ("position", 6),
    ("table", 6),
    ("defence_team", 8),
    ("attack_team", 8),
    ("attacker", 8),
    ("plus", 8),
    ("minus", 8),
    ("ecart", 9),
    ("pm", 11),
    ("remark", 18),
)
# The triplettes' (fft-duplicate.md §3): the teams by number, the expected attacker printed,
# the actual one written by North (a star when out of turn on the topped sheet).
TRIPLETTE_BLANK_COLUMNS = (
    ("position", 8),
    ("table", 7),
    ("ns", 9),
    ("ew", 9),
    ("expected", 11),
    ("attacker", 12),
    ("plus", 17),
    ("minus", 17),
)
TRIPLETTE_TOPPED_COLUMNS = (
    ("position", 6),
    ("table", 6),
    ("ns", 6),
    ("ew", 6),
    ("expected", 8),
    ("attacker", 8),
    ("plus", 7),
    ("minus", 7),
    ("attack", 9),
    ("defence", 9),
    ("remark", 18),  # "rature, hors tour" with a space each side
)
COLUMNS = {
    ("", False): BLANK_COLUMNS,
    ("", True): TOPPED_COLUMNS,
    ("triplettes", False): TRIPLETTE_BLANK_COLUMNS,
    ("triplettes", True): TRIPLETTE_TOPPED_COLUMNS,
    ("quadrettes", False): QUADRETTE_BLANK_COLUMNS,
    ("quadrettes", True): QUADRETTE_TOPPED_COLUMNS,
}


@dataclass(frozen=True)
class Shape:
    """What a sheet's background depends on."""

    rows: int
    topped: bool
    chien_boxes: bool
    half: bool
    variant: str = ""  # "" for the individuel's columns, "triplettes" or "quadrettes" for theirs

    @property
    def columns(self) -> tuple:
        return COLUMNS[(self.variant, self.topped)]

    @property
    def row(self) -> float:
        return row_height(self.rows, self.half)

    @property
    def height(self) -> float:
        if not self.rows:  # no table plays the étui: a line to say so, no grid
            return GRID_TOP + ROW
        return GRID_TOP + HEADINGS + self.rows * self.row + 0.5


def max_rows(half: bool) -> int:
    """The most lines a sheet holds (half a page at full row height; a page at the least)."""
    if half:
        return int((HALF_HEIGHT - GRID_TOP - HEADINGS - 0.5) // ROW)
    return int((FULL_HEIGHT - GRID_TOP - HEADINGS - 0.5) // MIN_ROW)


def row_height(rows: int, half: bool) -> float:
    room = (HALF_HEIGHT if half else FULL_HEIGHT) - GRID_TOP - HEADINGS - 0.5
    return round(min(ROW, room / max(rows, 1)), 2)


def background(shape: Shape, labels: dict) -> Grid:
    """The lines and the words that are the same on every sheet of ``shape``: the étui box and
    its label, the chien's label (and its empty boxes), the grid and its headings. ``labels``
    holds the words by column key, and "etui" and "chien"."""
    grid = Grid(height=shape.height)
    line, text = grid.lines.append, grid.texts.append
    x1, y1, x2, y2 = ETUI_BOX
    _frame(grid, x1, y1, x2, y2)
    text(((x1 + x2) / 2, y1 + 4.0, labels["etui"], 3.0, "normal", "middle"))
    text((0.0, CHIEN_TOP + CHIEN_HEIGHT - 2.1, labels["chien"], 3.2, "normal", "start"))
    if shape.chien_boxes:
        for k in range(CHIEN_SIZE):
            left = CHIEN_LEFT + k * (CHIEN_BOX + CHIEN_GAP)
            _frame(grid, left, CHIEN_TOP, left + CHIEN_BOX, CHIEN_TOP + CHIEN_HEIGHT)
    if not shape.rows:
        return grid
    row = shape.row
    bottom = GRID_TOP + HEADINGS + shape.rows * row
    for k in range(shape.rows + 2):
        y = GRID_TOP if k == 0 else GRID_TOP + HEADINGS + (k - 1) * row
        line((0.0, y, WIDTH, y))
    left = 0.0
    for key, characters in shape.columns:
        right = left + characters * CHARACTER
        line((left, GRID_TOP, left, bottom))
        for y, words, size in _heading(labels[key], right - left - 1.0):
            text(((left + right) / 2, y, words, size, "bold", "middle"))
        left = right
    line((WIDTH, GRID_TOP, WIDTH, bottom))
    return grid


def _frame(grid: Grid, x1: float, y1: float, x2: float, y2: float) -> None:
    """The four rules of a box."""
    grid.lines += [(x1, y1, x2, y1), (x1, y2, x2, y2), (x1, y1, x1, y2), (x2, y1, x2, y2)]


def _heading(words: str, room: float) -> list[tuple[float, str, float]]:
    """(baseline, words, size) of a column heading: on one line or two, shrunk to fit."""
    middle = GRID_TOP + HEADINGS / 2
    halves = split_in_two(words)
    if text_width(words, HEADING_SIZE, "bold") <= room or halves is None:
        return [(middle + 1.0, words, fitted_size(words, room, HEADING_SIZE, "bold"))]
    size = min(fitted_size(half, room, HEADING_SIZE, "bold") for half in halves)
    return [(middle - 0.6, halves[0], size), (middle + 0.6 + size, halves[1], size)]


# Numbers are right-aligned in a field this wide, centred in their column: units under units.
ALIGNED = {
    "north": 3, "plus": 3, "minus": 3, "attack": 6, "defence": 6, "defence_team": 3,
    "attack_team": 3, "attacker": 4, "ecart": 5, "pm": 7, "ns": 3, "ew": 3, "expected": 3,
}  # fmt: skip


def line_text(values: dict, columns: tuple) -> str:
    """One line of the sheet: each value centred in its column's characters (cut if longer)."""
    cells = []
    for key, width in columns:
        value = str(values.get(key, ""))
        if key in ALIGNED and value:
            value = value.rjust(ALIGNED[key])
        cells.append(value[:width].center(width))
    return "".join(cells)
