"""Review 156: Petar, suspended from his club's tables until Friday, found nothing of it on his home
page: the club listed among his as any other, until its page or a table told him. The home page says
it beside the club, as it now says a ban."""

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


def test_his_home_page_says_he_is_suspended(club, owner, member) -> None:
    assert "suspended from tables" not in client_for(member).get("/").content.decode()
    services.membership_suspend(
        membership=m(club, member), actor=owner, reason="tilt", until=timezone.now() + timedelta(days=2)
    )
    page = client_for(member).get("/").content.decode()
    start = page.index(club.get_absolute_url())
    assert "suspended from tables until" in page[start : page.index("</li>", start)]
    services.membership_unsuspend(membership=m(club, member), actor=owner)
    assert "suspended from tables" not in client_for(member).get("/").content.decode()
