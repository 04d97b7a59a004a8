"""Reading a file of players (.xlsx or .csv) into rows, and checking those rows.

``read_player_file`` turns an upload into plain rows and refuses, with a code, a file that is not
a spreadsheet, is empty, is too large or has no recognisable header. ``check_rows`` finds each
row's problems against the file and the tournament. Neither writes anything: the import itself
is ``services_import.players_import``, all or nothing.
"""

import csv
import datetime
import io
import re
import unicodedata
import zipfile
from dataclasses import dataclass, field
from xml.parsers import expat

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.forms import HIDDEN_IN_NAME
from common.text import hidden_characters, trim_name

from .models import LICENCE_REGEX, Club, Player, Tournament

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_UNPACKED_BYTES = 20 * 1024 * 1024
# 2,000 players: more than any tournament this application runs (a 240-player tournament is
# large). A file with more is refused whole, with a message, after reading at most the rows that
# prove it has too many: 10,000 rows cost no more than 2,001.
MAX_ROWS = 2000
# Columns past the 50th are never read (a federation listing has about 40): a header named there
# is not found, and the message says which columns it needs.
MAX_COLUMNS = 50
HEADER_SEARCH_ROWS = 10
# The rows a reader keeps: the header's search, the header and one player past the limit.
KEPT_ROWS = MAX_ROWS + HEADER_SEARCH_ROWS + 1
# A sheet's rows looked at, blank ones included: blank rows between players are skipped, but a
# sheet is not walked to its millionth row to find one more.
SCANNED_ROWS = 20 * KEPT_ROWS
# A cell is cut to this length when it is read (longer than any name, licence, club or email,
# so the checks still refuse it): a workbook can repeat one long shared string in every cell,
# and 2,000 rows of it would otherwise be copied into memory and into the session.
CELL_LENGTH = 200
# openpyxl builds a whole row, every cell of it, before keeping the first columns, at about
# 700 bytes a cell: a 2 MB workbook with 400,000 cells in one row took 280 MiB and 11 s. The
# sheet's XML is counted first, cheaply, and refused past these (a real list of 2,000 players
# in 40 columns has 80,000 cells; Excel's widest row is 16,384).
MAX_ROW_CELLS = 16384
MAX_CELLS = KEPT_ROWS * 60
# The player's identity, then the team (read on a team tournament only: ``import_teams``).
IDENTITY = ["licence", "last_name", "first_name", "club", "email"]
FIELDS = [*IDENTITY, "team"]
# The cells holding a name, whose characters must read as typed (``NameField``'s rule).
NAMES = ("last_name", "first_name", "club", "team")
FIELD_LABELS = {
    "licence": gettext_lazy("Licence"),
    "last_name": gettext_lazy("Last name"),
    "first_name": gettext_lazy("First name"),
    "club": gettext_lazy("Club"),
    "email": gettext_lazy("Email"),
    "team": gettext_lazy("Team"),
}

# Header cells, compared without accents, case, spaces or punctuation.
HEADER_NAMES = {
    "licence": {
        "licence",
        "license",
        "nlicence",
        "nodelicence",
        "numerolicence",
        "licenceffT",
        "numlicence",
        "licenceno",
        "licencenumber",
        "licensenumber",
        "numero",
    },
    "last_name": {"nom", "lastname", "surname", "nomdefamille", "familyname", "name"},
    "first_name": {"prenom", "firstname", "givenname", "forename"},
    "club": {"club", "nomduclub", "clubname"},
    "email": {"email", "mail", "courriel", "adressemail", "emailaddress", "adresseemail"},
    "team": {"equipe", "team", "nomdelequipe", "nomequipe", "teamname", "equipes", "teams"},
}
HEADER_NAMES = {k: {n.lower() for n in v} for k, v in HEADER_NAMES.items()}


# The most each column holds (an email's is Django's EmailField's).
LENGTHS = {"last_name": 80, "first_name": 80, "club": 120, "email": 254}


# What a spreadsheet writes in a cell whose formula failed: never a name, a licence or a club.
SPREADSHEET_ERRORS = {
    "#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA",
    "#SPILL!", "#CALC!", "#FIELD!", "#BLOCKED!", "#CONNECT!", "#BUSY!", "#UNKNOWN!",
}  # fmt: skip


