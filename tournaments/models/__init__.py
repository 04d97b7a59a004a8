"""The tournaments app's models: who and what (``core``), where they sit (``seating``), and
who did what (``audit``), the addresses it had (``addresses``).

``security`` holds the failed logins that throttle the login form and the documents being
rendered, limited per account (``config.security``).
"""

from .addresses import TournamentAddress
from .audit import AuditEntry
from .core import (
    LICENCE_REGEX,
    Club,
    Player,
    Registration,
    StaffRole,
    Team,
    Tournament,
    licence_validator,
)
from .seating import Round, Seat, Table
from .security import DocumentRun, LoginFailure

__all__ = [
    "LICENCE_REGEX",
    "AuditEntry",
    "Club",
    "DocumentRun",
    "LoginFailure",
    "Player",
    "Registration",
    "Round",
    "Seat",
    "StaffRole",
    "Table",
    "Team",
    "Tournament",
    "TournamentAddress",
    "licence_validator",
]
