"""What ``scoring`` adds to a tournament document (``tournaments.transfer``): its sections, the
registrations a deal's poignées name, the ids its audit entries hold. Registered at start-up
(``apps.ScoringConfig.ready``)."""

from tournaments.extensions import (
    Section,
    register_audit_ids,
    register_hidden_ids,
    register_sections,
)

SECTIONS = (
    # A sheet's form token names one opening of a form on the source (a double click finds
    # its version again): unique on each installation, and meaningless on another one.
    Section("score_sheets", "scoring.ScoreSheet", "round__tournament", left_out=("token",)),
    Section("deals", "scoring.Deal", "sheet__round__tournament"),
    Section("marks", "scoring.Mark", "sheet__round__tournament"),
    Section("bid_bans", "scoring.BidBan", "tournament"),
    Section("penalties", "scoring.Penalty", "tournament"),
    Section("boards", "scoring.Board", "session__tournament"),
    Section("travelling_sheets", "scoring.TravellingSheet", "board__session__tournament"),
    Section("travelling_lines", "scoring.TravellingLine", "sheet__board__session__tournament"),
    Section("table_reports", "scoring.TableReport", "board__session__tournament"),
    Section("team_matches", "scoring.TeamMatch", "tournament"),
    Section("match_quarters", "scoring.MatchQuarter", "match__tournament"),
    Section("quarter_players", "scoring.QuarterPlayer", "quarter__match__tournament"),
    Section("match_lines", "scoring.MatchLine", "quarter__match__tournament"),
    Section("match_sheets", "scoring.MatchSheet", "quarter__match__tournament"),
    Section("cancelled_boards", "scoring.CancelledBoard", "quarter__match__tournament"),
)


def _poignees(value, row, maps):
    """A deal's poignées: [registration id, level] pairs."""
    return [[maps["tournaments.Registration"].get(reg), level] for reg, level in value]


def register() -> None:
    register_sections(*SECTIONS)
    register_hidden_ids("scoring.Deal", "poignees", _poignees)
    register_audit_ids(penalty="scoring.Penalty", ban="scoring.BidBan", bid_ban="scoring.BidBan")
