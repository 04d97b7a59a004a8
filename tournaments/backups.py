"""Backups to one gzipped JSON file, and restores: of the whole database, or of one tournament.

A **database backup** holds every row of every installed model, primary keys kept (the ids hidden
in JSON, such as audit data or a position's plan, stay right): accounts with their password
hashes and groups, clubs, players, tournaments and everything in them, the admin log. It leaves
out what each installation makes for itself (content types and permissions, named in the file by
their natural keys) and the sessions. It is restored onto an empty database only, in one
transaction: all or nothing, then the sequences are set past the restored ids. The file and
every row in it are checked first (``backup_checks``: its version and counts, then each row
against its model with ``row_checks``: choices, lengths, ranges, unique and check constraints,
foreign keys naming rows of the file), before the database is emptied.

A **tournament backup** is ``transfer``'s document, gzipped; it is restored through
``tournament_import`` (new ids, accounts matched by username), beside other tournaments.

Files are written beside their final name and renamed once complete, so an interrupted backup
never leaves a truncated file under that name. Reading refuses, with a message, anything that is
not a complete backup of this application, and a file past ``MAX_DOCUMENT_BYTES`` once unpacked
(unpacked a chunk at a time: a gzip bomb is stopped at the limit). This module must not merge a
database backup into a database that holds data: the ids would collide with the rows already
there.
"""

import datetime
import gzip
import io
import json
import os
import tempfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import islice
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.core import serializers
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import DatabaseError, connection, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone

from . import transfer
from .backup_checks import FORMAT, VERSION, by_natural_keys, check_document, check_rows, refuse
from .extensions import rename_old_fields
from .models import Registration

# Made again by ``migrate`` on every installation (and named by natural keys in the file), or
# worthless elsewhere (sessions: everyone logs in again after a restore).
LEFT_OUT = {"contenttypes.contenttype", "auth.permission", "sessions.session"}
# Made again from the rest, and large (a document's file): not kept, emptied by a restore.
NOT_KEPT = {"tournaments.documentjob", "django_tasks_database.dbtaskresult"}
LEFT_OUT |= NOT_KEPT
CHUNK = 2000
# The most a file may hold once unpacked. A gzip of zeros unpacks a thousand times larger (1.5 MB
# made 4.8 GB in memory before this limit), and reading a document costs several times its size
# again (the parsed JSON, then the rows). Real backups are far smaller: a whole database with a
# 240-player tournament of 6 positions, every sheet entered, is 2.7 MB of JSON (its export
# 2.2 MB), so 256 MiB holds about a hundred such tournaments. Raise it here for a larger one.
MAX_DOCUMENT_BYTES = 256 * 1024 * 1024
UNPACK_CHUNK_BYTES = 1024 * 1024


class Encoder(DjangoJSONEncoder):
    """Django's encoder, but keeping microseconds: a restored timestamp must be the same one."""

    def default(self, o):
        if isinstance(o, datetime.datetime | datetime.time):
            return o.isoformat()
        return super().default(o)


def backed_up_models() -> list:
    """Every model a database backup holds, in an order that loads: a model named by a natural
    key (accounts, groups) before the models that name it."""
    ordered = serializers.sort_dependencies(
        [(config, None) for config in apps.get_app_configs()], allow_cycles=True
    )
    return [
        model
        for model in ordered
        if model._meta.label_lower not in LEFT_OUT
        and model._meta.managed
        and not model._meta.proxy
        and not model._meta.swapped
    ]


def _applied_migrations() -> list[list[str]]:
    return sorted([app, name] for app, name in MigrationRecorder(connection).applied_migrations())


# --- files -----------------------------------------------------------------------------------


def default_path(*, slug: str | None = None, directory: Path | None = None) -> Path:
    """``backups/tarot[-SLUG]-YYYYmmdd-HHMMSS.json.gz`` beside ``manage.py`` (or in
    ``directory``), local time; never an existing file's name."""
    directory = Path(directory or Path(settings.BASE_DIR) / "backups")
    stem = "-".join(["tarot", *([slug] if slug else []), f"{timezone.localtime():%Y%m%d-%H%M%S}"])
    path, n = directory / f"{stem}.json.gz", 1
    while path.exists():
        n += 1
        path = directory / f"{stem}-{n}.json.gz"
    return path


