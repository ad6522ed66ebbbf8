"""Four eyes need two managers: a grant or revoke filed by a manager who has since been demoted,
banned or has left is not booked on one manager's approval (it can still be refused)."""

from __future__ import annotations

import pytest

from club import services
from club.errors import ServiceError
from club.models import Club, Membership
from ledger.models import Adjustment
from ledger.selectors import wallet_balance
from ledger.services import adjustment_approve, adjustment_refuse, chips_adjust

from .conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def asker(club: Club) -> Membership:
    return Membership.objects.create(club=club, user=make_user("asker"), role=Membership.Role.MANAGER)


@pytest.fixture
def approver(club: Club) -> Membership:
    return Membership.objects.create(club=club, user=make_user("approver"), role=Membership.Role.MANAGER)


def _filed(asker: Membership, member: Membership) -> Adjustment:
    done = chips_adjust(
        member=member, kind="grant", amount=9_000, actor=asker.user, reason="prize", idempotency_key="k1"
    )
    assert done.adjustment is not None and done.journal is None
    return done.adjustment


@pytest.mark.parametrize("gone", ["demoted", "banned"])
def test_an_asker_no_longer_managing_cannot_be_approved(club, owner, asker, approver, member_factory, gone):
    member = member_factory()
    adjustment = _filed(asker, member)
    if gone == "demoted":
        services.membership_set_role(membership=asker, actor=owner, role=Membership.Role.MEMBER)
    else:
        services.membership_ban(membership=asker, actor=owner, reason="grants to friends")
    with pytest.raises(ServiceError) as refused:
        adjustment_approve(adjustment_id=adjustment.pk, actor=approver.user)
    assert refused.value.code == "stale"
    adjustment.refresh_from_db()
    assert adjustment.status == Adjustment.Status.PENDING and adjustment.journal_id is None
    assert wallet_balance(membership=member) == 0
    # It can still be refused, which closes it.
    adjustment_refuse(adjustment_id=adjustment.pk, actor=approver.user, note="asked by a former manager")
    adjustment.refresh_from_db()
    assert adjustment.status == Adjustment.Status.REFUSED


def test_an_asker_still_managing_is_approved(club, asker, approver, member_factory):
    member = member_factory()
    adjustment = _filed(asker, member)
    adjustment_approve(adjustment_id=adjustment.pk, actor=approver.user)
    assert wallet_balance(membership=member) == 9_000
