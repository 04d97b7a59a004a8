"""Writes for players: the clubs, the shared player directory and each tournament's
registrations (register, edit, exclude, check in one or all, delete).

A registration keeps the identity it was made under; the directory's records change only
through ``player_update``, with the directory right. Each service runs in one transaction with
its audit entry (``services_common``).
"""

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from common.errors import field_error
from common.text import clean_text

from .actions import Action
from .models import Club, Player, Registration, Tournament
from .permissions import Role, can_edit_directory, require_role
from .selectors import next_position, plays
from .services_common import apply_changes, audit_log, hold_tournament, lock_tournament

PLAYER_FIELDS = ["licence", "last_name", "first_name", "club", "email"]


def club_get_or_create(*, name: str, user=None) -> Club:
    name = " ".join(name.split())
    club = Club.objects.filter(name__iexact=name).first()
    if club is None:
        club = Club(name=name)
        club.full_clean()
        club.save()
        audit_log(action=Action.CLUB_CREATED, user=user, data={"club": club.pk, "name": name})
    return club


def next_registration_number(tournament: Tournament) -> int:
    top = tournament.registrations.aggregate(top=Max("number"))["top"]
    return (top or 0) + 1


def _register(*, tournament, player, user, action, **registration) -> Registration:
    if tournament.registrations.filter(player=player).exists():
        raise field_error(
            "licence",
            _("Licence %(licence)s is already registered in this tournament."),
            "already_registered",
            licence=player.licence,
        )
    reg = Registration(
        tournament=tournament,
        player=player,
        number=next_registration_number(tournament),
        **registration,
    )
    reg.full_clean(exclude=["tournament", "player"])
    reg.save()
    audit_log(
        action=action,
        user=user,
        tournament=tournament,
        data={"registration": reg.pk, "number": reg.number, "player": player.pk},
    )
    return reg


IDENTITY_LIMITS = {"last_name": 80, "first_name": 80, "email": 254}


def _clean_identity(values: dict, *, new_club: str = "", user=None) -> dict:
    """``values`` with the identity fields it has as kept (a registration's or a directory
    record's): texts cleaned, a club typed anew created."""
    cleaned = dict(values)
    for name, limit in IDENTITY_LIMITS.items():
        if name in cleaned:
            cleaned[name] = clean_text(cleaned[name], limit)
    if new_club:
        cleaned["club"] = club_get_or_create(name=new_club, user=user)
    return cleaned


def _guest_key(last_name: str, first_name: str, club_id) -> tuple:
    return (last_name.strip().casefold(), first_name.strip().casefold(), club_id)


def guest_players(*, tournament: Tournament, identities: list[dict]) -> dict[tuple, list[Player]]:
    """The directory's records without a licence that have one of these names and clubs and
        are not registered in ``tournament`` yet, by (name, first name, club) in the directory's
        order: one query (none for guests without a club: a name alone does not tell two namesakes
    apart). A guest who comes again is the same player from one tournament to the
        next (a challenge counts them together); two records of one person are merged in the
        directory (``services_merge``)."""
    keys = {
        _guest_key(i["last_name"], i["first_name"], i["club"].pk)
        for i in identities
        if i.get("club") is not None  # a name alone does not tell two namesakes apart
    }
    if not keys:
        return {}
    same_name = Q()
    for last in {last for last, _first, _club in keys}:
        same_name |= Q(last_name__iexact=last)
    found = (
        Player.objects.filter(same_name, licence__isnull=True)
        .exclude(registrations__tournament=tournament)
        .order_by("pk")
    )
    guests: dict[tuple, list[Player]] = {}
    for player in found:
        key = _guest_key(player.last_name, player.first_name, player.club_id)
        if key in keys:
            guests.setdefault(key, []).append(player)
    return guests


def guest_taken(guests: dict[tuple, list[Player]], identity: dict) -> Player | None:
    """From ``guest_players``' answer, the next record of a guest of ``identity``'s name and
    club, taken (a second guest of that name, the same evening, is another person)."""
    if identity.get("club") is None:
        return None
    found = guests.get(
        _guest_key(identity["last_name"], identity["first_name"], identity["club"].pk)
    )
    return found.pop(0) if found else None


