"""What a duplicate form adds to the official ranking's results menu
(``scoring.exports_ranking``): how far its ranking counts (travelling sheets confirmed) and the
workbook's sheet of every line of every travelling sheet (fft-duplicate.md §6). Reads only."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.formats.duplicate.exports import lines_rows
from scoring.models.duplicate import Board, TravellingSheet


def sheets_progress(tournament) -> str:
    """The travelling sheets confirmed of all the étuis: two queries."""
    m = Board.objects.filter(session__tournament=tournament).count()
    n = TravellingSheet.objects.filter(
        board__session__tournament=tournament, status=TravellingSheet.Status.CONFIRMED
    ).count()
    return ngettext(
        "%(n)s of %(m)s travelling sheet confirmed", "%(n)s of %(m)s travelling sheets confirmed", m
    ) % {"n": n, "m": m}


def lines_sheet(tournament, official: bool) -> tuple[str, object]:
    return _("Travelling sheets"), lines_rows(tournament, official=official)
