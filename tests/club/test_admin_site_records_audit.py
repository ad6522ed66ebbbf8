"""A superuser's edits of site-wide records in the admin (a group's permissions, a login lock-out
lifted by deleting its attempts, django-axes' clean-up action) are written to the moderation log,
not only to Django's own history."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.handlers.database import AxesDatabaseHandler
from axes.models import AccessAttempt
from django.contrib.auth.models import Group, Permission
from django.utils import timezone

from club.models import AuditLog

from .conftest import logged_in

pytestmark = pytest.mark.django_db


def _attempt(username: str, *, hours_ago: float = 0, failures: int = 5) -> AccessAttempt:
    attempt = AccessAttempt.objects.create(
        username=username,
        ip_address="203.0.113.7",
        user_agent="test",
        http_accept="*/*",
        path_info="/accounts/login/",
        get_data="",
        post_data="",
        failures_since_start=failures,
    )
    if hours_ago:
        AccessAttempt.objects.filter(pk=attempt.pk).update(
            attempt_time=timezone.now() - timedelta(hours=hours_ago)
        )
    return attempt


def test_lifting_a_lock_out_is_logged_with_the_username_and_address(root):
    attempt = _attempt("vera")
    response = logged_in(root).post(f"/admin/axes/accessattempt/{attempt.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not AccessAttempt.objects.exists()
    row = AuditLog.objects.get(action="record.deleted")
    assert row.actor == root and row.club is None
    assert "vera" in row.target and "203.0.113.7" in row.target
    assert row.action_label == "Site record deleted in the admin"


def test_lock_outs_deleted_from_the_list_are_logged_one_row_each(root):
    ids = [_attempt(name).pk for name in ("vera", "gleb")]
    response = logged_in(root).post(
        "/admin/axes/accessattempt/",
        {"action": "delete_selected", "_selected_action": ids, "post": "yes"},
    )
    assert response.status_code == 302
    targets = sorted(AuditLog.objects.filter(action="record.deleted").values_list("target", flat=True))
    assert len(targets) == 2 and "gleb" in targets[0] and "vera" in targets[1]


def test_the_clean_up_action_answers_in_the_readers_language(root):
    _attempt("fresh")
    client = logged_in(root)
    response = client.post(
        "/admin/axes/accessattempt/",
        {"action": "cleanup_expired_attempts", "_selected_action": [AccessAttempt.objects.get().pk]},
        headers={"accept-language": "ru"},
    )
    # django-axes' own action answered with a 500 in the admin (it reads a login's time off the request)
    assert response.status_code == 302
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["fresh"]
    page = client.get(response.url, headers={"accept-language": "ru"}).content.decode()
    assert "Удалено 0 устаревших попыток входа." in page
    assert not AuditLog.objects.exists()  # nothing deleted, nothing to log


def test_the_clean_up_action_logs_how_many_it_deleted(root, monkeypatch):
    # Expired attempts are also swept by django-axes at every request, so the action finds some only
    # when they expire between two requests: the handler's count is what is logged.
    monkeypatch.setattr(AxesDatabaseHandler, "clean_expired_user_attempts", lambda self, *args, **kwargs: 3)
    _attempt("fresh")
    response = logged_in(root).post(
        "/admin/axes/accessattempt/",
        {"action": "cleanup_expired_attempts", "_selected_action": [AccessAttempt.objects.get().pk]},
    )
    assert response.status_code == 302
    row = AuditLog.objects.get(action="record.deleted")
    assert row.data == {"count": 3} and row.actor == root and row.target == "expired login attempts"


def test_a_group_given_permissions_is_logged(root):
    permission = Permission.objects.get(codename="change_club")
    response = logged_in(root).post(
        "/admin/auth/group/add/", {"name": "helpers", "permissions": [permission.pk]}
    )
    assert response.status_code == 302
    group = Group.objects.get(name="helpers")
    added = AuditLog.objects.get(action="record.added")
    assert added.actor == root and "helpers" in added.target
    response = logged_in(root).post(
        f"/admin/auth/group/{group.pk}/change/", {"name": "helpers", "permissions": []}
    )
    assert response.status_code == 302
    changed = AuditLog.objects.get(action="record.changed")
    assert "ermissions" in changed.data["changed"]


def test_a_refused_group_edit_logs_nothing(root):
    response = logged_in(root).post("/admin/auth/group/add/", {"name": ""})
    assert response.status_code == 200
    assert not AuditLog.objects.exists()
