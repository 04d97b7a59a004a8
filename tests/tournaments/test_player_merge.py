"""Merging a duplicate of the player directory: the registrations move with their results, the
kept record takes what it lacked, the duplicate's identity stays in the audit, each tournament
touched gets its entry; two licences or one tournament's two players are refused, writing
nothing; only the directory right may merge."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from scoring.official_ranking import cached_official_ranking
from tests.factories import (
    ClubFactory,
    DirectoryEditorFactory,
    PlayerFactory,
    RegistrationFactory,
    UserFactory,
)
from tests.scoring.season.played import play_libre
from tournaments.actions import Action
from tournaments.models import AuditEntry, Player, Registration
from tournaments.selectors import change_stamp
from tournaments.selectors_directory import possible_duplicates
from tournaments.services import player_merge

pytestmark = pytest.mark.django_db


@pytest.fixture
def editor():
    return DirectoryEditorFactory()


@pytest.fixture
def staff():
    return {
        "scorer": UserFactory(is_superuser=True),
        "arbitre": UserFactory(is_superuser=True),
    }


def _ranking(tournament):
    return [
        (row.place, row.tied, row.figure, row.members)
        for row in cached_official_ranking(tournament=tournament, official=True).rows
    ]


def _rows():
    return (
        sorted(Registration.objects.values_list("pk", "player_id")),
        sorted(Player.objects.values_list("pk", "licence", "club_id", "email")),
        AuditEntry.objects.count(),
    )


def test_the_registrations_move_with_their_results(editor, staff):
    kept = PlayerFactory(last_name="Martin", first_name="Paul", licence="1234567", email="")
    club = ClubFactory(name="Tarot Club de Lyon")
    duplicate = PlayerFactory(
        last_name="MARTIN", first_name="Paul", licence=None, club=club, email="paul@example.org"
    )
    kept.club = None
    kept.save()
    played, places = play_libre(players=[duplicate], is_public=True, **staff)
    other, _ = play_libre(players=[kept], date=datetime.date(2026, 1, 4), **staff)
    before, stamp = _ranking(played), change_stamp(tournament=played)
    moved = played.registrations.get(player=duplicate)

    player_merge(user=editor, kept=kept, duplicate=duplicate)

    assert not Player.objects.filter(pk=duplicate.pk).exists()
    moved.refresh_from_db()
    assert moved.player_id == kept.pk
    assert moved.last_name == "MARTIN"  # the tournament keeps its identity
    assert _ranking(played) == before  # same places, figures and registrations
    assert change_stamp(tournament=played) == stamp + 1
    kept.refresh_from_db()
    assert (kept.licence, kept.club_id, kept.email) == ("1234567", club.pk, "paul@example.org")
    assert set(kept.registrations.values_list("tournament", flat=True)) == {played.pk, other.pk}
    assert places[duplicate.pk] == next(
        (row.place, row.figure)
        for row in cached_official_ranking(tournament=played, official=True).rows
        if moved.pk in row.members
    )

    directory_entry = AuditEntry.objects.get(action=Action.PLAYER_MERGED)
    assert directory_entry.tournament is None and directory_entry.user == editor
    assert directory_entry.data["player"] == kept.pk
    assert directory_entry.data["duplicate"] == {
        "player": duplicate.pk,
        "licence": None,
        "last_name": "MARTIN",
        "first_name": "Paul",
        "club": club.pk,
        "club_name": "Tarot Club de Lyon",
        "email": "paul@example.org",
    }
    assert directory_entry.data["registrations"] == [moved.pk]
    entry = AuditEntry.objects.get(action=Action.REGISTRATION_MERGED)
    assert entry.tournament == played
    assert entry.data == {
        "registration": moved.pk,
        "number": moved.number,
        "player": [duplicate.pk, kept.pk],
    }


def test_the_kept_record_takes_the_duplicates_licence(editor):
    kept = PlayerFactory(licence=None, email="")
    duplicate = PlayerFactory(licence="7654321", email="x@example.org")
    kept_club = kept.club_id
    player_merge(user=editor, kept=kept, duplicate=duplicate)
    kept.refresh_from_db()
    assert (kept.licence, kept.email) == ("7654321", "x@example.org")
    assert kept.club_id == kept_club  # a club it had is kept


def test_two_licences_are_two_people(editor):
    kept, duplicate = PlayerFactory(licence="1111111"), PlayerFactory(licence="2222222")
    RegistrationFactory(player=duplicate)
    before = _rows()
    with pytest.raises(ValidationError) as refused:
        player_merge(user=editor, kept=kept, duplicate=duplicate)
    assert "two licences are two people" in str(refused.value)
    assert refused.value.error_dict["duplicate"][0].code == "two_licences"
    assert _rows() == before


def test_two_players_of_one_tournament_are_two_people(editor):
    kept, duplicate = PlayerFactory(licence=None), PlayerFactory(licence=None)
    shared = RegistrationFactory(player=kept).tournament
    RegistrationFactory(player=duplicate, tournament=shared)
    RegistrationFactory(player=duplicate)
    before = _rows()
    with pytest.raises(ValidationError) as refused:
        player_merge(user=editor, kept=kept, duplicate=duplicate)
    assert shared.name in str(refused.value)
    assert _rows() == before


def test_a_player_is_not_merged_into_themselves(editor):
    player = PlayerFactory()
    with pytest.raises(ValidationError):
        player_merge(user=editor, kept=player, duplicate=player)
    assert Player.objects.filter(pk=player.pk).exists()


@pytest.mark.parametrize("account", ["plain", "staff"])
def test_only_the_directory_right_merges(client, account):
    user = UserFactory() if account == "plain" else UserFactory(is_staff=True)
    kept, duplicate = PlayerFactory(licence=None), PlayerFactory(licence=None)
    RegistrationFactory(player=duplicate)
    before = _rows()
    with pytest.raises(PermissionDenied):
        player_merge(user=user, kept=kept, duplicate=duplicate)
    client.force_login(user)
    url = reverse("manage:directory_merge", args=[kept.pk])
    assert client.get(url).status_code == 404
    assert client.post(url, {"duplicate": duplicate.pk}).status_code == 404
    assert _rows() == before


def test_the_page_shows_both_and_merges_on_confirmation(client, editor):
    kept = PlayerFactory(last_name="Martin", first_name="Paul", licence="1234567")
    duplicate = PlayerFactory(last_name="Martin", first_name="Paul", licence=None)
    played = RegistrationFactory(player=duplicate).tournament
    client.force_login(editor)
    url = reverse("manage:directory_merge", args=[kept.pk])

    listed = client.get(reverse("manage:directory")).content.decode()
    assert f"{url}?duplicate={duplicate.pk}" in listed  # a possible duplicate, with its link
    found = client.get(url, {"q": "martin"}).content.decode()
    assert f"duplicate={duplicate.pk}" in found and f"duplicate={kept.pk}" not in found
    sides = client.get(url, {"duplicate": duplicate.pk}).content.decode()
    assert 'data-testid="merge-sides"' in sides
    assert "1234567" in sides and played.name in sides

    response = client.post(url, {"duplicate": duplicate.pk})
    assert response.status_code == 302
    assert not Player.objects.filter(pk=duplicate.pk).exists()
    assert kept.registrations.get().tournament == played


def test_the_page_refuses_next_to_the_choice(client, editor):
    kept, duplicate = PlayerFactory(licence="1111111"), PlayerFactory(licence="2222222")
    client.force_login(editor)
    url = reverse("manage:directory_merge", args=[kept.pk])
    response = client.post(url, {"duplicate": duplicate.pk})
    assert response.status_code == 400
    assert "two licences are two people" in response.content.decode()
    assert client.post(url, {"duplicate": "x"}).status_code == 400
    assert client.post(url, {}).status_code == 400
    assert Player.objects.count() == 2


def test_possible_duplicates_in_one_query(django_assert_num_queries):
    club = ClubFactory()
    a = PlayerFactory(last_name="de La Tour", first_name="Élise", licence="1000001", club=club)
    b = PlayerFactory(last_name="DE LA TOUR", first_name="Elise", licence=None, club=club)
    PlayerFactory(last_name="De la Tour", first_name="Elise", licence="1000002")  # 2 licences
    PlayerFactory(last_name="Autre", first_name="Nom", licence=None)
    with django_assert_num_queries(1):
        found = possible_duplicates()
    pairs = [(p.kept.pk, p.duplicate.pk, p.same_club) for p in found]
    assert pairs[0] == (a.pk, b.pk, True)
    assert all(b.pk in pair[:2] for pair in pairs)  # every pair has the one with no licence
    assert len(pairs) == 2
