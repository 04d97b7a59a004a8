"""What the signed-in account may open in a tournament, for menus and links: ``{% roles
tournament as may %}`` then ``{% if may.arbitre %}``. The pages check again; this only keeps
links to pages a role cannot open out of its menus."""

from django import template

from ..models import StaffRole
from ..permissions import has_role

register = template.Library()


@register.simple_tag(takes_context=True)
def roles(context, tournament) -> dict[str, bool]:
    user = context["request"].user
    return {str(role): has_role(user, tournament, role) for role in StaffRole.RANK}
