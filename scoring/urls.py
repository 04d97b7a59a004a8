"""Staff addresses of the score sheets, under a position: /manage/t/<slug>/positions/<k>/sheets/;
and of the results' downloads: /manage/t/<slug>/results/."""

from django.urls import path

from scoring import views_exports
from scoring.at_table import views_board as views_tables_board
from scoring.formats.duplicate import views as views_duplicate
from scoring.formats.duplicate import views_board as views_duplicate_board
from scoring.formats.duplicate import views_tables as views_duplicate_tables
from scoring.formats.duplicate.views_documents import session_document, session_export
from scoring.formats.duplicate.views_etuis import (
    board_made_page,
    board_type_page,
    boards_type_start,
)
from scoring.formats.libre import views
from scoring.formats.match import views as views_match
from scoring.formats.match import views_quarter as views_match_quarter
from scoring.formats.match import views_rulings as views_match_rulings
from scoring.formats.quadrettes import views as views_quadrettes

P = "t/<slug:slug>/positions/<int:number>/sheets/"
R = "t/<slug:slug>/results/"
D = "t/<slug:slug>/duplicate/<int:session>/"
M = "t/<slug:slug>/matches/"
Q = M + "<int:match>/quarters/<int:quarter>/"

scoring_patterns = (
    [
        path(P, views.dashboard, name="dashboard"),
        path(P + "open/", views.open_table, name="open"),
        path(P + "close/", views.close, name="close"),
        path(P + "reopen/", views.reopen, name="reopen"),
        path(P + "tables/", views_tables_board.position_board, name="tables_board"),
        path(P + "tables/<int:table>/", views_tables_board.position_table, name="tables_table"),
        path(P + "<int:table>/", views.sheet, name="sheet"),
        path(P + "<int:table>/preview/", views.preview, name="preview"),
        path(P + "<int:table>/confirm/", views.confirm, name="confirm"),
        path(P + "<int:table>/history/", views.history, name="history"),
        path(D, views_duplicate.session_page, name="duplicate"),
        path(D + "draw/", views_duplicate.session_draw, name="duplicate_draw"),
        path(D + "deal/", views_duplicate.session_deal, name="duplicate_deal"),
        path(D + "publish/", views_duplicate.session_show, name="duplicate_publish"),
        path(D + "close/", views_duplicate.session_end, name="duplicate_close"),
        path(D + "position/", views_duplicate.session_announce, name="duplicate_announce"),
        path(D + "ranking/", views_duplicate.session_ranking, name="duplicate_ranking"),
        path(D + "coefficient/", views_duplicate.session_weight, name="duplicate_coefficient"),
        path(
            D + "attackers/<int:team>/",
            views_quadrettes.attacker_save,
            name="duplicate_attacker",
        ),
        path(D + "etuis/<int:board>/", views_duplicate_board.board_sheet, name="duplicate_board"),
        path(D + "etuis/type/", boards_type_start, name="duplicate_boards_type"),
        path(D + "etuis/<int:board>/type/", board_type_page, name="duplicate_board_type"),
        path(D + "etuis/<int:board>/made/", board_made_page, name="duplicate_board_made"),
        path(D + "tables/", views_duplicate_tables.session_tables, name="duplicate_tables"),
        path(
            D + "tables/<int:table>/",
            views_duplicate_tables.table_view,
            name="duplicate_table_view",
        ),
        path(D + "live/", views_tables_board.seance_board, name="duplicate_live"),
        path(
            D + "live/<int:position>/<int:table>/",
            views_tables_board.seance_table,
            name="duplicate_live_table",
        ),
        path(D + "documents/<slug:kind>.pdf", session_document, name="duplicate_document"),
        path(D + "documents/export.xlsx", session_export, name="duplicate_export"),
        path(M, views_match.matches_page, name="matches"),
        path(M + "draw/", views_match.matches_draw, name="matches_draw"),
        path(M + "<int:match>/", views_match.match_page, name="match"),
        path(M + "<int:match>/bonus/", views_match.match_bonus, name="match_bonus"),
        path(M + "<int:match>/penalty/", views_match.match_penalty, name="match_penalty"),
        path(M + "<int:match>/result.pdf", views_match.match_sheet_pdf, name="match_sheet"),
        path(Q, views_match_quarter.quarter_page, name="match_quarter"),
        path(Q + "players/", views_match_quarter.quarter_players, name="match_quarter_players"),
        path(
            Q + "sheets/<slug:room>/<slug:keeper>/",
            views_match_quarter.quarter_sheet,
            name="match_quarter_sheet",
        ),
        path(
            Q + "sheets/<slug:room>/<slug:keeper>/confirm/",
            views_match_quarter.quarter_sheet_confirm,
            name="match_quarter_sheet_confirm",
        ),
        path(Q + "close/", views_match_quarter.quarter_end, name="match_quarter_close"),
        path(Q + "cancel/", views_match_rulings.board_cancel, name="match_board_cancel"),
        path(
            Q + "cancel/<int:board>/confirm/",
            views_match_rulings.board_confirm,
            name="match_board_confirm",
        ),
        path(
            Q + "cancel/<int:board>/undo/",
            views_match_rulings.board_restore,
            name="match_board_restore",
        ),
        path(
            Q + "cancel/<int:board>/undo/confirm/",
            views_match_rulings.board_restore_confirm,
            name="match_board_restore_confirm",
        ),
        path(R, views_exports.results_exports, name="exports"),
        path(R + "final/", views_exports.results_final, name="results_final"),
        path(R + "<slug:kind>.<slug:fmt>", views_exports.results_download, name="export"),
    ],
    "scoring",
)
