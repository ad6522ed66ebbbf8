"""Review 155: a manager suspended now manages nothing (review 149), yet the club page still
showed him the grant form (and the grants waiting for a second manager, with Approve) and the
add-table page still opened its form: each refused only once he had filled it in and sent it. He
is told at once that he is suspended and until when, and shown no form that will refuse."""

from __future__ import annotations

import html as html_lib
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format

from club import services

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def until(club, owner, manager):
    end = timezone.now() + timedelta(days=2)
    services.membership_suspend(membership=m(club, manager), actor=owner, reason="tilt", until=end)
    return end


def _shown(end) -> str:
    return date_format(timezone.localtime(end), "DATETIME_FORMAT")


def test_the_club_page_says_he_is_suspended_instead_of_the_grant_form(club, manager, until) -> None:
    page = html_lib.unescape(client_for(manager).get(club.get_absolute_url()).content.decode())
    assert 'id="grant-form"' not in page
    assert reverse("ledger_grant", args=[club.slug]) not in page
    assert f"You are suspended from the club's tables until {_shown(until)}" in page
    assert "until then you do not manage the club" in page


def test_the_owner_still_sees_the_grant_form(club, owner, until) -> None:
    page = client_for(owner).get(club.get_absolute_url()).content.decode()
    assert 'id="grant-form"' in page
    assert "you do not manage the club" not in page


def test_the_add_table_page_says_he_is_suspended_instead_of_its_form(club, manager, until) -> None:
    page = client_for(manager).get(reverse("table_create", args=[club.slug]))
    text = html_lib.unescape(page.content.decode())
    assert page.status_code == 403
    assert "<form method=\"post\">" not in text and 'name="title"' not in text
    assert "You are suspended from this club's tables until" in text
    assert _shown(until).rstrip(".") in text and "tilt" in text


def test_lifted_the_forms_are_back(club, owner, manager, until) -> None:
    services.membership_unsuspend(membership=m(club, manager), actor=owner)
    assert 'id="grant-form"' in client_for(manager).get(club.get_absolute_url()).content.decode()
    page = client_for(manager).get(reverse("table_create", args=[club.slug]))
    assert page.status_code == 200 and 'name="title"' in page.content.decode()