@contextmanager
def atomic_writer(path: Path) -> Iterator[io.TextIOBase]:
    """A text stream gzipped into a temporary file beside ``path`` (readable by its owner
    only: a backup holds password hashes), renamed to ``path`` once complete; removed if
    anything goes wrong, leaving whatever ``path`` was untouched."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as raw:
            with (
                gzip.GzipFile(filename=path.name.removesuffix(".gz"), mode="wb", fileobj=raw) as gz,
                io.TextIOWrapper(gz, encoding="utf-8") as text,
            ):
                yield text
            raw.flush()
            os.fsync(raw.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def backup_read(path: Path) -> dict:
    """The document in ``path`` (gzipped or plain JSON); a ``ValidationError`` if the file
    cannot be read or is not JSON."""
    try:
        if Path(path).stat().st_size > MAX_DOCUMENT_BYTES:  # gzipped, JSON is larger still
            _too_large(path)
        data = Path(path).read_bytes()
    except OSError as exc:
        raise ValidationError(
            "Cannot read %(path)s: %(error)s.",
            code="unreadable",
            params={"path": path, "error": exc.strerror or exc},
        ) from exc
    return backup_parse(data, path)


def backup_parse(data: bytes, name) -> dict:
    """The document in ``data`` (gzipped or plain JSON) read from ``name``; a
    ``ValidationError`` if it is damaged or not JSON."""
    try:
        if data[:2] == b"\x1f\x8b":
            data = _gunzip(data, name)
        elif len(data) > MAX_DOCUMENT_BYTES:
            _too_large(name)
        return json.loads(data.decode("utf-8"))
    except (EOFError, zlib.error, gzip.BadGzipFile) as exc:
        raise ValidationError(
            "%(path)s is corrupt or truncated (%(error)s).",
            code="corrupt",
            params={"path": name, "error": exc},
        ) from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValidationError(
            "%(path)s is not a JSON file (%(error)s).",
            code="not_json",
            params={"path": name, "error": exc},
        ) from exc
    except RecursionError as exc:  # "[[[[..." deeper than the parser goes
        raise ValidationError(
            "%(path)s is nested too deeply to be a backup or an export.",
            code="too_deep",
            params={"path": name},
        ) from exc


def _gunzip(data: bytes, name) -> bytes:
    """``data`` unpacked a chunk at a time, refused as soon as it passes MAX_DOCUMENT_BYTES:
    what a small file unpacks to is only known by unpacking it."""
    chunks, size = [], 0
    with gzip.GzipFile(fileobj=io.BytesIO(data)) as unpacking:
        while chunk := unpacking.read(UNPACK_CHUNK_BYTES):
            size += len(chunk)
            if size > MAX_DOCUMENT_BYTES:
                _too_large(name)
            chunks.append(chunk)
    return b"".join(chunks)


def _too_large(name):
    raise ValidationError(
        "%(path)s holds more than %(limit)s MiB of JSON, more than a backup or an export of "
        "this application (the limit is MAX_DOCUMENT_BYTES in tournaments/backups.py).",
        code="too_large",
        params={"path": name, "limit": MAX_DOCUMENT_BYTES // (1024 * 1024)},
    )


def backup_kind(document) -> str:
    """``"database"`` or ``"tournament"``; a ``ValidationError`` for anything else."""
    kinds = {FORMAT: "database", transfer.FORMAT: "tournament"}
    kind = isinstance(document, dict) and kinds.get(str(document.get("format")))
    if not kind:
        raise ValidationError(
            "This file is not a backup of this application (expected the format %(database)s "
            "or %(tournament)s).",
            code="format",
            params={"database": FORMAT, "tournament": transfer.FORMAT},
        )
    return kind


# --- the whole database: backup --------------------------------------------------------------


def _chunks(iterable, size: int) -> Iterator[list]:
    iterator = iter(iterable)
    while chunk := list(islice(iterator, size)):
        yield chunk


def _serialized(model) -> Iterator[dict]:
    """Every row of ``model`` in the serialisers' Python form, a chunk at a time."""
    natural = by_natural_keys(model)
    rows = model._base_manager.order_by("pk")
    if model._meta.many_to_many:
        rows = rows.prefetch_related(*(f.name for f in model._meta.many_to_many))
    for chunk in _chunks(rows.iterator(chunk_size=CHUNK), CHUNK):
        yield from serializers.serialize("python", chunk, use_natural_foreign_keys=natural)


