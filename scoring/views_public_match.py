"""The public standings of a team match (fft-duplicate.md §5): the competition table over the
finished matches and each match's closed quarters. A quarter in play shows no score: its PM
appear once the arbitre closes it, as a séance's do."""

from .match_results import competition, match_results, with_quarters
from .models_match import TeamMatch
from .public_live import live_results_page


def match_standings(request, tournament):
    def make():
        matches = with_quarters(
            TeamMatch.objects.filter(tournament=tournament).select_related("team_a", "team_b")
        )
        return {
            "rows": [match_results(match) for match in matches],
            "table": competition(tournament),
        }

    return live_results_page(
        request,
        tournament,
        "public/match_standings.html",
        "public/_match_standings.html",
        {},
        make,
    )
