"""Hypothesis over the entry and import forms: whatever is sent, no 500 and no partial write.

Each example starts from a payload the page accepts and spoils some of its fields (odd numbers,
huge or negative ones, NUL bytes, raw bytes that are not UTF-8, very long text, a key sent
twice...), so that most examples get past the first field to the deep checks. It then asks
for one of two outcomes: the request succeeded and the database holds a complete object, or
nothing at all was written (row counts of every model compared).

Each example runs in a savepoint rolled back at its end, so examples never see each other's
rows. ``tests/test_numeric_fields.py`` walks every form's numeric fields by name with fixed
hostile values; ``tests/tournaments/test_hidden_characters.py`` every name field.
``FUZZ_EXAMPLES=2000 pytest tests/test_fuzz_forms.py`` runs longer than the default.
"""

import csv
import io
import json
import os
from contextlib import contextmanager
from urllib.parse import urlencode

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from arbitration import services as arbitration
from arbitration.models import Decision, Incident, IncidentKind, PenaltyScale
from scoring.formats.libre import services as scoring
from scoring.formats.libre.forms import read_entry
from scoring.models import BidBan, Deal, Mark, Penalty, ScoreSheet
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    RegistrationFactory,
    StaffRoleFactory,
    TournamentFactory,
)
from tests.scoring.conftest import SAMPLE, VISAS, seat_and_publish
from tournaments import imports
from tournaments.models import AuditEntry, Club, Player, Registration, Round, Seat, Table
from tournaments.models import Tournament as TournamentModel
from tournaments.transfer import sections, tournament_export, tournament_import

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0"))


def fuzz(examples: int):
    return settings(
        max_examples=EXAMPLES or examples,
        deadline=None,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
        ],
    )


WRITTEN = [
    get_user_model(),
    TournamentModel,
    Club,
    Player,
    Registration,
    Round,
    Table,
    Seat,
    ScoreSheet,
    Deal,
    Mark,
    Incident,
    Decision,
    Penalty,
    BidBan,
    PenaltyScale,
    AuditEntry,
]


def counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in WRITTEN}


def grown(before: dict[str, int]) -> dict[str, int]:
    """What was written since ``before``: the models whose row count changed."""
    return {name: n - before[name] for name, n in counts().items() if n != before[name]}


@contextmanager
def rolled_back():
    """One example's writes, undone at its end (pass or fail)."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def row(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def shown(data) -> str:
    text = repr(data)
    return text if len(text) < 3000 else text[:3000] + "..."


def form_body(data: dict) -> str:
    """``data`` as a browser sends a form: urlencoded, a list as the key repeated, bytes as
    they are (not necessarily UTF-8)."""
    pairs = [
        (key, item)
        for key, value in data.items()
        for item in (value if isinstance(value, list) else [value])
    ]
    return urlencode(pairs)


def post(client, url, data, *, multipart=False, ok=(200, 302, 400, 409)):
    """POST ``data``; any server error fails the example, with what was sent."""
    try:
        if multipart:
            response = client.post(url, data)
        else:
            response = client.post(
                url, form_body(data), content_type="application/x-www-form-urlencoded"
            )
    except Exception as exc:  # the test client re-raises what the view raised: a 500
        raise AssertionError(f"server error on {url} with {shown(data)}") from exc
    assert response.status_code in ok, (response.status_code, shown(data))
    if currently_in_test_context():
        event(f"{url.rstrip('/').rsplit('/', 1)[-1]}: {response.status_code}")
    return response


# --- values ----------------------------------------------------------------------------------

ODD = [
    "", " ", "0", "-0", "+0", "00", "1", "-1", "+1", "2", "3", "4", "5", "9", "40", "41,5",
    "91", "91.5", "40.25", "1e5", "1e-999999999", "1e999999999", "NaN", "sNaN", "-Infinity",
    "99999", "100000", "-100000", "2147483648", "-9223372036854775809",
    "99999999999999999999", "9" * 5000, "١٢", "²", "\u221212", " 12 ", "+-3", "0x1F",
    "on", "off", "true", "None", "null", "[]", "{}", "\x00", "1\x00", "a\x00b",
    "<script>alert(1)</script>", "=CMD()", "' OR 1=1 --", "é" * 300, "x" * 70_000, "\u202e",
    "🂡", "\ufeff", "\r\n", "0001-01-01T00:00", "9999-12-31T23:59", "2024-02-30T25:61",
]  # fmt: skip

odd_text = st.one_of(
    st.sampled_from(ODD),
    st.text(max_size=30),
    st.integers().map(str),
    st.floats().map(str),
)
# Raw bytes reach the server as they are: Django decodes them as UTF-8, replacing errors.
odd_value = st.one_of(odd_text, st.binary(max_size=30))


def values(*valid) -> st.SearchStrategy:
    """A field's value: often one the page offers, else anything, sometimes sent twice."""
    one = st.one_of(st.sampled_from([str(v) for v in valid]), odd_value) if valid else odd_value
    return st.one_of(one, one, st.lists(one, min_size=2, max_size=3))


