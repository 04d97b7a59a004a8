"""The audit actions of ``scoring``: sheets, positions closed and reopened, the ledger's
penalties and bid bans. Registered with ``tournaments.extensions`` at start-up."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Action(models.TextChoices):
    SHEET_ENTERED = "sheet.entered", _("Score sheet entered")
    SHEET_CHANGED = "sheet.changed", _("Score sheet changed")
    SHEET_CORRECTED = "sheet.corrected", _("Confirmed score sheet corrected")
    SHEET_CONFIRMED = "sheet.confirmed", _("Score sheet confirmed")
    ROUND_CLOSED = "round.closed", _("Position closed")
    ROUND_REOPENED = "round.reopened", _("Position reopened")
    PENALTY_APPLIED = "penalty.applied", _("Penalty applied")
    PENALTY_CANCELLED = "penalty.cancelled", _("Penalty cancelled")
    BID_BAN_CREATED = "bid_ban.created", _("Bid ban")
    BID_BAN_CANCELLED = "bid_ban.cancelled", _("Bid ban cancelled")
    BOARDS_MADE = "boards.made", _("Étuis dealt by the software")
    BOARD_TYPED = "boards.typed", _("Étui typed in")
    BOARD_MADE_RECORDED = "boards.made_recorded", _("How an étui was made recorded")
    TRAVELLING_ENTERED = "travelling.entered", _("Travelling sheet entered")
    TRAVELLING_CORRECTED = "travelling.corrected", _("Confirmed travelling sheet corrected")
    TRAVELLING_CONFIRMED = "travelling.confirmed", _("Travelling sheet confirmed")
    TABLE_REPORTED = "travelling.reported", _("Scores reported by a table")
    TRAVELLING_RULED = "travelling.ruled", _("Travelling-sheet line decided by the arbitre")
    SESSION_CLOSED = "boards.session_closed", _("Séance closed")
    SESSION_REOPENED = "boards.session_reopened", _("Séance reopened")
    TABLE_ENTERED = "table.entered", _("Entered at the table")
    TABLE_APPROVED = "table.approved", _("Approved at the table")
    TABLE_DISPUTED = "table.disputed", _("Disputed at the table")
    TABLE_ON_PAPER = "table.on_paper", _("Table put back on paper")
    TABLE_OFF_PAPER = "table.off_paper", _("Table back to entry at the table")
    TABLE_ALERTS_SEEN = "table.alerts_seen", _("Refused table entries seen by the arbitre")
    MATCHES_DRAWN = "match.drawn", _("Team matches drawn")
    MATCH_BONUS_SET = "match.bonus", _("Team match bonus fixed")
    MATCH_PENALTY_SET = "match.penalty", _("Team match penalty")
    QUARTER_NAMED = "match.quarter_named", _("Players of a quarter named")
    MATCH_SHEET_ENTERED = "match.sheet_entered", _("Team match sheet entered")
    MATCH_SHEET_CONFIRMED = "match.sheet_confirmed", _("Team match sheet confirmed")
    QUARTER_CLOSED = "match.quarter_closed", _("Quarter closed")
    QUARTER_REOPENED = "match.quarter_reopened", _("Quarter reopened")
    MATCH_BOARD_CANCELLED = "match.board_cancelled", _("Team match étui cancelled")
    MATCH_BOARD_CONFIRMED = "match.board_confirmed", _("Team match étui cancellation confirmed")
    MATCH_BOARD_RESTORED = "match.board_restored", _("Team match étui cancellation undone")
    MATCH_BOARD_RESTORE_ASKED = (
        "match.board_restore_asked",
        _("Team match étui cancellation: undoing asked"),
    )
    RESULTS_FINAL = "results.final", _("Results declared final")
    RESULTS_FINAL_WITHDRAWN = "results.final_withdrawn", _("Results no longer final")
    PRIZE_RULE_ADDED = "prize_rule.added", _("Prize rule added")
    PRIZE_RULE_DELETED = "prize_rule.deleted", _("Prize rule deleted")
    MATCH_BOARD_RESTORE_DROPPED = (
        "match.board_restore_dropped",
        _("Team match étui cancellation: undoing dropped"),
    )
    # A challenge's (issue 38): entries with no tournament, data {"challenge": id, ...}.
    CHALLENGE_CREATED = "challenge.created", _("Challenge created")
    CHALLENGE_UPDATED = "challenge.updated", _("Challenge rule changed")
    CHALLENGE_TOURNAMENT_ADDED = "challenge.tournament_added", _("Tournament added to a challenge")
    CHALLENGE_TOURNAMENT_CHANGED = (
        "challenge.tournament_changed",
        _("Coefficient of a challenge's tournament changed"),
    )
    CHALLENGE_TOURNAMENT_REMOVED = (
        "challenge.tournament_removed",
        _("Tournament removed from a challenge"),
    )
