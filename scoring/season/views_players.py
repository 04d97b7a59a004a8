"""A directory player's public page: their public tournaments (place, figure) and the public
challenges they appear in. Open to anyone; a player with nothing public is not found. Shows
no licence number and no email. Must not write.
"""

from decimal import Decimal
from fractions import Fraction

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.exports_ranking import figure_text
from scoring.official_ranking import Kind
from scoring.season.history import player_history
from scoring.season.history_challenges import player_challenges
from scoring.shown import decimal_text
from tournaments.models import Player

KIND_LABELS = {
    Kind.POINTS: _("points"),
    Kind.PERCENT: "%",
    Kind.PM: pgettext_lazy("match points", "PM"),
}


def total_text(total: Fraction) -> str:
    """A challenge's total: whole, or with 2 decimals (a coefficient or a percentage)."""
    if total.denominator == 1:
        return str(total.numerator)
    return number_format(Decimal(decimal_text(total, 2)), 2)


def place_text(place: int | None, tied: bool) -> str:
    """ "3", or "3=" for a shared place; "" unplaced."""
    if place is None:
        return ""
    return f"{place}=" if tied else str(place)


def history(request, pk):
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    rows = player_history(player=player)
    if not rows:
        raise Http404  # nothing public about them
    lines = [
        {
            "row": row,
            "place": place_text(row.place, row.tied),
            "figure": figure_text(row) if row.figure is not None else "",
            "kind": KIND_LABELS[row.kind],
            "game": row.tournament.get_format_display(),
        }
        for row in rows
    ]
    challenges = [
        {
            "entry": entry,
            "place": place_text(entry.row.place, entry.row.tied),
            "total": total_text(entry.row.total),
        }
        for entry in player_challenges(
            player_id=player.pk, tournament_ids=[row.tournament.pk for row in rows]
        )
    ]
    context = {"player": player, "lines": lines, "challenges": challenges}
    return render(request, "season/player_history.html", context)
