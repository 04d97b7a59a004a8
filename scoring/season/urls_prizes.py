"""Staff addresses of prizes and the treasurer's sheets of a challenge: /manage/...
(namespace ``prizes``). A challenge is named by its short address as ``<challenge>``, as on
its other staff pages (``slug`` is a tournament's)."""

from django.urls import path

from scoring.season import views_prizes as views

app_name = "prizes"
T = "t/<slug:slug>/prizes"
C = "challenges/<slug:challenge>/"
urlpatterns: list = [
    path(f"{T}/", views.tournament_page, name="tournament"),
    path(f"{T}/<int:pk>/delete/", views.tournament_rule_delete, name="tournament_rule_delete"),
    path(f"{T}.pdf", views.tournament_pdf, name="tournament_pdf"),
    path(f"{C}prizes/", views.challenge_page, name="challenge"),
    path(f"{C}prizes/<int:pk>/delete/", views.challenge_rule_delete, name="challenge_rule_delete"),
    path(f"{C}prizes.pdf", views.challenge_pdf, name="challenge_pdf"),
    path(f"{C}treasurer/", views.challenge_treasurer, name="challenge_treasurer"),
    path(f"{C}treasurer.pdf", views.challenge_treasurer_pdf, name="challenge_treasurer_pdf"),
]
