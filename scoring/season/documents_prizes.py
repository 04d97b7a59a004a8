"""The printed prize list of a tournament or of a challenge, and a challenge's treasurer sheet
(A4, WeasyPrint, from ``templates/print/``): ``(filename, content_type, bytes)``, which
``common.views.download`` serves. Must not write the database."""

from common.rendering import PDF, render_pdf
from scoring.models import Challenge
from scoring.season.prizes import challenge_prizes, tournament_prizes
from scoring.season.treasurer import treasurer_sheet
from tournaments.models import Tournament


def prizes_pdf(*, tournament: Tournament | None = None, challenge: Challenge | None = None):
    """One line per prize, the total, the rounding stated, a line per amount left unpaid."""
    if tournament is not None:
        prizes, subject = tournament_prizes(tournament=tournament), tournament
    else:
        prizes, subject = challenge_prizes(challenge=challenge), challenge
    context = {"tournament": tournament, "challenge": challenge, "subject": subject}
    context["prizes"] = prizes
    pdf = render_pdf("print/prizes.html", context)
    return f"{subject.slug}-prizes.pdf", PDF, pdf


def treasurer_pdf(*, challenge: Challenge):
    """The challenge's treasurer sheet on A4, as its page shows it."""
    context = {"challenge": challenge, "subject": challenge}
    context["sheet"] = treasurer_sheet(challenge=challenge)
    pdf = render_pdf("print/challenge_treasurer.html", context)
    return f"{challenge.slug}-treasurer.pdf", PDF, pdf
