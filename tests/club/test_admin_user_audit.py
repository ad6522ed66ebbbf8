"""A superuser's edits of people in the admin (flags, password, new and deleted accounts) are written
to the moderation log, not only to Django's own history: the log is what the site is audited by."""

from __future__ import annotations

import pytest

from club.models import AuditLog, User

from .conftest import logged_in

pytestmark = pytest.mark.django_db


def _change_form(user: User, **changes) -> dict:
    joined = user.date_joined
    data = {
        "username": user.username,
        "email": user.email,
        "display_name": user.display_name,
        "preferred_language": user.preferred_language,
        "time_zone": user.time_zone,
        "is_active": "on",
        "date_joined_0": joined.strftime("%Y-%m-%d"),
        "date_joined_1": joined.strftime("%H:%M:%S"),
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def test_making_someone_staff_is_logged_with_the_fields_changed(root, make_user):
    vera = make_user("vera")
    response = logged_in(root).post(f"/admin/club/user/{vera.pk}/change/", _change_form(vera, is_staff="on"))
    assert response.status_code == 302, response.content.decode()[:2000]
    vera.refresh_from_db()
    assert vera.is_staff
    row = AuditLog.objects.get(action="user.changed")
    assert (row.actor, row.target_user, row.club) == (root, vera, None)
    assert "Staff status" in row.data["changed"]
    assert row.action_label == "Account changed in the admin"


def test_a_password_set_in_the_admin_is_logged(root, make_user):
    vera = make_user("vera")
    response = logged_in(root).post(
        f"/admin/club/user/{vera.pk}/password/",
        {
            "password1": "a new long secret 2026",
            "password2": "a new long secret 2026",
            "usable_password": "true",
        },
    )
    assert response.status_code == 302
    row = AuditLog.objects.get(action="user.changed", target_user=vera)
    assert row.actor == root and "password" in row.data["changed"].lower()


def test_an_account_deleted_in_the_admin_is_logged_by_name(root, make_user):
    gone = make_user("gone")
    response = logged_in(root).post(f"/admin/club/user/{gone.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not User.objects.filter(username="gone").exists()
    row = AuditLog.objects.get(action="user.deleted")
    assert row.actor == root and row.target == "gone"


def test_a_refused_edit_logs_nothing(root, make_user):
    vera = make_user("vera")
    response = logged_in(root).post(f"/admin/club/user/{vera.pk}/change/", _change_form(vera, username=""))
    assert response.status_code == 200
    assert not AuditLog.objects.filter(action__startswith="user.").exists()
