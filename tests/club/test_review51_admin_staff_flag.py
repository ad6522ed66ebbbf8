"""Review 51: the admin's site records (people, groups, log-in lock-outs, the books' reconciliation
runs and seals) are the operators': a superuser whose staff status was taken away (Django's way of
closing the admin to someone) and who still manages a club of his own gets into the admin for that
club, as any manager, and no further."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

from club.models import User

from .conftest import client_for

pytestmark = pytest.mark.django_db

SITE_PAGES = [
    "/admin/club/user/",
    "/admin/club/user/add/",
    "/admin/auth/group/",
    "/admin/auth/group/add/",
    "/admin/axes/accessattempt/",
    "/admin/ledger/reconciliationrun/",
    "/admin/ledger/checkpoint/",
]


@pytest.fixture
def unstaffed(make_user, make_club) -> User:
    """A superuser whose staff status was taken away, the owner of a club."""
    user = make_user("former-operator", is_superuser=True, is_staff=False)
    make_club(user, "His Own Table")
    return user


@pytest.mark.parametrize("url", SITE_PAGES)
def test_a_superuser_without_staff_status_does_not_reach_the_site_records(unstaffed, url):
    client = client_for(unstaffed)
    assert client.get("/admin/club/club/").status_code == 200  # his own club, as its owner
    assert client.get(url).status_code == 403


def test_a_superuser_without_staff_status_cannot_make_himself_staff_or_add_people(unstaffed, root):
    client = client_for(unstaffed)
    form = {"username": unstaffed.username, "is_staff": "on", "is_superuser": "on", "is_active": "on"}
    client.post(f"/admin/club/user/{unstaffed.pk}/change/", form)
    client.post("/admin/auth/group/add/", {"name": "operators"})
    unstaffed.refresh_from_db()
    assert not unstaffed.is_staff and not Group.objects.exists()
    index = client.get("/admin/").content.decode()
    assert "/admin/club/user/" not in index and "/admin/auth/group/" not in index
    # The operator (superuser with staff status) keeps them all.
    operator = client_for(root)
    for url in SITE_PAGES:
        assert operator.get(url).status_code == 200, url