def pick(fields: dict[str, st.SearchStrategy], base: dict, most: int = 4):
    """Up to ``most`` fields of ``fields`` changed, up to 2 fields of ``base`` dropped."""
    return st.tuples(
        st.lists(st.sampled_from(sorted(fields)), max_size=most, unique=True).flatmap(
            lambda names: st.fixed_dictionaries({n: fields[n] for n in names})
        ),
        st.sets(st.sampled_from(sorted(base)), max_size=2) if base else st.just(set()),
    ).map(lambda c: {**{k: v for k, v in base.items() if k not in c[1]}, **c[0]})


# --- the score sheet -------------------------------------------------------------------------

SHEET_VALUES = [
    "prise", "garde", "garde_sans", "garde_contre", "attack", "defence", "simple", "double",
    "triple", "marks", "facts", "adjusted", "annulled", "0", "1", "2", "3", "4", "on", "56",
    "-106", "318", "+42",
]  # fmt: skip
LINE = ["mode", "dealer", "contract", "taker", "partner", "bouts", "points", "pab", "chelem"]
LINE += ["chelem_announced", "dealt_again"]
LINE += [f"{k}{s}" for k in ("mark", "poignee") for s in range(5)]
SHEET_FIELDS = {f"d{n}-{name}": values(*SHEET_VALUES) for n in range(1, 7) for name in LINE}
SHEET_FIELDS |= {f"visa{s}": values("on", "1", "0", "off") for s in range(6)}
SHEET_FIELDS |= {
    "token": values("t1", "a" * 64, "a" * 65, "-_-", "../"),
    "base_version": values(0, 1, "00", "+0", "٠", -1),
    "first_dealer": values(0, 1, 4, 5),
    "short_reason": values("the hall closed"),
    "reason": values("a mistake"),
    "confirm": values(1),
    "refresh": values(1),
    "d١-contract": values("garde"),
    "d99999999999999999999-mark0": values(1),
    "visa\x00": values("on"),
}
# The fifth deal typed as the facts of the deal rather than as marks.
FACTS = {"d5-mode": "facts", "d5-contract": "garde", "d5-taker": "2", "d5-bouts": "2",
         "d5-points": "51", "d5-pab": "attack", "d5-poignee1": "simple"}  # fmt: skip
SHEET_BASES = [
    {**SAMPLE, **VISAS, "base_version": "0", "token": "tok"},
    {
        **{k: v for k, v in SAMPLE.items() if not k.startswith("d5-")},
        **FACTS,
        **VISAS,
        "base_version": "0",
        "token": "tok",
    },
]


def five_seat_sheet() -> dict:
    """A valid sheet of a table of 5 where the dealer sits out: seat n-1 deals deal n (the sheet
    says so on every line)."""
    data = {"base_version": "0", "token": "tok"}
    data |= {f"visa{s}": "on" for s in range(5)}
    for number in range(1, 6):
        playing = [s for s in range(5) if s != number - 1]
        data |= {f"d{number}-contract": "garde", f"d{number}-taker": str(playing[0])}
        data[f"d{number}-dealer"] = str(number - 1)
        for seat in playing:
            data[f"d{number}-mark{seat}"] = "318" if seat == playing[0] else "-106"
    return data


@pytest.fixture
def tables(tournament, staff):
    """A table of 4 (``tournament``) and a table of 5 whose dealer sits out (another one)."""
    four = seat_and_publish(tournament, staff["organiser"], 8).tables.get(number=1)
    other = TournamentFactory(remainder="5", deals_table_5=5)
    for role in ("scorer", "arbitre", "organiser"):
        StaffRoleFactory(tournament=other, user=staff[role], role=role)
    five = seat_and_publish(other, staff["organiser"], 5).tables.get()
    assert (four.size, five.size) == (4, 5)
    return {4: four, 5: five}


def sheet_url(name, table):
    kwargs = {"slug": table.round.tournament.slug, "number": table.round.number}
    return reverse(f"scoring:{name}", kwargs={**kwargs, "table": table.number})


