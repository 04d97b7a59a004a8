"""Accounts: the rule every new or renamed username passes, how a typed username finds its
account at login, and the accounts an organiser creates from the staff page with the one-time
link that opens them.

**Usernames.** Two accounts may not have usernames that read alike: equal once NFKC-normalised
and case-folded ("Organisateur" beside "organisateur", a full-width "ｏrganisateur"), or equal
once the usual Cyrillic and Greek look-alikes of Latin letters are read as those letters
("оrganisateur" with a Cyrillic "о"). ``username_skeleton`` is that reading (in the manner of
Unicode's confusable skeletons, kept to letters people type at a club: ASCII characters are
never mapped to one another, so "jean1" and "jeanl" stay two names); ``username_check_free``
refuses a name whose skeleton an account already has, with one message whatever the reason
(taken as typed, in another case, or by a look-alike), which names no account. Every path that
creates or renames an account calls it: the staff page, the admin's user forms, the demo and
simulation commands, a tournament import. The database adds its own guard on
``lower(username)`` (migration ``0024``), which catches the case differences of anything that
would bypass this module.

**Login.** A username logs in whatever its case (``UsernameBackend``): phones capitalise the
first letter of a field, and since no two accounts differ only by case, "Marie.Dupont" can
only mean ``marie.dupont``.

A venue has no mail server: the organiser creates the account, the page shows a link once, and
the organiser hands it over (a text message, a QR code on their phone, a note). The link lets its
holder choose the account's password, once: the token is Django's password-reset token, which
stops working as soon as the password is set or the account logs in, and after
``PASSWORD_RESET_TIMEOUT`` (three days). A new link is given only for an account created from
this tournament that has never had a password, so that no organiser can take over an account
someone else already uses.
"""

import unicodedata

from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth_views
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.urls import reverse, reverse_lazy
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext_lazy as _

from .actions import Action
from .models import AuditEntry, StaffRole

# Letters of other scripts that look like a Latin letter in the fonts of phones and printers,
# upper and lower case apart (a Greek "Η" looks like "H", its lower case "η" like "n").
_LOOK_ALIKES = str.maketrans(
    # Cyrillic
    "АВЕЅІЈКМНОРСТУХԌԜаеорсухѕіјԁԛԝһӏьпгкЗзб"
    # Greek
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαικνορυχγεη"
    # Latin letters that are not ASCII's
    "ıɩɑɡʏ",
    "ABESIJKMHOPCTYXGWaeopcyxsijdqwhlbnrk336ABEZHIKMNOPTYXaikvopuxyeniiagy",
)

USERNAME_UNAVAILABLE = _(
    "This username cannot be used, as typed or with another case or look-alike letters: "
    "choose another one (for example with a club's name or a number)."
)


def username_skeleton(username: str) -> str:
    """What ``username`` reads as: NFKC-normalised, look-alike letters read as the Latin
    letters they look like, case-folded. Two accounts never share a skeleton."""
    name = unicodedata.normalize("NFKC", username).strip().translate(_LOOK_ALIKES)
    return name.casefold().translate(_LOOK_ALIKES)


def username_taken(username: str, *, account=None) -> bool:
    """True if an account other than ``account`` has a username that reads as ``username``.
    It reads every username: a club's site has hundreds, not millions."""
    skeleton = username_skeleton(username)
    others = get_user_model().objects.all()
    if account is not None and account.pk is not None:
        others = others.exclude(pk=account.pk)
    names = others.values_list(get_user_model().USERNAME_FIELD, flat=True)
    return any(username_skeleton(name) == skeleton for name in names.iterator())


def username_check_free(username: str, *, account=None) -> None:
    """Refuse (``ValidationError``, code ``username_unavailable``) a username that reads as
    another account's. The message is the same whatever the account and names none."""
    if username_taken(username, account=account):
        raise ValidationError(USERNAME_UNAVAILABLE, code="username_unavailable")


def account_get_or_create(username: str):
    """The account named exactly ``username``, or a new one (unsaved password: the caller sets
    it), for the commands that make known accounts (``demo``, simulations): ``(account,
    created)``; a look-alike of another account's name is refused like anywhere else."""
    User = get_user_model()
    account = User.objects.filter(**{User.USERNAME_FIELD: username}).first()
    if account is not None:
        return account, False
    username_check_free(username)
    return User.objects.create(**{User.USERNAME_FIELD: username}), True


class UsernameBackend(ModelBackend):
    """Django's backend, finding the account whatever the case of the typed username (see the
    module's docstring). Several accounts matching (only on a database from before the rule)
    log in by the exact username only."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is not None:
            username = stored_username(username)
        return super().authenticate(request, username=username, password=password, **kwargs)


def stored_username(typed: str) -> str:
    """The username of the one account ``typed`` names whatever its case, else ``typed``."""
    User = get_user_model()
    typed = unicodedata.normalize("NFKC", typed)
    key = User.USERNAME_FIELD
    found = list(User.objects.filter(**{f"{key}__iexact": typed}).values_list(key, flat=True)[:2])
    return found[0] if len(found) == 1 else typed


def welcome_path(account) -> str:
    """The one-time address where ``account`` chooses its password."""
    return reverse(
        "welcome",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(account.pk)),
            "token": default_token_generator.make_token(account),
        },
    )


def may_get_a_link(staff: StaffRole) -> bool:
    """True for an account created from this tournament's staff page, never given a password."""
    account = staff.user
    if not account.is_active or account.has_usable_password():
        return False
    return AuditEntry.objects.filter(
        tournament=staff.tournament,
        action=Action.ACCOUNT_CREATED,
        data__account=account.username,
    ).exists()


class WelcomeView(auth_views.PasswordResetConfirmView):
    """Choose the password of a new account, from its one-time link; then logged in."""

    template_name = "registration/welcome.html"
    post_reset_login = True
    success_url = reverse_lazy("manage:home")
