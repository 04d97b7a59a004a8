"""Hostile and malformed files of players (issue 36): each attack gets a clear message next to the
upload field or is read within bounds, never a 500, nothing half-saved.

The limits are ``tournaments.imports``'s: 2 MB a file, 20 MB unpacked, 2,000 players, 50 columns
read, 200 characters a cell, a bounded count of cells. Some attacks already held before issue 36;
their tests stay as regression guards.
"""

import codecs
import copy
import datetime
import io
import time
import tracemalloc
import zipfile

import openpyxl
import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile, TemporaryUploadedFile
from django.test import Client, RequestFactory
from django.urls import reverse
from openpyxl.utils import get_column_letter

from common.rendering import csv_bytes
from common.rendering import xlsx_bytes as xlsx_bytes_of
from tests.factories import TeamFactory, TournamentFactory
from tests.tournaments.test_imports import HEADER, players, preview_url, rows_of, xlsx_bytes
from tests.tournaments.test_transfer import build
from tournaments import imports
from tournaments.imports import ImportFileError, check_rows, read_player_file
from tournaments.models import AuditEntry, Player, Registration, Team, Tournament
from tournaments.services_import import players_import
from tournaments.transfer import tournament_export, tournament_import

MiB = 1024 * 1024
MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
SHEET = "xl/worksheets/sheet1.xml"


def upload(client, tournament, name, data):
    address = reverse("manage:import_upload", kwargs={"slug": tournament.slug})
    return client.post(address, {"file": SimpleUploadedFile(name, data)})


def refused(name, data) -> ImportFileError:
    with pytest.raises(ImportFileError) as exc:
        read_player_file(name, data)
    assert exc.value.message
    return exc.value


def measured(function, *args):
    """(result or exception, seconds, peak MiB traced)."""
    tracemalloc.start()
    started = time.monotonic()
    try:
        outcome = function(*args)
    except ImportFileError as exc:
        outcome = exc
    finally:
        peak = tracemalloc.get_traced_memory()[1] / MiB
        tracemalloc.stop()
    return outcome, time.monotonic() - started, peak


def with_sheet(sheet_xml: bytes, extra: dict | None = None) -> bytes:
    """A real workbook whose first sheet's XML is ``sheet_xml`` (plus ``extra`` members)."""
    book = openpyxl.Workbook()
    book.active.append(["Nom", "Prénom"])
    good = io.BytesIO()
    book.save(good)
    out = io.BytesIO()
    with zipfile.ZipFile(good) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            content = sheet_xml if info.filename == SHEET else src.read(info)
            dst.writestr(info.filename, content)
        for name, content in (extra or {}).items():
            dst.writestr(name, content)
    return out.getvalue()


