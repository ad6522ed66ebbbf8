from django.urls import path

from . import views

urlpatterns = [
    path("clubs/<slug:slug>/chips/", views.my_chips, name="ledger_my_chips"),
    path("clubs/<slug:slug>/chips/grant/", views.chips_grant_view, name="ledger_grant"),
]
