"""The tournament's format in a template (``scoring.formats.registry``), so that a page asks it
instead of testing which format the tournament is: ``{% format_of tournament as game %}`` then
``{% if game.seats_positions %}``. For scoring's templates: those of ``tournaments`` read the
tournament's own capabilities (``tournaments.models.formats``)."""

from django import template

from scoring.formats.registry import format_of as _format_of

register = template.Library()


@register.simple_tag
def format_of(tournament):
    return _format_of(tournament)
