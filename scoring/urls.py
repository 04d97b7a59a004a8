"""Staff addresses of the score sheets, under a position: /manage/t/<slug>/positions/<k>/sheets/;
and of the results' downloads: /manage/t/<slug>/results/."""

from django.urls import path

from . import views, views_exports

P = "t/<slug:slug>/positions/<int:number>/sheets/"
R = "t/<slug:slug>/results/"

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
        path(R, views_exports.results_exports, name="exports"),
        path(R + "<slug:kind>.<slug:fmt>", views_exports.results_download, name="export"),
    ],
    "scoring",
)
