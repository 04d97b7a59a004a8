"""Usernames that read alike are one name: refused wherever an account is made or renamed, with
an answer that tells nobody which usernames exist; a username logs in whatever its case."""

from importlib import import_module

import pytest
from django.apps import apps
from django.contrib.auth import SESSION_KEY, get_user_model
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.db import IntegrityError, connection, transaction
from django.urls import reverse

from tests.factories import UserFactory
from tests.support import url
from tournaments import accounts, services, services_staff
from tournaments.models import StaffRole
from tournaments.transfer import tournament_export, tournament_import

pytestmark = pytest.mark.django_db
User = get_user_model()
MIGRATION = import_module("tournaments.migrations.0024_username_unique_whatever_case")
CYRILLIC_O = "\u043e"  # "о", the Cyrillic letter that looks like "o"


@pytest.mark.parametrize(
    ("typed", "existing"),
    [
        ("Organisateur", "organisateur"),
        ("ORGANISATEUR", "organisateur"),
        (f"{CYRILLIC_O}rganisateur", "organisateur"),
        ("\uff4frganisateur", "organisateur"),  # full-width "ｏ"
        ("\u039fRGANISATEUR", "organisateur"),  # Greek capital omicron
        ("\u0397\u0391\u039d\u039d\u0391", "hanna"),  # Greek capitals
        ("\u03bdanessa", "Vanessa"),  # Greek small nu
        ("strasse", "Straße"),
        ("marie.dupont", f"marie.dup{CYRILLIC_O}nt"),
    ],
)
def test_names_that_read_alike_are_one_name(typed, existing):
    UserFactory(username=existing)
    assert accounts.username_taken(typed)
    with pytest.raises(ValidationError) as refused:
        accounts.username_check_free(typed)
    assert refused.value.error_list[0].code == "username_unavailable"


@pytest.mark.parametrize("typed", ["jean1", "jeanI", "jeanl", "jean.l", "josé", "jose2"])
def test_names_that_differ_in_ascii_or_by_an_accent_stay_apart(typed):
    UserFactory(username="jeanl" if typed != "jeanl" else "jean1")
    UserFactory(username="jose")
    assert not accounts.username_taken(typed)


def test_an_account_renamed_is_not_compared_with_itself():
    anne = UserFactory(username="anne")
    assert not accounts.username_taken("Anne", account=anne)
    assert accounts.username_taken("Anne")


def test_the_database_refuses_a_username_differing_only_by_case():
    UserFactory(username="organisateur")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="Organisateur")


# --- the staff page's account-creation form ----------------------------------------------------


def create(client, tournament, username):
    return client.post(
        url("manage:staff", tournament),
        {"form": "create", "create-username": username, "create-role": "scorer"},
    )


def test_creating_an_account_says_nothing_of_which_usernames_exist(organiser_client, tournament):
    """A stranger's username (no role in any tournament of the organiser's), the same in
    another case or with a look-alike letter, and a colleague's: one answer for all, which
    names no account and does not say that one exists."""
    UserFactory(username="stranger")
    typed = ["stranger", "Stranger", f"str{chr(0x430)}nger", "scorer", "SCORER"]
    answers = []
    for username in typed:
        response = create(organiser_client, tournament, username)
        assert response.status_code == 400
        errors = response.context["account_form"].errors
        assert list(errors) == ["username"]
        answers.append(errors.as_json().replace(username, "NAME"))
    assert len(set(answers)) == 1
    assert "exist" not in answers[0] and "stranger" not in answers[0].lower()
    assert User.objects.filter(username__iexact="stranger").count() == 1
    assert not StaffRole.objects.filter(user__username__iexact="stranger").exists()


def test_two_accounts_of_one_name_created_at_once_give_the_same_answer(
    organiser, tournament, monkeypatch
):
    """The check and the save are apart: an account saved in between meets the database's
    index, and the organiser gets the same message, not a 500."""
    monkeypatch.setattr(services_staff, "username_taken", lambda *args, **kwargs: False)
    UserFactory(username="marie")
    with pytest.raises(ValidationError) as refused:
        services.staff_account_create(
            tournament=tournament, user=organiser, username="Marie", role="scorer"
        )
    assert refused.value.error_dict["username"][0].code == "username_unavailable"
    assert not User.objects.filter(username="Marie").exists()


# --- the admin's user forms ---------------------------------------------------------------------


@pytest.fixture
def admin_client(client):
    client.force_login(User.objects.create_superuser("root", password="x-Tarot-2026-admin"))
    return client