class ImportFileError(Exception):
    """A file refused as a whole, with a code and a message ready to show."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class CheckedRow:
    values: dict
    errors: dict = field(default_factory=dict)  # field -> [message]
    warnings: list = field(default_factory=list)
    shown: list = field(default_factory=lambda: FIELDS)  # the preview's columns

    def error(self, name: str, message: str) -> None:
        self.errors.setdefault(name, []).append(message)

    def cells(self) -> list[tuple[str, str, str, list]]:
        """(field, label, value, errors) in column order, for the preview."""
        return [(f, FIELD_LABELS[f], self.values[f], self.errors.get(f, [])) for f in self.shown]


def shown_fields(tournament: Tournament) -> list[str]:
    """The columns the preview shows: the team's only where the tournament has teams."""
    return FIELDS if tournament.has_teams else IDENTITY


def _key(text: str) -> str:
    text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _cell(value) -> str:
    """A cell as single-spaced text of at most CELL_LENGTH characters."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # spreadsheets store licence numbers as numbers
    elif isinstance(value, datetime.datetime) and value.time() == datetime.time():
        value = value.date()  # a date typed in a cell, shown as it was typed, not at midnight
    # Cut before splitting too: whitespace may pad a long cell to any length.
    return " ".join(str(value)[: 4 * CELL_LENGTH].split())[:CELL_LENGTH]


def _decoded(data: bytes) -> str:
    """The text of a CSV file: UTF-16 when it starts with its byte-order mark (Excel's "Unicode
    text"), else UTF-8 (with or without a mark), else Windows' Western encoding. Latin-1 decodes
    any bytes: a binary file then fails on its NULs or on the header."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass  # an odd number of bytes: not UTF-16 after all
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def _rows_from_csv(data: bytes) -> list[list[str]]:
    text = _decoded(data)
    if "\x00" in text:
        raise ImportFileError(
            "not_a_spreadsheet", _("This file is not a spreadsheet or a CSV file.")
        )
    sample = text[:4096]
    try:
        dialect = csv.Sniffer().sniff(sample, delimiters=";,\t")
    except csv.Error:
        dialect = _Semicolon if sample.count(";") > sample.count(",") else csv.excel
    try:
        # Universal newlines: Excel for Mac's "CSV (Macintosh)" ends its lines with "\r" alone.
        reader = csv.reader(io.StringIO(text, newline=None), dialect)
        return _kept_rows(row[:MAX_COLUMNS] for row in reader)
    except csv.Error as exc:
        raise ImportFileError(
            "not_a_spreadsheet", _("This CSV file cannot be read: %(error)s") % {"error": exc}
        ) from exc


class _Semicolon(csv.excel):
    delimiter = ";"


def _kept_rows(rows) -> list[list[str]]:
    """The non-blank rows as text, refused once they prove the file too long: a reader never
    holds more than KEPT_ROWS rows nor walks past SCANNED_ROWS."""
    kept = []
    for scanned, row in enumerate(rows, start=1):
        cells = [_cell(c) for c in row]
        if any(cells):
            kept.append(cells)
            if len(kept) >= KEPT_ROWS:
                raise _too_many_rows()
        if scanned >= SCANNED_ROWS:
            raise ImportFileError(
                "too_many_rows",
                _("This sheet has more than %(max)s rows, blank ones included.")
                % {"max": SCANNED_ROWS},
            )
    return kept


def _too_many_rows() -> ImportFileError:
    return ImportFileError(
        "too_many_rows", _("This file has more than %(max)s players.") % {"max": MAX_ROWS}
    )


class _Counted(Exception):
    """The cells of the rows a reader may look at are counted: stop reading the XML."""


def _count_cells(archive: zipfile.ZipFile, member: str) -> None:
    """Refuse a sheet with more cells than ``MAX_CELLS`` (or a row with more than
    ``MAX_ROW_CELLS``) in the rows a reader may look at. The XML is read a chunk at a time
    and only counted, so this costs little whatever the sheet holds."""
    counts = {"rows": 0, "cells": 0, "in_row": 0}

    def start(name, attributes):
        tag = name.rpartition(":")[2]  # with or without a namespace prefix
        if tag == "row":
            counts["rows"] += 1
            counts["in_row"] = 0
            if counts["rows"] > SCANNED_ROWS:
                raise _Counted
        elif tag == "c":
            counts["cells"] += 1
            counts["in_row"] += 1
            if counts["in_row"] > MAX_ROW_CELLS or counts["cells"] > MAX_CELLS:
                raise ImportFileError(
                    "too_many_cells",
                    _(
                        "This sheet has more than %(max)s filled cells; keep only the list "
                        "of players, at most %(rows)s rows."
                    )
                    % {"max": MAX_CELLS, "rows": MAX_ROWS},
                )

    parser = expat.ParserCreate()
    parser.StartElementHandler = start
    try:
        with archive.open(member) as stream:
            while chunk := stream.read(64 * 1024):
                parser.Parse(chunk, False)
    except _Counted:
        pass


def _rows_from_xlsx(data: bytes) -> list[list[str]]:
    from openpyxl import load_workbook

    unreadable = ImportFileError(
        "not_a_spreadsheet", _("This file is not a readable Excel (.xlsx) workbook.")
    )
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    # NotImplementedError: a directory entry asking for a zip version Python does not read.
    except (zipfile.BadZipFile, EOFError, NotImplementedError, OSError, ValueError) as exc:
        raise unreadable from exc
    if unpacked > MAX_UNPACKED_BYTES:
        # A small file that unpacks to a huge one would tie up the server. zipfile stops each
        # member at the size its header declares: the declared sizes are a true bound.
        raise ImportFileError(
            "too_large",
            _("This workbook is too large once unpacked; keep only the list of players."),
        )
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds on broken workbooks
        raise unreadable from exc
    try:
        if not workbook.worksheets:
            return []
        sheet = workbook.worksheets[0]
        with zipfile.ZipFile(io.BytesIO(data)) as archive:  # the member openpyxl will read
            _count_cells(archive, sheet._worksheet_path)
        sheet.reset_dimensions()  # never trust the size the file claims
        return _kept_rows(sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True))
    except ImportFileError:
        raise
    except Exception as exc:  # broken sheet XML, absurd cell references...
        raise unreadable from exc
    finally:
        workbook.close()


