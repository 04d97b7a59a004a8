"""The tournaments app's models: who and what (``core``), and where they sit (``seating``)."""

from .core import (
    LICENCE_REGEX,
    AuditEntry,
    Club,
    Player,
    Registration,
    StaffRole,
    Team,
    Tournament,
    licence_validator,
)
from .seating import Round, Seat, Table

__all__ = [
    "LICENCE_REGEX",
    "AuditEntry",
    "Club",
    "Player",
    "Registration",
    "Round",
    "Seat",
    "StaffRole",
    "Table",
    "Team",
    "Tournament",
    "licence_validator",
]
