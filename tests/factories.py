"""factory_boy factories: the one place tests build model instances."""

import datetime

import factory
from django.contrib.auth import get_user_model

from tournaments.models import Club, Player, Registration, StaffRole, Team, Tournament
from tournaments.permissions import DIRECTORY_GROUP, ORGANISERS_GROUP, site_group
from tournaments.simulation import FIRST_NAMES, LAST_NAMES


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("secret-pass-123")


def _in_site_group(name: str):
    """A post-generation hook putting the account in one of the site's groups."""

    @factory.post_generation
    def site_groups(account, create, extracted, **kwargs):
        account.groups.add(site_group(name))

    return site_groups


class SiteOrganiserFactory(UserFactory):
    """An account the site lets create tournaments (the "Organisers" group)."""

    class Meta:
        skip_postgeneration_save = True

    site_groups = _in_site_group(ORGANISERS_GROUP)


class DirectoryEditorFactory(UserFactory):
    """An account with the player directory right (the "Player directory" group)."""

    class Meta:
        skip_postgeneration_save = True

    site_groups = _in_site_group(DIRECTORY_GROUP)


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    licence = factory.Sequence(lambda n: f"{100000 + n}")
    # Names from a fixed list, not Faker: a test that searches must not depend on chance.
    last_name = factory.Sequence(lambda n: LAST_NAMES[n % len(LAST_NAMES)])
    first_name = factory.Sequence(lambda n: FIRST_NAMES[n * 7 % len(FIRST_NAMES)])
    club = factory.SubFactory(ClubFactory)


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    name = factory.Sequence(lambda n: f"Tournoi {n}")
    slug = factory.Sequence(lambda n: f"tournoi-{n}")
    date = factory.LazyFunction(datetime.date.today)
    venue = "Salle des fêtes"


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Registration

    tournament = factory.SubFactory(TournamentFactory)
    player = factory.SubFactory(PlayerFactory)
    number = factory.Sequence(lambda n: n + 1)


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team

    tournament = factory.SubFactory(TournamentFactory, kind=Tournament.Kind.TEAMS_2)
    number = factory.Sequence(lambda n: n + 1)
    name = factory.Sequence(lambda n: f"Équipe {n}")


class StaffRoleFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = StaffRole

    tournament = factory.SubFactory(TournamentFactory)
    user = factory.SubFactory(UserFactory)
    role = StaffRole.Role.ORGANISER
