"""The tournament's format in a template (``scoring.formats.registry``), so that a page asks it
instead of testing which format the tournament is: ``{% format_of tournament as game %}`` then
``{% if game.seats_positions %}``; ``{% staff_home tournament as home %}`` for the staff menu's
link to where the tournament is played. Templates of ``tournaments`` load it by name: no import
goes down from tournaments to scoring."""

from django import template

from scoring.formats.registry import format_of as _format_of

register = template.Library()


@register.simple_tag
def format_of(tournament):
    return _format_of(tournament)


@register.simple_tag
def staff_home(tournament) -> dict:
    return _format_of(tournament).staff_home(tournament)
