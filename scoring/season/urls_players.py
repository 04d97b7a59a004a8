"""A directory player's public history: /players/<pk>/ (namespace ``players``)."""

app_name = "players"
urlpatterns: list = []
