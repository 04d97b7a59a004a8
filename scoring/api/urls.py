"""/api/... : the read API and the calendar feeds (namespace ``api``)."""

app_name = "api"
urlpatterns: list = []
