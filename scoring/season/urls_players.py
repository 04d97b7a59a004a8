"""A directory player's public history: /players/<pk>/ (namespace ``players``)."""

from django.urls import path

from . import views_players

app_name = "players"
urlpatterns: list = [
    path("<int:pk>/", views_players.history, name="history"),
]
