"""Review 103: the admin's list of memberships offers "Lift the suspension of the selected members",
but showed no suspension: a suspended member's status reads "Active" (he stays in the club), and a
second manager could not tell from the list whom a colleague had kept away from the tables, until
when or why. The list now says it beside the ban, in the reader's zone and language. Found as a
second manager looking for the member to lift a suspension for."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format

from club import services

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def test_the_list_says_who_is_suspended_until_when_and_why(club, owner, manager, member) -> None:
    manager.time_zone = "Europe/Sofia"
    manager.save(update_fields=["time_zone"])
    until = (timezone.now() + timedelta(days=3)).replace(second=0, microsecond=0)
    services.membership_suspend(
        membership=m(club, member), actor=owner, reason="rude at table 3", until=until
    )
    page = client_for(manager).get(reverse("admin:club_membership_changelist"))
    assert page.status_code == 200
    html = page.content.decode()
    assert "suspended from tables until" in html.lower()
    assert "rude at table 3" in html
    # The end in the manager's zone (Sofia), not UTC, as his page writes a date and time.
    with translation.override("en"), timezone.override(ZoneInfo("Europe/Sofia")):
        shown = date_format(timezone.localtime(until), "SHORT_DATETIME_FORMAT")
    assert f"{shown} · rude at table 3" in html


def test_the_list_says_until_when_a_member_is_banned(club, owner, manager, member) -> None:
    """A ban with an end read as one for good: its column said when and why only."""
    until = (timezone.now() + timedelta(days=5)).replace(second=0, microsecond=0)
    services.membership_ban(membership=m(club, member), actor=owner, reason="cheating", until=until)
    manager.preferred_language = "ru"
    manager.save(update_fields=["preferred_language"])
    page = client_for(manager).get(reverse("admin:club_membership_changelist"))
    assert page.status_code == 200
    with translation.override("ru"):
        shown = date_format(timezone.localtime(until), "SHORT_DATETIME_FORMAT")
    assert f"cheating · до {shown}" in page.content.decode()