def inline(ref: str, text: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'


def sheet_of(rows: str) -> bytes:
    return f"<worksheet {MAIN}><sheetData>{rows}</sheetData></worksheet>".encode()


# --- size --------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_file_above_the_upload_limit_is_refused_next_to_the_field(organiser_client, tournament):
    """Held before: the form refuses it from its size, unread."""
    data = b"Nom;Pr\xc3\xa9nom\n" + b"Durand;Anne\n" * (3 * MiB // 12)
    response = upload(organiser_client, tournament, "big.csv", data)
    assert response.status_code == 200
    assert response.context["form"].has_error("file", "too_large")
    assert not Registration.objects.exists()
    assert "At most 2000 players and 2 MB." in response.content.decode()  # the limits, said


@pytest.fixture
def temporary_files(monkeypatch):
    """The temporary files Django makes for uploads, recorded."""
    made = []
    original = TemporaryUploadedFile.__init__

    def recorded(self, *args, **kwargs):
        made.append(args)
        original(self, *args, **kwargs)

    monkeypatch.setattr(TemporaryUploadedFile, "__init__", recorded)
    return made


@pytest.mark.django_db
def test_a_huge_upload_is_never_written_to_disk(organiser_client, tournament, temporary_files):
    """Broke before: a file past FILE_UPLOAD_MAX_MEMORY_SIZE (5 MB) was written whole to a
    temporary file, however large, before the form refused it by its size."""
    data = b"Nom;Pr\xc3\xa9nom\n" + b"x" * (12 * MiB)
    response = upload(organiser_client, tournament, "big.csv", data)
    assert response.status_code == 200
    assert response.context["form"].has_error("file", "too_large")
    assert temporary_files == []


@pytest.mark.django_db
def test_an_anonymous_huge_post_is_never_written_to_disk(temporary_files):
    """Broke before: the CSRF check reads the form, files included, before it refuses a post:
    anyone with a CSRF cookie could fill the server's disk through any address."""
    client = Client(enforce_csrf_checks=True)
    client.get(reverse("login"))
    blob = SimpleUploadedFile("blob.bin", bytes(12 * MiB))
    assert client.post(reverse("login"), {"file": blob}).status_code == 403
    assert temporary_files == []


def test_an_upload_past_the_memory_limit_keeps_its_size_but_not_its_bytes(settings):
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = MiB
    data = b"x" * (3 * MiB)
    request = RequestFactory().post("/", {"file": SimpleUploadedFile("j.csv", data)})
    upload = request.FILES["file"]
    assert upload.size == len(data)
    assert len(upload.read()) == MiB


def test_an_xlsx_zip_bomb_is_refused_before_its_sheet_is_parsed():
    """Held before: a 200 MiB sheet of XML packed in a few hundred kB is refused from the sizes
    in the zip's directory, without inflating it."""
    good = io.BytesIO()
    openpyxl.Workbook().save(good)
    bomb = io.BytesIO()
    with zipfile.ZipFile(good) as src, zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename != SHEET:
                dst.writestr(info.filename, src.read(info))
        with dst.open(SHEET, "w", force_zip64=True) as sheet:
            sheet.write(f"<worksheet {MAIN}><sheetData>".encode())
            row = b'<row><c t="inlineStr"><is><t>Durand</t></is></c></row>' * 1000
            for _ in range(200 * MiB // len(row)):
                sheet.write(row)
            sheet.write(b"</sheetData></worksheet>")
    data = bomb.getvalue()
    assert len(data) < imports.MAX_FILE_BYTES
    outcome, seconds, peak = measured(read_player_file, "bomb.xlsx", data)
    assert isinstance(outcome, ImportFileError) and outcome.code == "too_large"
    assert peak < 8 and seconds < 5


@pytest.mark.django_db
def test_a_shared_string_repeated_in_every_cell_is_cut_as_it_is_read(tournament):
    """Broke before: one long string in the shared-strings table, named by every cell, was copied
    whole into each row (and then into the session): 2,000 rows of 2 cells of 1 MB are 4 GB."""
    long = "ab " * (100_000 // 3)
    table = (
        f'<sst {MAIN} count="3" uniqueCount="3"><si><t>Nom</t></si><si><t>Prénom</t></si>'
        f"<si><t>{long}</t></si></sst>"
    )
    cells = "".join(
        f'<row r="{r}"><c r="A{r}" t="s"><v>2</v></c><c r="B{r}" t="s"><v>2</v></c></row>'
        for r in range(2, 1002)
    )
    header = '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>'
    data = _with_shared_strings(with_sheet(sheet_of(header + cells)), table)
    assert len(data) < 100_000
    rows, _seconds, peak = measured(read_player_file, "a.xlsx", data)
    assert len(rows) == 1000
    assert all(len(row["last_name"]) <= imports.CELL_LENGTH for row in rows)
    assert peak < 40  # not the 200 MB of a thousand copies
    checked, _ = check_rows(tournament=tournament, rows=rows[:1], create_clubs=True)
    assert "At most 80 characters." in checked[0].errors["last_name"]


def _with_shared_strings(data: bytes, table: str) -> bytes:
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(data)) as src,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst,
    ):
        for info in src.infolist():
            content = src.read(info)
            if info.filename == "[Content_Types].xml":
                content = content.replace(
                    b"</Types>",
                    b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
                    b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
                )
            if info.filename == "xl/_rels/workbook.xml.rels":
                content = content.replace(
                    b"</Relationships>",
                    b'<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/'
                    b'officeDocument/2006/relationships/sharedStrings" '
                    b'Target="sharedStrings.xml"/></Relationships>',
                )
            dst.writestr(info.filename, content)
        dst.writestr("xl/sharedStrings.xml", table)
    return out.getvalue()


# --- not what it says --------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("j.xlsx", b"Nom;Prenom\nDurand;Anne\n", "not a readable Excel"),
        ("j.xlsx", b"PK\x03\x04" + b"\x00" * 100, "not a readable Excel"),
        ("j.csv", b"Nom;Pr\x00nom\nDurand;Anne\n", "not a spreadsheet or a CSV file"),
    ],
)
def test_a_file_that_is_not_what_its_name_says_gets_a_message(
    organiser_client, tournament, name, data, message
):
    """Held before."""
    response = upload(organiser_client, tournament, name, data)
    assert response.status_code == 200
    assert message in str(response.context["form"].errors["file"])
    assert not Registration.objects.exists()


