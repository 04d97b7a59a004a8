"""The public challenges a player appears in, with their place: for the player's public page
(``views_players``). Only public challenges holding one of the player's public tournaments,
at most ``CHALLENGES_SHOWN`` of them, each read from its cached standings. Must not write.
"""

from dataclasses import dataclass

from scoring.models import Challenge
from scoring.season.standings import ChallengeRow, challenge_standings

CHALLENGES_SHOWN = 20


@dataclass(frozen=True)
class ChallengePlace:
    challenge: Challenge
    row: ChallengeRow  # the player's row (``place`` None: not qualified yet)
    field_size: int  # the rows placed


def player_challenges(*, player_id: int, tournament_ids: list[int]) -> list[ChallengePlace]:
    """The public challenges with one of ``tournament_ids`` where the player has a row."""
    challenges = (
        Challenge.objects.filter(is_public=True, tournaments__in=tournament_ids)
        .distinct()
        .order_by("-pk")[:CHALLENGES_SHOWN]
    )
    found = []
    for challenge in challenges:
        standings = challenge_standings(challenge=challenge)
        row = standings.row_of(player_id)
        if row is not None:
            placed = sum(1 for r in standings.rows if r.place is not None)
            found.append(ChallengePlace(challenge, row, placed))
    return found
