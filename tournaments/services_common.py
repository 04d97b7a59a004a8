"""What every service of the package shares: the audit entry, the changes a service records,
and the lock that serialises a tournament's writes. Other apps import ``audit_log`` from
``tournaments.services``. Nothing here writes by itself but the audit entry it is asked for.

The audit log stays here rather than in ``common``: every entry belongs to a tournament (its
history page, its export and its backup carry it).
"""

from .extensions import after_audit, is_audit_action
from .models import AuditEntry, Tournament


def audit_log(*, action: str, user=None, tournament=None, data=None) -> AuditEntry:
    """Record an action (one an app declared: see ``actions``). Call it inside the service's
    transaction. Apps above hear of it (``extensions.after_audit``)."""
    if not is_audit_action(action):
        raise ValueError(f"{action!r} is no audit action an app declared")
    entry = AuditEntry.objects.create(
        action=action,
        user=user if user is not None and user.is_authenticated else None,
        tournament=tournament,
        data=data or {},
    )
    after_audit(entry)
    return entry


def plain(value):
    """A value as an audit entry keeps it: a row by its key, a date in ISO format."""
    if hasattr(value, "pk"):
        return value.pk
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def apply_changes(instance, fields, values) -> dict:
    """Set the ``fields`` of ``instance`` that ``values`` changes; returns them as
    ``{field: [before, after]}`` for the audit entry."""
    changed = {}
    for field in fields:
        if field in values and getattr(instance, field) != values[field]:
            changed[field] = [plain(getattr(instance, field)), plain(values[field])]
            setattr(instance, field, values[field])
    return changed


def lock_tournament(tournament: Tournament) -> Tournament:
    """Serialise writes that allocate numbers or move players between teams in a tournament
    (a row lock on PostgreSQL; SQLite takes its write lock when the transaction begins). For
    the services of this package (registrations, teams, seating, import)."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def hold_tournament(tournament: Tournament) -> Tournament:
    """Lock the tournament against the writes that lock it (``lock_tournament``: seating a
    position, registering, teams) and against one another, not against the rows that only
    refer to it: a sheet saved meanwhile writes its audit entry, which would wait for a FOR
    UPDATE lock of the tournament while we wait for its position (a deadlock), never for this
    FOR NO KEY UPDATE one."""
    return Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