def database_backup(*, stream) -> dict[str, int]:
    """Write every backed-up row to ``stream`` as one JSON document; returns the rows per
    model. Rows are written as they are read, so memory does not grow with the database; the
    reading is one transaction, so the file is one consistent moment."""
    counts: dict[str, int] = {}
    head = {
        "format": FORMAT,
        "version": VERSION,
        "created_at": timezone.now().isoformat(),
        "migrations": _applied_migrations(),
    }
    stream.write(json.dumps(head, ensure_ascii=False)[:-1] + ',\n"objects": [')
    separator = "\n"
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost and connection.vendor == "postgresql":
            # Every query of the transaction sees the same moment, however long it takes.
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        for model in backed_up_models():
            label = model._meta.label_lower
            counts[label] = 0
            for row in _serialized(model):
                stream.write(separator + json.dumps(row, cls=Encoder, ensure_ascii=False))
                separator = ",\n"
                counts[label] += 1
    stream.write('\n],\n"counts": ' + json.dumps(counts) + "}\n")
    return counts


# --- the whole database: restore -------------------------------------------------------------


def database_contents() -> dict[str, int]:
    """Rows per backed-up model, for those that have any."""
    counts = {m._meta.label_lower: m._base_manager.count() for m in backed_up_models()}
    return {label: n for label, n in counts.items() if n}


def _tables(models) -> list[str]:
    tables = {m._meta.db_table for m in models}
    tables |= {f.remote_field.through._meta.db_table for m in models for f in m._meta.many_to_many}
    tables.add(apps.get_model("sessions", "Session")._meta.db_table)
    tables |= {apps.get_model(label)._meta.db_table for label in NOT_KEPT}
    return sorted(tables)


def _replace_rows(objects: list[dict], models: list) -> None:
    """Empty the tables of ``models`` (and the sessions), load ``objects`` in their place and
    set the sequences past the restored ids; inside the restore's transaction."""
    # Writes earlier in an enclosing transaction leave checks pending, which forbid emptying
    # their tables (PostgreSQL's TRUNCATE): run them now.
    connection.check_constraints()
    style, tables = no_style(), _tables(models)
    connection.ops.execute_sql_flush(connection.ops.sql_flush(style, tables))
    _load(objects)
    connection.check_constraints(table_names=tables)
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(style, models):
            cursor.execute(sql)


def _load(objects: list[dict]) -> None:
    deferred = []
    for obj in serializers.deserialize("python", objects, handle_forward_references=True):
        obj.save()
        if obj.deferred_fields:
            deferred.append(obj)
    for obj in deferred:
        obj.save_deferred_fields()


def _fill_sort_names() -> None:
    """Registrations of a backup written before names were folded get their sort name."""
    rows = list(Registration.objects.filter(sort_name=""))
    for row in rows:
        row.fill_sort_name()
    Registration.objects.bulk_update(rows, ["sort_name"], batch_size=500)


def database_restore(*, document: dict, replace: bool = False) -> dict[str, int]:
    """Restore a database backup, in one transaction; returns the rows per model restored.

    Refused if the database holds any row, unless ``replace``: everything in it is then
    deleted first, in the same transaction (a refused file leaves it as it was). Sessions
    are always deleted, and the cache emptied once it is committed: pages are cached under
    tournament ids and change stamps that the restored rows reuse (a shared Redis would serve
    them to every server; a process's own cache goes with a restart).
    """
    models = {m._meta.label_lower: m for m in backed_up_models()}
    expected = check_document(document, models)
    try:
        with transaction.atomic():
            present = database_contents()
            if present and not replace:
                refuse(
                    "The database is not empty (%(present)s): restore onto a fresh installation "
                    "(an empty database after manage.py migrate), or pass --replace to delete "
                    "everything in it first.",
                    "not_empty",
                    present=", ".join(f"{n} {label}" for label, n in present.items()),
                )
            for obj in document["objects"]:  # a backup written before a field was renamed
                if isinstance(obj, dict) and isinstance(obj.get("fields"), dict):
                    rename_old_fields(str(obj.get("model", "")), obj["fields"])
            check_rows(document["objects"], models)
            _replace_rows(document["objects"], list(models.values()))
            _fill_sort_names()
            restored = database_contents()
            if restored != expected:
                refuse(
                    "This backup did not restore as announced (%(restored)s): nothing restored.",
                    "counts",
                    restored=", ".join(f"{n} {label}" for label, n in restored.items()),
                )
            transaction.on_commit(cache.clear)
            return restored
    except (DeserializationError, AttributeError, KeyError, TypeError, ValueError) as exc:
        raise ValidationError(
            "This backup is incomplete or damaged (%(error)s): nothing restored.",
            code="malformed",
            params={"error": f"{type(exc).__name__}: {exc}"},
        ) from exc
    except DatabaseError as exc:
        raise ValidationError(
            "This backup contradicts itself or this installation (%(error)s): nothing restored.",
            code="inconsistent",
            params={"error": exc},
        ) from exc
