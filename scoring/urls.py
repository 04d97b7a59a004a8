"""Staff addresses of the score sheets, under a position: /manage/t/<slug>/positions/<k>/sheets/."""

from django.urls import path

from . import views

P = "t/<slug:slug>/positions/<int:number>/sheets/"

scoring_patterns = (
    [
        path(P, views.dashboard, name="dashboard"),
        path(P + "open/", views.open_table, name="open"),
        path(P + "close/", views.close, name="close"),
        path(P + "reopen/", views.reopen, name="reopen"),
        path(P + "<int:table>/", views.sheet, name="sheet"),
        path(P + "<int:table>/preview/", views.preview, name="preview"),
        path(P + "<int:table>/confirm/", views.confirm, name="confirm"),
        path(P + "<int:table>/history/", views.history, name="history"),
    ],
    "scoring",
)
