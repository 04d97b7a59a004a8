"""The scoring app's models: the donnes-libres ledger (``core``: score sheets, their deals and
marks, bid bans, penalties), the duplicate's étuis and travelling sheets (``duplicate``), the
tables' reports (``duplicate_reports``) and the team match (``match``).
"""

from .core import (
    BidBan,
    CampChoice,
    Cancellable,
    ContractChoice,
    Deal,
    Mark,
    Penalty,
    PoigneeChoice,
    ScoreSheet,
)
from .duplicate import ORIENTATIONS, Board, Orientation, TravellingLine, TravellingSheet
from .duplicate_reports import TableReport
from .match import (
    QUARTERS,
    ArbitreConfirmed,
    CancelledBoard,
    MatchLine,
    MatchQuarter,
    MatchSheet,
    QuarterPlayer,
    TeamMatch,
)
from .season import Challenge, ChallengeTournament, PrizeRule
from .table_entry import TableAccess, TableEntry, TableRefusal

__all__ = [
    "ORIENTATIONS",
    "QUARTERS",
    "ArbitreConfirmed",
    "BidBan",
    "Board",
    "CampChoice",
    "Cancellable",
    "CancelledBoard",
    "Challenge",
    "ChallengeTournament",
    "ContractChoice",
    "Deal",
    "Mark",
    "MatchLine",
    "MatchQuarter",
    "MatchSheet",
    "Orientation",
    "Penalty",
    "PrizeRule",
    "PoigneeChoice",
    "QuarterPlayer",
    "ScoreSheet",
    "TableAccess",
    "TableEntry",
    "TableRefusal",
    "TableReport",
    "TeamMatch",
    "TravellingLine",
    "TravellingSheet",
]
