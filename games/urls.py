from django.urls import path

from . import views, views_history, views_reports, views_stats

urlpatterns = [
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:preset>/", views.rules_preset, name="rules_preset"),
    path("tables/<int:session_id>/", views.table_page, name="table_page"),
    path("tables/<int:session_id>/act/", views.table_act_view, name="table_act"),
    path("tables/<int:session_id>/sit/", views.table_sit_view, name="table_sit"),
    path("tables/<int:session_id>/leave/", views.table_leave_view, name="table_leave"),
    path("tables/<int:session_id>/away/", views.table_away_view, name="table_away"),
    path("tables/<int:session_id>/back/", views.table_back_view, name="table_back"),
    path("tables/<int:session_id>/bots/", views.table_bot_view, name="table_bot"),
    path("tables/<int:session_id>/standup/", views.table_standup_view, name="table_standup"),
    path("tables/<int:session_id>/reserve/", views.seat_reserve_view, name="seat_reserve"),
    path("tables/<int:session_id>/unreserve/", views.reservation_cancel_view, name="reservation_cancel"),
    path("tables/<int:session_id>/export.json", views_history.session_export, name="session_export"),
    path("tables/<int:session_id>/ledger/", views_history.table_ledger_view, name="table_ledger"),
    path("clubs/<slug:slug>/deals/", views_history.club_history, name="club_history"),
    path("deals/<int:deal_id>/", views_history.deal_page, name="deal_page"),
    path("deals/<int:deal_id>/replay/", views_history.deal_replay, name="deal_replay"),
    path("deals/<int:deal_id>/export.json", views_history.deal_export, name="deal_export"),
    path("fairness/", views_history.fairness, name="fairness"),
    path("deals/<int:deal_id>/report/", views_reports.report_file, name="report_file"),
    path("clubs/<slug:slug>/reports/", views_reports.report_list, name="report_list"),
    path("reports/<int:report_id>/", views_reports.report_review, name="report_review"),
    path("clubs/<slug:slug>/collusion/", views_reports.collusion_list, name="collusion_list"),
    path(
        "clubs/<slug:slug>/collusion/<int:flag_id>/<str:decision>/",
        views_reports.collusion_decide_view,
        name="collusion_decide",
    ),
    path("clubs/<slug:slug>/tables/new/", views.table_create_view, name="table_create"),
    path("clubs/<slug:slug>/tables/practice/", views.practice_open_view, name="table_practice"),
    path("clubs/<slug:slug>/leaderboard/", views_stats.leaderboard, name="club_leaderboard"),
    path("clubs/<slug:slug>/players/<str:username>/", views_stats.player_page, name="club_player"),
]
