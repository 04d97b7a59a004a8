"""The printed score sheet's grid, as plain geometry (millimetres), drawn as images.

WeasyPrint lays an HTML table of a hundred bordered cells out slowly, and draws every SVG word
again on every page (a millisecond or two each). Here the grid and every word that is the same
on all sheets of a table size (headings, seats, deal numbers, + and −, visa boxes) make one
300 dpi PNG, embedded once in the PDF and shared by its pages; only the players' names and
numbers are drawn per sheet, as SVG text. This module computes where lines and words go and
draws them; it knows nothing of tournaments.
"""

import io
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from xml.sax.saxutils import escape

from PIL import Image, ImageDraw, ImageFont

DPI = 300
FONT_FILES = {  # Debian's fonts-dejavu-core, which WeasyPrint's own Pango setup relies on
    "normal": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "bold": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
}

WIDTH = 273.0  # A4 landscape less the page margins
FIXED = (("deal", 14.0), ("dealer", 21.0), ("contract", 28.0), ("taker", 23.0))
HEAD = 17.0  # the players' names
SIGNS = 6.0  # the + and − row
ROW = 10.0  # room to write by hand; less when many deals must fit the page
GRID_ROOM = 135.0  # what the page leaves for the grid under the title and above the visas
VISA_GAP, VISA_HEIGHT = 5.0, 18.0
TOP = 21.0  # the title lines above the grid, and two lines of notes (bid bans)
NOTE_LINES = (16.4, 19.7)  # baselines of the notes
NOTE_SIZE = 2.8
NOTE_CHARACTERS = 170  # about what a line of notes holds at that size
# A table entering at the table: its QR code (a reader needs 25 mm or more on paper) and short
# code at the bottom right, beside narrower visa boxes, taller than them: the grid gives way.
CODE_WIDTH, CODE_SIDE = 100.0, 27.0
PADDING = 1.0  # mm between a player's name and the column's rules
NAME_BAND = (5.95, 11.8)  # what a name on two lines may fill, between the seat and the number
# Font size (mm) and weight of each kind of text.
STYLES = {
    "head": (3.5, "bold"),
    "seat": (3.5, "bold"),
    "name": (3.3, "normal"),
    "small": (2.8, "normal"),
    "sign": (3.8, "normal"),
    "deal": (3.5, "normal"),
    "total": (3.5, "bold"),
}


@dataclass
class Grid:
    height: float
    lines: list = field(default_factory=list)  # (x1, y1, x2, y2)
    texts: list = field(default_factory=list)  # (x, y, text, font size, weight, anchor)
    names: list = field(default_factory=list)  # the same, for what differs between sheets
    code_at: tuple[float, float] | None = None  # top left of the QR code's square, if any

    def static_key(self) -> tuple:
        return (self.height, tuple(self.lines), tuple(self.texts))


def score_sheet_grid(
    *,
    players: list[dict],
    deals: int,
    labels: dict,
    title: str,
    subtitle: str,
    table: str,
    notes: list[str] = (),
    code: tuple[str, str] | None = None,
) -> Grid:
    """A whole sheet under the page's title: ``players`` per seat {"seat", "name", "number"},
    ``labels`` the headings; ``title`` and ``subtitle`` are the same on every sheet of the
    position, ``table`` ("Table 3") and ``notes`` (what the table must know before it plays,
    in bold under the title) differ. ``code``: the table's (short code, address to type it at),
    printed beside its QR code, whose square the caller draws at ``code_at``."""
    grid = _grid(players=players, deals=deals, labels=labels, code=code is not None)
    if code is not None:
        _code_texts(grid, *code, labels)
    # Everything moves down under the title lines.
    grid.lines = [(x1, y1 + TOP, x2, y2 + TOP) for x1, y1, x2, y2 in grid.lines]
    grid.texts = [(x, y + TOP, *rest) for x, y, *rest in grid.texts]
    grid.names = [(x, y + TOP, *rest) for x, y, *rest in grid.names]
    if grid.code_at is not None:
        grid.code_at = (grid.code_at[0], grid.code_at[1] + TOP)
    grid.height += TOP
    # The title and the subtitle shrink, if they must, to leave room for "Table 12".
    room = WIDTH - text_width(table, 7.8, "bold") - 6.0
    grid.texts += [
        (0.0, 6.0, title, fitted_size(title, room, 5.6, "bold"), "bold", "start"),
        (0.0, 12.0, subtitle, fitted_size(subtitle, room, 3.5, "normal"), "normal", "start"),
    ]
    grid.names.append((WIDTH, 9.0, table, 7.8, "bold", "end"))
    for y, words in zip(NOTE_LINES, _note_lines(notes), strict=False):
        grid.names.append((0.0, y, words, NOTE_SIZE, "bold", "start"))
    return grid


