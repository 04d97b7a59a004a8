"""Staff addresses of challenges: /manage/challenges/... (namespace ``challenges``). A
challenge is named by its short address as ``<challenge>``."""

from django.urls import path

from scoring.season import views_manage as views

app_name = "challenges"
urlpatterns = [
    path("", views.challenge_list, name="list"),
    path("new/", views.challenge_create, name="create"),
    path("<slug:challenge>/", views.challenge_page, name="challenge"),
    path("<slug:challenge>/rule/", views.challenge_edit, name="edit"),
    path("<slug:challenge>/standings/", views.challenge_standings_page, name="standings"),
    path("<slug:challenge>/tournaments/<int:pk>/", views.entry_update, name="entry_update"),
    path("<slug:challenge>/tournaments/<int:pk>/remove/", views.entry_remove, name="entry_remove"),
]
