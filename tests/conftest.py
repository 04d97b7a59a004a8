import pytest

from tests.factories import StaffRoleFactory, TournamentFactory, UserFactory
from tournaments.models import StaffRole
from tournaments.permissions import ORGANISERS_GROUP, site_group


@pytest.fixture(autouse=True)
def _english_by_default(settings):
    """Tests read messages in English unless they ask for French (the site default)."""
    settings.LANGUAGE_CODE = "en"


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: ids repeat from one test's database to the next."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def tournament(db):
    return TournamentFactory()


@pytest.fixture
def staff(tournament):
    """Accounts with each role in ``tournament``, plus an organiser of another tournament.

    The organiser may also create tournaments (the site's "Organisers" group); nobody has the
    player directory right.
    """
    accounts = {}
    for role in StaffRole.Role:
        user = UserFactory(username=role.value)
        StaffRoleFactory(tournament=tournament, user=user, role=role)
        accounts[role.value] = user
    accounts["organiser"].groups.add(site_group(ORGANISERS_GROUP))
    other = UserFactory(username="other_organiser")
    StaffRoleFactory(user=other, role=StaffRole.Role.ORGANISER)
    accounts["other_organiser"] = other
    return accounts


@pytest.fixture
def organiser(staff):
    return staff["organiser"]


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser)
    return client


def pytest_configure(config):
    from django.conf import settings

    # Hashing passwords properly takes most of a test's time; tests need no real hashing.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
