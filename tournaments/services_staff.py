"""Writes for a tournament's staff: roles given and taken back, accounts created for the day
and their one-time links. The rules are here, not in the pages: nobody lowers or removes their
own role, the tournament's creator stays its organiser, and a username is looked up only among
the accounts one works with.

Each service runs in one transaction with its audit entry (``services_common``).
"""

from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from common.errors import field_error
from common.text import clean_text

from .accounts import USERNAME_UNAVAILABLE, may_get_a_link, username_taken
from .actions import Action
from .models import StaffRole, Tournament
from .services_common import audit_log


def colleagues(user):
    """The accounts ``user`` may find by username to give a role: those with a role in a
    tournament ``user`` organises (every account for a superuser). Anyone else's username is
    answered as unknown, so that the form tells nobody which usernames exist."""
    accounts = get_user_model().objects.all()
    if user.is_superuser:
        return accounts
    organised = StaffRole.objects.filter(user=user, role=StaffRole.Role.ORGANISER)
    return accounts.filter(tournament_roles__tournament__in=organised.values("tournament"))


class RoleGranted(NamedTuple):
    staff: StaffRole
    previous: str | None  # the role it replaced, None for a new member of the staff


@transaction.atomic
def staff_role_grant(*, tournament: Tournament, user, username: str, role: str) -> RoleGranted:
    """Give ``username`` a role in ``tournament``; a role they had there is replaced."""
    account = colleagues(user).filter(username=username).first()
    if account is None:
        raise field_error(
            "username",
            _(
                "No account you work with has the username “%(username)s”: create the account "
                "below, or ask its owner to have an organiser of your tournaments add it."
            ),
            "unknown_account",
            username=username,
        )
    if account == user and role != StaffRole.Role.ORGANISER:
        raise field_error("role", _("You cannot lower your own role."), "own_role")
    if account.pk == tournament.created_by_id and role != StaffRole.Role.ORGANISER:
        raise field_error(
            "username", _("The tournament's creator stays its organiser."), "creator_role"
        )
    previous = (
        StaffRole.objects.filter(tournament=tournament, user=account)
        .values_list("role", flat=True)
        .first()
    )
    staff, created = StaffRole.objects.update_or_create(
        tournament=tournament, user=account, defaults={"role": role}
    )
    audit_log(
        action=Action.ROLE_GRANTED,
        user=user,
        tournament=tournament,
        data={"account": account.username, "role": role, "new": created, "previous": previous},
    )
    return RoleGranted(staff, previous)


@transaction.atomic
def staff_account_create(*, tournament: Tournament, user, username: str, role: str) -> StaffRole:
    """Create an account for someone's day at ``tournament`` and give it ``role``. It has no
    password: its owner chooses one through the one-time link the organiser is shown
    (``tournaments.accounts``). A username that reads as another account's is refused with one
    message, whoever has it: the form tells nobody which usernames exist."""
    User = get_user_model()
    username = clean_text(username, 150)
    account = User(username=username)
    try:
        # Not Django's unique check: its "already exists" would tell whether anyone has the name.
        account.full_clean(exclude=["password"], validate_unique=False)
    except ValidationError as exc:
        raise ValidationError({"username": exc.message_dict.get("username", exc.messages)}) from exc
    if username_taken(account.username):
        raise field_error("username", USERNAME_UNAVAILABLE, "username_unavailable")
    account.set_unusable_password()
    try:
        with transaction.atomic():
            account.save()
    except IntegrityError as exc:  # the same name, created at the same moment
        raise field_error("username", USERNAME_UNAVAILABLE, "username_unavailable") from exc
    staff = StaffRole.objects.create(tournament=tournament, user=account, role=role)
    audit_log(
        action=Action.ACCOUNT_CREATED,
        user=user,
        tournament=tournament,
        data={"account": account.username, "role": role},
    )
    return staff


@transaction.atomic
def staff_account_link(*, staff: StaffRole, user) -> None:
    """Allow a new one-time link for ``staff``'s account (``accounts.may_get_a_link``)."""
    if not may_get_a_link(staff):
        raise ValidationError(
            _("%(account)s already has a password, or was not created here: no link is given."),
            code="no_link",
            params={"account": staff.user.username},
        )
    audit_log(
        action=Action.ACCOUNT_LINK,
        user=user,
        tournament=staff.tournament,
        data={"account": staff.user.username},
    )


@transaction.atomic
def staff_role_revoke(*, staff: StaffRole, user) -> None:
    if staff.user_id == user.pk:
        raise ValidationError(_("You cannot remove your own role."), code="own_role")
    if staff.user_id == staff.tournament.created_by_id:
        raise ValidationError(
            _("The tournament's creator stays its organiser."), code="creator_role"
        )
    audit_log(
        action=Action.ROLE_REVOKED,
        user=user,
        tournament=staff.tournament,
        data={"account": staff.user.username, "role": staff.role},
    )
    staff.delete()
