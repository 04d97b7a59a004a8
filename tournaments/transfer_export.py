"""The tournament document of ``transfer``, and its export.

What a document holds: its ``FORMAT`` and ``VERSION``, the tournament's row, its clubs and
players, then one list of rows per entry of ``SECTIONS`` (the fields of each row are
``row_fields``'s); ``tournament_export`` reads every row of a tournament into one. A foreign
key holds the source's id of a row of the document, an account its username (never a
password). ``scoring``'s and ``arbitration``'s models are looked up by label inside the
functions, so ``tournaments`` still imports neither. Reads only; ``transfer`` imports a
document back.
"""

import datetime
from decimal import Decimal

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import models
from django.utils import timezone

from .models import Club, Player, Tournament

FORMAT = "tarot-tournament"
VERSION = 1

# (document key, model, path from a row to its tournament), in the order the import creates
# them: a foreign key points to a section before its own (or to its own row's model, for a
# protest against an incident, set once every incident exists).
SECTIONS = (
    ("teams", "tournaments.Team", "tournament"),
    ("registrations", "tournaments.Registration", "tournament"),
    ("staff_roles", "tournaments.StaffRole", "tournament"),
    ("rounds", "tournaments.Round", "tournament"),
    ("tables", "tournaments.Table", "round__tournament"),
    ("seats", "tournaments.Seat", "round__tournament"),
    ("score_sheets", "scoring.ScoreSheet", "round__tournament"),
    ("deals", "scoring.Deal", "sheet__round__tournament"),
    ("marks", "scoring.Mark", "sheet__round__tournament"),
    ("incidents", "arbitration.Incident", "tournament"),
    ("bid_bans", "scoring.BidBan", "tournament"),
    ("penalties", "scoring.Penalty", "tournament"),
    ("decisions", "arbitration.Decision", "incident__tournament"),
    ("penalty_scale", "arbitration.PenaltyScale", "tournament"),
    ("audit_entries", "tournaments.AuditEntry", "tournament"),
)
# A sheet's form token names one opening of a form on the source (a double click finds its
# version again): unique on each installation, and meaningless on another one.
LEFT_OUT = {("scoring.ScoreSheet", "token")}


def row_fields(model) -> list:
    """The fields a document holds for a row of ``model``: every concrete one but the primary
    key (the row's ``id``) and those ``LEFT_OUT`` names."""
    label = model._meta.label
    return [
        f
        for f in model._meta.concrete_fields
        if not f.primary_key and (label, f.name) not in LEFT_OUT
    ]


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
        (apps.get_model(label), document.get(key, [])) for key, label, _path in SECTIONS
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
        models.Q(players__in=registered) | models.Q(registrations__tournament=tournament)
    )
    document = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "tournament": _rows(Tournament, Tournament.objects.filter(pk=tournament.pk))[0],
        "clubs": _rows(Club, clubs.distinct()),
        "players": _rows(Player, registered),
    }
    for key, label, path in SECTIONS:
        model = apps.get_model(label)
        document[key] = _rows(model, model.objects.filter(**{path: tournament}))
    _name_accounts(document)
    return document
