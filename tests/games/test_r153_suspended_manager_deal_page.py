"""Review 153: a suspended manager manages nothing (review 149) and the admin no longer shows him
the club, but a deal's page still linked each of its journals into the admin for him, "as a
manager": every link led to the admin's log-in page. He reads the journals' numbers as a member
does until the suspension ends."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import Membership

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _deal_page(user, deal) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    page = client.get(f"/deals/{deal.pk}/")
    assert page.status_code == 200
    return page.content.decode()


def test_a_suspended_manager_gets_no_admin_links_on_a_deal_page(make_table, players, owner, club):
    manager = players[3]
    mine = Membership.objects.get(club=club, user=manager)
    club_services.membership_set_role(membership=mine, actor=owner, role=Membership.Role.MANAGER)
    table = make_table(preset="classic", seats=2)
    sit_all(table, players[:2])
    deal = play_deal_as_people(start_deal(table), players[:2])
    assert "/admin/ledger/journal/" in _deal_page(manager, deal)
    club_services.membership_suspend(
        membership=Membership.objects.get(pk=mine.pk),
        actor=owner,
        reason="tilt",
        until=timezone.now() + timedelta(days=2),
    )
    assert "/admin/ledger/journal/" not in _deal_page(manager, deal)
