"""Template filters of the entry fees: ``{{ cents|cents }}`` writes whole cents as euros in
the page's language ("12,50 €"), ``fee_category_label`` names a category. Reads nothing."""

from django import template

from common.money import format_cents

from ..models import FeeCategory

register = template.Library()


@register.filter(name="cents")
def cents(value):
    """Whole cents as euros with the symbol; empty for no value."""
    return "" if value is None or value == "" else format_cents(int(value))


@register.filter
def fee_category_label(value):
    """A fee category's name in the page's language ("Licensed")."""
    return FeeCategory(value).label if value in FeeCategory.values else value