@pytest.mark.parametrize(
    "data",
    [
        "\ufeffNom;Prénom\nDurand;Anne\n".encode(),  # UTF-8 with its mark: held
        "Nom;Prénom\nDurand;Anne\n".encode("cp1252"),  # Windows' encoding: held
        codecs.BOM_UTF16_LE + "Nom\tPrénom\nDurand\tAnne\n".encode("utf-16-le"),
        codecs.BOM_UTF16_BE + "Nom;Prénom\nDurand;Anne\n".encode("utf-16-be"),
    ],
    ids=["utf-8-bom", "cp1252", "utf-16-le", "utf-16-be"],
)
def test_a_csv_in_any_usual_encoding_is_read(data):
    """Broke before for UTF-16 (Excel's "Unicode text"): its NULs refused it as binary."""
    rows = read_player_file("j.txt", data)
    assert [(r["last_name"], r["first_name"]) for r in rows] == [("Durand", "Anne")]


# --- what the cells hold -----------------------------------------------------------------------


@pytest.mark.django_db
def test_dates_booleans_and_formulas_in_cells_are_read_as_text_and_checked(tournament):
    """Broke before for dates: a date showed as "2024-03-01 00:00:00". A licence that is not
    digits is refused next to its cell; a formula is read by its value (a formula saved without
    one reads as empty: the name is then missing)."""
    data = xlsx_bytes(
        [
            HEADER,
            [datetime.datetime(2024, 3, 1), "Durand", "Anne", None, None],
            [True, datetime.datetime(2024, 3, 1), "Paul", None, None],
            [None, '=CONCAT("a","b")', "Marie", None, None],
        ]
    )
    rows = read_player_file("j.xlsx", data)
    assert [r["licence"] for r in rows] == ["2024-03-01", "True", ""]
    assert rows[1]["last_name"] == "2024-03-01"
    assert rows[2]["last_name"] == ""
    checked, _ = check_rows(tournament=tournament, rows=rows, create_clubs=True)
    assert "A licence number is 4 to 10 digits." in checked[0].errors["licence"]
    assert "A licence number is 4 to 10 digits." in checked[1].errors["licence"]
    assert "The last name is missing." in checked[2].errors["last_name"]


@pytest.mark.django_db
def test_a_spreadsheet_error_in_a_cell_is_refused_next_to_it(tournament):
    """Broke before: a failed formula's error (#N/A, #REF!) was imported as a name or a club."""
    data = xlsx_bytes([HEADER, ["", "#N/A", "Anne", "#REF!", ""], ["", "Durand", "Paul", "", ""]])
    rows = read_player_file("j.xlsx", data)
    assert (rows[0]["last_name"], rows[0]["club"]) == ("#N/A", "#REF!")
    checked, _ = check_rows(tournament=tournament, rows=rows, create_clubs=True)
    assert sorted(checked[0].errors) == ["club", "last_name"]
    assert "spreadsheet error (#N/A)" in checked[0].errors["last_name"][0]
    assert not checked[1].errors


@pytest.mark.django_db
def test_an_email_too_long_for_its_column_is_refused_next_to_its_cell(tournament, organiser):
    """Broke before: a valid address longer than the 254 characters its column holds passed the
    checks, and the service then failed on PostgreSQL (the preview page cuts a cell at 200
    characters, so only a caller of the service could send one)."""
    email = "a" * 60 + "@" + ".".join(["b" * 60] * 4) + ".fr"
    assert len(email) > 254
    rows = rows_of(["", "Durand", "Anne", "", email])
    checked, _ = check_rows(tournament=tournament, rows=rows, create_clubs=True)
    assert "At most 254 characters." in checked[0].errors["email"]


@pytest.mark.django_db
def test_names_that_start_a_formula_are_exported_as_text(tournament, organiser):
    """Held before: imported names starting with = + - @ are stored as typed, and the writers
    every export goes through (``common.rendering``) never make them formulas: an apostrophe in
    CSV, a text cell in Excel (tests/scoring/test_exports.py checks a real export)."""
    names = ["=HYPERLINK(1)", "+SUM(1)", "-1+2", "@cmd"]
    rows = rows_of(*[[str(500000 + i), name, name, "", ""] for i, name in enumerate(names)])
    players_import(tournament=tournament, user=organiser, rows=rows, create_clubs=True)
    imported = [[r.last_name, r.first_name] for r in tournament.registrations.all()]
    assert sorted(name for name, _ in imported) == sorted(names)
    text = csv_bytes([["Nom", "Prénom"], *imported]).decode("utf-8-sig")
    for name in names:
        assert f"'{name};'{name}" in text
    book = openpyxl.load_workbook(io.BytesIO(xlsx_bytes_of([("Joueurs", [["Nom"], *imported])])))
    cells = [cell for row in book.active.iter_rows(min_row=2) for cell in row]
    assert len(cells) == 8 and all(cell.data_type == "s" for cell in cells)
    assert {cell.value for cell in cells} == set(names)


