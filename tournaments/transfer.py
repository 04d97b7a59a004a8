"""A whole tournament to one JSON document and back, from one installation to another.

``tournament_export`` lists every row that belongs to a tournament (``transfer_export``, with
what a document holds: ``FORMAT``, ``VERSION``, ``sections()``; all importable from here);
``tournament_import``, here, creates them again, in one transaction, with new primary keys.
A tournament's rows live in every app; the apps built on ``tournaments`` register their
sections and the ids their rows hide (``extensions``), so these modules name none of their
models, and a document that missed one would not be the tournament.

The document's ids are the source's primary keys: a foreign key names a row of the document by
its id, an account by its username (never a password), and the import remaps them all, the ids
hidden in JSON too (a position's report and plan, audit data, and what the apps above register:
a deal's poignées, what decided a ban or a penalty). Players are matched by licence, clubs by
name, accounts by username; what is missing is created (accounts inactive, without a password).

It copies what the source's services decided and checked; it does not check the rules again
(a sheet is not entered again), and text people typed (reasons, notes) is copied as is. It does
check every row against its model before writing any (``row_checks``: choices, lengths, ranges,
unique and check constraints; foreign keys naming rows of the document): a file edited by hand or
from another program is refused, row and field named, rather than stored to fail later.
"""

import datetime
from decimal import Decimal

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DatabaseError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .accounts import USERNAME_UNAVAILABLE, username_skeleton
from .extensions import audit_ids, audit_values, hidden_ids, rename_old_fields
from .models import Club, Player, Tournament
from .row_checks import missing_row, refusal, row_error, row_errors
from .transfer_export import (
    FORMAT,
    VERSION,
    account_cells,
    row_fields,
    sections,
    tournament_export,
)

# The document's names, defined in ``transfer_export``, are importable from here.
__all__ = ["FORMAT", "VERSION", "sections", "tournament_export", "tournament_import"]

REGISTRATION = "tournaments.Registration"
# Audit data keys that hold primary keys (as the services write them), and what they name;
# the apps above register theirs. "player" and "club" are ids only in registration entries:
# elsewhere "player" is a number.
AUDIT_IDS = {"registration": REGISTRATION, "team": "tournaments.Team"}


# --- import: the ids hidden in JSON and text -------------------------------------------------


def _report(value, row, maps):
    regs = maps[REGISTRATION]
    value = dict(value or {})
    for key in ("repeated_pairs", "team_clashes"):
        if key in value:
            value[key] = [[regs.get(a), regs.get(b), *rest] for a, b, *rest in value[key]]
    return value


def _plan(value, row, maps):
    regs = maps[REGISTRATION]
    if any(p not in regs for position in value for table in position for p in table):
        return []  # someone planned has left the tournament: the next position plans again
    return [[[regs[p] for p in table] for table in position] for position in value]


def _audit_data(value, row, maps):
    if not isinstance(value, dict):
        return value
    about_registration = str(row.get("action", "")).startswith("registration.")
    ids, converters = {**AUDIT_IDS, **audit_ids()}, audit_values()
    data = dict(value)
    for key, item in value.items():
        if key in ids and type(item) is int:
            data[key] = maps[ids[key]].get(item)
        elif key in converters:
            data[key] = converters[key](item, row, maps)
        elif key == "seats" and isinstance(item, dict):
            data[key] = {seat: maps[REGISTRATION].get(reg) for seat, reg in item.items()}
        elif about_registration and key == "player" and type(item) is int:
            data[key] = maps["tournaments.Player"].get(item)
        elif about_registration and key == "club" and isinstance(item, list):
            data[key] = [maps["tournaments.Club"].get(c) if type(c) is int else c for c in item]
    return data


# This package's fields holding ids in JSON; the apps above register theirs.
HIDDEN_IDS = {
    ("tournaments.Round", "report"): _report,
    ("tournaments.Round", "plan_ahead"): _plan,
    ("tournaments.AuditEntry", "data"): _audit_data,
}


# --- import: rows ----------------------------------------------------------------------------


def _value(field, value, maps, row):
    if value is None:
        return None
    if field.is_relation:
        ids = maps[field.related_model._meta.label]
        if value not in ids:
            raise ValidationError(
                _("The file names a %(model)s (%(id)s) that it does not contain."),
                code="dangling",
                params={"model": field.related_model._meta.verbose_name, "id": value},
            )
        return ids[value]
    if isinstance(field, models.DateTimeField):
        moment = datetime.datetime.fromisoformat(value)
        return timezone.make_aware(moment) if timezone.is_naive(moment) else moment
    if isinstance(field, models.DateField):
        return datetime.date.fromisoformat(value)
    if isinstance(field, models.DecimalField):
        return Decimal(value)
    key = (field.model._meta.label, field.name)
    hidden = HIDDEN_IDS.get(key) or hidden_ids().get(key)
    return hidden(value, row, maps) if hidden else value


