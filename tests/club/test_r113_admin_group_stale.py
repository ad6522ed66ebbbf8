"""Review 113: the operators' page of a group (admin, Groups) sent its permissions back as they were
when it was opened: a permission another operator took from the group meanwhile was given back by a
rename saved from a page opened before (and every member of the group had it again), one given was
taken away. As a person's groups (tests/club/test_r113_admin_user_stale_groups.py): what is left as
found keeps what is stored; what both changed is refused, saying what it is now."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission
from django.utils import timezone

from .conftest import logged_in
from .page_form import form_sent

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def watchers() -> Group:
    group = Group.objects.create(name="watchers")
    group.permissions.add(Permission.objects.get(codename="change_user"))
    return group


def opened(client, group: Group) -> dict[str, list[str]]:
    page = client.get(f"/admin/auth/group/{group.pk}/change/")
    assert page.status_code == 200
    return form_sent(page.content.decode(), "group_form")


def test_a_permission_taken_meanwhile_is_not_given_back(root, watchers) -> None:
    client = logged_in(root)
    sent = opened(client, watchers)
    watchers.permissions.clear()
    response = client.post(f"/admin/auth/group/{watchers.pk}/change/", {**sent, "name": ["cheat watchers"]})
    assert response.status_code == 302, response.content.decode()[-3000:]
    watchers.refresh_from_db()
    assert watchers.name == "cheat watchers"
    assert not watchers.permissions.exists()


def test_permissions_changed_on_both_sides_are_refused(root, watchers) -> None:
    client = logged_in(root)
    sent = opened(client, watchers)
    watchers.permissions.clear()
    view = Permission.objects.get(codename="view_user")
    response = client.post(f"/admin/auth/group/{watchers.pk}/change/", {**sent, "permissions": [view.pk]})
    assert response.status_code == 200
    assert "meanwhile" in response.content.decode()
    assert not watchers.permissions.exists()


def test_the_operators_own_change_is_made(root, watchers) -> None:
    client = logged_in(root)
    view = Permission.objects.get(codename="view_user")
    response = client.post(
        f"/admin/auth/group/{watchers.pk}/change/", {**opened(client, watchers), "permissions": [view.pk]}
    )
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert list(watchers.permissions.all()) == [view]
