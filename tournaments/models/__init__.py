"""The tournaments app's models: who and what (``core``), where they sit (``seating``), and
who did what (``audit``), the addresses it had (``addresses``).

``security`` holds the failed logins that throttle the login form (``config.security``);
``jobs`` the documents made off the request (``tournaments.jobs``).
"""

from .addresses import TournamentAddress
from .audit import AuditEntry
from .core import (
    LICENCE_REGEX,
    Club,
    FeeCategory,
    Payment,
    Player,
    Registration,
    Team,
    Tournament,
    licence_validator,
)
from .duplicate import Session, SessionAttacker, SessionDefender
from .fees import EntryFee
from .jobs import DocumentJob
from .seating import Round, Seat, Table
from .security import LoginFailure
from .staff import StaffRole

__all__ = [
    "LICENCE_REGEX",
    "AuditEntry",
    "Club",
    "DocumentJob",
    "EntryFee",
    "FeeCategory",
    "LoginFailure",
    "Payment",
    "Player",
    "Registration",
    "Round",
    "Seat",
    "Session",
    "SessionAttacker",
    "SessionDefender",
    "StaffRole",
    "Table",
    "Team",
    "Tournament",
    "TournamentAddress",
    "licence_validator",
]
