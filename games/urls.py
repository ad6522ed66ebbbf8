from django.urls import path

from . import views

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
    path("clubs/<slug:slug>/tables/new/", views.table_create_view, name="table_create"),
    path("clubs/<slug:slug>/tables/practice/", views.practice_open_view, name="table_practice"),
]
