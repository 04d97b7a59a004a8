"""Login throttling: 5 failures for a username or 20 from an address within 15 minutes block
further attempts, with a message on the form, until the window passes."""

from datetime import timedelta

import pytest
from django.contrib.auth import SESSION_KEY, get_user_model
from django.db import connection
from django.db.models import F
from django.test import Client, RequestFactory
from django.urls import reverse

from config import security
from tests.factories import UserFactory
from tournaments.models import LoginFailure

pytestmark = pytest.mark.django_db
PASSWORD = "correct-horse-battery"
REFUSED = "Too many failed login attempts"


@pytest.fixture
def anne():
    user = UserFactory(username="anne")
    user.set_password(PASSWORD)
    user.save()
    return user


def log_in(client, username, password, address="10.0.0.1", url=None):
    return client.post(
        url or reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=address,
    )


def fail(client, times, username="anne", address="10.0.0.1"):
    for _ in range(times):
        response = log_in(client, username, "wrong", address)
        assert response.status_code == 200
        assert REFUSED not in response.content.decode()


def age_failures(minutes):
    LoginFailure.objects.update(at=F("at") - timedelta(minutes=minutes))


def test_five_failures_block_the_username_even_with_the_right_password(client, anne):
    fail(client, 5)
    response = log_in(client, "anne", PASSWORD)
    assert response.status_code == 429
    errors = response.context["form"].non_field_errors()
    assert errors.as_data()[0].code == "throttled"
    assert "Try again in 15 minutes." in errors[0]
    assert 'class="errors"' in response.content.decode()
    assert SESSION_KEY not in client.session
    # Refused attempts are not counted: the block ends with the window.
    assert LoginFailure.objects.count() == 5


def test_the_block_ends_when_the_window_passes(client, anne):
    fail(client, 5)
    age_failures(10)
    response = log_in(client, "anne", PASSWORD)
    assert "Try again in 5 minutes." in response.content.decode()
    age_failures(5)
    response = log_in(client, "anne", PASSWORD)
    assert response.status_code == 302
    assert client.session[SESSION_KEY] == str(anne.pk)


def test_four_failures_then_success_clears_the_count(client, anne):
    fail(client, 4)
    assert log_in(client, "anne", PASSWORD).status_code == 302
    # Out of the username's count, still in the address's (see the look-alike attack below).
    assert not LoginFailure.objects.filter(username="anne", cleared=False).exists()
    assert LoginFailure.objects.filter(address="10.0.0.1").count() == 4
    client.logout()
    fail(client, 4)
    assert log_in(client, "anne", PASSWORD).status_code == 302


def test_case_and_spaces_do_not_escape_the_count(client, anne):
    for username in ["Anne", "ANNE", " anne", "aNNe", "anne "]:
        log_in(client, username, "wrong")
    response = log_in(client, "anne", PASSWORD)
    assert response.status_code == 429


def test_other_usernames_and_addresses_are_not_blocked_by_one_username(client, anne):
    claire = UserFactory(username="claire")
    claire.set_password(PASSWORD)
    claire.save()
    fail(client, 5)
    assert log_in(client, "claire", PASSWORD).status_code == 302
    assert log_in(client, "anne", PASSWORD, address="198.51.100.1").status_code == 429


def test_twenty_failures_from_one_address_block_it_for_every_username(client, anne):
    for i in range(20):
        log_in(client, f"guess{i}", "wrong", address="203.0.113.7")
    response = log_in(client, "anne", PASSWORD, address="203.0.113.7")
    assert response.status_code == 429
    assert REFUSED in response.content.decode()
    assert log_in(client, "anne", PASSWORD, address="198.51.100.1").status_code == 302


@pytest.mark.parametrize("url", ["login", "admin:login"])
@pytest.mark.parametrize("data", [{}, {"username": "anne"}, {"password": PASSWORD}])
def test_a_login_sent_without_both_fields_says_so_and_counts_nothing(client, anne, url, data):
    """Issue 36: an empty or half-filled login form was a 500 (no account to clear)."""
    response = client.post(reverse(url), data, REMOTE_ADDR="10.0.0.1")
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert not LoginFailure.objects.exists()


