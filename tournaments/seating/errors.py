"""The one error the seating engine raises for a request that cannot be seated.

A user error, not a programming error: it carries a stable ``code`` (forms, views and
translations key on it) and ``params``, the numbers involved. It never carries a partial plan.
"""

from typing import Any

# Stable codes, for whoever turns them into messages.
ROUNDS_OUT_OF_RANGE = "rounds_out_of_range"
TOO_FEW_PLAYERS = "too_few_players"
NO_TABLE_MIX = "no_table_mix"
INVALID_REMAINDER = "invalid_remainder"
DUPLICATE_PLAYER = "duplicate_player"
PLAYER_IN_TWO_TEAMS = "player_in_two_teams"
TEAM_TOO_LARGE = "team_too_large"
TEAMS_UNSEATABLE = "teams_unseatable"
INVALID_HISTORY = "invalid_history"

CODES = (
    ROUNDS_OUT_OF_RANGE,
    TOO_FEW_PLAYERS,
    NO_TABLE_MIX,
    INVALID_REMAINDER,
    DUPLICATE_PLAYER,
    PLAYER_IN_TWO_TEAMS,
    TEAM_TOO_LARGE,
    TEAMS_UNSEATABLE,
    INVALID_HISTORY,
)


class SeatingError(ValueError):
    """A request that no seating can satisfy; ``code`` is stable, ``params`` holds the numbers."""

    def __init__(self, code: str, params: dict[str, Any] | None = None) -> None:
        self.code = code
        self.params = dict(params or {})
        details = ", ".join(f"{key}={value!r}" for key, value in self.params.items())
        super().__init__(f"{code}{': ' + details if details else ''}")