# --- too many ----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_ten_thousand_rows_are_refused_within_bounds(kind):
    """Held before (the limit is 2,000 players); now the reader stops at the limit."""
    rows = [HEADER, *players(10_000)]
    csv_text = "\n".join(";".join(row) for row in rows)
    data = csv_text.encode() if kind == "csv" else xlsx_bytes(rows)
    outcome, seconds, peak = measured(read_player_file, f"j.{kind}", data)
    assert isinstance(outcome, ImportFileError) and outcome.code == "too_many_rows"
    assert "more than 2000 players" in outcome.message
    assert seconds < 20 and peak < 60


def test_players_after_blank_rows_are_still_read():
    """Broke before: blank rows counted toward the limit, so players below 2,000 blank rows of a
    sheet were lost ("a header but no players")."""
    book = openpyxl.Workbook()
    book.active.append(["Nom", "Prénom"])
    book.active.cell(row=3000, column=1, value="Durand")
    book.active.cell(row=3000, column=2, value="Anne")
    out = io.BytesIO()
    book.save(out)
    assert read_player_file("j.xlsx", out.getvalue())[0]["last_name"] == "Durand"


def test_columns_past_the_fiftieth_are_not_read():
    """Held before: a CSV of 10,000 columns is read within bounds, its first columns only."""
    line = ";".join(["Nom", "Prénom", *[f"c{i}" for i in range(10_000)]])
    data = f"{line}\nDurand;Anne;{';'.join(['x'] * 10_000)}\n".encode()
    rows, seconds, _peak = measured(read_player_file, "j.csv", data)
    assert rows[0]["last_name"] == "Durand" and seconds < 5
    far = ";".join(["#", *[""] * (imports.MAX_COLUMNS - 1), "Nom", "Prénom"])
    assert refused("j.csv", f"{far}\n1;Durand;Anne\n".encode()).code == "no_header"


def test_a_sheet_with_too_many_cells_is_refused_before_openpyxl_builds_them():
    """Broke before: openpyxl builds a whole row, every cell, before keeping 50 columns: one
    row of 400,000 cells (2 MB packed) took 280 MiB and 11 s. The cells are counted first."""
    cells = "".join(
        f'<c r="{get_column_letter(1 + i % 16000)}2"><v>{i}</v></c>' for i in range(40_000)
    )
    data = with_sheet(sheet_of(f'<row r="1">{inline("A1", "Nom")}</row><row r="2">{cells}</row>'))
    outcome, _seconds, peak = measured(read_player_file, "j.xlsx", data)
    assert isinstance(outcome, ImportFileError) and outcome.code == "too_many_cells"
    assert peak < 20


# --- teams -------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_team_named_like_another_tournaments_team_is_a_new_team_here(
    organiser_client, tournament
):
    """Held before: the Team column names this tournament's teams only; another tournament's
    team of that name gets no player, and a team of the same name is created here."""
    tournament.kind = "teams_2"
    tournament.save()
    other = TournamentFactory(kind="teams_2")
    theirs = TeamFactory(tournament=other, name="Les Excuses")
    data = "Licence;Nom;Prénom;Équipe\n600001;Durand;Anne;Les Excuses\n".encode()
    assert upload(organiser_client, tournament, "j.csv", data).status_code == 302
    form = {"r-0-licence": "600001", "r-0-last_name": "Durand", "r-0-first_name": "Anne"}
    form |= {"r-0-team": "Les Excuses", "create_clubs": "1", "confirm": "1"}
    assert organiser_client.post(preview_url(tournament), form).status_code == 302
    assert not theirs.members.exists()
    ours = Team.objects.get(tournament=tournament, name="Les Excuses")
    assert ours != theirs
    assert Registration.objects.get(player__licence="600001").team == ours
    assert Player.objects.count() == 1
    assert AuditEntry.objects.filter(action="registration.imported").count() == 1


@pytest.mark.django_db
def test_a_tournament_document_naming_another_tournaments_team_is_refused(tournament, staff):
    """Held before: a document's ids name its own rows only; a registration whose team is
    another tournament's team here (by its primary key) is refused, and nothing is written."""
    document = tournament_export(tournament=build(tournament, staff))
    theirs = TeamFactory(tournament=TournamentFactory(kind="teams_2"), name="Les Excuses")
    hostile = copy.deepcopy(document)
    hostile["registrations"][0]["team"] = theirs.pk
    count = Tournament.objects.count()
    with pytest.raises(ValidationError) as exc:
        tournament_import(document=hostile, slug="copie")
    assert exc.value.code == "dangling"
    assert Tournament.objects.count() == count
    assert not theirs.members.exists()
