"""The tournament document of ``transfer``, and its export.

What a document holds: its ``FORMAT`` and ``VERSION``, the tournament's row, its clubs and
players, then one list of rows per entry of ``sections()`` (the fields of each row are
``row_fields``'s); ``tournament_export`` reads every row of a tournament into one. A foreign
key holds the source's id of a row of the document, an account its username (never a
password). The sections of the apps built on ``tournaments`` are theirs to register
(``Extension.sections``): this module names none of their models. Reads only;
``transfer`` imports a document back.
"""

import datetime
from decimal import Decimal

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import models
from django.utils import timezone

from .extensions import Section, transfer_sections
from .models import Club, Player, Tournament

FORMAT = "tarot-tournament"
VERSION = 1

# This package's sections, in the order the import creates them: a foreign key points to a
# section before its own (or to its own row's model, set once every row of it exists). The
# apps above add theirs between these and the audit entries, which name rows of every section.
OWN = (
    Section("teams", "tournaments.Team", "tournament"),
    Section("registrations", "tournaments.Registration", "tournament"),
    Section("entry_fees", "tournaments.EntryFee", "tournament"),
    Section("staff_roles", "tournaments.StaffRole", "tournament"),
    Section("sessions", "tournaments.Session", "tournament"),
    Section("session_attackers", "tournaments.SessionAttacker", "session__tournament"),
    Section("session_defenders", "tournaments.SessionDefender", "session__tournament"),
    Section("rounds", "tournaments.Round", "tournament"),
    Section("tables", "tournaments.Table", "round__tournament"),
    Section("seats", "tournaments.Seat", "round__tournament"),
)
AUDIT = Section("audit_entries", "tournaments.AuditEntry", "tournament")


def sections() -> tuple[Section, ...]:
    """Every section of a document, in the order the import creates them."""
    return (*OWN, *transfer_sections(), AUDIT)


def row_fields(model) -> list:
    """The fields a document holds for a row of ``model``: every concrete one but the primary
    key (the row's ``id``) and those its section leaves out."""
    label = model._meta.label
    left_out = {name for s in sections() if s.model == label for name in s.left_out}
    return [f for f in model._meta.concrete_fields if not f.primary_key and f.name not in left_out]


def _is_account(field) -> bool:
    return field.is_relation and field.related_model is get_user_model()


def _plain(value):
    if isinstance(value, datetime.date):  # datetimes too: aware, so ISO 8601 with the offset
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def _rows(model, queryset) -> list[dict]:
    """The rows as plain values: the row's own id, foreign keys as ids, accounts as ids too
    (``_name_accounts`` turns them into usernames); the tournament itself is implied."""
    fields = [f for f in row_fields(model) if not (f.is_relation and f.related_model is Tournament)]
    rows = []
    for values in queryset.order_by("pk").values("pk", *(f.attname for f in fields)):
        row = {"id": values["pk"]}
        row.update((f.name, _plain(values[f.attname])) for f in fields)
        rows.append(row)
    return rows


def account_cells(document: dict) -> list[tuple[dict, str]]:
    """(row, field name) of every account the document names."""
    tables = [(Tournament, [document["tournament"]])] + [
        (apps.get_model(s.model), document.get(s.key, [])) for s in sections()
    ]
    return [
        (row, f.name)
        for model, rows in tables
        for f in row_fields(model)
        if _is_account(f)
        for row in rows
        if row.get(f.name) is not None
    ]


def _name_accounts(document: dict) -> None:
    cells = account_cells(document)
    User = get_user_model()
    names = dict(
        User.objects.filter(pk__in={row[name] for row, name in cells}).values_list(
            "pk", User.USERNAME_FIELD
        )
    )
    for row, name in cells:
        row[name] = names[row[name]]


def tournament_export(*, tournament: Tournament) -> dict:
    """Every row of ``tournament`` as one JSON-serialisable document (see the module doc)."""
    registered = Player.objects.filter(registrations__tournament=tournament)
    clubs = Club.objects.filter(
        models.Q(players__in=registered)
        | models.Q(registrations__tournament=tournament)
        | models.Q(organised_tournaments=tournament)
    )
    document = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "tournament": _rows(Tournament, Tournament.objects.filter(pk=tournament.pk))[0],
        "clubs": _rows(Club, clubs.distinct()),
        "players": _rows(Player, registered),
    }
    for section in sections():
        model = apps.get_model(section.model)
        document[section.key] = _rows(model, model.objects.filter(**{section.path: tournament}))
    _name_accounts(document)
    return document
