"""Regressions from a review: hostile or odd input gets a message, never a 500, and a
tournament's form never rewrites what other tournaments know."""

import io
import zipfile

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.factories import (
    ClubFactory,
    PlayerFactory,
    RegistrationFactory,
    StaffRoleFactory,
    TeamFactory,
    TournamentFactory,
    UserFactory,
)
from tests.support import url
from tournaments import imports, services, services_players
from tournaments.imports import ImportFileError, read_player_file
from tournaments.models import Player, Registration, StaffRole

pytestmark = pytest.mark.django_db


def test_adding_a_known_licence_does_not_rewrite_the_player(organiser_client, tournament):
    club = ClubFactory()
    known = PlayerFactory(
        licence="123456", last_name="Durand", first_name="Anne", club=club, email="anne@example.org"
    )
    RegistrationFactory(tournament=TournamentFactory(), player=known)
    response = organiser_client.post(
        url("manage:registration_add", tournament),
        {"licence": "123456", "last_name": "Hacked", "first_name": "X", "joins_at_position": "1"},
        follow=True,
    )
    assert response.status_code == 200
    known.refresh_from_db()
    assert (known.last_name, known.club, known.email) == ("Durand", club, "anne@example.org")
    reg = Registration.objects.get(tournament=tournament)
    assert reg.player == known
    # Registered under the typed name; nothing of the directory's record is shown.
    assert reg.name == "HACKED X"
    page = response.content.decode()
    assert "Durand" not in page and "DURAND" not in page and "anne@example.org" not in page
    edit = organiser_client.get(url("manage:registration_edit", tournament, number=reg.number))
    assert "anne@example.org" not in edit.content.decode()
    assert "Durand" not in edit.content.decode()


def test_text_in_no_known_encoding_is_still_read():
    rows = read_player_file("a.csv", b"Nom;Prenom\nDur\x81and;Jean\n")  # not UTF-8, not cp1252
    assert rows[0]["first_name"] == "Jean"


def test_binary_file_named_csv_gets_a_message():
    with pytest.raises(ImportFileError) as exc:
        read_player_file("a.txt", bytes(range(256)) * 4)
    assert exc.value.code == "not_a_spreadsheet"


def xlsx_with(member: str, content: bytes) -> bytes:
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active.append(["Nom", "Prénom"])
    wb.active.append(["Durand", "Anne"])
    good = io.BytesIO()
    wb.save(good)
    out = io.BytesIO()
    with zipfile.ZipFile(good) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, content if info.filename == member else src.read(info))
    return out.getvalue()


@pytest.mark.parametrize(
    "member",
    ["xl/worksheets/sheet1.xml", "[Content_Types].xml", "xl/workbook.xml", "xl/styles.xml"],
)
def test_broken_workbook_xml_gets_a_message(member):
    with pytest.raises(ImportFileError) as exc:
        read_player_file("a.xlsx", xlsx_with(member, b"<not xml"))
    assert exc.value.code == "not_a_spreadsheet"


def test_absurd_cell_reference_gets_a_message():
    sheet = (
        b'<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/'
        b'spreadsheetml/2006/main"><sheetData><row r="1"><c r="ZZZZZZ1" t="inlineStr">'
        b"<is><t>Nom</t></is></c></row></sheetData></worksheet>"
    )
    with pytest.raises(ImportFileError):
        read_player_file("a.xlsx", xlsx_with("xl/worksheets/sheet1.xml", sheet))


def test_workbook_that_unpacks_huge_is_refused_at_once():
    padding = b" " * (imports.MAX_UNPACKED_BYTES + 1)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/padding.xml", padding)
    assert len(out.getvalue()) < imports.MAX_FILE_BYTES
    with pytest.raises(ImportFileError) as exc:
        read_player_file("a.xlsx", out.getvalue())
    assert exc.value.code == "too_large"


def test_csv_fallback_dialect_leaves_the_standard_library_alone():
    import csv

    read_player_file("a.csv", "Nom;Prénom\nA;B\n".encode())
    assert csv.excel.delimiter == ","


