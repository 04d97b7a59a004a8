"""The ledger's penalties as rows for a file (a header row then one row per penalty): the
results menu of every format whose penalties are the ledger's (donnes libres and the duplicate
forms; a team match's are its matches' own). Must not write.
"""

from collections.abc import Iterator

from django.db.models import Q
from django.utils.translation import gettext as _

from common.rendering import local_naive
from scoring.models import Penalty
from tournaments.models import Tournament


def _yes(flag: bool) -> str:
    return _("yes") if flag else ""


def penalty_rows(*, tournament: Tournament, up_to: int | None = None) -> Iterator[list]:
    """Every penalty of the positions counted (and those of no position), cancelled ones
    included and said so: one query."""
    up_to = up_to or tournament.positions
    yield [
        _("Position"), _("No."), _("Player"), _("Points"), _("Reason"), _("Decided by"),
        _("By"), _("At"), _("Counted"), _("Cancelled at"), _("Why it was cancelled"),
    ]  # fmt: skip
    penalties = (
        Penalty.objects.filter(tournament=tournament)
        .filter(Q(position__lte=up_to) | Q(position__isnull=True))
        .select_related("registration__player", "created_by")
        .order_by("position", "created_at", "id")
    )
    for penalty in penalties:
        yield [
            penalty.position, penalty.registration.number, penalty.registration.name,
            penalty.points, penalty.reason, penalty.reference,
            str(penalty.created_by or ""), local_naive(penalty.created_at), _yes(penalty.is_active),
            local_naive(penalty.cancelled_at), penalty.cancel_reason,
        ]  # fmt: skip
