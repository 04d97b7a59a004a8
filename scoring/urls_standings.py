"""Public addresses of the results, shared by players: they stay stable."""

from django.urls import path

from scoring import views_public

standings_patterns = (
    [
        path("t/<slug:slug>/standings/", views_public.standings_page, name="individual"),
        path("t/<slug:slug>/standings/teams/", views_public.team_standings_page, name="teams"),
        path("t/<slug:slug>/players/<int:number>/", views_public.player_page, name="player"),
        path(
            "t/<slug:slug>/quadrettes/<int:number>/",
            views_public.quadrette_page,
            name="quadrette",
        ),
    ],
    "standings",
)