@pytest.mark.parametrize("q", ["²", "①", "a\x00b", "%", "'"])
@pytest.mark.parametrize("page", ["manage:registrations", "manage:checkin"])
def test_odd_searches(organiser_client, tournament, q, page):
    RegistrationFactory(tournament=tournament)
    assert organiser_client.get(url(page, tournament), {"q": q}).status_code == 200


@pytest.mark.parametrize("params", [{"per_page": "-5"}, {"page": "999"}, {"page": "x"}])
def test_odd_pagination(organiser_client, tournament, params):
    RegistrationFactory.create_batch(3, tournament=tournament)
    response = organiser_client.get(url("manage:registrations", tournament), params)
    assert response.status_code == 200
    assert len(response.context["table"].page.object_list) == 3


def test_nul_characters_in_an_import_are_dropped(organiser_client, tournament):
    upload = url("manage:import_upload", tournament)
    organiser_client.post(
        upload, {"file": SimpleUploadedFile("a.csv", "Nom;Prénom\nA;B\n".encode())}
    )
    preview = url("manage:import_preview", tournament)
    response = organiser_client.post(
        preview,
        {
            "r-0-licence": "12\x0034",
            "r-0-last_name": "Dur\x00and",
            "r-0-first_name": "B",
            "confirm": "1",
        },
    )
    assert response.status_code == 302
    assert Player.objects.get().last_name == "Durand"
    assert Player.objects.get().licence == "1234"


def test_non_ascii_digits_are_not_a_licence(tournament, organiser):
    with pytest.raises(ValidationError):
        services.player_register(
            tournament=tournament, user=organiser, licence="١٢٣٤٥", last_name="A", first_name="B"
        )


def test_new_club_is_not_created_when_the_registration_fails(tournament, organiser, monkeypatch):
    def refuse(**kwargs):
        raise ValidationError("no")

    monkeypatch.setattr(services_players, "_register", refuse)
    with pytest.raises(ValidationError):
        services.player_register(
            tournament=tournament,
            user=organiser,
            licence="",
            last_name="A",
            first_name="B",
            new_club="Brand New Club",
        )
    from tournaments.models import AuditEntry, Club

    assert not Club.objects.filter(name="Brand New Club").exists()
    assert not AuditEntry.objects.filter(action="club.created").exists()


def test_a_team_member_cannot_be_deleted(organiser_client, organiser):
    t = TournamentFactory(kind="teams_2")
    StaffRole.objects.create(tournament=t, user=organiser, role="organiser")
    team = TeamFactory(tournament=t)
    reg = RegistrationFactory(tournament=t, team=team)
    response = organiser_client.post(url("manage:registration_delete", t, number=reg.number))
    assert response.status_code == 302
    assert Registration.objects.filter(pk=reg.pk).exists()


def test_positions_cannot_drop_below_a_players_late_join(tournament, organiser):
    RegistrationFactory(tournament=tournament, joins_at_position=5)
    with pytest.raises(ValidationError) as exc:
        services.tournament_update(tournament=tournament, user=organiser, positions=2)
    assert "positions" in exc.value.error_dict
    tournament.refresh_from_db()
    assert tournament.positions == 5


def test_failed_settings_save_keeps_links_on_the_saved_address(organiser_client, tournament):
    TournamentFactory(slug="taken")
    from tests.tournaments.test_pages import TOURNAMENT_FORM

    response = organiser_client.post(
        url("manage:tournament_edit", tournament), {**TOURNAMENT_FORM, "slug": "taken"}
    )
    assert response.status_code == 200
    assert "/manage/t/taken/" not in response.content.decode()


def test_the_creator_stays_organiser(tournament):
    creator = UserFactory(username="creator")
    tournament.created_by = creator
    tournament.save()
    StaffRoleFactory(tournament=tournament, user=creator, role="organiser")
    bob = UserFactory(username="bob")
    StaffRoleFactory(tournament=tournament, user=bob, role="organiser")
    with pytest.raises(ValidationError):
        services.staff_role_grant(
            tournament=tournament, user=bob, username="creator", role="scorer"
        )
    with pytest.raises(ValidationError):
        services.staff_role_revoke(staff=StaffRole.objects.get(user=creator), user=bob)
    assert StaffRole.objects.get(user=creator).role == "organiser"
