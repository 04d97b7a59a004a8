"""A guest (no licence) who comes again is the same directory player from one tournament to
the next when their name and club are the same: registered by hand or imported. A name alone
(no club) does not tell two namesakes apart; a guest already in the tournament is another
person; two records of one person are merged in the directory."""

import pytest

from tests.factories import ClubFactory, TournamentFactory
from tests.tournaments.test_imports import rows_of
from tournaments import services
from tournaments.models import Player
from tournaments.services_import import players_import

pytestmark = pytest.mark.django_db


def register(tournament, user, last, first, club=None):
    return services.player_register(
        tournament=tournament, user=user, licence=None, last_name=last, first_name=first, club=club
    )


def test_a_guest_of_the_same_name_and_club_is_the_same_player(staff):
    organiser = staff["organiser"]
    club = ClubFactory(name="Les Bouts")
    first, second = TournamentFactory(), TournamentFactory()
    for tournament in (first, second):
        tournament.staff.create(user=organiser, role="organiser")
    jean = register(first, organiser, "Dupont", "Jean", club)
    again = register(second, organiser, "DUPONT", "jean", club)  # typed otherwise
    assert again.player_id == jean.player_id
    # Another club, or no club: another player.
    assert register(second, organiser, "Dupont", "Jean").player_id != jean.player_id
    elsewhere = register(second, organiser, "Dupont", "Jean", ClubFactory(name="Autre"))
    assert elsewhere.player_id != jean.player_id
    # A namesake at the same club in the same tournament is another person.
    twin = register(first, organiser, "Dupont", "Jean", club)
    assert twin.player_id != jean.player_id


def test_an_import_finds_the_guests_already_known_and_keeps_twins_apart(staff):
    organiser = staff["organiser"]
    club = ClubFactory(name="Les Bouts")
    first, second = TournamentFactory(), TournamentFactory()
    for tournament in (first, second):
        tournament.staff.create(user=organiser, role="organiser")
    known = register(first, organiser, "Dupont", "Jean", club).player
    regs = players_import(
        tournament=second,
        user=organiser,
        rows=rows_of(
            ["", "Dupont", "Jean", "Les Bouts", ""],
            ["", "Dupont", "Jean", "Les Bouts", ""],  # a namesake, the same evening
            ["", "Durand", "Anne", "Les Bouts", ""],
        ),
        create_clubs=False,
    )
    assert regs[0].player_id == known.pk
    assert regs[1].player_id not in (known.pk, None)
    assert Player.objects.filter(last_name="Dupont").count() == 2