def _directory_player(*, licence: str | None, identity: dict, tournament: Tournament) -> Player:
    """The directory's player with ``licence``, as recorded; for a guest, the record of a
    guest of the same name and club (``guest_players``); else a new record (from
    ``identity``)."""
    if licence:
        player = Player.objects.filter(licence=licence).first()
    else:
        guests = guest_players(tournament=tournament, identities=[identity])
        player = guest_taken(guests, identity)
    if player is None:
        player = Player(licence=licence or None, **identity)
        player.full_clean()
        player.save()
    return player


@transaction.atomic
def player_register(
    *,
    tournament: Tournament,
    user,
    licence: str | None,
    last_name: str,
    first_name: str,
    club: Club | None = None,
    new_club: str = "",
    email: str = "",
    joins_at_position: int = 1,
    stand_in: bool = False,
) -> Registration:
    """Register a player under the identity typed here. A licence already in the directory
    links that record and leaves it as it is: the directory is shared by every tournament,
    and what it holds is not shown to whoever types a licence."""
    tournament = lock_tournament(tournament)
    identity = _clean_identity(
        {"last_name": last_name, "first_name": first_name, "club": club, "email": email},
        new_club=new_club,
        user=user,
    )
    player = _directory_player(licence=licence, identity=identity, tournament=tournament)
    return _register(
        tournament=tournament,
        player=player,
        user=user,
        action=Action.REGISTRATION_CREATED,
        joins_at_position=joins_at_position,
        stand_in=stand_in,
        **identity,
    )


REGISTRATION_FIELDS = [
    "last_name",
    "first_name",
    "club",
    "email",
    "joins_at_position",
    "withdrawn_after_position",
    "stand_in",
]


@transaction.atomic
def registration_update(
    *, registration: Registration, user, new_club: str = "", licence=None, **values
) -> Registration:
    """Change a registration: the identity it shows in this tournament, its late join or
    withdrawal, and its licence (which links another directory record: a licence mistyped
    at registration is corrected here). The directory's records are never changed."""
    values = _clean_identity(values, new_club=new_club, user=user)
    changed = apply_changes(registration, REGISTRATION_FIELDS, values)
    if registration.excluded and "withdrawn_after_position" in changed:
        # An arbitre's exclusion is undone by cancelling that decision, never from this form.
        raise field_error(
            "withdrawn_after_position",
            _(
                "This player was excluded by an arbitre: only cancelling that decision brings "
                "them back."
            ),
            "excluded",
        )
    if licence is not None and (licence or None) != registration.player.licence:
        old = registration.player
        player = _directory_player(
            licence=licence or None,
            identity={
                "last_name": registration.last_name,
                "first_name": registration.first_name,
                "club": registration.club,
                "email": registration.email,
            },
            tournament=registration.tournament,
        )
        if registration.tournament.registrations.filter(player=player).exists():
            raise field_error(
                "licence",
                _("Licence %(licence)s is already registered in this tournament."),
                "already_registered",
                licence=licence,
            )
        registration.player = player
        changed["licence"] = [old.licence, player.licence]
        changed["player"] = [old.pk, player.pk]
    if changed:
        registration.full_clean(exclude=["tournament", "player", "team"])
        registration.save()
        audit_log(
            action=Action.REGISTRATION_UPDATED,
            user=user,
            tournament=registration.tournament,
            data={"registration": registration.pk, **changed},
        )
    return registration


@transaction.atomic
def player_update(*, player: Player, user, new_club: str = "", **values) -> Player:
    """Change a record of the player directory: only with the directory right. Tournaments
    keep the identity their registrations were made under."""
    if not can_edit_directory(user):
        raise PermissionDenied
    values = _clean_identity(values, new_club=new_club, user=user)
    if "licence" in values:
        values["licence"] = values["licence"] or None
    changed = apply_changes(player, PLAYER_FIELDS, values)
    if changed:
        player.full_clean()
        player.save()
        audit_log(action=Action.PLAYER_UPDATED, user=user, data={"player": player.pk, **changed})
    return player


