"""Public addresses of entry at the table (no account): a table's page through its QR code's
secret, its live part, its writes, and the tournament's page that takes a table's short code."""

from django.urls import path

from scoring.at_table import views

table_patterns = (
    [
        path("table/<str:secret>/", views.page, name="page"),
        path("table/<str:secret>/state/", views.state, name="state"),
        path("table/<str:secret>/enter/", views.enter, name="enter"),
        path("table/<str:secret>/approve/", views.approve, name="approve"),
        path("table/<str:secret>/dispute/", views.dispute, name="dispute"),
        path("t/<slug:slug>/table/", views.code, name="code"),
    ],
    "at_table",
)