def _find_header(rows: list[list[str]]) -> tuple[int, dict[str, int]]:
    for index, row in enumerate(rows[:HEADER_SEARCH_ROWS]):
        columns = {}
        for col, cell in enumerate(row):
            key = _key(cell)
            for name, aliases in HEADER_NAMES.items():
                if key in aliases and name not in columns:
                    columns[name] = col
        if "last_name" in columns and "first_name" in columns:
            return index, columns
    raise ImportFileError(
        "no_header",
        _(
            "No header row found in the first rows of the file. It must name the columns: "
            "Licence, Nom (last name), Prénom (first name), Club, Email, Équipe (team); at least "
            "Nom and Prénom."
        ),
    )


def read_player_file(name: str, data: bytes) -> list[dict]:
    """The file's rows as dicts of FIELDS (strings), blank rows left out."""
    if len(data) > MAX_FILE_BYTES:
        raise ImportFileError(
            "too_large",
            _("This file is larger than %(size)s MB; split it or remove what is not needed.")
            % {"size": MAX_FILE_BYTES // (1024 * 1024)},
        )
    if not data.strip():
        raise ImportFileError("empty", _("This file is empty."))
    lower = name.lower()
    if data[:4] == b"PK\x03\x04" or lower.endswith((".xlsx", ".xlsm")):
        rows = _rows_from_xlsx(data)
    elif lower.endswith(".xls") or data[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1":
        raise ImportFileError(
            "old_excel", _("Old Excel files (.xls) are not read: save the file as .xlsx or .csv.")
        )
    elif lower.endswith((".csv", ".txt", ".tsv")):
        rows = _rows_from_csv(data)
    else:
        raise ImportFileError("not_a_spreadsheet", _("Choose an Excel (.xlsx) or CSV (.csv) file."))
    rows = [row for row in rows if any(row)]
    if not rows:
        raise ImportFileError("empty", _("This file has no rows."))
    header_index, columns = _find_header(rows)
    records = []
    for row in rows[header_index + 1 :]:
        record = {
            f: (row[columns[f]] if f in columns and columns[f] < len(row) else "") for f in FIELDS
        }
        if any(record.values()):
            records.append(record)
    if not records:
        raise ImportFileError("empty", _("The file has a header but no players under it."))
    if len(records) > MAX_ROWS:
        raise _too_many_rows()
    return records


def normalise(values: dict) -> dict:
    """Plain single-spaced strings, without the NUL characters no database column accepts; a
    name's ends without what shows nothing (``common.text.trim_name``)."""
    plain = {f: " ".join(str(values.get(f, "") or "").replace("\x00", "").split()) for f in FIELDS}
    return {f: trim_name(v) if f in NAMES else v for f, v in plain.items()}


def _checked(values: dict, shown: list[str]) -> CheckedRow:
    """A row as read (``normalise``), its name cells (of the columns shown) holding an invisible
    or direction-changing character already in error, next to the cell."""
    row = CheckedRow(values=normalise(values), shown=shown)
    for name in NAMES:
        if name in shown and hidden_characters(row.values[name]):
            row.error(name, str(HIDDEN_IN_NAME))
    return row


def directory_differences(player: Player, values: dict) -> dict[str, tuple[str, str]]:
    """What a row would change in the directory's record: field -> (recorded, in the file).
    An empty cell changes nothing."""
    recorded = {
        "last_name": player.last_name,
        "first_name": player.first_name,
        "club": player.club.name if player.club else "",
        "email": player.email,
    }
    return {
        name: (recorded[name], values[name])
        for name in recorded
        if values[name] and _key(recorded[name]) != _key(values[name])
    }


def _directory_note(player: Player, values: dict, directory: bool) -> str:
    """What the preview says of a licence the directory knows. To an account without the
    directory right it says nothing of the record (another tournament's player, maybe a private
    one's); to one with it, how the record differs from the file."""
    if not directory:
        return _(
            "Licence already in the player directory: registered here under the name in this "
            "file; the directory is not changed."
        )
    differences = directory_differences(player, values)
    if not differences:
        return _("Licence already in the player directory, with the same details.")
    return _(
        "The player directory has %(recorded)s; tick “update the player directory” to record "
        "this file's values."
    ) % {"recorded": ", ".join(old or "—" for old, _new in differences.values())}


def _check_cells(row: CheckedRow) -> None:
    """A cell too long for its column, or showing a failed formula's error, refused next to it."""
    for name, limit in LENGTHS.items():
        if len(row.values[name]) > limit:
            row.error(name, _("At most %(max)s characters.") % {"max": limit})
    for name in row.shown:
        if row.values[name].upper() in SPREADSHEET_ERRORS:
            row.error(
                name,
                _("This cell holds a spreadsheet error (%(value)s), not a value.")
                % {"value": row.values[name]},
            )


def check_rows(
    *, tournament: Tournament, rows: list[dict], create_clubs: bool, directory: bool = False
) -> tuple[list[CheckedRow], list[str]]:
    """Each row's problems, and the names of clubs not yet known. Reads, never writes.
    ``directory``: the account may see and edit the player directory.

    Queries: a constant handful, whatever the number of rows.
    """
    shown = shown_fields(tournament)
    checked = [_checked(r, shown) for r in rows]
    licences = [r.values["licence"] for r in checked if r.values["licence"]]
    known = {
        p.licence: p for p in Player.objects.filter(licence__in=licences).select_related("club")
    }
    registered = set(
        tournament.registrations.filter(player__licence__in=licences).values_list(
            "player__licence", flat=True
        )
    )
    club_names = {r.values["club"].lower() for r in checked if r.values["club"]}
    clubs = {c.name.lower() for c in Club.objects.all().only("name")} if club_names else set()
    unknown_clubs = sorted(
        {
            r.values["club"]
            for r in checked
            if r.values["club"] and r.values["club"].lower() not in clubs
        },
        key=str.lower,
    )
    seen: dict[str, int] = {}
    for number, row in enumerate(checked, start=1):
        v = row.values
        if not v["last_name"]:
            row.error("last_name", _("The last name is missing."))
        if not v["first_name"]:
            row.error("first_name", _("The first name is missing."))
        _check_cells(row)
        licence = v["licence"]
        if licence:
            if not re.match(LICENCE_REGEX, licence):
                row.error("licence", _("A licence number is 4 to 10 digits."))
            elif licence in seen:
                row.error(
                    "licence",
                    _("Licence %(licence)s is also on row %(row)s of the file.")
                    % {"licence": licence, "row": seen[licence]},
                )
            elif licence in registered:
                row.error(
                    "licence",
                    _("Licence %(licence)s is already registered in this tournament.")
                    % {"licence": licence},
                )
            else:
                seen[licence] = number
                player = known.get(licence)
                if player is not None:
                    row.warnings.append(_directory_note(player, v, directory))
        if v["email"]:
            try:
                validate_email(v["email"])
            except ValidationError:
                row.error("email", _("This email address is not valid."))
        if v["club"] and not create_clubs and v["club"].lower() not in clubs:
            row.error("club", _("Unknown club: tick “create the new clubs” or correct the name."))
    return checked, unknown_clubs
