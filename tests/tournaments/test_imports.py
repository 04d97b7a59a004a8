import io

import openpyxl
import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import ClubFactory, DirectoryEditorFactory, PlayerFactory, RegistrationFactory
from tournaments import imports
from tournaments.imports import ImportFileError, check_rows, read_player_file
from tournaments.models import AuditEntry, Club, Player, Registration
from tournaments.services_import import players_import

HEADER = ["Licence", "Nom", "Prénom", "Club", "Email"]


def xlsx_bytes(rows, title_rows=()):
    wb = openpyxl.Workbook()
    ws = wb.active
    for row in (*title_rows, *rows):
        ws.append(list(row))
    buffer = io.BytesIO()
    wb.save(buffer)
    return buffer.getvalue()


def players(n, start=200000, club="Tarot Club de Lyon"):
    return [[str(start + i), f"Nom{i}", f"Prénom{i}", club, f"p{i}@example.org"] for i in range(n)]


# --- reading files ---------------------------------------------------------------------------


def test_reads_xlsx_with_title_rows_and_numeric_licences():
    data = xlsx_bytes(
        [[123456, "Durand", "Anne", "Les Bouts", None], [None, "Invité", "Paul", None, None]],
        title_rows=[["Tournoi de Noël"], [], HEADER],
    )
    rows = read_player_file("joueurs.xlsx", data)
    assert rows == [
        {
            "licence": "123456",
            "last_name": "Durand",
            "first_name": "Anne",
            "club": "Les Bouts",
            "email": "",
            "team": "",
        },
        {
            "licence": "",
            "last_name": "Invité",
            "first_name": "Paul",
            "club": "",
            "email": "",
            "team": "",
        },
    ]


def test_reads_csv_semicolons_in_windows_encoding_with_english_headers():
    text = "Last name;First name;License;Club\nDurand;Hélène;123456;Cercle\n\nMartin;Jean;;\n"
    rows = read_player_file("players.csv", text.encode("cp1252"))
    assert [r["first_name"] for r in rows] == ["Hélène", "Jean"]
    assert rows[0]["licence"] == "123456"
    assert rows[1]["club"] == ""


def test_reads_csv_commas_utf8_bom():
    text = "\ufeffNom,Prénom,Licence\nDurand,Anne,1234\n"
    assert read_player_file("a.csv", text.encode("utf-8"))[0]["licence"] == "1234"


@pytest.mark.parametrize(
    ("name", "data", "code"),
    [
        ("players.xlsx", b"this is not a zip file at all", "not_a_spreadsheet"),
        ("players.csv", b"Nom;Pr\x00nom\n\x00\x00", "not_a_spreadsheet"),
        ("photo.png", b"\x89PNG\r\n\x1a\n....", "not_a_spreadsheet"),
        ("players.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1rest", "old_excel"),
        ("players.csv", b"", "empty"),
        ("players.csv", b"  \n\n ", "empty"),
        ("players.csv", "Nom;Prénom\n".encode(), "empty"),
        ("players.csv", b"a;b;c\n1;2;3\n", "no_header"),
        ("players.csv", b"x" * (imports.MAX_FILE_BYTES + 1), "too_large"),
    ],
)
def test_refuses_bad_files(name, data, code):
    with pytest.raises(ImportFileError) as exc:
        read_player_file(name, data)
    assert exc.value.code == code
    assert exc.value.message


def test_refuses_empty_workbook_and_too_many_rows():
    with pytest.raises(ImportFileError) as exc:
        read_player_file("empty.xlsx", xlsx_bytes([]))
    assert exc.value.code == "empty"
    text = "Nom;Prénom\n" + "A;B\n" * (imports.MAX_ROWS + 1)
    with pytest.raises(ImportFileError) as exc:
        read_player_file("big.csv", text.encode())
    assert exc.value.code == "too_many_rows"


# --- checking rows ---------------------------------------------------------------------------


def rows_of(*records):
    return [dict(zip(imports.FIELDS, r, strict=False)) for r in records]