def test_the_admin_refuses_a_look_alike_username_on_creation(admin_client):
    UserFactory(username="organisateur")
    response = admin_client.post(
        reverse("admin:auth_user_add"),
        {
            "username": "Organisateur",
            "password1": "x-Tarot-2026-new",
            "password2": "x-Tarot-2026-new",
            "usable_password": "true",
        },
    )
    assert response.status_code == 200
    assert "cannot be used" in str(response.context["adminform"].form.errors["username"])
    assert User.objects.filter(username__iexact="organisateur").count() == 1


def test_the_admin_refuses_a_look_alike_username_on_renaming(admin_client):
    UserFactory(username="organisateur")
    other = UserFactory(username="claire")
    page = admin_client.get(reverse("admin:auth_user_change", args=[other.pk]))
    form = page.context["adminform"].form
    data = {name: value for name, value in form.initial.items() if value is not None}
    data |= {"username": f"{CYRILLIC_O}rganisateur", "date_joined_0": "2026-01-01"}
    data |= {"date_joined_1": "10:00:00", "last_login_0": "", "last_login_1": ""}
    data.pop("groups", None), data.pop("user_permissions", None), data.pop("date_joined", None)
    data.pop("last_login", None), data.pop("password", None)
    response = admin_client.post(reverse("admin:auth_user_change", args=[other.pk]), data)
    assert response.status_code == 200
    assert "cannot be used" in str(response.context["adminform"].form.errors["username"])
    other.refresh_from_db()
    assert other.username == "claire"
    # Renaming an account to its own name in another case is no clash with itself.
    data["username"] = "Claire"
    assert admin_client.post(reverse("admin:auth_user_change", args=[other.pk]), data)["Location"]


# --- commands -----------------------------------------------------------------------------------


def test_the_demo_refuses_to_make_a_look_alike_of_an_account():
    UserFactory(username=f"{CYRILLIC_O}rganisateur")
    with pytest.raises(CommandError, match="organisateur: This username cannot be used"):
        call_command("demo")
    assert not User.objects.filter(username="organisateur").exists()


def test_the_demo_finds_its_accounts_again():
    call_command("demo")
    call_command("demo")
    assert User.objects.filter(username="organisateur").count() == 1


# --- login --------------------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["Marie.Dupont", "MARIE.DUPONT", " marie.dupont"])
def test_a_username_logs_in_whatever_its_case(client, typed):
    marie = UserFactory(username="marie.dupont")
    marie.set_password("x-Tarot-2026-marie")
    marie.save()
    response = client.post(reverse("login"), {"username": typed, "password": "x-Tarot-2026-marie"})
    assert response.status_code == 302
    assert client.session[SESSION_KEY] == str(marie.pk)


def test_a_look_alike_letter_does_not_log_in(client):
    marie = UserFactory(username="marie")
    marie.set_password("x-Tarot-2026-marie")
    marie.save()
    response = client.post(
        reverse("login"), {"username": "m\u0430rie", "password": "x-Tarot-2026-marie"}
    )
    assert response.status_code == 200
    assert SESSION_KEY not in client.session


# --- the migration's check of an existing installation -----------------------------------------


def test_the_migration_names_the_accounts_that_differ_only_by_case():
    """On an installation from before the rule; the test's transaction puts the index back."""
    with connection.cursor() as cursor:
        cursor.execute("DROP INDEX tournaments_username_lower_uniq")
    UserFactory(username="anne")
    UserFactory(username="Anne")
    with pytest.raises(RuntimeError, match="'anne' and 'Anne'.*Rename one of each pair"):
        MIGRATION.refuse_accounts_alike(apps, None)


# --- a tournament imported from another installation --------------------------------------------


def test_an_import_does_not_create_a_look_alike_of_an_account_here(tournament, staff):
    """ "Anne" in the file beside "anne" here is refused, not matched to anne (another person
    may have the name there) nor created beside her; two new names of the file alike too."""
    document = tournament_export(tournament=tournament)
    roles = document["staff_roles"]
    UserFactory(username="anne")
    roles[0]["user"], roles[1]["user"] = "Anne", "newcomer"
    roles[2]["user"] = f"newc{CYRILLIC_O}mer"
    with pytest.raises(ValidationError) as refused:
        tournament_import(document=document, slug="copie")
    message = refused.value.messages[0]
    assert "account 'Anne', username: This username cannot be used" in message
    assert f"account 'newc{CYRILLIC_O}mer', username: This username cannot be used" in message
    assert "account 'newcomer'" not in message
    assert not User.objects.filter(username__in=["Anne", "newcomer"]).exists()
