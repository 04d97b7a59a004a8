"""QR codes as inline SVG markup, drawn here by segno: no network, no file, no inline style.

The markup (``<svg class="qr" viewBox=…>``) has no size of its own: the page's stylesheet sizes
it, and gives it a light background, since a reader needs dark modules on a light ground with a
quiet zone around them (the projector's page is dark). It knows nothing of what the code points
to.
"""

import io

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(data: str, *, title: str = "", css_class: str = "qr") -> SafeString:
    """``data`` (an address) as an SVG QR code; ``title`` is what a screen reader says of it.
    Error correction "M" at least: a printed copy may be folded or stained."""
    code = segno.make(data, error="m", micro=False)
    markup = code.svg_inline(
        scale=1,
        border=4,
        omitsize=True,  # a viewBox, no width or height: CSS decides the size
        svgclass=css_class,
        lineclass=None,
        title=title or None,  # segno escapes it
    )
    # Safe: segno writes the markup and escapes the only text in it (the title).
    return mark_safe(markup.replace("<svg ", '<svg role="img" ', 1))


def qr_text(data: str) -> str:
    """``data`` as a QR code drawn with block characters, for a terminal (two rows of modules
    per line; light modules are the drawn ones, as on a dark terminal)."""
    out = io.StringIO()
    segno.make(data, error="m", micro=False).terminal(out=out, compact=True, border=2)
    return out.getvalue()
