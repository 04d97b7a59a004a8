"""Merging two records of the player directory that are one person: the duplicate's
registrations move to the kept record, which takes what it lacked (licence, club, email), and
the duplicate is deleted. Only with the directory right.

The duplicate's identity is kept in the directory's audit entry, and each tournament whose
registration moved gets an entry of its own (its change stamp moves: whatever is cached under
it, such as a challenge's standings, is computed again). A registration keeps the identity it
was made under: the merge changes only which record it links. Must not merge two licences
(two people) nor two records of one tournament's field (two players).
"""

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from common.errors import field_error

from .actions import Action
from .models import Player, Registration
from .permissions import can_edit_directory
from .services_common import audit_log


def player_identity(player: Player) -> dict:
    """What the audit keeps of a record: enough to tell who it was once it is gone."""
    return {
        "player": player.pk,
        "licence": player.licence,
        "last_name": player.last_name,
        "first_name": player.first_name,
        "club": player.club_id,
        "club_name": player.club.name if player.club_id else "",
        "email": player.email,
    }


def _refuse_two_people(kept: Player, duplicate: Player) -> None:
    if kept.pk == duplicate.pk:
        raise field_error(
            "duplicate", _("A player cannot be merged into themselves."), "same_player"
        )
    if kept.licence and duplicate.licence and kept.licence != duplicate.licence:
        raise field_error(
            "duplicate",
            _(
                "%(kept)s has licence %(licence)s and %(duplicate)s licence %(other)s: two "
                "licences are two people, not a duplicate."
            ),
            "two_licences",
            kept=str(kept),
            licence=kept.licence,
            duplicate=str(duplicate),
            other=duplicate.licence,
        )
    shared = (
        Registration.objects.filter(player=duplicate, tournament__registrations__player=kept)
        .select_related("tournament")
        .order_by("tournament__date")
    )
    names = [registration.tournament.name for registration in shared[:5]]
    if names:
        raise field_error(
            "duplicate",
            _(
                "Both played %(tournaments)s: two players of one tournament are two people, "
                "not a duplicate."
            ),
            "same_tournament",
            tournaments=", ".join(names),
        )


def _fill(kept: Player, duplicate: Player) -> dict:
    """Give ``kept`` what it lacks and ``duplicate`` has; the fields filled, as [old, new]."""
    filled = {}
    for name in ("licence", "club_id", "email"):
        if not getattr(kept, name) and getattr(duplicate, name):
            filled[name.removesuffix("_id")] = [getattr(kept, name), getattr(duplicate, name)]
            setattr(kept, name, getattr(duplicate, name))
    return filled


@transaction.atomic
def player_merge(*, user, kept: Player, duplicate: Player) -> Player:
    """Merge ``duplicate`` into ``kept``; returns ``kept``, as saved."""
    if not can_edit_directory(user):
        raise PermissionDenied
    # Both rows locked: a registration made meanwhile would link a record about to go.
    locked = Player.objects.select_for_update(of=("self",)).filter(pk__in=[kept.pk, duplicate.pk])
    rows = {player.pk: player for player in locked.select_related("club")}
    if kept.pk not in rows or duplicate.pk not in rows:
        raise field_error("duplicate", _("This player is no longer in the directory."), "gone")
    kept, duplicate = rows[kept.pk], rows[duplicate.pk]
    _refuse_two_people(kept, duplicate)
    moved = list(
        duplicate.registrations.select_related("tournament").order_by("tournament__date", "pk")
    )
    identity = player_identity(duplicate)
    Registration.objects.filter(player=duplicate).update(player=kept)
    duplicate.delete()  # before ``kept`` takes its licence, which is unique
    filled = _fill(kept, duplicate)
    if filled:
        kept.full_clean()
        kept.save()
    audit_log(
        action=Action.PLAYER_MERGED,
        user=user,
        data={
            "player": kept.pk,
            "duplicate": identity,
            "filled": filled,
            "registrations": [registration.pk for registration in moved],
        },
    )
    for registration in moved:
        audit_log(
            action=Action.REGISTRATION_MERGED,
            user=user,
            tournament=registration.tournament,
            data={
                "registration": registration.pk,
                "number": registration.number,
                "player": [identity["player"], kept.pk],
            },
        )
    return kept
