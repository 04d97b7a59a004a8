"""QR codes as inline SVG: the modules segno computes, markup a strict content security policy
accepts (no style attribute, no script), the title escaped, sized by the page's CSS."""

import re

import segno
from django.template import Context, Template

from common.qr import qr_svg

ADDRESS = "http://192.168.1.20:8000/t/tournoi-de-lyon/seating/"


def dark_modules(markup: str) -> set[tuple[int, int]]:
    """The dark modules segno's path draws: "M x y.5 h n" moves and lines, all relative but the
    first (as segno writes them)."""
    path = re.search(r' d="([^"]+)"', markup).group(1)
    dark, x, y = set(), 0.0, 0.0
    for command, dx, dy in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path):
        if command == "M":
            x, y = float(dx), float(dy)
        elif command == "m":
            x, y = x + float(dx), y + float(dy or 0)
        else:
            dark.update((int(y), int(x) + k) for k in range(int(float(dx))))
            x += float(dx)
    return dark


def test_the_code_holds_the_address():
    markup = qr_svg(ADDRESS)
    expected = segno.make(ADDRESS, error="m", micro=False)
    matrix = expected.matrix_iter(border=4)
    assert dark_modules(markup) == {
        (row, column)
        for row, line in enumerate(matrix)
        for column, module in enumerate(line)
        if module
    }
    assert expected.error in ("M", "Q", "H")  # survives a fold or a stain


def test_the_markup_is_inline_svg_the_policy_accepts():
    markup = str(qr_svg(ADDRESS, title='Où <suis> & "je" ?'))
    assert markup.startswith('<svg role="img" viewBox=') and markup.endswith("</svg>")
    assert 'class="qr"' in markup
    assert '<title>Où &lt;suis&gt; &amp; "je" ?</title>' in markup
    assert "style" not in markup and "<script" not in markup and "xmlns" not in markup
    assert " width=" not in markup.split(">")[0]  # the page's CSS gives the size


def test_the_template_tag():
    html = Template('{% load qr %}{% qr address "Où suis-je placé ?" %}').render(
        Context({"address": ADDRESS})
    )
    assert html == str(qr_svg(ADDRESS, title="Où suis-je placé ?"))
    assert "&lt;svg" not in html  # marked safe: the markup, not its text
