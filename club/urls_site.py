from django.contrib.auth import views as auth_views
from django.urls import path

from . import views
from .password_reset import ThrottledPasswordResetView, UnlockingPasswordResetConfirmView

urlpatterns = [
    path("", views.home, name="home"),
    # Accounts: Django's own views with the site's templates (registration/*.html).
    path("accounts/register/", views.register, name="register"),
    path("accounts/login/", views.LoginView.as_view(), name="login"),
    path("accounts/logout/", views.LogoutView.as_view(), name="logout"),
    path("accounts/profile/", views.profile, name="profile"),
    path("accounts/password/change/", views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "accounts/password/change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("accounts/password/reset/", ThrottledPasswordResetView.as_view(), name="password_reset"),
    path(
        "accounts/password/reset/done/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        UnlockingPasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    # Clubs
    path("clubs/new/", views.club_create, name="club_create"),
    path("clubs/<slug:slug>/", views.club_detail, name="club_detail"),
    path("clubs/<slug:slug>/join/", views.club_join, name="club_join"),
    path("clubs/<slug:slug>/leave/", views.club_leave, name="club_leave"),
    path("clubs/<slug:slug>/settings/", views.club_settings, name="club_settings"),
    path("clubs/<slug:slug>/invites/", views.invite_create, name="invite_create"),
    path("clubs/<slug:slug>/invites/<int:pk>/revoke/", views.invite_revoke, name="invite_revoke"),
    path("clubs/<slug:slug>/members/<int:pk>/approve/", views.membership_approve, name="membership_approve"),
    path("clubs/<slug:slug>/members/<int:pk>/refuse/", views.membership_refuse, name="membership_refuse"),
    path("clubs/<slug:slug>/members/<int:pk>/role/", views.membership_role, name="membership_role"),
    path(
        "clubs/<slug:slug>/members/<int:pk>/hand-over/",
        views.membership_hand_over,
        name="membership_hand_over",
    ),
    path("clubs/<slug:slug>/members/<int:pk>/ban/", views.membership_ban, name="membership_ban"),
    path("clubs/<slug:slug>/members/<int:pk>/unban/", views.membership_unban, name="membership_unban"),
    path("clubs/<slug:slug>/members/<int:pk>/suspend/", views.membership_suspend, name="membership_suspend"),
    path(
        "clubs/<slug:slug>/members/<int:pk>/unsuspend/",
        views.membership_unsuspend,
        name="membership_unsuspend",
    ),
    path("invite/<str:code>/", views.invite_accept, name="invite_accept"),
]
