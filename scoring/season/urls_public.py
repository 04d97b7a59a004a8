"""Public addresses of a challenge: /c/<slug>/... (namespace ``challenge``)."""

app_name = "challenge"
urlpatterns: list = []
