"""The import of a file of players: all rows or none.

The rows are checked again here, inside the transaction, whatever the preview showed: a
registration made meanwhile by someone else must not slip through. Each registration keeps the
identity in the file; a licence the player directory knows links its record and changes it only
when asked (``update_directory``) by an account with the directory right.
"""

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .actions import Action
from .imports import check_rows, directory_differences
from .models import Club, Player, Registration, Tournament
from .permissions import can_edit_directory
from .services import (
    audit_log,
    club_get_or_create,
    lock_tournament,
    next_registration_number,
    player_update,
)


@transaction.atomic
def players_import(
    *,
    tournament: Tournament,
    user,
    rows: list[dict],
    create_clubs: bool,
    filename: str = "",
    update_directory: bool = False,
) -> list[Registration]:
    if update_directory and not can_edit_directory(user):
        raise PermissionDenied
    tournament = lock_tournament(tournament)
    checked, unknown_clubs = check_rows(
        tournament=tournament, rows=rows, create_clubs=create_clubs, directory=update_directory
    )
    bad = [i for i, row in enumerate(checked, start=1) if row.errors]
    if bad:
        raise ValidationError(
            ngettext(
                "%(count)s row has a problem; nothing was imported.",
                "%(count)s rows have problems; nothing was imported.",
                len(bad),
            ),
            code="rows_invalid",
            params={"count": len(bad)},
        )
    if not checked:
        raise ValidationError(_("There is nothing to import."), code="nothing_to_import")
    for name in unknown_clubs:
        club_get_or_create(name=name, user=user)
    clubs = {c.name.lower(): c for c in Club.objects.all()}
    licences = [r.values["licence"] for r in checked if r.values["licence"]]
    players = {p.licence: p for p in Player.objects.filter(licence__in=licences)}
    number = next_registration_number(tournament)
    registrations, updated = [], []
    for row in checked:
        v = row.values
        identity = {
            "last_name": v["last_name"],
            "first_name": v["first_name"],
            "club": clubs.get(v["club"].lower()) if v["club"] else None,
            "email": v["email"],
        }
        player = players.get(v["licence"]) if v["licence"] else None
        if player is None:
            player = Player.objects.create(licence=v["licence"] or None, **identity)
        elif update_directory and directory_differences(player, v):
            changes = {k: value for k, value in identity.items() if value}
            player_update(player=player, user=user, **changes)
            updated.append(player.licence)
        registrations.append(
            Registration(tournament=tournament, player=player, number=number, **identity)
        )
        number += 1
    Registration.objects.bulk_create(registrations)
    audit_log(
        action=Action.REGISTRATION_IMPORTED,
        user=user,
        tournament=tournament,
        data={
            "file": filename,
            "count": len(registrations),
            "clubs_created": unknown_clubs,
            "directory_updated": updated,
        },
    )
    return registrations
