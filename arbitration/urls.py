"""Staff addresses of the arbitration, under /manage/t/<slug>/."""

from django.urls import path

from . import views, views_extra

T = "t/<slug:slug>/"

arbitration_patterns = (
    [
        path(T + "incidents/", views.incident_log, name="log"),
        path(T + "incidents/new/", views.incident_new, name="new"),
        path(T + "incidents/report.<str:fmt>", views_extra.report, name="report"),
        path(T + "incidents/<int:pk>/", views.incident_detail, name="incident"),
        path(T + "incidents/<int:pk>/confirm/", views.incident_confirm, name="confirm"),
        path(T + "incidents/<int:pk>/decide/", views.decision_add, name="decide"),
        path(
            T + "incidents/<int:pk>/decisions/<int:decision>/undo/",
            views.decision_undo,
            name="undo",
        ),
        path(T + "incidents/<int:pk>/status/", views.incident_status, name="status"),
        path(T + "players/<int:number>/record/", views_extra.player_record, name="record"),
        path(T + "penalty-scale/", views_extra.penalty_scale, name="scale"),
    ],
    "arbitration",
)
