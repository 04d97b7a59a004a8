"""Public addresses of a challenge: /c/<slug>/... (namespace ``challenge``). The parameter is
``challenge_slug``, not ``slug``: ``slug`` names a tournament's addresses."""

from django.urls import path

from scoring.season import views_public

app_name = "challenge"
urlpatterns = [
    path("<slug:challenge_slug>/", views_public.standings_page, name="standings"),
    path("<slug:challenge_slug>/screen/", views_public.screen, name="screen"),
    path("<slug:challenge_slug>/screen/panel/", views_public.screen_panel, name="screen_panel"),
    path("<slug:challenge_slug>/standings.pdf", views_public.standings_pdf, name="pdf"),
    path("<slug:challenge_slug>/standings.xlsx", views_public.standings_xlsx, name="xlsx"),
]
