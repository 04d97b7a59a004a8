"""Addresses of the tournaments app: public pages (stable, shared by players) and staff pages."""

from django.urls import path

from .views import directory, fees, imports, jobs, manage, players, public, seating, teams

public_patterns = (
    [
        path("", public.home, name="home"),
        path("t/<slug:slug>/", public.tournament, name="tournament"),
        path("t/<slug:slug>/seating/", public.seating, name="seating"),
    ],
    "public",
)

manage_patterns = (
    [
        path("", manage.home, name="home"),
        path("new/", manage.tournament_create, name="tournament_create"),
        path("players/", directory.directory, name="directory"),
        path("players/<int:pk>/", directory.directory_edit, name="directory_player"),
        path("players/<int:pk>/merge/", directory.directory_merge, name="directory_merge"),
        path("t/<slug:slug>/", manage.tournament_overview, name="tournament"),
        path("t/<slug:slug>/settings/", manage.tournament_edit, name="tournament_edit"),
        path("t/<slug:slug>/staff/", manage.staff_list, name="staff"),
        path("t/<slug:slug>/documents/<int:pk>/", jobs.job_detail, name="job"),
        path("t/<slug:slug>/documents/<int:pk>/file/", jobs.job_file, name="job_file"),
        path("t/<slug:slug>/staff/<int:pk>/remove/", manage.staff_revoke, name="staff_revoke"),
        path("t/<slug:slug>/staff/<int:pk>/link/", manage.staff_link, name="staff_link"),
        path("t/<slug:slug>/players/", players.registration_list, name="registrations"),
        path("t/<slug:slug>/players/add/", players.registration_add, name="registration_add"),
        path(
            "t/<slug:slug>/players/<int:number>/",
            players.registration_edit,
            name="registration_edit",
        ),
        path(
            "t/<slug:slug>/players/<int:number>/delete/",
            players.registration_delete,
            name="registration_delete",
        ),
        path(
            "t/<slug:slug>/players/<int:number>/restore/",
            players.registration_restore,
            name="registration_restore",
        ),
        path("t/<slug:slug>/checkin/", players.checkin, name="checkin"),
        path("t/<slug:slug>/checkin/all/", players.checkin_all, name="checkin_all"),
        path(
            "t/<slug:slug>/checkin/all/undo/",
            players.checkin_all_undo,
            name="checkin_all_undo",
        ),
        path(
            "t/<slug:slug>/checkin/<int:number>/",
            players.checkin_toggle,
            name="checkin_toggle",
        ),
        path("t/<slug:slug>/checkin/<int:number>/pay/", fees.checkin_pay, name="checkin_pay"),
        path("t/<slug:slug>/checkin/<int:number>/unpay/", fees.checkin_unpay, name="checkin_unpay"),
        path("t/<slug:slug>/fees/", fees.fees_edit, name="fees"),
        path("t/<slug:slug>/treasurer/", fees.treasurer, name="treasurer"),
        path("t/<slug:slug>/treasurer.pdf", fees.treasurer_pdf_view, name="treasurer_pdf"),
        path("t/<slug:slug>/treasurer.xlsx", fees.treasurer_xlsx_view, name="treasurer_xlsx"),
        path("t/<slug:slug>/import/", imports.import_upload, name="import_upload"),
        path("t/<slug:slug>/import/preview/", imports.import_preview, name="import_preview"),
        path("t/<slug:slug>/teams/", teams.team_list, name="teams"),
        path("t/<slug:slug>/teams/new/", teams.team_form, name="team_create"),
        path("t/<slug:slug>/teams/<int:number>/", teams.team_form, name="team_edit"),
        path("t/<slug:slug>/teams/<int:number>/delete/", teams.team_delete, name="team_delete"),
        path("t/<slug:slug>/positions/", seating.round_list, name="rounds"),
        path("t/<slug:slug>/positions/<int:number>/", seating.round_detail, name="round"),
        path(
            "t/<slug:slug>/positions/<int:number>/generate/",
            seating.round_generate,
            name="round_generate",
        ),
        path("t/<slug:slug>/positions/<int:number>/swap/", seating.round_swap, name="round_swap"),
        path(
            "t/<slug:slug>/positions/<int:number>/publish/",
            seating.round_publish,
            name="round_publish",
        ),
        path(
            "t/<slug:slug>/positions/<int:number>/unpublish/",
            seating.round_unpublish,
            name="round_unpublish",
        ),
        path(
            "t/<slug:slug>/positions/<int:number>/undo-swap/",
            seating.round_swap_undo,
            name="round_swap_undo",
        ),
        path(
            "t/<slug:slug>/positions/<int:number>/reprint/",
            seating.round_reprint,
            name="round_reprint",
        ),
        path(
            "t/<slug:slug>/positions/<int:number>/<slug:kind>.pdf",
            seating.round_document,
            name="round_document",
        ),
    ],
    "manage",
)