@transaction.atomic
def registration_exclude(
    *,
    registration: Registration,
    user,
    after_position: int | None,
    excluded: bool = True,
    reason="",
) -> Registration:
    """Exclude a player from every position after ``after_position`` (an arbitre's decision),
    or take the exclusion back (``excluded=False``; ``after_position`` is then the withdrawal
    the player had before, None to play on)."""
    before = {
        "excluded": registration.excluded,
        "withdrawn_after_position": registration.withdrawn_after_position,
    }
    registration.excluded = excluded
    registration.withdrawn_after_position = after_position
    registration.save(update_fields=["excluded", "withdrawn_after_position"])
    audit_log(
        action=Action.REGISTRATION_EXCLUDED if excluded else Action.EXCLUSION_UNDONE,
        user=user,
        tournament=registration.tournament,
        data={
            "registration": registration.pk,
            "number": registration.number,
            "after_position": after_position,
            "reason": reason[:300],
            "before": before,
        },
    )
    return registration


@transaction.atomic
def registration_check_in(*, registration: Registration, user, present: bool) -> Registration:
    if registration.checked_in != present:
        registration.checked_in = present
        registration.checked_in_at = timezone.now() if present else None
        registration.save(update_fields=["checked_in", "checked_in_at"])
        audit_log(
            action=Action.CHECKED_IN if present else Action.CHECKED_OUT,
            user=user,
            tournament=registration.tournament,
            data={"registration": registration.pk, "number": registration.number},
        )
    return registration


@transaction.atomic
def registrations_check_in_all(*, tournament: Tournament, user) -> int:
    """« All present »: check in every player of the next position to seat not checked in yet
    (not the latecomers of a later position, nor those withdrawn or excluded), all at one time,
    which the audit entry keeps so that ``services_undo.check_in_all_undo`` takes back those
    it checked in and no other. Returns how many."""
    tournament = hold_tournament(tournament)
    require_role(user, tournament, Role.ARBITRE)
    absent = tournament.registrations.filter(
        Q(checked_in=False, excluded=False) & plays(next_position(tournament))
    ).order_by("number")
    rows = list(absent.select_for_update(no_key=True).values_list("pk", "number"))
    if not rows:
        raise ValidationError(_("Every player is already checked in."), code="all_present")
    now = timezone.now()
    Registration.objects.filter(pk__in=[pk for pk, _n in rows]).update(
        checked_in=True, checked_in_at=now
    )
    audit_log(
        action=Action.CHECKED_IN_ALL,
        user=user,
        tournament=tournament,
        data={
            "registrations": [pk for pk, _n in rows],
            "numbers": [number for _pk, number in rows],
            "at": now.isoformat(),
        },
    )
    return len(rows)


@transaction.atomic
def registration_delete(*, registration: Registration, user) -> None:
    """Remove a registration made by mistake. Refused for a player in a team, and for one whose
    entry fee is settled: the money would leave the treasurer's sheet with no trace, so the
    payment is taken back first (``services_fees.registration_unpay``, which audits it)."""
    # Read again under the locks ``registration_pay`` takes, so a payment recorded meanwhile
    # is seen rather than deleted with the row.
    hold_tournament(registration.tournament)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if registration.fee_category:
        raise ValidationError(
            _(
                "%(player)s has paid their entry fee: take the payment back on the check-in "
                "page first."
            ),
            code="registration_paid",
            params={"player": registration.name},
        )
    if registration.team_id is not None:
        raise ValidationError(
            _("%(player)s is in team %(team)s: take them out of the team first."),
            code="in_a_team",
            params={"player": registration.name, "team": str(registration.team)},
        )
    audit_log(
        action=Action.REGISTRATION_DELETED,
        user=user,
        tournament=registration.tournament,
        data={"number": registration.number, "player": registration.player_id},
    )
    registration.delete()
