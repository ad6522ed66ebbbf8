"""Review 121: a superuser whose staff status was taken away (Django's way of closing its admin to
someone) still reached the admin as the owner of his club, and the club's page there let him edit it
(name, policy, chip limits): ``ClubAdmin`` asked only for the superuser flag. An owner without it
sees his club read-only, as every manager does; the operator (superuser and staff) still edits."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from club.models import Club, User

from .conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_active_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _form(club: Club, **changes: str) -> dict[str, str]:
    values = {
        "name": club.name,
        "description": club.description,
        "join_policy": club.join_policy,
        "grant_limit": str(club.grant_limit),
        "self_grant_limit": str(club.self_grant_limit),
        "four_eyes_above": str(club.four_eyes_above),
    }
    return {**values, **changes}


def test_a_superuser_without_staff_status_cannot_edit_his_club_in_the_admin(club, owner):
    User.objects.filter(pk=owner.pk).update(is_superuser=True, is_staff=False)
    owner.refresh_from_db()
    client = client_for(owner)
    url = reverse("admin:club_club_change", args=[club.pk])
    page = client.get(url)
    assert page.status_code == 200  # his club, read-only, as any manager sees it
    assert 'name="name"' not in page.content.decode()
    response = client.post(url, _form(club, name="Taken Over", four_eyes_above="1"))
    assert response.status_code == 403
    club.refresh_from_db()
    assert (club.name, club.four_eyes_above) != ("Taken Over", 1)


def test_the_operator_still_edits(club, root):
    response = client_for(root).post(
        reverse("admin:club_club_change", args=[club.pk]), _form(club, name="Open Table Two")
    )
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.name == "Open Table Two"
