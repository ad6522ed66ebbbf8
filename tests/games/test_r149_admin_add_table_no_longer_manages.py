"""Review 149: a manager demoted in one club, still managing another (so still in the admin), sent
the "Add table session" form he had opened for the first club and read "Select a valid choice. That
choice is not one of the available choices." under its club: nothing said the club had been taken
from him. He is now told he no longer manages it. A club he was never in stays an invalid choice
(its name is not told to a stranger)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import Membership
from games.models import TableSession

from .conftest import TABLE_FORM

pytestmark = pytest.mark.django_db

ADD = "/admin/games/tablesession/add/"


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _evening() -> str:
    when = (timezone.localtime() + timedelta(days=3)).replace(hour=20, minute=0, second=0, microsecond=0)
    return when.strftime("%Y-%m-%dT%H:%M")


@pytest.fixture
def misha(make_user, make_club, club, owner):
    """A manager of ``club`` who owns a club of his own."""
    misha = make_user("misha149", display_name="Misha")
    make_club(misha, "Misha's Own 149")
    club_services.membership_join(club=club, user=misha)
    row = Membership.objects.get(club=club, user=misha)
    club_services.membership_set_role(membership=row, actor=owner, role=Membership.Role.MANAGER)
    return misha


def _send(user, club_pk: int):
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client.post(ADD, {**TABLE_FORM, "overrides": "", "club": club_pk, "starts_at": _evening()})


def test_a_demoted_manager_is_told_he_no_longer_manages_the_club(club, owner, misha):
    row = Membership.objects.get(club=club, user=misha)
    club_services.membership_set_role(membership=row, actor=owner, role=Membership.Role.MEMBER)
    page = _send(misha, club.pk)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Select a valid choice" not in text
    assert f"You no longer manage {club.name}." in text
    assert not TableSession.objects.filter(club=club).exists()


def test_a_club_he_was_never_in_is_not_named(make_user, make_club, misha):
    other = make_club(make_user("stranger149"), "Hidden Room 149")
    page = _send(misha, other.pk)
    text = page.content.decode()
    assert "Select a valid choice" in text
    assert "Hidden Room 149" not in text


def test_a_manager_still_schedules(club, misha):
    assert _send(misha, club.pk).status_code == 302
    assert TableSession.objects.filter(club=club).exists()


def test_a_suspended_manager_is_told_he_is_suspended(club, owner, misha):
    row = Membership.objects.get(club=club, user=misha)
    until = timezone.now() + timedelta(days=2)
    club_services.membership_suspend(membership=row, actor=owner, reason="tilt", until=until)
    text = _send(misha, club.pk).content.decode()
    assert "Select a valid choice" not in text
    assert "You are suspended from the club&#x27;s tables until" in text
    assert not TableSession.objects.filter(club=club).exists()
