"""Where the printed documents put their words, for the layout tests: the boxes WeasyPrint laid
out, and the QR codes the PDF draws, read back from the file with pypdf.

``captured`` records the documents WeasyPrint lays out while a document function runs; then
``boxes`` lists, page by page, the box of each run of text and each image (the QR code's SVG),
in millimetres from the page's top left corner, with the boxes of the elements around it that a
test names by class ("table-card", "face"), so that it can check a word stays in its card. A
rotated box (the upturned half of a table card) is given as laid out, before its rotation.

A QR code is WeasyPrint's drawing of segno's SVG path (``common.qr``): one horizontal line per
run of dark modules, in module units, which gives the modules back exactly.
"""

import io
import itertools
from contextlib import contextmanager
from dataclasses import dataclass, field

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 25.4 / 96  # millimetres per CSS pixel, WeasyPrint's unit
PT = 25.4 / 72  # millimetres per PDF point
CONTAINERS = ("table-card", "face", "tent", "qr-band", "code-cell")


@dataclass(frozen=True)
class Box:
    what: str
    left: float
    top: float
    right: float
    bottom: float
    around: dict = field(default_factory=dict, compare=False)  # class -> (l, t, r, b) in mm

    def overlaps(self, other: "Box", slack: float = 0.01) -> bool:
        return (
            self.left + slack < other.right
            and other.left + slack < self.right
            and self.top + slack < other.bottom
            and other.top + slack < self.bottom
        )

    def inside(self, left: float, top: float, right: float, bottom: float) -> bool:
        slack = 0.01
        return (
            left - slack <= self.left
            and self.right <= right + slack
            and top - slack <= self.top
            and self.bottom <= bottom + slack
        )


@contextmanager
def captured():
    """The WeasyPrint documents laid out inside the ``with`` block (a list, filled as they
    are)."""
    from weasyprint import HTML

    documents = []
    render = HTML.render

    def recording(self, *args, **kwargs):
        document = render(self, *args, **kwargs)
        documents.append(document)
        return document

    HTML.render = recording
    try:
        yield documents
    finally:
        HTML.render = render


def _rect(box) -> tuple[float, float, float, float]:
    left, top = box.border_box_x(), box.border_box_y()
    return (
        left * MM,
        top * MM,
        (left + box.border_width()) * MM,
        (top + box.border_height()) * MM,
    )


def boxes(page) -> list[Box]:
    """Every run of text and every image on ``page`` (a WeasyPrint ``Page``)."""
    from weasyprint.formatting_structure import boxes as kinds

    found = []

    def walk(box, around):
        element = getattr(box, "element", None)
        classes = (element.get("class") or "").split() if element is not None else []
        mine = [c for c in classes if c in CONTAINERS]
        if mine and not isinstance(box, kinds.TextBox | kinds.LineBox | kinds.InlineBox):
            around = {**around, **{c: _rect(box) for c in mine}}
        if isinstance(box, kinds.TextBox) and box.text.strip():
            found.append(Box(box.text.strip(), *_rect(box), around=around))
        elif isinstance(box, kinds.ReplacedBox):
            found.append(Box(f"<{box.element_tag}>", *_rect(box), around=around))
        for child in getattr(box, "children", None) or ():
            walk(child, around)

    walk(page._page_box, {})
    return found


def overlapping(found: list[Box]) -> list[tuple[str, str]]:
    return [(a.what, b.what) for a, b in itertools.combinations(found, 2) if a.overlaps(b)]


def outside(found: list[Box], container: str, margin: float = 0) -> list[str]:
    """The boxes inside an element of class ``container`` that cross its edges, or come
    nearer to them than ``margin`` mm."""
    crossing = []
    for b in found:
        if container in b.around:
            left, top, right, bottom = b.around[container]
            if not b.inside(left + margin, top + margin, right - margin, bottom - margin):
                crossing.append(b.what)
    return crossing


def page_size(page) -> tuple[float, float]:
    return page.width * MM, page.height * MM


def pdf_pages(pdf: bytes):
    return PdfReader(io.BytesIO(pdf)).pages


@dataclass(frozen=True)
class DrawnCode:
    dark: frozenset  # (row, column) of each dark module, the quiet zone included
    width: float  # mm, the quiet zone included


def qr_codes(page) -> list[DrawnCode]:
    """The QR codes drawn on ``page``: each stroked path of horizontal lines at half-module
    heights, as segno draws them (``m x y+0.5 l x2 y+0.5``: modules x to x2-1 of row y)."""
    operations = ContentStream(page.get_contents(), page.pdf).operations
    codes, ctm, stack, path, start = [], (1, 0, 0, 1, 0, 0), [], [], None
    for operands, operator in operations:
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            ca, cb, cc, cd, ce, cf = ctm
            ctm = (
                a * ca + b * cc,
                a * cb + b * cd,
                c * ca + d * cc,
                c * cb + d * cd,
                e * ca + f * cc + ce,
                e * cb + f * cd + cf,
            )
        elif operator == b"m":
            start = tuple(float(v) for v in operands)
        elif operator == b"l" and start is not None:
            end = tuple(float(v) for v in operands)
            path.append((start, end))
            start = end
        elif operator in (b"S", b"B", b"f", b"f*", b"n", b"B*"):
            dark = _modules(path)
            if dark:
                size = max(column for _, column in dark) + 1 + 4  # and the right quiet zone
                codes.append(DrawnCode(frozenset(dark), size * abs(ctm[0]) * PT))
            path, start = [], None
    return codes


def _modules(path) -> set | None:
    dark = set()
    for (x1, y1), (x2, y2) in path:
        if y1 != y2 or y1 % 1 != 0.5 or x1 % 1 or x2 % 1 or x2 <= x1:
            return None  # not a QR code's line: a border, a rule
        dark.update((int(y1), column) for column in range(int(x1), int(x2)))
    return dark if len(dark) > 50 else None


def encodes(code: DrawnCode, address: str) -> bool:
    """True when ``code`` holds exactly the modules segno makes of ``address``."""
    import segno

    expected = segno.make(address, error="m", micro=False)
    dark = {
        (row, column)
        for row, line in enumerate(expected.matrix_iter(border=4))
        for column, module in enumerate(line)
        if module
    }
    return code.dark == dark
