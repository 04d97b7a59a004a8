"""Filters of the table's phone page (``templates/table/``): a value or an error list by a name
built in the template (``d3-poignee2``), empty when there is none."""

from django import template
from django.utils.translation import gettext_lazy as _

from scoring.models import CampChoice, ContractChoice, Deal, PoigneeChoice

register = template.Library()


@register.filter
def value(mapping, key):
    if not mapping:
        return ""
    found = mapping.get(str(key), "")
    return "" if found is None else found


@register.filter
def named(prefix, suffix):
    """``prefix`` and ``suffix`` joined as a field's name (``"poignee"|named:2``)."""
    return f"{prefix}{suffix}"


@register.simple_tag
def deal_choices():
    """The choices of a libre deal's form, labelled as the staff's grid labels them."""
    return {
        "modes": [(Deal.Mode.FACTS, _("Facts")), (Deal.Mode.MARKS, _("Marks"))],
        "not_played": Deal.Mode.choices[2:4],
        "contracts": ContractChoice.choices,
        "camps": CampChoice.choices,
        "poignees": PoigneeChoice.choices,
        "bouts": ("0", "1", "2", "3"),
    }


@register.filter
def unprefixed(values, prefix):
    """What was typed in the fields named ``prefix``…, by the rest of their names."""
    if not values:
        return {}
    return {key.removeprefix(prefix): values.get(key) for key in values if key.startswith(prefix)}