def assert_complete_sheet(table):
    sheet = ScoreSheet.objects.exclude(status="superseded").get(table=table)
    deals = list(sheet.deals.order_by("number"))
    assert deals and [d.number for d in deals] == list(range(1, len(deals) + 1))
    for deal in deals:
        marks = list(Mark.objects.filter(deal=deal).values_list("seat", "value"))
        assert sorted(seat for seat, _v in marks) == list(range(table.size))
        assert sum(value for _s, value in marks) == 0, deal.number
    assert AuditEntry.objects.filter(action="sheet.entered", tournament=table.round.tournament)


@fuzz(80)
@given(
    size=st.sampled_from([4, 4, 5]),
    base=st.sampled_from([0, 1]),
    who=st.sampled_from(["scorer", "arbitre"]),
    change=pick(SHEET_FIELDS, {}, most=5),
    dropped=st.sets(st.sampled_from(sorted(SHEET_BASES[0])), max_size=2),
)
@example(size=4, base=0, who="scorer", change={"d5-mode": "facts", "d5-bouts": "0",
         "d5-points": "1e-999999999"}, dropped=set())  # fmt: skip
def test_score_sheet_save_and_preview(client, staff, tables, size, base, who, change, dropped):
    table = tables[size]
    start = SHEET_BASES[base] if size == 4 else five_seat_sheet()
    data = {**{k: v for k, v in start.items() if k not in dropped}, **change}
    with rolled_back():
        client.force_login(staff[who])
        before = counts()
        response = post(client, sheet_url("preview", table), data, ok=(200,))
        assert grown(before) == {}, shown(data)
        # 403: "save and confirm" sent by a scorer (the page offers it to arbitres only).
        response = post(client, sheet_url("sheet", table), data, ok=(200, 302, 400, 403, 409))
        if response.status_code == 302:
            assert_complete_sheet(table)
            assert set(grown(before)) <= {"ScoreSheet", "Deal", "Mark", "AuditEntry"}
        else:
            assert grown(before) == {}, shown(data)


def test_too_many_fields_is_a_400_not_a_500(client, staff, tables):
    client.force_login(staff["scorer"])
    data = {f"d1-x{i}": "1" for i in range(20_001)}
    before = counts()
    post(client, sheet_url("sheet", tables[4]), data, ok=(400,))
    assert grown(before) == {}


# --- importing a file of players -------------------------------------------------------------

HEADER_CELLS = ["Licence", "Nom", "Prénom", "Club", "Email", "N° licence", "NOM", "prenom",
                "Last name", "First name", "E-mail", "Courriel", "", "Nom du club"]  # fmt: skip
SANE = ["Durand", "Anne", "Club X", "club x", "CLUB X", "a@b.fr", "İstanbul", "Œuvre", ""]
HOSTILE_CELLS = ["123456", "1234", "12345678901", "0001", "not-an-email", "=CMD()",
                 '=HYPERLINK("http://x")', "+1+1", "-2", "@SUM(A1)", '"', '""', "a;b", "a,b",
                 "a\nb", "\x00", " ", "ß" * 100, "x" * 200_000, "\ufeffNom", "١٢٣٤٥"]  # fmt: skip
CELLS = st.one_of(st.sampled_from(SANE), st.sampled_from(HOSTILE_CELLS), st.text(max_size=15))
NAMES = ["joueurs.csv", "j.CSV", "j.txt", "j.tsv", "j.xlsx", "j.xls", "j", "j.csv.exe",
         "é.csv", "x" * 300 + ".csv", "j.pdf"]  # fmt: skip
ENCODINGS = ["utf-8", "utf-8-sig", "cp1252", "latin-1", "utf-16", "mac_roman"]


def player_row(n: int) -> list[str]:
    return [str(300000 + n), f"Nom{n}", f"Prénom{n}", f"Club {n % 3}", f"p{n}@example.org"]