def _create(model, rows, maps, tournament=None, clean=False) -> list:
    """Create ``rows`` of ``model`` at once and remember their new ids in ``maps``.

    Fields the database stamps on creation (``auto_now_add``) and links between rows of the
    same model are written by a second, bulk update: the first would stamp the import's time.
    """
    fields = row_fields(model)
    later = [
        f
        for f in fields
        if getattr(f, "auto_now_add", False) or (f.is_relation and f.related_model is model)
    ]
    objects = []
    for row in rows:
        obj = model()
        for f in fields:
            if f.is_relation and f.related_model is Tournament and model is not Tournament:
                setattr(obj, f.attname, tournament.pk)
            elif f.name in row and f not in later:
                setattr(obj, f.attname, _value(f, row[f.name], maps, row))
        if clean:
            obj.full_clean()
        objects.append(obj)
    model.objects.bulk_create(objects)
    maps[model._meta.label] = {row["id"]: obj.pk for row, obj in zip(rows, objects, strict=True)}
    if later and objects:
        for row, obj in zip(rows, objects, strict=True):
            for f in later:
                if f.name in row:
                    setattr(obj, f.attname, _value(f, row[f.name], maps, row))
        model.objects.bulk_update(objects, [f.name for f in later], batch_size=500)
    return objects


# --- import: every row checked before any is written -----------------------------------------


def _stand_in(field, value, ids: dict, problems: dict, name: str):
    """What a foreign key holds while its row is checked: the document's id (a username for an
    account: its rank), or None after a problem is noted."""
    label = field.related_model._meta.label
    if value is None:
        if not field.null:
            problems["invalid"].append(row_error(name, field.name, field.error_messages["null"]))
        return None
    if field.related_model is get_user_model():
        if isinstance(value, str):
            return ids[label].setdefault(value, len(ids[label]) + 1)
    elif isinstance(value, int) and value in ids.get(label, ()):
        return value
    problems["dangling"].append(missing_row(name, field, value))
    return None


def _unsaved(model, row: dict, ids: dict, problems: dict, name: str):
    """The row as an unsaved instance, raw values (``clean_fields`` reads them), foreign keys
    as stand-ins; the tournament, implied, as the document's."""
    obj = model()
    for f in row_fields(model):
        if f.is_relation and f.related_model is Tournament and model is not Tournament:
            setattr(obj, f.attname, 0)
        elif f.is_relation:
            if f.name in row or not f.null:
                setattr(obj, f.attname, _stand_in(f, row.get(f.name), ids, problems, name))
        elif f.name in row:
            setattr(obj, f.attname, row[f.name])
    return obj


def _new_account_errors(ids: dict) -> list[str]:
    """What refuses the usernames of the accounts the import would create."""
    User = get_user_model()
    key = User.USERNAME_FIELD
    names = ids[User._meta.label]
    known = set(User.objects.filter(**{f"{key}__in": names}).values_list(key, flat=True))
    others = [f.name for f in User._meta.concrete_fields if f.name != key]
    # A new name may not read as an account's here, nor as another new name of the file's
    # (tournaments.accounts): an account is never matched by a look-alike of its name.
    taken = {username_skeleton(name) for name in User.objects.values_list(key, flat=True)}
    errors = []
    for name in sorted(set(names) - known):
        account = _("account %(name)r") % {"name": name}
        try:
            User(**{key: name}).clean_fields(exclude=others)
        except ValidationError as exc:
            errors.extend(row_error(account, key, e) for e in exc.messages)
        if username_skeleton(name) in taken:
            errors.append(row_error(account, key, USERNAME_UNAVAILABLE))
        taken.add(username_skeleton(name))
    return errors


def _check_rows(document: dict, tournament_row: dict) -> None:
    """Refuse the document before anything is written if a row names a row it does not hold,
    or holds what its model refuses (see ``row_checks``); the message names rows and fields."""
    tables = [
        ("tournament", Tournament, [tournament_row]),
        ("clubs", Club, document["clubs"]),
        ("players", Player, document["players"]),
    ] + [(s.key, apps.get_model(s.model), document.get(s.key, [])) for s in sections()]
    ids = {model._meta.label: {row["id"] for row in rows} for _k, model, rows in tables}
    ids[get_user_model()._meta.label] = {}
    licences = {row["id"]: row.get("licence") for row in document["players"]}

    def identity(field, value):  # players are matched by licence: two ids may be one player
        licence = licences.get(value) if field.related_model is Player else None
        return ("licence", licence) if licence else value

    problems = {"dangling": [], "invalid": []}
    for key, model, rows in tables:
        built = [(f"{key} {row['id']}", row) for row in rows]
        built = [(name, _unsaved(model, row, ids, problems, name)) for name, row in built]
        problems["invalid"].extend(row_errors(model, built, identity=identity))
    problems["invalid"].extend(_new_account_errors(ids))
    for code, message in (
        ("dangling", _("This file names rows it does not contain: %(errors)s")),
        ("invalid", _("This file holds what a tournament here cannot: %(errors)s")),
    ):
        error = refusal(problems[code], message, code)
        if error is not None:
            raise error


