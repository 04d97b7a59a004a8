"""What a database backup must be before ``backups.database_restore`` touches the database: its
format and version, a list of rows that matches its counts, no model this installation does not
restore, no migration this installation lacks, and every row accepted by its model
(``row_checks``: choices, lengths, ranges, unique and check constraints, foreign keys naming
rows of the file). Each check refuses with a ``ValidationError`` naming what is wrong; none of
them writes anything.
"""

from collections.abc import Iterator

from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core import serializers
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder

from .row_checks import missing_row, refusal, row_error, row_errors

# A database backup's "format" and "version": what this installation writes and reads.
FORMAT = "tarot-backup"
VERSION = 1
INSTALLATION_MADE = (ContentType, Permission)


def by_natural_keys(model) -> bool:
    """Whether ``model`` names content types or permissions, whose ids differ between
    installations: it then names every row by natural key. The others keep plain ids."""
    fields = [*model._meta.concrete_fields, *model._meta.many_to_many]
    return any(f.is_relation and f.related_model in INSTALLATION_MADE for f in fields)


def refuse(message: str, code: str, **params):
    """Raise the ``ValidationError`` that refuses a backup."""
    raise ValidationError(message, code=code, params=params)


def check_document(document: dict, models: dict) -> dict[str, int]:
    """The rows per model the document announces, once its shape is checked."""
    if document.get("version") != VERSION:
        refuse(
            "This backup is version %(version)s; this installation reads version %(ours)s.",
            "version",
            version=document.get("version"),
            ours=VERSION,
        )
    objects, counts = document.get("objects"), document.get("counts")
    if not (
        isinstance(objects, list)
        and all(isinstance(o, dict) and isinstance(o.get("model"), str) for o in objects)
        and isinstance(counts, dict)
        and all(isinstance(n, int) for n in counts.values())
    ):
        refuse("This backup is incomplete or damaged (no list of rows and counts).", "malformed")
    found: dict[str, int] = {}
    for obj in objects:
        found[obj["model"]] = found.get(obj["model"], 0) + 1
    unknown = sorted(set(found) - set(models))
    if unknown:
        refuse(
            "This backup holds rows this installation does not restore: %(models)s.",
            "foreign",
            models=", ".join(unknown),
        )
    if {k: n for k, n in found.items() if n} != {k: n for k, n in counts.items() if n}:
        refuse("This backup is incomplete or damaged (its rows differ from its counts).", "counts")
    newer = _not_applied_here(document.get("migrations") or [])
    if newer:
        refuse(
            "This backup comes from a newer version of the application (migrations not applied "
            "here: %(migrations)s): update the code and run manage.py migrate first.",
            "newer",
            migrations=", ".join(newer[:5]) + (" …" if len(newer) > 5 else ""),
        )
    return found


def _not_applied_here(migrations) -> list[str]:
    """The migrations (``[app, name]`` pairs) this installation has not applied, sorted."""
    applied = set(MigrationRecorder(connection).applied_migrations())
    return sorted(f"{app}.{name}" for app, name in {tuple(m) for m in migrations} - applied)


def _foreign_key_errors(model, rows, ids: dict, models: dict) -> Iterator[str]:
    """Foreign keys naming rows the backup does not hold, or null where they may not be. Rows
    named by natural keys are left to the database's check after loading: the keys were looked
    up in the database as it was before the restore."""
    if by_natural_keys(model):
        return
    fields = [f for f in model._meta.concrete_fields if f.is_relation]
    for name, obj, deferred in rows:
        for f in fields:
            value = getattr(obj, f.attname)
            if f in deferred:
                continue
            if value is None:
                if not f.null:
                    yield row_error(name, f.name, f.error_messages["null"])
                continue
            label = f.related_model._meta.label_lower
            if label in models and value not in ids.get((label, f.target_field.attname), ()):
                yield missing_row(name, f, value)


def check_rows(objects: list[dict], models: dict) -> None:
    """Refuse the backup before the database is touched if a row holds what its model refuses
    or names a row the backup lacks (``row_checks``): the message names rows and fields."""
    rows: dict = {}
    for obj in serializers.deserialize("python", objects, handle_forward_references=True):
        instance = obj.object
        name = f"{instance._meta.label_lower} {instance.pk}"
        rows.setdefault(type(instance), []).append((name, instance, obj.deferred_fields))
    targets = {
        (f.related_model, f.target_field.attname)
        for model in rows
        for f in model._meta.concrete_fields
        if f.is_relation
    }
    ids = {
        (model._meta.label_lower, attname): {getattr(o, attname) for _n, o, _d in rows[model]}
        for model, attname in targets
        if model in rows
    }
    errors = []
    for model, found in rows.items():
        errors.extend(_foreign_key_errors(model, found, ids, models))
        errors.extend(row_errors(model, [(name, obj) for name, obj, _d in found]))
    error = refusal(
        errors,
        "This backup holds what this installation refuses (nothing restored): %(errors)s",
        "invalid",
    )
    if error is not None:
        raise error
