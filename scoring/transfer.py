"""What ``scoring`` adds to a tournament document (``tournaments.transfer``): its sections, the
registrations a deal's poignées name, the ids its audit entries hold. Told to ``tournaments``
by ``scoring.extension``."""

from tournaments.extensions import Section

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
    # What the tables entered and approved at their phones (their codes are not carried: the
    # secrets are this installation's, made again when the table cards are printed there).
    Section("table_entries", "scoring.TableEntry", "table__round__tournament"),
    Section("table_refusals", "scoring.TableRefusal", "table__round__tournament"),
    # A tournament's own prize rules (a challenge's belong to no tournament: not carried).
    Section("prize_rules", "scoring.PrizeRule", "tournament", left_out=("challenge",)),
)


def _poignees(value, row, maps):
    """A deal's poignées: [registration id, level] pairs."""
    return [[maps["tournaments.Registration"].get(reg), level] for reg, level in value]


HIDDEN_IDS = {("scoring.Deal", "poignees"): _poignees}
AUDIT_IDS = {
    "penalty": "scoring.Penalty",
    "ban": "scoring.BidBan",
    "bid_ban": "scoring.BidBan",
    "prize_rule": "scoring.PrizeRule",
}