def _code_texts(grid: Grid, code: str, address: str, labels: dict) -> None:
    """Beside the QR code, right-aligned: what it is for, the short code in big type, and the
    short address to type it at."""
    x, top = grid.code_at
    right, room = x - 3.0, CODE_WIDTH - CODE_SIDE - 6.0
    small = fitted_size(labels["scan"], room, 2.8, "normal")
    grid.texts.append((right, top + 4.0, labels["scan"], small, "normal", "end"))
    grid.names.append(
        (right, top + 13.5, code, fitted_size(code, room, 8.0, "bold"), "bold", "end")
    )
    typed = fitted_size(labels["type"], room, 2.8, "normal")
    grid.texts.append((right, top + 19.5, labels["type"], typed, "normal", "end"))
    size = fitted_size(address, room, 2.8, "bold")
    grid.names.append((right, top + 24.0, address, size, "bold", "end"))


def text_width(words: str, size: float, weight: str) -> float:
    """How wide ``words`` print at ``size`` (mm), in mm: measured with the font the PDF uses."""
    return _font(weight, 100).getlength(words) * size / 100


def fitted_size(words: str, room: float, size: float, weight: str) -> float:
    """``size``, or the size at which ``words`` fit ``room`` mm."""
    width = text_width(words, size, weight)
    return size if width <= room else round(size * room / width, 2)


def fit_name(words: str, room: float, y: float, band: tuple[float, float] | None = None):
    """(baseline, words, size) of a name in a ``room`` mm wide cell, on baseline ``y``: as it
    is if it fits, else, given the ``band`` (top, bottom) it may fill, on two lines split at
    the space or hyphen nearest the middle; shrunk if a line is still too wide.
    "DE LA ROCHEFOUCAULD-LIANCOURT Marie-Charlotte" fits a table of 5's column."""
    size, weight = STYLES["name"]
    halves = split_in_two(words)
    if text_width(words, size, weight) <= room or band is None or halves is None:
        return [(y, words, fitted_size(words, room, size, weight))]
    first, second = halves
    top, bottom = band
    # Two lines of the font's height (ascent 0.93 em, descent 0.24 em) fill the band.
    small = min(size * 0.8, (bottom - top) / 2.4)
    small = round(min(fitted_size(line, room, small, weight) for line in (first, second)), 2)
    first_y = top + 0.95 * small
    return [(first_y, first, small), (first_y + 1.2 * small, second, small)]


def split_in_two(words: str) -> tuple[str, str] | None:
    """``words`` cut at the space or hyphen nearest their middle (the hyphen stays on the first
    line), or None when there is nowhere to cut."""
    cuts = [i for i, char in enumerate(words) if char in " -" and 0 < i < len(words) - 1]
    if not cuts:
        return None
    cut = min(cuts, key=lambda i: abs(len(words) / 2 - i))
    first = words[: cut + 1] if words[cut] == "-" else words[:cut]
    return first.strip(), words[cut + 1 :].strip()


def _note_lines(notes: list[str]) -> list[str]:
    """The notes joined into as few lines as fit; what does not fit the last line is cut."""
    lines: list[str] = []
    for note in notes:
        if lines and len(lines[-1]) + 3 + len(note) <= NOTE_CHARACTERS:
            lines[-1] += " · " + note
        else:
            lines.append(note)
    lines = lines[: len(NOTE_LINES)]
    return [
        line if len(line) <= NOTE_CHARACTERS else line[: NOTE_CHARACTERS - 1] + "…"
        for line in lines
    ]