def test_the_admin_login_is_throttled_too(client, anne):
    anne.is_staff = True
    anne.save()
    fail(client, 5)
    response = log_in(client, "anne", PASSWORD, url=reverse("admin:login"))
    assert REFUSED in response.content.decode()
    assert SESSION_KEY not in client.session


def test_failures_older_than_the_window_are_deleted(client, anne):
    fail(client, 3)
    age_failures(16)
    fail(client, 1)
    assert LoginFailure.objects.count() == 1


def test_the_refusal_renders_in_the_site_language(client, anne, settings):
    settings.LANGUAGE_CODE = "fr"
    fail(client, 5)
    response = log_in(client, "anne", PASSWORD)
    assert response.status_code == 429
    assert "Trop d’échecs de connexion. Réessayez dans" in response.content.decode()


@pytest.mark.parametrize(
    ("proxies", "forwarded", "remote", "expected"),
    [
        (0, "1.2.3.4", "10.0.0.9", "10.0.0.9"),  # no proxy: the header is the client's to forge
        (1, "1.2.3.4", "127.0.0.1", "1.2.3.4"),
        (1, "6.6.6.6, 1.2.3.4", "127.0.0.1", "1.2.3.4"),  # what the client wrote is ignored
        (2, "6.6.6.6, 1.2.3.4, 10.0.0.2", "127.0.0.1", "1.2.3.4"),
        (1, "", "127.0.0.1", "127.0.0.1"),  # the proxy did not say: the proxy's address
        (1, "not-an-address", "127.0.0.1", "127.0.0.1"),
        (1, "2001:db8::1", "::1", "2001:db8::1"),
        (0, "", "", None),
    ],
)
def test_client_address(settings, proxies, forwarded, remote, expected):
    settings.TRUSTED_PROXIES = proxies
    request = RequestFactory().get("/", HTTP_X_FORWARDED_FOR=forwarded, REMOTE_ADDR=remote)
    assert security.client_address(request) == expected


def test_behind_a_proxy_each_client_has_its_own_count(client, anne, settings):
    settings.TRUSTED_PROXIES = 1
    for i in range(20):
        client.post(
            reverse("login"),
            {"username": f"guess{i}", "password": "wrong"},
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR="203.0.113.7",
        )
    response = client.post(
        reverse("login"),
        {"username": "anne", "password": PASSWORD},
        REMOTE_ADDR="127.0.0.1",
        HTTP_X_FORWARDED_FOR="198.51.100.1",
    )
    assert response.status_code == 302


# --- attacks: look-alike accounts, simultaneous guesses, a forged address -----------------------


def look_alike_of(organiser_client, tournament, username):
    """What an organiser could do before issue 36: create, from the staff page, an account
    whose username differs from the victim's only by case, and choose its password (through
    the one-time link; set directly here). None when the site refuses the name."""
    organiser_client.post(
        reverse("manage:staff", kwargs={"slug": tournament.slug}),
        {"form": "create", "create-username": username, "create-role": "scorer"},
    )
    account = get_user_model().objects.filter(username=username).first()
    if account is not None:
        account.set_password("attacker-own-password")
        account.save()
    return account


@pytest.mark.parametrize("guess_url", ["login", "admin:login"])
def test_successes_of_a_look_alike_do_not_reset_the_victim_s_count(
    client, anne, organiser_client, tournament, guess_url
):
    """The attack of issue 36: 28 wrong passwords against one account from one address, a
    successful login as "Anne" after every fourth. At most 5 of them may be checked (the
    username's limit), whatever the successes in between, on our login and the admin's."""
    anne.is_staff = True
    anne.save()
    look_alike_of(organiser_client, tournament, "Anne")
    attacker = Client()
    checked = 0
    for i in range(28):
        response = log_in(attacker, "anne", f"guess-{i}", url=reverse(guess_url))
        checked += REFUSED not in response.content.decode()
        if i % 4 == 3:
            log_in(attacker, "Anne", "attacker-own-password")
            attacker.logout()
    assert checked <= security.USERNAME_LIMIT
    assert log_in(attacker, "anne", PASSWORD).status_code == 429


