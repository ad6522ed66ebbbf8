"""Review 156: Petar, new to the club and with no chips, read "ask one of them to grant you some.
Managers: Olga, Misha". Misha was suspended from the club's tables and manages nothing meanwhile:
asked, he could grant nothing. The hint names the managers who can grant now."""

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


def _hint(page: str) -> str:
    start = page.index('id="no-chips-hint"')
    return page[start : page.index("</p>", start)]


def test_a_suspended_manager_is_not_named_to_ask(club, owner, manager, member) -> None:
    assert "@misha" in _hint(client_for(member).get(club.get_absolute_url()).content.decode())
    services.membership_suspend(
        membership=m(club, manager), actor=owner, reason="tilt", until=timezone.now() + timedelta(days=2)
    )
    said = _hint(client_for(member).get(club.get_absolute_url()).content.decode())
    assert "@olga" in said and "@misha" not in said
