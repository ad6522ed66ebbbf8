"""Review 149: a manager suspended from the club's tables manages nothing meanwhile. A grant he
filed before (waiting for a second manager) was booked in his name on approval, and the approving
manager read "You are suspended from the club's tables": words about the asker, said as if to
him. He is now told the one who asked does not manage the club now. And a suspended manager is
not counted among those who may decide a waiting grant."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club import services as club_services
from club.errors import ServiceError
from club.models import Club, Membership
from ledger.models import Adjustment
from ledger.selectors import deciding_managers
from ledger.services import adjustment_approve, chips_adjust

from .conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def asker(club: Club) -> Membership:
    return Membership.objects.create(club=club, user=make_user("asker149"), role=Membership.Role.MANAGER)


def _suspend(row: Membership, owner) -> None:
    club_services.membership_suspend(
        membership=row, actor=owner, reason="tilt", until=timezone.now() + timedelta(days=1)
    )


def test_a_grant_filed_by_a_manager_suspended_since_is_said_so(club, owner, asker, member_factory):
    member = member_factory()
    done = chips_adjust(
        member=member, kind="grant", amount=9_000, actor=asker.user, reason="r", idempotency_key="k"
    )
    assert done.adjustment is not None
    _suspend(asker, owner)
    with pytest.raises(ServiceError) as refused:
        adjustment_approve(adjustment_id=done.adjustment.pk, actor=owner)
    assert "You are suspended" not in refused.value.message
    assert "asker149" in refused.value.message or asker.user.shown_name in refused.value.message
    assert Adjustment.objects.get(pk=done.adjustment.pk).status == Adjustment.Status.PENDING


def test_a_suspended_manager_does_not_decide(club, owner, asker):
    assert asker.user_id in deciding_managers(club=club)
    _suspend(asker, owner)
    assert asker.user_id not in deciding_managers(club=club)
    assert owner.pk in deciding_managers(club=club)