def test_a_success_never_lowers_the_address_s_count(client, anne):
    """An address that has failed 19 times may fail once more, whoever logs in from it."""
    fail(client, 4)  # anne's own failures, then others'
    for i in range(15):
        log_in(client, f"guess{i}", "wrong")
    assert log_in(client, "anne", PASSWORD).status_code == 302
    client.logout()
    log_in(client, "guess-last", "wrong")
    response = log_in(client, "anne", PASSWORD)
    assert response.status_code == 429


def test_a_success_clears_only_the_count_of_the_account_that_logged_in(client, anne):
    """A look-alike account made before the rule (a Cyrillic "а", which the database lets
    through): its successes leave anne's count alone, and anne's leave its own."""
    other = UserFactory(username="\u0430nne")
    other.set_password(PASSWORD)
    other.save()
    fail(client, 4)
    fail(client, 2, username="\u0430nne")
    assert log_in(client, "\u0430nne", PASSWORD).status_code == 302
    client.logout()
    fail(client, 1)
    assert log_in(client, "anne", PASSWORD).status_code == 429


def test_attempts_arriving_together_check_at_most_the_limit(anne):
    """Each attempt is counted before its password is checked: when 48 guesses all arrive
    before any has been checked, 5 go on to a password check and 43 are refused."""
    begun = [security.login_attempt_begin(username="anne", address=None) for _ in range(48)]
    assert sum(attempt is not None for attempt in begun) == security.USERNAME_LIMIT
    assert LoginFailure.objects.count() == security.USERNAME_LIMIT


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="threads need a database they share: CI runs this on PostgreSQL",
)
def test_48_simultaneous_wrong_passwords_check_at_most_5(monkeypatch):
    """The attack replayed: 48 threads post a wrong password for one account at once, in the
    worst order for the throttle, forced rather than hoped for: no attempt writes its row
    before all 48 have arrived, and no password is checked before all 48 have been counted."""
    import threading

    from django.contrib.auth import forms as auth_forms
    from django.test import Client

    user = UserFactory(username="target")
    user.set_password(PASSWORD)
    user.save()
    attackers = 48
    all_arrived, all_counted = (threading.Barrier(attackers, timeout=60) for _ in range(2))
    write, begin = LoginFailure.objects.create, security.login_attempt_begin
    authenticate, checked = auth_forms.authenticate, []

    def write_once_all_arrived(**kwargs):
        all_arrived.wait()
        return write(**kwargs)

    def begin_then_wait_for_the_others(**kwargs):
        attempt = begin(**kwargs)
        all_counted.wait()
        return attempt

    def counted_authenticate(*args, **kwargs):
        checked.append(1)
        return authenticate(*args, **kwargs)

    # On the manager itself, and taken back off it afterwards (not left behind as setattr's
    # undo would leave the bound method).
    monkeypatch.setitem(LoginFailure.objects.__dict__, "create", write_once_all_arrived)
    monkeypatch.setattr(security, "login_attempt_begin", begin_then_wait_for_the_others)
    monkeypatch.setattr(auth_forms, "authenticate", counted_authenticate)
    statuses = []

    def attack(i):
        try:
            response = Client().post(
                reverse("login"),
                {"username": "target", "password": f"guess-{i}"},
                REMOTE_ADDR=f"10.1.{i}.1",
            )
            statuses.append(response.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=attack, args=(i,)) for i in range(attackers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(90)
    assert len(statuses) == attackers
    assert len(checked) <= security.USERNAME_LIMIT
    assert statuses.count(429) >= attackers - security.USERNAME_LIMIT


def test_a_forged_forwarded_address_is_not_believed_by_default(client, anne, settings):
    """Without a configured proxy, X-Forwarded-For is the client's to write: 20 guesses each
    claiming another address still come from one address, which is then blocked."""
    assert settings.TRUSTED_PROXIES == 0
    for i in range(security.ADDRESS_LIMIT):
        client.post(
            reverse("login"),
            {"username": f"guess{i}", "password": "wrong"},
            REMOTE_ADDR="192.0.2.9",
            HTTP_X_FORWARDED_FOR=f"203.0.113.{i}",
        )
    response = client.post(
        reverse("login"),
        {"username": "anne", "password": PASSWORD},
        REMOTE_ADDR="192.0.2.9",
        HTTP_X_FORWARDED_FOR="198.51.100.1",
    )
    assert response.status_code == 429