@st.composite
def csv_files(draw):
    """A CSV file: a sane list of players often, spoilt in any of the ways files are."""
    if draw(st.booleans()):  # as a spreadsheet writes it, with or without an odd row
        delimiter, quoted = draw(st.sampled_from([";", ",", "\t"])), True
        count = draw(st.sampled_from([1, 3, 40, imports.MAX_ROWS]))
        rows = [player_row(n) for n in range(count)]
        if draw(st.booleans()):
            rows.insert(draw(st.integers(0, len(rows))), draw(st.lists(CELLS, max_size=6)))
        out = io.StringIO()
        newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
        writer = csv.writer(out, delimiter=delimiter, lineterminator=newline)
        writer.writerows([["Licence", "Nom", "Prénom", "Club", "Email"], *rows])
        encoding = draw(st.sampled_from(["utf-8", "utf-8-sig", "cp1252"]))
        return "joueurs.csv", out.getvalue().encode(encoding, errors="replace")
    delimiter = draw(st.sampled_from([";", ";", ",", "\t", "|", " "]))
    header = draw(
        st.one_of(
            st.just(["Licence", "Nom", "Prénom", "Club", "Email"]),
            st.just(["Nom", "Prénom"]),
            st.lists(st.sampled_from(HEADER_CELLS), max_size=7),
        )
    )
    before = draw(st.lists(st.lists(CELLS, max_size=3), max_size=2))
    count = draw(st.sampled_from([1, 3, 40, imports.MAX_ROWS, imports.MAX_ROWS + 1]))
    rows = [player_row(n) for n in range(count)]
    for _ in range(draw(st.integers(0, 4))):  # spoil some rows
        row = draw(st.lists(CELLS, max_size=7))
        rows.insert(draw(st.integers(0, len(rows))), row)
    quoted = draw(st.booleans())
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    lines = []
    for row in [*before, header, *rows]:
        if quoted:
            out = io.StringIO()
            csv.writer(out, delimiter=delimiter, lineterminator=newline).writerow(row)
            lines.append(out.getvalue())
        else:
            lines.append(delimiter.join(row) + newline)
        if sum(map(len, lines)) > imports.MAX_FILE_BYTES + 100:
            break
    encoding = draw(st.sampled_from(ENCODINGS[:2] + ENCODINGS))
    data = "".join(lines).encode(encoding, errors="replace")
    return draw(st.sampled_from(NAMES[:1] * 4 + NAMES)), data


_XLSX = []


def xlsx_sample() -> bytes:
    if not _XLSX:
        import openpyxl

        workbook = openpyxl.Workbook()
        workbook.active.append(["Licence", "Nom", "Prénom", "Club", "Email"])
        workbook.active.append([123456, "Durand", "Anne", "=CMD()", "a@b.fr"])
        out = io.BytesIO()
        workbook.save(out)
        _XLSX.append(out.getvalue())
    return _XLSX[0]


@st.composite
def broken_workbooks(draw):
    data = bytearray(xlsx_sample())
    for _ in range(draw(st.integers(0, 6))):
        data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
    cut = draw(st.one_of(st.none(), st.integers(0, len(data))))
    return draw(st.sampled_from(["j.xlsx", "j.csv", "j"])), bytes(data[:cut])


def unsupported_zip_version(data: bytes) -> bytes:
    """The workbook with its last directory entry asking for zip version 6.4."""
    at = data.rindex(b"PK\x01\x02") + 6  # "version needed to extract"
    return data[:at] + b"@" + data[at + 1 :]