@pytest.mark.django_db
def test_check_rows_finds_each_problem(tournament):
    ClubFactory(name="Les Bouts")
    PlayerFactory(licence="300001", last_name="Ancien", first_name="Nom")
    RegistrationFactory(tournament=tournament, player=PlayerFactory(licence="300002"))
    rows = rows_of(
        ["300000", "Durand", "Anne", "les bouts", ""],  # fine: club matched without case
        ["", "", "Paul", "", ""],  # missing last name
        ["12AB", "Martin", "", "", ""],  # bad licence, missing first name
        ["300000", "Autre", "Joueur", "", ""],  # duplicate in file
        ["300002", "Déjà", "Inscrit", "", ""],  # already in the tournament
        ["300003", "Petit", "Jean", "Club Inconnu", "not-an-email"],
        ["300001", "Nouveau", "Nom", "", ""],  # known licence, other name: warning
    )
    checked, unknown = check_rows(tournament=tournament, rows=rows, create_clubs=False)
    errors = [sorted(r.errors) for r in checked]
    assert errors == [
        [],
        ["last_name"],
        ["first_name", "licence"],
        ["licence"],
        ["licence"],
        ["club", "email"],
        [],
    ]
    assert "row 1" in checked[3].errors["licence"][0]
    assert unknown == ["Club Inconnu"]
    # Known to the directory: said without a word of the record (maybe a private tournament's
    # player); only an account with the directory right is shown how the record differs.
    assert "already in the player directory" in checked[6].warnings[0]
    assert "ANCIEN" not in " ".join(w for row in checked for w in row.warnings).upper()
    checked, _ = check_rows(tournament=tournament, rows=rows, create_clubs=True)
    assert "club" not in checked[5].errors
    checked, _ = check_rows(tournament=tournament, rows=rows, create_clubs=True, directory=True)
    assert "The player directory has Ancien" in checked[6].warnings[0]


@pytest.mark.django_db
def test_check_rows_query_count_does_not_grow_with_rows(tournament, django_assert_max_num_queries):
    rows = rows_of(*players(300))
    with django_assert_max_num_queries(4):
        check_rows(tournament=tournament, rows=rows, create_clubs=True)


# --- the import service ----------------------------------------------------------------------


@pytest.mark.django_db
def test_players_import_is_all_or_nothing(tournament, organiser):
    rows = rows_of(*players(5), ["bad", "X", "Y", "", ""])
    with pytest.raises(ValidationError) as exc:
        players_import(tournament=tournament, user=organiser, rows=rows, create_clubs=True)
    assert exc.value.code == "rows_invalid"
    assert not Player.objects.exists()
    assert not Club.objects.exists()
    assert not Registration.objects.exists()


@pytest.mark.django_db
def test_players_import_creates_players_clubs_numbers_and_audit(tournament, organiser):
    RegistrationFactory(tournament=tournament, number=1)
    known = PlayerFactory(licence="200001", last_name="Vieux", first_name="Nom")
    regs = players_import(
        tournament=tournament,
        user=organiser,
        rows=rows_of(*players(4)),
        create_clubs=True,
        filename="j.xlsx",
    )
    assert [r.number for r in regs] == [2, 3, 4, 5]
    assert tournament.registrations.count() == 5
    # The known licence is registered under the file's name; the directory is not rewritten.
    known.refresh_from_db()
    assert known.last_name == "Vieux"
    assert tournament.registrations.get(player=known).last_name == "Nom1"
    assert Club.objects.filter(name="Tarot Club de Lyon").count() == 1
    entry = AuditEntry.objects.get(action="registration.imported")
    assert entry.data == {
        "file": "j.xlsx",
        "count": 4,
        "clubs_created": ["Tarot Club de Lyon"],
        "directory_updated": [],
    }


@pytest.mark.django_db
def test_players_import_updates_the_directory_only_when_asked_with_the_right(tournament, organiser):
    known = PlayerFactory(licence="200001", last_name="Vieux", first_name="Nom")
    with pytest.raises(PermissionDenied):
        players_import(
            tournament=tournament,
            user=organiser,
            rows=rows_of(*players(2)),
            create_clubs=True,
            update_directory=True,
        )
    editor = DirectoryEditorFactory()
    players_import(
        tournament=tournament,
        user=editor,
        rows=rows_of(*players(2)),
        create_clubs=True,
        update_directory=True,
    )
    known.refresh_from_db()
    assert known.last_name == "Nom1"
    entry = AuditEntry.objects.get(action="player.updated")
    assert entry.user == editor
    assert entry.data["last_name"] == ["Vieux", "Nom1"]


@pytest.mark.django_db
def test_players_import_refuses_unknown_clubs_without_consent(tournament, organiser):
    with pytest.raises(ValidationError):
        players_import(
            tournament=tournament, user=organiser, rows=rows_of(*players(2)), create_clubs=False
        )
    assert not Registration.objects.exists()


