"""Amounts in cents as the locale writes them (``common.money.format_cents``), for the prize
lists and the treasurer's sheets."""

from django import template

from common.money import format_cents

register = template.Library()


@register.filter
def cents(value) -> str:
    """12,50 € in French, 12.50 € in English."""
    return format_cents(int(value or 0))