uploads = st.one_of(
    csv_files(),
    csv_files(),
    csv_files(),
    broken_workbooks(),
    st.tuples(st.sampled_from(NAMES), st.binary(max_size=3000)),
    st.tuples(
        st.sampled_from(NAMES),
        st.tuples(
            st.sampled_from([b"PK\x03\x04", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"]),
            st.binary(max_size=500),
        ).map(b"".join),
    ),  # fmt: skip
)


def import_url(name, tournament):
    return reverse(f"manage:{name}", kwargs={"slug": tournament.slug})


def assert_imported(tournament, rows, before):
    """A confirmed import: one registration and a valid player per row, one audit entry."""
    added = grown(before)
    assert added.get("Registration") == len(rows), added
    assert set(added) <= {"Registration", "Player", "Club", "AuditEntry"}, added
    for reg in tournament.registrations.select_related("player"):
        reg.player.full_clean()
    assert AuditEntry.objects.filter(action="registration.imported").count() == 1


@fuzz(60)
@given(upload=uploads, extra=st.sampled_from(["file"] * 5 + ["none", "text", "two"]))
@example(upload=("j.xlsx", unsupported_zip_version(xlsx_sample())), extra="file")  # was a 500
@example(upload=("j.csv", "Nom;Prénom\rDurand;Anne\r".encode("cp1252")), extra="file")
def test_player_import_upload_then_confirm(client, organiser, tournament, upload, extra):
    name, content = upload
    data = {"file": SimpleUploadedFile(name, content)}
    if extra == "none":
        data = {}
    elif extra == "text":
        data = {"file": content.decode("latin-1")[:1000]}
    elif extra == "two":
        data = {"file": [SimpleUploadedFile(name, content), SimpleUploadedFile("b.csv", b"x")]}
    with rolled_back():
        client.force_login(organiser)
        before = counts()
        response = post(client, import_url("import_upload", tournament), data, multipart=True)
        assert grown(before) == {}, (name, content[:300])
        if response.status_code != 302:
            event("refused")
            return
        page = client.get(import_url("import_preview", tournament))
        assert page.status_code == 200
        rows = [row.values for row in page.context["rows"]]
        form = {f"r-{i}-{f}": v for i, row in enumerate(rows) for f, v in row.items()}
        form |= {"create_clubs": "1", "confirm": "1"}
        response = post(client, import_url("import_preview", tournament), form)
        if response.status_code == 302:
            assert page.context["error_count"] == 0
            assert_imported(tournament, rows, before)
        else:
            assert grown(before) == {}, (name, content[:300])


def test_mac_line_endings_and_odd_zip_versions_are_read_or_refused():
    rows = imports.read_player_file("j.csv", "Nom;Prénom\rDurand;Anne\r".encode("cp1252"))
    assert rows == [{"licence": "", "last_name": "Durand", "first_name": "Anne", "club": "",
                     "email": "", "team": ""}]  # fmt: skip
    with pytest.raises(imports.ImportFileError) as exc:
        imports.read_player_file("j.xlsx", unsupported_zip_version(xlsx_sample()))
    assert exc.value.code == "not_a_spreadsheet"


PREVIEW_BASE = {
    **{f"r-0-{f}": v for f, v in zip(imports.IDENTITY, ["200001", "Durand", "Anne", "Club X",
                                                        "anne@example.org"], strict=True)},
    **{f"r-1-{f}": v for f, v in zip(imports.IDENTITY, ["", "Martin", "Paul", "", ""],
                                     strict=True)},
    "create_clubs": "1",
    "confirm": "1",
}  # fmt: skip
PREVIEW_FIELDS = {
    f"r-{i}-{f}": values("123456", "200001", "Club X", "club x", "=CMD()", "a@b.fr")
    for i in range(3)
    for f in imports.FIELDS
}
PREVIEW_FIELDS |= {f"r-{i}-skip": values("1", "") for i in range(3)}
PREVIEW_FIELDS |= {k: values("1") for k in ("create_clubs", "confirm", "check", "cancel")}
PREVIEW_FIELDS |= {"r-99999999999999999999-licence": values("1234"), "r--1-last_name": values()}


def last(value):
    """A posted field's value as ``QueryDict.get`` gives it: the last of several, None for
    none."""
    if isinstance(value, list | tuple):
        return value[-1] if value else None
    return value


@pytest.fixture
def known_players(tournament):
    PlayerFactory(licence="123456", last_name="Known", first_name="Player")
    RegistrationFactory(tournament=tournament, player=PlayerFactory(licence="654321"))


@fuzz(60)
@given(change=pick(PREVIEW_FIELDS, PREVIEW_BASE, most=5))
def test_player_import_preview_and_confirm(client, organiser, tournament, known_players, change):
    with rolled_back():
        client.force_login(organiser)
        text = "Nom;Prénom\nA;B\nC;D\nE;F\n"
        upload = {"file": SimpleUploadedFile("j.csv", text.encode())}
        post(client, import_url("import_upload", tournament), upload, multipart=True, ok=(302,))
        before = counts()
        response = post(client, import_url("import_preview", tournament), change)
        if response.status_code == 302 and "cancel" not in change:
            # As the view reads a field sent several times (QueryDict.get): its last value.
            skipped = {
                i for i in range(3) if last(change.get(f"r-{i}-skip")) not in (None, "", b"")
            }
            assert grown(before).get("Registration") == 3 - len(skipped)
            assert_imported(tournament, range(3 - len(skipped)), before)
        else:
            assert grown(before) == {}, shown(change)


# --- registrations ---------------------------------------------------------------------------


@pytest.fixture
def field(tournament):
    """A club, a registered player, a player known elsewhere, a club of nobody."""
    club = ClubFactory(name="Les Bouts")
    registered = RegistrationFactory(
        tournament=tournament,
        player=PlayerFactory(licence="111111", club=club, email="a@example.org"),
        joins_at_position=2,
    )
    known = PlayerFactory(licence="222222")
    RegistrationFactory(tournament=TournamentFactory(), player=known)
    return {"club": club, "registered": registered, "known": known, "other": ClubFactory()}


def player_fields(field):
    return {
        "licence": values("333333", "111111", "222222", "1234", "12345678901", "١٢٣٤٥"),
        "last_name": values("Durand", "A" * 80, "A" * 81),
        "first_name": values("Anne", "\u200b"),
        "club": values(field["club"].pk, field["other"].pk, 0, -1),
        "new_club": values("Les Bouts", "les bouts", "LES BOUTS", "Nouveau club", "x" * 121),
        "email": values("anne@example.org", "a@b", "x" * 250 + "@example.org"),
        "joins_at_position": values(1, 5, 6, 0),
        "withdrawn_after_position": values("", 0, 1, 5, 6),
        "another": values(1),
    }


PLAYER_BASE = {"licence": "333333", "last_name": "Durand", "first_name": "Anne",
               "club": "", "new_club": "", "email": "", "joins_at_position": "1"}  # fmt: skip


@fuzz(60)
@given(data=st.data())
def test_registration_add(client, organiser, tournament, field, data):
    change = data.draw(pick(player_fields(field), PLAYER_BASE), label="form")
    with rolled_back():
        client.force_login(organiser)
        before = counts()
        response = post(client, import_url("registration_add", tournament), change)
        if response.status_code == 302:
            added = grown(before)
            assert added.get("Registration") == 1 and added.get("AuditEntry", 0) >= 1, added
            assert set(added) <= {"Registration", "Player", "Club", "AuditEntry"}, added
            reg = tournament.registrations.order_by("-number").first()
            reg.player.full_clean()
            reg.full_clean()
        else:
            assert grown(before) == {}, shown(change)


@fuzz(50)
@given(data=st.data())
def test_registration_edit(client, organiser, tournament, field, data):
    reg = field["registered"]
    base = {"licence": "111111", "last_name": "Durand", "first_name": "Anne",
            "club": str(field["club"].pk), "email": "a@example.org",
            "joins_at_position": "2", "withdrawn_after_position": ""}  # fmt: skip
    change = data.draw(pick(player_fields(field), base), label="form")
    url = reverse(
        "manage:registration_edit", kwargs={"slug": tournament.slug, "number": reg.number}
    )

    def state():
        reg.refresh_from_db()
        reg.player.refresh_from_db()
        return [row(reg), row(reg.player)]

    with rolled_back():
        client.force_login(organiser)
        before, was = counts(), state()
        response = post(client, url, change)
        if response.status_code == 302:
            # A new licence links a new directory record (a Player); nothing else grows.
            assert set(grown(before)) <= {"Club", "Player", "AuditEntry"}, grown(before)
            state()
            reg.player.full_clean()
            reg.full_clean()
        else:
            assert grown(before) == {} and state() == was, shown(change)


# --- arbitration -----------------------------------------------------------------------------


@pytest.fixture
def arbitration_field(tournament, staff):
    """A published position with a confirmed sheet, an incident at its table, and an incident,
    a sheet and a player of another tournament."""
    tournament.positions = 2
    tournament.save()
    table = seat_and_publish(tournament, staff["organiser"], 8).tables.get(number=1)
    sheet = scoring.scoresheet_save(
        table=table, user=staff["scorer"], entry=read_entry({**SAMPLE, **VISAS}), base_version=0
    )
    scoring.scoresheet_confirm(sheet=sheet, user=staff["organiser"])
    seats = [table.seats.get(number=p).registration for p in range(4)]
    incident = arbitration.incident_log(
        tournament=tournament,
        user=staff["arbitre"],
        round=table.round,
        table=table,
        kind="conduct",
        offender=seats[1],
        deal_number=1,
    )
    PenaltyScale.objects.create(tournament=tournament, kind="conduct", points=50)
    other = TournamentFactory()
    for role in ("scorer", "arbitre", "organiser"):
        StaffRoleFactory(tournament=other, user=staff[role], role=role)
    other_table = seat_and_publish(other, staff["organiser"], 4).tables.get()
    other_incident = arbitration.incident_log(
        tournament=other, user=staff["arbitre"], round=other_table.round, kind="conduct"
    )
    other_sheet = scoring.scoresheet_save(
        table=other_table,
        user=staff["scorer"],
        entry=read_entry({**SAMPLE, **VISAS}),
        base_version=0,
    )
    return {
        "table": table,
        "seats": seats,
        "incident": incident,
        "sheet": ScoreSheet.objects.exclude(status="superseded").get(table=table),
        "other_reg": other_table.seats.first().registration,
        "other_incident": other_incident,
        "other_sheet": other_sheet,
        "off_table": tournament.registrations.exclude(pk__in=[s.pk for s in seats]).first(),
    }


def arbitration_url(name, tournament, **kwargs):
    return reverse(f"arbitration:{name}", kwargs={"slug": tournament.slug, **kwargs})


@fuzz(60)
@given(data=st.data())
def test_incident_logging(client, staff, tournament, arbitration_field, data):
    f = arbitration_field
    people = [r.pk for r in f["seats"]] + [f["other_reg"].pk, f["off_table"].pk]
    fields = {
        "round": values(1, 2, 0),
        "table": values(1, 2, 3, 0),
        "deal_number": values(1, 5, 6, 40, 41),
        "kind": values(*IncidentKind.values),
        "offender": values(*people),
        "caller": values(*people),
        "offender_defending": values("on"),
        "confirmed": values("on"),
        "description": values("Did not follow hearts."),
        "contests": values(f["incident"].pk, f["other_incident"].pk),
        "contests_sheet": values(f["sheet"].pk, f["other_sheet"].pk),
        "late": values("on"),
        "called_at": values("2024-05-01T14:30", "1999-12-31T23:59", "2024-03-31T02:30"),
    }
    base = {"round": "1", "table": "1", "deal_number": "2", "kind": "renonce",
            "offender": str(f["seats"][3].pk), "caller": str(f["seats"][0].pk),
            "offender_defending": "on", "confirmed": "on", "description": "x",
            "called_at": ""}  # fmt: skip
    change = data.draw(pick(fields, base, most=4), label="form")
    with rolled_back():
        client.force_login(staff["arbitre"])
        before = counts()
        response = post(client, arbitration_url("new", tournament), change)
        if response.status_code == 302:
            added = grown(before)
            assert added.get("Incident") == 1 and added.get("AuditEntry", 0) >= 1, added
            assert set(added) <= {"Incident", "Decision", "BidBan", "AuditEntry"}, added
            incident = Incident.objects.order_by("-pk").first()
            assert incident.tournament == tournament and incident.round.tournament == tournament
            assert incident.decisions.count() == added.get("Decision", 0)
        else:
            assert grown(before) == {}, shown(change)


DECISION_BASES = [
    {"kind": "warning"},
    {"kind": "penalty", "points": "80", "note": "repeated"},
    {"kind": "bid_ban", "position": "2", "deal_number": ""},
    {"kind": "deal_annulled", "deal_number": "1"},
    {"kind": "adjusted_marks", "deal_number": "2", "mark0": "30", "mark1": "-10",
     "mark2": "-10", "mark3": "-10"},
    {"kind": "exclusion"},
]  # fmt: skip
# What each kind of decision writes besides the decision and its audit entries.
EFFECTS = {
    "warning": set(),
    "penalty": {"Penalty"},
    "bid_ban": {"BidBan"},
    "deal_annulled": {"ScoreSheet", "Deal", "Mark"},
    "adjusted_marks": {"ScoreSheet", "Deal", "Mark"},
    "exclusion": set(),
}


@fuzz(60)
@given(base=st.sampled_from(DECISION_BASES), data=st.data())
@example(base={"kind": "penalty"}, data=None)
@example(base={"kind": "score_adjusted"}, data=None)  # a duplicate's kind on a libre: was a 500
def test_decisions(client, staff, tournament, arbitration_field, base, data):
    f = arbitration_field
    people = [r.pk for r in f["seats"]] + [f["other_reg"].pk, f["off_table"].pk]
    fields = {
        "kind": values(*Decision.Kind.values),
        "player": values(*people),
        "points": values(1, 50, 100000, 100001, 0, -5),
        "note": values("repeated", "x" * 301),
        "position": values(1, 2, 3, 0),
        "deal_number": values(1, 5, 6, 40, 41),
        **{f"mark{s}": values(30, -10, 99999, -99999, 100000, 100001) for s in range(5)},
    }
    change = data.draw(pick(fields, base, most=4), label="form") if data else base
    url = arbitration_url("decide", tournament, pk=f["incident"].pk)
    with rolled_back():
        client.force_login(staff["arbitre"])
        before = counts()
        response = post(client, url, change)
        if response.status_code == 302:
            added = grown(before)
            decision = Decision.objects.order_by("-pk").first()
            assert added.get("Decision") == 1 and decision.incident == f["incident"], added
            assert set(added) <= {"Decision", "AuditEntry", *EFFECTS[decision.kind]}, added
            assert set(added) >= EFFECTS[decision.kind], added
            if decision.sheet_id:
                assert_complete_sheet(f["table"])
        else:
            assert grown(before) == {}, shown(change)


@fuzz(30)
@given(change=pick({k.value: values(1, 50, 10000, 10001) for k in IncidentKind}, {}, most=4))
def test_penalty_scale(client, organiser, tournament, change):
    with rolled_back():
        client.force_login(organiser)
        before = counts()
        response = post(client, arbitration_url("scale", tournament), change)
        if response.status_code == 302:
            assert set(grown(before)) <= {"PenaltyScale", "AuditEntry"}
            for scale in PenaltyScale.objects.all():
                scale.full_clean()
        else:
            assert grown(before) == {}, shown(change)


# --- the whole-tournament JSON import --------------------------------------------------------


@pytest.fixture
def exported(arbitration_field, staff):
    """The export of a tournament with a sheet, incidents, a penalty, a ban and an exclusion."""
    f = arbitration_field
    for kind, extra in [("penalty", {"points": 50}), ("bid_ban", {"position": 2}),
                        ("exclusion", {})]:  # fmt: skip
        arbitration.decision_add(incident=f["incident"], user=staff["arbitre"], kind=kind, **extra)
    document = tournament_export(tournament=f["table"].round.tournament)
    return json.loads(json.dumps(document))


def paths(node, prefix=()):
    """Every place in a JSON document: the key or index that leads there, from the top."""
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from paths(value, (*prefix, index))


json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(min_value=2**63 - 2, max_value=2**70),
        st.floats(),
        st.sampled_from(ODD + ["2024-05-01", "2024-05-01T10:00:00+02:00", "abc", "41.5"]),
        st.text(max_size=20),
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


def mutate(document, data):
    document = json.loads(json.dumps(document))
    places = list(paths(document))
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        place = data.draw(st.sampled_from(places), label="place")
        if not place:
            continue
        parent = document
        try:
            for step in place[:-1]:
                parent = parent[step]
            parent[place[-1]]  # noqa: B018 (the place may be gone after an earlier change)
        except (KeyError, IndexError, TypeError):
            continue
        how = data.draw(st.sampled_from(["value", "value", "id", "drop", "twice"]), label="how")
        if how == "drop":
            del parent[place[-1]]
        elif how == "twice" and isinstance(parent, list):
            parent.append(json.loads(json.dumps(parent[place[-1]])))
        elif how == "id":
            parent[place[-1]] = data.draw(st.sampled_from([0, -1, 10**6, 2**63, "1", None]))
        else:
            parent[place[-1]] = data.draw(json_values, label="value")
    return document


def section_counts(tournament) -> dict[str, int]:
    return {
        key: apps.get_model(label).objects.filter(**{path: tournament}).count()
        for key, label, path, *_rest in sections()
    }


@fuzz(120)
@given(data=st.data())
def test_tournament_import_of_mutated_documents(exported, data):
    document = mutate(exported, data)
    with rolled_back():
        before = counts()
        try:
            tournament = tournament_import(document=document, slug="fuzzed")
        except ValidationError as exc:
            event(f"refused: {exc.code if hasattr(exc, 'code') else 'fields'}")
            assert grown(before) == {}
            return
        except Exception as exc:
            raise AssertionError(f"import crashed on {shown(document)}") from exc
        event("imported")
        assert tournament.slug == "fuzzed" and tournament.pk
        expected = {s.key: len(document.get(s.key, [])) for s in sections()}
        assert section_counts(tournament) == expected


@fuzz(30)
@given(
    content=st.one_of(
        st.binary(max_size=200),
        json_values.map(json.dumps).map(str.encode),
        st.integers(1, 200_000).map(lambda n: b"[" * n + b"]" * n),
        st.sampled_from([b'{"format": "tarot-tournament", "version": 1}', b"\xff\xfe{", b""]),
    )
)
def test_import_command_refuses_with_a_message(tmp_path, content):
    path = tmp_path / "t.json"
    path.write_bytes(content)
    with rolled_back():
        before = counts()
        try:
            call_command("import_tournament", str(path), stdout=io.StringIO())
        except CommandError:
            assert grown(before) == {}
        except Exception as exc:
            raise AssertionError(f"the command crashed on {content[:200]!r}") from exc


def nested(depth: int) -> list:
    value = []
    for _ in range(depth):
        value = [value]
    return value


def at(document, *place):
    node = document
    for step in place[:-1]:
        node = node[step]
    return node, place[-1]


@pytest.mark.parametrize(
    ("place", "value"),
    [
        (("registrations", 0, "number"), 2**64),  # OverflowError from SQLite
        (("deals", 0, "points"), "abc"),  # decimal.InvalidOperation
        (("deals", 0, "points"), "1e999999999"),
        (("marks", 0, "value"), -(2**70)),
        (("rounds", 0, "plan_ahead"), [[[1]]]),
        (("audit_entries", 0, "data"), {"registration": 2**80}),
        (("seats", 0, "registration"), 2**80),
        (("audit_entries", 0, "data"), {"x": nested(2000)}),  # RecursionError
    ],
)
def test_tournament_import_regressions(exported, place, value):
    document = json.loads(json.dumps(exported))
    node, key = at(document, *place)
    node[key] = value
    before = counts()
    try:
        tournament_import(document=document, slug="fuzzed")
    except ValidationError:
        assert grown(before) == {}