def _accounts(document: dict) -> dict[str, int]:
    """Every username the document names, to an account here (created inactive, unusable)."""
    User = get_user_model()
    names = {row[name] for row, name in account_cells(document) if isinstance(row[name], str)}
    key = User.USERNAME_FIELD
    found = dict(User.objects.filter(**{f"{key}__in": names}).values_list(key, "pk"))
    for name in sorted(names - found.keys()):
        user = User(**{key: name}, is_active=False)
        user.set_unusable_password()
        user.save()
        found[name] = user.pk
    return found


def _clubs(rows: list[dict]) -> dict[int, int]:
    """Clubs by name, then by federation number; created when neither is known here."""
    mapping = {}
    for row in rows:
        number = row.get("federation_number") or None
        club = Club.objects.filter(name=row["name"]).first() or (
            number and Club.objects.filter(federation_number=number).first()
        )
        if not club:
            club = Club(name=row["name"], federation_number=number)
            club.full_clean()
            club.save()
        mapping[row["id"]] = club.pk
    return mapping


def _players(rows: list[dict], maps: dict) -> dict[int, int]:
    """Players by licence (the one known here is kept as it is); the others are created."""
    licences = [row["licence"] for row in rows if row.get("licence")]
    known = dict(Player.objects.filter(licence__in=licences).values_list("licence", "pk"))
    new = [row for row in rows if row.get("licence") not in known]
    _create(Player, new, maps, clean=True)
    return {
        **maps["tournaments.Player"],
        **{row["id"]: known[row["licence"]] for row in rows if row.get("licence") in known},
    }


def _registered_as(document: dict) -> None:
    """A document written before registrations kept their own identity: each registration
    takes its player's as the document has it."""
    players = {row["id"]: row for row in document["players"]}
    for row in document.get("registrations", []):
        if "last_name" not in row and row.get("player") in players:
            player = players[row["player"]]
            for name in ("last_name", "first_name", "club", "email"):
                row[name] = player.get(name) or ("" if name != "club" else None)


def _check_format(document) -> None:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValidationError(
            _("This file is not a tournament export (expected the format %(format)s)."),
            code="format",
            params={"format": FORMAT},
        )
    if document.get("version") != VERSION:
        raise ValidationError(
            _("This export is version %(version)s; this installation reads version %(ours)s."),
            code="version",
            params={"version": document.get("version"), "ours": VERSION},
        )


def _import(document: dict, slug: str | None) -> Tournament:
    row = dict(document["tournament"])
    row["slug"] = slug or row["slug"]
    if Tournament.objects.filter(slug=row["slug"]).exists():
        raise ValidationError(
            _("A tournament with the short address %(slug)s already exists: choose another one."),
            code="slug_taken",
            params={"slug": row["slug"]},
        )
    _registered_as(document)
    for section in sections():  # a document written before a field was renamed
        for values in document.get(section.key, []):
            if isinstance(values, dict):
                rename_old_fields(section.model, values)
    _check_rows(document, row)
    maps = {get_user_model()._meta.label: _accounts(document)}
    maps["tournaments.Club"] = _clubs(document["clubs"])
    maps["tournaments.Player"] = _players(document["players"], maps)
    (tournament,) = _create(Tournament, [row], maps, clean=True)
    for section in sections():
        _create(apps.get_model(section.model), document.get(section.key, []), maps, tournament)
    return tournament


def tournament_import(*, document: dict, slug: str | None = None) -> Tournament:
    """Create the tournament of ``document`` (an export) on this installation, under ``slug``
    if given, else under its own; in one transaction, so a refused file leaves nothing."""
    _check_format(document)
    try:
        with transaction.atomic():
            return _import(document, slug)
    # ArithmeticError: a number the database cannot hold, a decimal that is not one;
    # LookupError: a key or an index the document lacks; RecursionError: JSON nested deeper
    # than it can be stored.
    except (
        ArithmeticError,
        AttributeError,
        LookupError,
        RecursionError,
        TypeError,
        ValueError,
    ) as exc:
        raise ValidationError(
            _("This file is not a complete tournament export (%(error)s)."),
            code="malformed",
            params={"error": f"{type(exc).__name__}: {exc}"},
        ) from exc
    except DatabaseError as exc:
        raise ValidationError(
            _("This file contradicts itself or this installation (%(error)s)."),
            code="inconsistent",
            params={"error": exc},
        ) from exc
