"""A tournament's results declared final by an arbitre, whatever its format: once every unit it
is played in (positions, séances, match quarters: ``TournamentFormat.play_units``) is closed,
and at least one was played. From then on a challenge counts the tournament, and the read API
and the players' histories show its ranking (``TournamentFormat.results_final``). Reopening a
unit (``scoring.closable.reopen``) withdraws the declaration; an arbitre may withdraw it too,
with a reason. Each step checks the arbitre's role, is atomic and writes its audit entry.

The rulebook has the arbitre sign the ranking; it says nothing of challenges across
tournaments: counting a tournament only once its arbitre has declared it final is our choice.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.text import clean_text, has_visible_text, trim_invisible
from scoring.actions import Action
from scoring.closable import results_withdrawn
from scoring.formats.registry import format_of
from tournaments.models import Tournament
from tournaments.permissions import Role, require_role
from tournaments.services import audit_log
from tournaments.services_common import hold_tournament


def open_units(tournament: Tournament) -> tuple[int, int]:
    """(units played, units still open) of the tournament: one query."""
    units = format_of(tournament).play_units(tournament)
    closed = units.filter(closed_at__isnull=False).count()
    total = units.count()
    return total, total - closed


def final_refusal(tournament: Tournament) -> str:
    """Why the results cannot be declared final now, in words, or ""."""
    total, still_open = open_units(tournament)
    if not total:
        return _("Nothing has been played yet.")
    if still_open:
        return ngettext(
            "%(n)s of %(total)s units of play is still open: close it first.",
            "%(n)s of %(total)s units of play are still open: close them first.",
            still_open,
        ) % {"n": still_open, "total": total}
    return ""


@transaction.atomic
def results_declare_final(*, tournament: Tournament, user) -> Tournament:
    require_role(user, tournament, Role.ARBITRE)
    tournament = hold_tournament(tournament)
    if tournament.results_final_at is not None:
        return tournament
    refusal = final_refusal(tournament)
    if refusal:
        raise ValidationError(refusal, code="results_not_closed")
    tournament.results_final_at = timezone.now()
    tournament.save(update_fields=["results_final_at"])
    audit_log(action=Action.RESULTS_FINAL, user=user, tournament=tournament, data={})
    return tournament


@transaction.atomic
def results_withdraw_final(*, tournament: Tournament, user, reason: str) -> Tournament:
    require_role(user, tournament, Role.ARBITRE)
    reason = trim_invisible(clean_text(reason or "", 300))
    if not has_visible_text(reason):
        raise ValidationError(
            {"reason": _("Say why the results are no longer final.")}, code="reason_missing"
        )
    tournament = hold_tournament(tournament)
    if tournament.results_final_at is None:
        return tournament
    results_withdrawn(tournament, user, {"reason": reason})
    return tournament
