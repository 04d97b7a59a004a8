"""Filters for the printed documents (WeasyPrint templates under ``templates/print/``)."""

from django import template
from django.utils.safestring import mark_safe

register = template.Library()


@register.filter
def css_string(value) -> str:
    """``value`` as the inside of a CSS string in a <style> element ("…"): CSS escapes, not
    HTML entities (a style element shows entities as typed) and nothing that could end it."""
    out = []
    for char in str(value):
        if char in '"\\<>&' or ord(char) < 32 or ord(char) == 127:
            out.append(f"\\{ord(char):x} ")
        else:
            out.append(char)
    return mark_safe("".join(out))