def _grid(*, players: list[dict], deals: int, labels: dict, code: bool = False) -> Grid:
    fixed = sum(width for _, width in FIXED)
    half = (WIDTH - fixed) / len(players) / 2
    under = CODE_SIDE if code else VISA_HEIGHT  # what goes under the grid
    row = min(ROW, (GRID_ROOM - (under - VISA_HEIGHT) - HEAD - SIGNS) / (deals + 2))
    top_rows = HEAD + SIGNS
    totals_y = top_rows + deals * row
    height = totals_y + 2 * row
    grid = Grid(height=height + VISA_GAP + under + 0.5)
    if code:
        grid.code_at = (WIDTH - CODE_SIDE, height + VISA_GAP)
    line = grid.lines.append

    def text(item):
        x, y, words, kind = item
        target = grid.names if kind in ("name", "small") else grid.texts
        target.append((x, y, words, *STYLES[kind], "middle"))

    # Outer frame and the row rules.
    for y in (0.0, height):
        line((0.0, y, WIDTH, y))
    line((fixed, HEAD, WIDTH, HEAD))
    for k in range(deals + 2):
        y = top_rows + k * row
        line((0.0, y, WIDTH, y))
    # Column rules: the first three columns merge in the totals and bilan rows.
    x = 0.0
    for name, width in FIXED:
        line((x, 0.0, x, totals_y if x else height))
        text((x + width / 2, top_rows / 2 + 1.5, labels[name], "head"))
        x += width
    line((fixed, 0.0, fixed, height))
    line((WIDTH, 0.0, WIDTH, height))
    for i, player in enumerate(players):
        left = fixed + 2 * i * half
        middle = left + half
        line((left, 0.0, left, height))
        line((middle, HEAD, middle, totals_y + row))  # + and − share the bilan cell
        centre = left + half
        room = 2 * half - 2 * PADDING
        text((centre, 5.0, player["seat"], "seat"))
        for y, words, size in fit_name(player["name"], room, 10.0, band=NAME_BAND):
            grid.names.append((centre, y, words, size, STYLES["name"][1], "middle"))
        size, weight = STYLES["small"]
        number = player["number"]
        grid.names.append(
            (centre, 14.5, number, fitted_size(number, room, size, weight), weight, "middle")
        )
        text((left + half / 2, HEAD + SIGNS - 1.6, "+", "sign"))
        text((middle + half / 2, HEAD + SIGNS - 1.6, "−", "sign"))
    for k in range(deals):
        text((FIXED[0][1] / 2, top_rows + (k + 1) * row - row / 2 + 1.2, str(k + 1), "deal"))
    # Under the grid, beside the table's code, if any.
    _visas(grid, players, labels["visa"], height + VISA_GAP, WIDTH - (CODE_WIDTH if code else 0))
    text((fixed / 2, totals_y + row / 2 + 1.2, labels["totals"], "total"))
    text((fixed / 2, totals_y + 1.5 * row + 1.2, labels["bilan"], "total"))
    return grid


def _visas(grid: Grid, players: list[dict], visa: str, top: float, room: float) -> None:
    """One visa box per player, side by side in ``room`` mm."""
    box, bottom = room / len(players), top + VISA_HEIGHT
    for i, player in enumerate(players):
        left, right = i * box + 1.5, (i + 1) * box - 1.5
        grid.lines += [
            (left, top, right, top),
            (left, bottom, right, bottom),
            (left, top, left, bottom),
            (right, top, right, bottom),
        ]
        grid.texts.append((left + 2, top + 3.5, f"{visa} {player['seat']}", 2.8, "normal", "start"))


def svg(width: float, height: float, lines=(), texts=()) -> str:
    """An SVG document of ``lines`` and ``texts`` in a ``width`` × ``height`` mm box."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.2f}mm" height="{height:.2f}mm" '
        f'viewBox="0 0 {width:.2f} {height:.2f}" font-family="DejaVu Sans">'
    ]
    parts += [
        f'<line x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}" stroke="#000" '
        'stroke-width="0.25"/>'
        for x1, y1, x2, y2 in lines
    ]
    parts += [
        f'<text x="{x:.2f}" y="{y:.2f}" text-anchor="{anchor}" font-size="{size}" '
        f'font-weight="{weight}">{escape(words)}</text>'
        for x, y, words, size, weight, anchor in texts
    ]
    parts.append("</svg>")
    return "".join(parts)


PIL_ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}  # on the baseline, as in SVG


@cache
def _font(weight: str, pixels: int):
    path = Path(FONT_FILES.get(weight, FONT_FILES["normal"]))
    if path.exists():
        return ImageFont.truetype(str(path), pixels)
    return ImageFont.load_default(size=pixels)  # Pillow's own scalable font


def png(width: float, height: float, lines=(), texts=()) -> bytes:
    """The same drawing as ``svg``, as a greyscale PNG at ``DPI``."""
    scale = DPI / 25.4
    image = Image.new("L", (round(width * scale) + 1, round(height * scale) + 1), 255)
    draw = ImageDraw.Draw(image)
    stroke = max(1, round(0.25 * scale))
    for x1, y1, x2, y2 in lines:
        draw.line([(x1 * scale, y1 * scale), (x2 * scale, y2 * scale)], fill=0, width=stroke)
    for x, y, words, size, weight, anchor in texts:
        font = _font(weight, round(size * scale))  # the em, in pixels, as SVG's font-size
        draw.text((x * scale, y * scale), words, fill=0, font=font, anchor=PIL_ANCHORS[anchor])
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
