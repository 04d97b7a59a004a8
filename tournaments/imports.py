"""Reading a file of players (.xlsx or .csv) into rows, and checking those rows.

``read_player_file`` turns an upload into plain rows and refuses, with a code, a file that is not
a spreadsheet, is empty, is too large or has no recognisable header. ``check_rows`` finds each
row's problems against the file and the tournament. Neither writes anything: the import itself
is ``services_import.players_import``, all or nothing.
"""

import csv
import io
import re
import unicodedata
import zipfile
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.forms import HIDDEN_IN_NAME
from common.text import hidden_characters, trim_name

from .models import LICENCE_REGEX, Club, Player, Tournament

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_UNPACKED_BYTES = 20 * 1024 * 1024
MAX_ROWS = 2000
MAX_COLUMNS = 50
HEADER_SEARCH_ROWS = 10
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
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # spreadsheets store licence numbers as numbers
    return " ".join(str(value).split())


def _rows_from_csv(data: bytes) -> list[list[str]]:
    # Latin-1 decodes any bytes: a binary file then fails on its NULs or on the header.
    for encoding in ("utf-8-sig", "cp1252", "latin-1"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
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
        return [[_cell(c) for c in row[:MAX_COLUMNS]] for row in reader]
    except csv.Error as exc:
        raise ImportFileError(
            "not_a_spreadsheet", _("This CSV file cannot be read: %(error)s") % {"error": exc}
        ) from exc


class _Semicolon(csv.excel):
    delimiter = ";"


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
        # A small file that unpacks to a huge one would tie up the server.
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
        sheet.reset_dimensions()  # never trust the size the file claims
        rows = []
        for row in sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True):
            rows.append([_cell(c) for c in row])
            if len(rows) > MAX_ROWS + HEADER_SEARCH_ROWS + 1:
                break
        return rows
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
        raise ImportFileError(
            "too_many_rows",
            _("This file has more than %(max)s players.") % {"max": MAX_ROWS},
        )
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
        for name, limit in (("last_name", 80), ("first_name", 80), ("club", 120)):
            if len(v[name]) > limit:
                row.error(name, _("At most %(max)s characters.") % {"max": limit})
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
