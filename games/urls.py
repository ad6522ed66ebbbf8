from django.urls import path

from . import views

urlpatterns = [
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:preset>/", views.rules_preset, name="rules_preset"),
]
