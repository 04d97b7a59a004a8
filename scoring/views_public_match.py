"""The public standings of a team match (fft-duplicate.md §5): the competition table over the
finished matches and each match's closed quarters. A quarter in play shows no score: its PM
appear once the arbitre closes it, as a séance's do."""

from django.shortcuts import render

from .match_results import competition, match_results, with_quarters
from .models_match import TeamMatch


def match_standings(request, tournament):
    matches = with_quarters(
        TeamMatch.objects.filter(tournament=tournament).select_related("team_a", "team_b")
    )
    return render(
        request,
        "public/match_standings.html",
        {
            "tournament": tournament,
            "rows": [match_results(match) for match in matches],
            "table": competition(tournament),
        },
    )
