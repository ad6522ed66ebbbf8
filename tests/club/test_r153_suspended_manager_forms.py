"""Review 153: review 149 made a suspended manager manage nothing, and the club page stopped
offering him the managers' forms by its ``is_manager``; but the chips box on that page asked the
membership's role, so it still offered him "Grant chips", a form every send of which was refused
("You are suspended ... you do not manage the club"), and hid from him the hint every other member
without chips reads."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club import services

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def test_the_club_page_offers_a_suspended_manager_no_grant_form(club, owner, manager) -> None:
    services.membership_suspend(
        membership=m(club, manager), actor=owner, reason="tilt", until=timezone.now() + timedelta(days=2)
    )
    page = client_for(manager).get(club.get_absolute_url()).content.decode()
    assert 'id="grant-form"' not in page
    services.membership_unsuspend(membership=m(club, manager), actor=owner)
    assert 'id="grant-form"' in client_for(manager).get(club.get_absolute_url()).content.decode()
