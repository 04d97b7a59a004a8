"""Small filters for the score sheet pages (labels of stored codes, the history's comparison)."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from scoring.models import ContractChoice, Deal
from tournaments.models.core import seat_name

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


@register.simple_tag
def field_attrs(name, errors=(), line="", line_errors=()):
    """A sheet field's id, the message that describes it (and its line's, for a mark: the sum
    of the line), and aria-invalid while one of them says something (the live preview keeps it
    in step: static/js/sheet.js)."""
    invalid = mark_safe(' aria-invalid="true"') if errors or line_errors else ""
    described = f"err-{name}" + (f" err-{line}" if line else "")
    return format_html('id="{}" aria-describedby="{}"{}', name, described, invalid)


@register.simple_tag
def results_final_state(tournament) -> dict:
    """Whether the tournament's results are final and, when not, what stops declaring them
    so (``scoring.results_final``): for the results menu's card."""
    from scoring.results_final import final_refusal

    final = tournament.results_final_at is not None
    return {"final": final, "refusal": "" if final else final_refusal(tournament)}
