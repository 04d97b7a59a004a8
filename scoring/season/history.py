"""A directory player's history: their tournaments, places and figures across formats, only
from what each tournament has made public (a public tournament's official ranking once its
results are final: ``TournamentFormat.results_final``). The public player page and the read
API both read it. Must not write.
"""

from dataclasses import dataclass

from scoring.formats.registry import format_of
from scoring.official_ranking import Kind, RankingRow, cached_official_ranking
from tournaments.models import Player, Registration, Tournament


@dataclass(frozen=True)
class HistoryRow:
    tournament: Tournament
    number: int  # the player's number in the tournament (their public page there)
    place: int | None  # None: not placed (yet)
    tied: bool
    field_size: int  # the placed rows of the ranking
    figure: object  # the ranking's figure (points, %, PM), as the format gives it
    kind: Kind
    team: str  # the team's name, where the ranking ranks teams
    final: bool = True  # False: in progress; no place nor figure shown until it is final


def _row_of(rows: list[RankingRow], registration_id: int) -> RankingRow | None:
    return next((row for row in rows if registration_id in row.members), None)


def player_history(*, player: Player) -> list[HistoryRow]:
    """The player's public tournaments, the latest first."""
    registrations = (
        Registration.objects.filter(player=player, tournament__is_public=True)
        .select_related("tournament")
        .order_by("-tournament__date", "tournament__name")
    )
    history = []
    for registration in registrations:
        tournament = registration.tournament
        final = format_of(tournament).results_final(tournament)
        ranking = cached_official_ranking(tournament=tournament, official=True)
        row = _row_of(ranking.rows, registration.pk) if final else None
        placed = sum(1 for r in ranking.rows if r.place is not None)
        history.append(
            HistoryRow(
                tournament=tournament,
                number=registration.number,
                place=row.place if row else None,
                tied=row.tied if row else False,
                field_size=placed,
                figure=row.figure if row and row.place is not None else None,
                kind=ranking.kind,
                team=row.name if row and ranking.teams else "",
                final=final,
            )
        )
    return history
