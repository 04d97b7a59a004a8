"""Public results pages (no account): the standings, the team standings, a player's page, a
team's page (a quadrette's feuille de route).

Stable addresses players share: ``/t/<slug>/standings/``, ``/t/<slug>/standings/teams/``,
``/t/<slug>/players/<number>/``, ``/t/<slug>/quadrettes/<number>/``. The tournament's format
draws each page (``TournamentFormat.public_*``): donnes libres after any position, provisional
or official (``scoring.formats.libre.views_public``); a duplicate's and a team match's from the
closed séances and quarters only. Every page polls for changes and is answered "nothing new"
(204) until the ledger's stamp moves (``public_live``). A page a format does not have is a 404,
and so are non-public tournaments for anyone without a staff role in them.
"""

from django.shortcuts import get_object_or_404

from scoring.formats.registry import format_of
from tournaments.models import Registration
from tournaments.views.helpers import public_tournament


def standings_page(request, slug):
    tournament = public_tournament(request, slug)
    return format_of(tournament).public_standings(request, tournament)


def team_standings_page(request, slug):
    tournament = public_tournament(request, slug)
    return format_of(tournament).public_team_standings(request, tournament)


def player_page(request, slug, number):
    tournament = public_tournament(request, slug)
    registration = get_object_or_404(
        Registration.objects.select_related("club", "team"),
        tournament=tournament,
        number=number,
    )
    return format_of(tournament).public_player(request, tournament, registration)


def quadrette_page(request, slug, number):
    tournament = public_tournament(request, slug)
    return format_of(tournament).public_team_page(request, tournament, number)
