"""Review 161: nobody may suspend an owner (review 156), and the clock lifts a suspension an owner
carried from before that rule as soon as it finds it. Until it did, his home page said "suspended
from tables until …" beside his club, and his club page showed him the suspension's notice and a
badge: a suspension nobody could have given, shown as standing. The pages no longer show an owner's
suspension at all, and the tables no longer hold it against him."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club.models import Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    timezone.deactivate()
    yield
    timezone.deactivate()


@pytest.fixture
def suspended_owner(club, owner, manager):
    """Misha, suspended as a manager, then handed the club (as could happen before review 149); the
    clock has not come by yet."""
    Membership.objects.filter(pk=m(club, owner).pk).update(role=Membership.Role.MANAGER)
    Membership.objects.filter(pk=m(club, manager).pk).update(
        role=Membership.Role.OWNER, suspended_until=timezone.now() + timedelta(days=30), suspend_reason="tilt"
    )
    return manager


def test_his_home_page_shows_no_suspension(suspended_owner) -> None:
    page = client_for(suspended_owner).get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "suspended from tables" not in page


def test_his_club_page_shows_no_suspension(club, suspended_owner, member) -> None:
    for reader in (suspended_owner, member):
        page = client_for(reader).get(f"/clubs/{club.slug}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert "suspended-notice" not in page
        assert "suspended from tables" not in page
        assert "tilt" not in page


def test_an_owner_is_never_suspended(club, suspended_owner) -> None:
    assert not m(club, suspended_owner).is_suspended
