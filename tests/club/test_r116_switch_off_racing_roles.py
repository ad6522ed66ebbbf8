"""Review 116: the owner handing the club over to a manager, or making a member a manager, while the
site's operators switched that person's account off. Both refuse a switched-off account, but read it
from the person's row joined to his membership: the switch-off holds his memberships while it stands
him up at the tables, so the owner's action waited for the row and then read the account as it was
before the switch-off. The club was handed over to an account that cannot log in (only the site's
operators could give it back), or the switched-off account was made a manager."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from django.db import connection
from django.utils import timezone

from club import services, sessions
from club.errors import ServiceError
from club.models import Membership, User

from .conftest import m

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    yield
    timezone.deactivate()


def _switched_off_meanwhile(user: User, monkeypatch) -> threading.Thread:
    """Switch ``user`` off in a thread of its own; returns once his memberships are held."""
    held = threading.Event()
    real_end = sessions.sessions_end

    def slow_end(*args, **kwargs):
        # After the tables have stood him up, before the switch-off commits.
        held.set()
        time.sleep(0.7)
        return real_end(*args, **kwargs)

    monkeypatch.setattr(sessions, "sessions_end", slow_end)

    def switch_off() -> None:
        try:
            fresh = User.objects.get(pk=user.pk)
            fresh.is_active = False
            fresh.save()
        finally:
            connection.close()

    thread = threading.Thread(target=switch_off)
    thread.start()
    assert held.wait(10)
    return thread


def test_the_club_is_not_handed_over_to_an_account_switched_off_meanwhile(club, owner, manager, monkeypatch):
    target = m(club, manager)
    thread = _switched_off_meanwhile(manager, monkeypatch)
    with pytest.raises(ServiceError) as refused:
        services.club_hand_over(membership=target, actor=owner)
    thread.join(20)
    assert "switched off" in refused.value.message
    assert m(club, owner).role == Membership.Role.OWNER
    assert m(club, manager).role == Membership.Role.MANAGER


def test_an_account_switched_off_meanwhile_is_not_made_a_manager(club, owner, member, monkeypatch):
    target = m(club, member)
    thread = _switched_off_meanwhile(member, monkeypatch)
    with pytest.raises(ServiceError) as refused:
        services.membership_set_role(membership=target, actor=owner, role="manager")
    thread.join(20)
    assert "switched off" in refused.value.message
    assert m(club, member).role == Membership.Role.MEMBER


def test_a_request_to_join_is_not_approved_for_an_account_switched_off_meanwhile(
    approval_club, owner, make_user, monkeypatch
):
    asker = make_user("asker")
    services.membership_join(club=approval_club, user=asker)
    target = m(approval_club, asker)
    assert target.status == Membership.Status.PENDING
    thread = _switched_off_meanwhile(asker, monkeypatch)
    with pytest.raises(ServiceError) as refused:
        services.membership_approve(membership=target, actor=owner)
    thread.join(20)
    assert "switched off" in refused.value.message
    assert m(approval_club, asker).status == Membership.Status.PENDING
