from django.urls import path

from . import views

urlpatterns = [
    path("clubs/<slug:slug>/chips/", views.my_chips, name="ledger_my_chips"),
    path("clubs/<slug:slug>/chips/statement.csv", views.my_statement_csv, name="ledger_statement_csv"),
    path("clubs/<slug:slug>/chips/grant/", views.chips_grant_view, name="ledger_grant"),
    path("clubs/<slug:slug>/chips/ask/", views.chips_request_view, name="ledger_ask"),
    path(
        "clubs/<slug:slug>/chips/waiting/<int:pk>/<str:decision>/",
        views.adjustment_decide,
        name="ledger_adjustment_decide",
    ),
    path(
        "clubs/<slug:slug>/chips/requests/<int:pk>/<str:decision>/",
        views.chips_request_answer_view,
        name="ledger_request_answer",
    ),
]
