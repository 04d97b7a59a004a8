"""The registry of games: ``Tournament.format`` -> its ``TournamentFormat``, filled once at
start-up (``scoring.apps.ScoringConfig.ready``), read at request time. It names no format
package, so that any module may ask it without an import circle."""

from scoring.formats.base import TournamentFormat
from tournaments.models import Tournament

_FORMATS: dict[str, TournamentFormat] = {}


def register(game: TournamentFormat) -> None:
    _FORMATS[game.key] = game


def format_of(tournament: Tournament) -> TournamentFormat:
    """The format ``tournament`` is played in."""
    return _FORMATS[tournament.format]


def format_named(key: str) -> TournamentFormat:
    """The format whose ``Tournament.Format`` value is ``key``."""
    return _FORMATS[key]


def registered() -> tuple[TournamentFormat, ...]:
    return tuple(_FORMATS.values())
