"""A challenge's documents: its standings as an A4 PDF (the page's columns, the rule, the ties in
words, page numbers, the table's head on every page) and as a workbook (the standings with
numbers as numbers, then each player's results by tournament). Each returns ``(filename,
content_type, bytes)`` for ``common.views.download``. Must not write.
"""

from django.utils.translation import gettext as _

from common.rendering import PDF, XLSX, render_pdf, xlsx_bytes
from scoring.models import Challenge
from scoring.season.shown import results_rows, shown_standings, standings_rows
from scoring.season.standings import challenge_standings


def standings_pdf(*, challenge: Challenge) -> tuple[str, str, bytes]:
    standings = challenge_standings(challenge=challenge)
    pdf = render_pdf("print/challenge_standings.html", {"shown": shown_standings(standings)})
    return f"{challenge.slug}-standings.pdf", PDF, pdf


def standings_workbook(*, challenge: Challenge) -> tuple[str, str, bytes]:
    standings = challenge_standings(challenge=challenge)
    sheets = [(_("Standings"), standings_rows(standings)), (_("Results"), results_rows(standings))]
    return f"{challenge.slug}-standings.xlsx", XLSX, xlsx_bytes(sheets)
