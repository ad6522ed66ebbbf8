"""A grant by a manager demoted while his form was on its way (review 18's note).

``chips_adjust`` asked whether the actor manages the club before its transaction, and never again:
a manager demoted (or banned) between that reading and the booking still had his grant booked into
the member's wallet. His own membership is now held beside the member's, and his rank read again
under that lock."""

from __future__ import annotations

import pytest

from club.errors import NotAllowed
from club.models import Membership
from ledger.models import Adjustment, Journal
from ledger.selectors import wallet_balance
from ledger.services import adjustments, chips_adjust

from .conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("amount", [300, 8_000])  # booked at once; filed for a second manager
@pytest.mark.parametrize("how", ["demoted", "banned"])
def test_a_manager_demoted_mid_grant_books_nothing(club, member_factory, monkeypatch, amount, how):
    manager = Membership.objects.create(club=club, user=make_user("manager"), role=Membership.Role.MANAGER)
    member = member_factory()
    checked = adjustments.grant_within_limits

    def then_demoted(**kwargs):  # read before the transaction: his rank changes right after
        checked(**kwargs)
        if how == "demoted":
            Membership.objects.filter(pk=manager.pk).update(role=Membership.Role.MEMBER)
        else:
            Membership.objects.filter(pk=manager.pk).update(status=Membership.Status.BANNED)

    monkeypatch.setattr(adjustments, "grant_within_limits", then_demoted)
    with pytest.raises(NotAllowed):
        chips_adjust(
            member=member, kind="grant", amount=amount, actor=manager.user, reason="r", idempotency_key="k"
        )
    assert wallet_balance(membership=member) == 0
    assert not Journal.objects.filter(kind=Journal.Kind.GRANT).exists()
    assert not Adjustment.objects.exists()


def test_a_manager_still_a_manager_grants(club, member_factory):
    manager = Membership.objects.create(club=club, user=make_user("manager"), role=Membership.Role.MANAGER)
    member = member_factory()
    chips_adjust(member=member, kind="grant", amount=300, actor=manager.user, reason="r", idempotency_key="k")
    assert wallet_balance(membership=member) == 300
