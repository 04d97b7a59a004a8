"""Public address of the projector view: ``/t/<slug>/screen/`` and the panel it refreshes."""

from django.urls import path

from scoring import views_screen

screen_patterns = (
    [
        path("t/<slug:slug>/screen/", views_screen.screen, name="screen"),
        path("t/<slug:slug>/screen/panel/", views_screen.panel, name="panel"),
    ],
    "screen",
)
