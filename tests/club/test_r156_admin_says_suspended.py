"""Review 156: Misha, a manager, had the admin open when the owner suspended him from the club's
tables (a suspended manager manages nothing meanwhile, review 149). His next click sent him to the
admin's log-in page: "You are authenticated as misha, but are not authorized to access this page.
Would you like to login to a different account?", as if his account were the wrong one. The page now
says why: he is suspended from that club's tables until then, and manages it again after."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from club import services

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def test_the_admin_says_he_is_suspended(club, owner, manager) -> None:
    services.membership_suspend(
        membership=m(club, manager), actor=owner, reason="tilt", until=timezone.now() + timedelta(days=2)
    )
    page = client_for(manager).get(reverse("admin:club_membership_changelist"), follow=True)
    text = page.content.decode()
    assert "You are suspended from the club" in text
    assert club.name in text


def test_one_who_never_managed_reads_no_such_words(club, member) -> None:
    page = client_for(member).get(reverse("admin:index"), follow=True)
    assert "suspended" not in page.content.decode()


def test_logging_in_to_the_admin_says_it_too(club, owner, manager, client) -> None:
    """The admin's own log-in form told him "This page is for club managers. Log in with the account
    that manages a club." of the account that manages one."""
    from tests.conftest import TEST_PASSWORD

    services.membership_suspend(
        membership=m(club, manager), actor=owner, reason="tilt", until=timezone.now() + timedelta(days=2)
    )
    answer = client.post(reverse("admin:login"), {"username": manager.username, "password": TEST_PASSWORD})
    text = answer.content.decode()
    assert answer.status_code == 200
    assert "You are suspended from the club" in text and club.name in text
    assert "Log in with the account that manages a club" not in text