# --- the pages -------------------------------------------------------------------------------


def upload(client, tournament, name, data):
    url = reverse("manage:import_upload", kwargs={"slug": tournament.slug})
    return client.post(url, {"file": SimpleUploadedFile(name, data)})


def preview_url(tournament):
    return reverse("manage:import_preview", kwargs={"slug": tournament.slug})


@pytest.mark.django_db
def test_import_pages_upload_fix_confirm(organiser_client, tournament):
    rows = players(20)
    rows[7][2] = ""  # one bad row: no first name
    response = upload(organiser_client, tournament, "joueurs.xlsx", xlsx_bytes([HEADER, *rows]))
    assert response.status_code == 302
    assert response["Location"] == preview_url(tournament)
    page = organiser_client.get(preview_url(tournament))
    assert page.status_code == 200
    assert page.context["error_count"] == 1
    assert "The first name is missing." in page.content.decode()
    form = {
        f"r-{i}-{f}": v
        for i, row in enumerate(rows)
        for f, v in zip(imports.IDENTITY, row, strict=True)
    }
    # Confirming with the error left in place saves nothing.
    response = organiser_client.post(
        preview_url(tournament), {**form, "create_clubs": "1", "confirm": "1"}
    )
    assert response.status_code == 400
    assert not Registration.objects.exists()
    form["r-7-first_name"] = "Corrigé"
    response = organiser_client.post(
        preview_url(tournament), {**form, "create_clubs": "1", "check": "1"}
    )
    assert response.context["error_count"] == 0
    response = organiser_client.post(
        preview_url(tournament), {**form, "create_clubs": "1", "confirm": "1"}
    )
    assert response.status_code == 302
    assert tournament.registrations.count() == 20
    assert Player.objects.get(licence="200007").first_name == "Corrigé"
    # The pending import is gone: the preview sends back to the upload.
    assert organiser_client.get(preview_url(tournament)).status_code == 302


@pytest.mark.django_db
def test_import_preview_can_leave_rows_out_and_cancel(organiser_client, tournament):
    rows = players(3)
    rows[1][0] = "bad"
    upload(
        organiser_client,
        tournament,
        "j.csv",
        "\n".join(";".join(r) for r in [HEADER, *rows]).encode(),
    )
    form = {
        f"r-{i}-{f}": v
        for i, row in enumerate(rows)
        for f, v in zip(imports.IDENTITY, row, strict=True)
    }
    response = organiser_client.post(
        preview_url(tournament), {**form, "r-1-skip": "1", "create_clubs": "1", "confirm": "1"}
    )
    assert response.status_code == 302
    assert tournament.registrations.count() == 2
    upload(organiser_client, tournament, "j.csv", "Nom;Prénom\nA;B\n".encode())
    response = organiser_client.post(preview_url(tournament), {"cancel": "1"})
    assert response.status_code == 302
    assert tournament.registrations.count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("j.csv", b"", "The submitted file is empty."),
        ("j.csv", b"a;b\n1;2\n", "No header row found"),
        ("j.xlsx", b"garbage", "not a readable Excel"),
        ("j.pdf", b"%PDF-1.4", "Choose an Excel (.xlsx) or CSV (.csv) file."),
    ],
)
def test_bad_upload_shows_message_next_to_field_and_changes_nothing(
    organiser_client, tournament, name, data, message
):
    response = upload(organiser_client, tournament, name, data)
    assert response.status_code == 200
    assert message in str(response.context["form"].errors["file"])
    assert not Registration.objects.exists()
    assert not AuditEntry.objects.filter(action="registration.imported").exists()


@pytest.mark.django_db
def test_preview_without_pending_import_redirects(organiser_client, tournament):
    response = organiser_client.get(preview_url(tournament))
    assert response.status_code == 302
    assert response["Location"].endswith("/import/")


@pytest.mark.django_db
def test_too_large_upload_is_refused_with_a_message(organiser_client, tournament):
    data = b"Nom;Pr\xc3\xa9nom\n" + b"Durand;Anne\n" * (imports.MAX_FILE_BYTES // 10)
    response = upload(organiser_client, tournament, "big.csv", data)
    assert response.status_code == 200
    assert "larger than 2 MB" in str(response.context["form"].errors["file"])
    assert organiser_client.get(preview_url(tournament)).status_code == 302
    assert not Registration.objects.exists()
