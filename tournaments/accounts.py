"""Accounts an organiser creates from the staff page, and the one-time link that opens them.

A venue has no mail server: the organiser creates the account, the page shows a link once, and
the organiser hands it over (a text message, a QR code on their phone, a note). The link lets its
holder choose the account's password, once: the token is Django's password-reset token, which
stops working as soon as the password is set or the account logs in, and after
``PASSWORD_RESET_TIMEOUT`` (three days). A new link is given only for an account created from
this tournament that has never had a password, so that no organiser can take over an account
someone else already uses.
"""

from django.contrib.auth import views as auth_views
from django.contrib.auth.tokens import default_token_generator
from django.urls import reverse, reverse_lazy
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from .actions import Action
from .models import AuditEntry, StaffRole


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
