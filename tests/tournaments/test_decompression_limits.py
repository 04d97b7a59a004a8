"""Regressions: a small file that unpacks huge (a gzip bomb: 1.5 MB of gzip took 4.8 GB of memory
before the restore refused it) is refused once past a limit, unpacked a chunk at a time; a
workbook whose zip lies about its sizes is refused at once."""

import gzip
import io
import json
import struct
import tracemalloc
import zipfile

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command

from tournaments import backups
from tournaments.imports import ImportFileError, read_player_file

MiB = 1024 * 1024


def zeros_gzipped(size: int) -> bytes:
    """``size`` bytes of zeros, gzipped without holding them all: a few kB per hundred MB."""
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb") as packing:
        for _ in range(size // MiB):
            packing.write(bytes(MiB))
    return out.getvalue()


@pytest.fixture
def small_limit(monkeypatch):
    monkeypatch.setattr(backups, "MAX_DOCUMENT_BYTES", 2 * MiB)


def test_the_limit_holds_real_backups_with_room_to_spare():
    """A whole database with a 240-player tournament of 6 positions is 2.7 MB of JSON: the
    limit holds about a hundred of them, and stays well below what exhausts a server."""
    assert 64 * MiB <= backups.MAX_DOCUMENT_BYTES <= 1024 * MiB


def test_a_gzip_bomb_is_refused_without_unpacking_it(small_limit):
    bomb = zeros_gzipped(64 * MiB)
    assert len(bomb) < 100_000
    tracemalloc.start()
    try:
        with pytest.raises(ValidationError) as exc:
            backups.backup_parse(bomb, "bomb.json.gz")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert exc.value.code == "too_large"
    assert "bomb.json.gz holds more than 2 MiB of JSON" in exc.value.messages[0]
    assert peak < 8 * MiB  # the limit and a chunk, not the 64 MiB it unpacks to


def test_a_document_under_the_limit_is_read(small_limit):
    document = {"format": "tarot-backup", "rows": ["x" * 100] * 1000}
    packed = gzip.compress(json.dumps(document).encode())
    assert backups.backup_parse(packed, "ok.json.gz") == document
    assert backups.backup_parse(json.dumps(document).encode(), "ok.json") == document


def test_plain_json_past_the_limit_is_refused_too(small_limit, tmp_path):
    with pytest.raises(ValidationError) as exc:
        backups.backup_parse(b" " * (3 * MiB) + b"{}", "big.json")
    assert exc.value.code == "too_large"
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (3 * MiB) + b"{}")
    with pytest.raises(ValidationError) as exc:  # refused from its size, before reading it
        backups.backup_read(path)
    assert exc.value.code == "too_large"


@pytest.mark.django_db
@pytest.mark.parametrize("command", ["restore", "import_tournament"])
def test_the_commands_refuse_a_bomb_with_a_message(small_limit, tmp_path, command):
    path = tmp_path / "bomb.json.gz"
    path.write_bytes(zeros_gzipped(16 * MiB))
    with pytest.raises(CommandError, match="holds more than 2 MiB of JSON"):
        call_command(command, str(path))


def _workbook_lying_about_its_size(unpacked: int) -> bytes:
    """A workbook whose sheet unpacks to ``unpacked`` bytes of XML while its zip headers say
    1000 bytes (the sizes the import's guard adds up)."""
    import openpyxl

    book = openpyxl.Workbook()
    book.active.append(["Nom", "Prénom"])
    good = io.BytesIO()
    book.save(good)
    out = io.BytesIO()
    with zipfile.ZipFile(good) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename != "xl/worksheets/sheet1.xml":
                dst.writestr(info.filename, src.read(info))
                continue
            with dst.open(info.filename, "w", force_zip64=False) as sheet:
                for _ in range(unpacked // MiB):
                    sheet.write(b"<x/>" * (MiB // 4))
    raw = bytearray(out.getvalue())
    for signature, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):  # local, central
        start = raw.find(signature)
        while start >= 0:
            if struct.unpack_from("<I", raw, start + offset)[0] > 10**6:
                struct.pack_into("<I", raw, start + offset, 1000)
            start = raw.find(signature, start + 4)
    return bytes(raw)


def test_a_workbook_lying_about_its_unpacked_size_is_refused_at_once():
    """zipfile stops each member at the size its headers declare (and then finds the checksum
    wrong): the declared sizes the import adds up are a true bound."""
    lying = _workbook_lying_about_its_size(64 * MiB)
    tracemalloc.start()
    try:
        with pytest.raises(ImportFileError) as exc:
            read_player_file("a.xlsx", lying)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert exc.value.code == "not_a_spreadsheet"
    assert peak < 8 * MiB
