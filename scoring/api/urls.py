"""/api/... : the read API and the calendar feeds (namespace ``api``), all from
``scoring.api.endpoints``: ninja's patterns, named there, plus its root (a 404: no docs page).
"""

from scoring.api.endpoints import api

app_name = "api"
urlpatterns, _app, _namespace = api.urls
