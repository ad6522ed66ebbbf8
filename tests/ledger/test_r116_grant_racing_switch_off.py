"""Review 116: a grant sent while the site's operators were switching the member's account off.
The switch-off holds his memberships while it stands him up at the tables; the grant waited for his
row, then read his account as it was before the switch-off (the row joined to his membership comes
from the statement's start) and booked chips into an account that was off, which grants refuse
(``_require_active``): the manager read "granted", the treasury was short for nobody."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from django.db import connection
from django.utils import timezone

from club.errors import ServiceError
from club.models import Membership, User
from games.services import members
from ledger.models import Account
from ledger.services import chips_adjust

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _no_zone_left() -> Iterator[None]:
    yield
    timezone.deactivate()


def test_a_grant_waiting_for_the_switch_off_is_refused(club, owner, member_factory, monkeypatch):
    member = member_factory()
    tables_left = threading.Event()
    real_leave = members.member_leave_tables

    def slow_leave(**kwargs):
        # His memberships are held; the grant below starts now and waits for his row.
        tables_left.set()
        time.sleep(0.7)
        return real_leave(**kwargs)

    monkeypatch.setattr(members, "member_leave_tables", slow_leave)

    def switch_off() -> None:
        try:
            user = User.objects.get(pk=member.user_id)
            user.is_active = False
            user.save()
        finally:
            connection.close()

    thread = threading.Thread(target=switch_off)
    thread.start()
    assert tables_left.wait(10)
    with pytest.raises(ServiceError) as refused:
        chips_adjust(
            member=Membership.objects.get(pk=member.pk),
            kind="grant",
            amount=50,
            actor=owner,
            reason="welcome",
            idempotency_key="r116-grant",
        )
    thread.join(20)
    assert "switched off" in refused.value.message
    assert not Account.objects.filter(kind=Account.Kind.WALLET, member=member, balance__gt=0).exists()
