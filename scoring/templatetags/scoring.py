"""Small filters for the score sheet pages (labels of stored codes, the history's comparison)."""

from django import template

from tournaments.models.core import seat_name

from ..models import ContractChoice, Deal

register = template.Library()


@register.filter
def get(mapping, key):
    return mapping.get(key, ()) if mapping else ()


@register.filter
def contract_label(value):
    return ContractChoice(value).label if value in ContractChoice.values else value


@register.filter
def mode_label(value):
    return Deal.Mode(value).label if value in Deal.Mode.values else value


@register.filter
def seat_label(seat):
    return seat_name(seat) if seat is not None else ""


@register.filter
def mark_changed(seat, changed):
    return f"mark{seat}" in changed or "added" in changed
