"""The attack on shared players, replayed: an account with its own tournament tries to change,
through that tournament, a player of another (private) tournament, and to read them. What the
other tournament shows, prints and exports must stay as it was, and nothing of the player's
record may reach the attacker."""

import pytest
from django.urls import reverse

from scoring.formats.libre import exports
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    RegistrationFactory,
    SiteOrganiserFactory,
    StaffRoleFactory,
    TournamentFactory,
)
from tournaments.models import Player, Registration

pytestmark = pytest.mark.django_db


def csv_upload(client, tournament, text):
    from django.core.files.uploadedfile import SimpleUploadedFile

    url = reverse("manage:import_upload", kwargs={"slug": tournament.slug})
    return client.post(url, {"file": SimpleUploadedFile("p.csv", text.encode())})


def test_another_tournament_cannot_change_or_read_a_shared_player(client):
    club = ClubFactory(name="Les Bouts")
    victim = PlayerFactory(
        licence="111111", last_name="Durand", first_name="Anne", club=club,
        email="anne.durand@example.org",
    )  # fmt: skip
    private = TournamentFactory(is_public=False)
    RegistrationFactory(tournament=private, player=victim)
    exported = exports.results_csv(tournament=private, kind="federation")[2]
    attacker = SiteOrganiserFactory(username="mallory")
    mine = TournamentFactory(slug="mallory-cup")
    StaffRoleFactory(tournament=mine, user=attacker, role="organiser")
    client.force_login(attacker)

    # 1. Register the known licence under another name; read the form back.
    add = reverse("manage:registration_add", kwargs={"slug": mine.slug})
    page = client.post(
        add,
        {"licence": "111111", "last_name": "Hacked", "first_name": "X", "joins_at_position": "1"},
        follow=True,
    ).content.decode()
    reg = Registration.objects.get(tournament=mine)
    edit = reverse("manage:registration_edit", kwargs={"slug": mine.slug, "number": reg.number})
    page += client.get(edit).content.decode()
    # 2. Change that registration's name and licence.
    client.post(
        edit,
        {"licence": "222222", "last_name": "Renamed", "first_name": "Y", "joins_at_position": "1"},
    )
    # 3. Import a file naming the licence again, and read the preview.
    reg.delete()
    csv_upload(client, mine, "Licence;Nom;Prénom;Club;Email\n111111;Imported;Z;;z@example.org\n")
    preview = reverse("manage:import_preview", kwargs={"slug": mine.slug})
    page += client.get(preview).content.decode()
    client.post(preview, {"r-0-licence": "111111", "r-0-last_name": "Imported",
                          "r-0-first_name": "Z", "confirm": "1"})  # fmt: skip

    victim.refresh_from_db()
    assert (victim.licence, victim.last_name, victim.first_name, victim.club, victim.email) == (
        "111111", "Durand", "Anne", club, "anne.durand@example.org"
    )  # fmt: skip
    kept = Registration.objects.get(tournament=private)
    assert (kept.last_name, kept.first_name, kept.club) == ("Durand", "Anne", club)
    assert exports.results_csv(tournament=private, kind="federation")[2] == exported
    # (Clubs are a public list: the club menu names them all, and selects none here.)
    assert "selected>Les Bouts" not in page
    for secret in ("Durand", "DURAND", "anne.durand@example.org"):
        assert secret not in page, secret
    assert Registration.objects.get(tournament=mine).last_name == "Imported"
    # The attacker cannot reach the directory either.
    assert client.get(reverse("manage:directory")).status_code == 404
    player = reverse("manage:directory_player", kwargs={"pk": victim.pk})
    assert client.post(player, {"licence": "333333", "last_name": "Gone"}).status_code == 404
    assert Player.objects.get(pk=victim.pk).licence == "111111"


def test_the_directory_editor_changes_a_record_with_an_audit_entry(client):
    from tests.factories import DirectoryEditorFactory
    from tournaments.models import AuditEntry

    victim = PlayerFactory(licence="111111", last_name="Durand", first_name="Anne")
    registration = RegistrationFactory(player=victim)
    editor = DirectoryEditorFactory(username="federation")
    client.force_login(editor)
    url = reverse("manage:directory_player", kwargs={"pk": victim.pk})
    response = client.post(
        url, {"licence": "111112", "last_name": "Durand-Roy", "first_name": "Anne"}
    )
    assert response.status_code == 302
    victim.refresh_from_db()
    assert (victim.licence, victim.last_name) == ("111112", "Durand-Roy")
    entry = AuditEntry.objects.get(action="player.updated")
    assert entry.user == editor and entry.data["licence"] == ["111111", "111112"]
    # The tournament keeps the identity it registered the player under.
    registration.refresh_from_db()
    assert registration.last_name == "Durand"
    taken = PlayerFactory(licence="999999")
    response = client.post(url, {"licence": taken.licence, "last_name": "X", "first_name": "Y"})
    assert response.status_code == 200 and "licence" in response.context["form"].errors
