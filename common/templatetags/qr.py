"""``{% qr address %}``: a QR code of ``address`` as inline SVG (see ``common.qr``)."""

from django import template

from common.qr import qr_svg

register = template.Library()


@register.simple_tag
def qr(address, title="", css_class="qr"):
    return qr_svg(str(address), title=str(title), css_class=css_class)
