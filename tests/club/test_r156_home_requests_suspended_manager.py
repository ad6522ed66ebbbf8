"""Review 156: Misha, a manager suspended from the club's tables (he manages nothing meanwhile,
review 149), read on his home page "Requests to join: By Request, 2 waiting"; the link took him to a
club page that rightly offered him no request to answer. The home page lists waiting requests only
for the clubs one manages now: the owner's, and a manager's not suspended."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club import services
from club.models import Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def asked(approval_club, owner, manager, make_user):
    services.membership_join(club=approval_club, user=manager)
    services.membership_approve(membership=m(approval_club, manager), actor=owner)
    services.membership_set_role(
        membership=m(approval_club, manager), actor=owner, role=Membership.Role.MANAGER
    )
    for n in range(2):
        services.membership_join(club=approval_club, user=make_user(f"asker{n}"))
    return approval_club


def test_a_suspended_manager_is_not_sent_to_requests_he_cannot_answer(asked, owner, manager) -> None:
    assert 'id="waiting-requests"' in client_for(manager).get("/").content.decode()
    services.membership_suspend(
        membership=m(asked, manager), actor=owner, reason="tilt", until=timezone.now() + timedelta(days=2)
    )
    assert 'id="waiting-requests"' not in client_for(manager).get("/").content.decode()
    assert 'id="waiting-requests"' in client_for(owner).get("/").content.decode()
    services.membership_unsuspend(membership=m(asked, manager), actor=owner)
    assert 'id="waiting-requests"' in client_for(manager).get("/").content.decode()
