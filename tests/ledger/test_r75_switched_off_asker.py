"""Review 75: the operator switched off the account of a club's owner (banned from the site), and a
grant of 9,000 chips he had filed for a second manager's approval was still booked, in his name, on
one manager's click: four eyes are two managers, and a switched-off account manages nothing. It is
now refused with why, as one filed by a manager since demoted or banned is (refusing it still
closes it)."""

from __future__ import annotations

import pytest

from club.errors import ServiceError
from club.models import Membership
from ledger.models import Adjustment, Journal
from ledger.selectors import wallet_balance
from ledger.services import adjustment_approve, adjustment_refuse, chips_adjust

from .conftest import make_user

pytestmark = pytest.mark.django_db


def test_a_grant_filed_by_an_owner_since_switched_off_is_not_booked(club, owner, member_factory) -> None:
    approver = Membership.objects.create(club=club, user=make_user("approver"), role=Membership.Role.MANAGER)
    member = member_factory()
    done = chips_adjust(
        member=member, kind="grant", amount=9_000, actor=owner, reason="prize", idempotency_key="k-r75"
    )
    assert done.adjustment is not None
    owner.is_active = False
    owner.save()
    with pytest.raises(ServiceError) as refused:
        adjustment_approve(adjustment_id=done.adjustment.pk, actor=approver.user)
    assert "is switched off" in refused.value.message
    assert wallet_balance(membership=member) == 0
    assert not Journal.objects.filter(kind="grant").exists()
    adjustment_refuse(adjustment_id=done.adjustment.pk, actor=approver.user, note="owner gone")
    assert Adjustment.objects.get(pk=done.adjustment.pk).status == Adjustment.Status.REFUSED
